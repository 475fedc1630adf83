package dev.vx.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The bench's tables, computed from its cells: the main table (median wall time, min–max,
 * ratio to the Java twin, the in-process steady-state figure, GFLOP/s, stack, spills and
 * heap figures), the attention GFLOP/s against the seed's CPU baseline, the fill-depth pair
 * and the interpreter's throughput. All Markdown; the console shows the same text.
 */
public final class Report {
    /** The seed's CPU baseline for fused attention (000_3450889dd213c297.txt), flat over K. */
    public static final double ATTENTION_BASELINE_GFLOPS = 0.50;
    /** The no-thrash claim: fill_depth within this factor of fill_depth_shallow. */
    public static final double FILL_DEPTH_LIMIT = 1.5;

    private final List<Cell> cells;

    public Report(List<Cell> cells) {
        this.cells = List.copyOf(cells);
    }

    public List<Cell> cells() {
        return cells;
    }

    /** The twin cell of the same program and arguments (null if none). */
    public Cell twinOf(Cell c) {
        for (Cell t : cells) if (t.isTwin() && t.program.equals(c.program) && t.args.equals(c.args)) return t;
        return null;
    }

    /** Median wall time of {@code c} over its twin's (NaN when either has no figure). */
    public double ratio(Cell c) {
        Cell t = twinOf(c);
        if (t == null || !c.ok() || !t.ok()) return Double.NaN;
        return c.wallSummary().median() / t.wallSummary().median();
    }

    /** Median CPU time of {@code c} over its twin's (NaN when either has none). */
    public double cpuRatio(Cell c) {
        Cell t = twinOf(c);
        if (t == null || !c.ok() || !t.ok()) return Double.NaN;
        Summary a = c.cpuSummary(), b = t.cpuSummary();
        return a == null || b == null ? Double.NaN : a.median() / b.median();
    }

    /**
     * Steady-state figure of {@code c} over its twin's (NaN when either has none): the median
     * of the ratios of the series that ran in the same round, each next to the twin's, so that
     * a change in the machine's load between rounds hits both sides of a ratio alike.
     */
    public double steadyRatio(Cell c) {
        Cell t = twinOf(c);
        if (t == null || !c.ok() || !t.ok() || c.steadySummary() == null || t.steadySummary() == null) return Double.NaN;
        List<Double> ratios = new ArrayList<>();
        int rounds = Math.min(c.steadySeries.size(), t.steadySeries.size());
        for (int i = 0; i < rounds; i++) ratios.add(c.steadyFigure(i) / t.steadyFigure(i));
        return Summary.of(ratios).median();
    }

    public static double gflops(double flops, double seconds) {
        return flops <= 0 || !(seconds > 0) ? Double.NaN : flops / seconds / 1e9;
    }

    public double gflops(Cell c) {
        return c.ok() ? gflops(c.flops, c.wallSummary().median()) : Double.NaN;
    }

    public double steadyGflops(Cell c) {
        Summary s = c.ok() ? c.steadySummary() : null;
        return s == null ? Double.NaN : gflops(c.flops, s.median());
    }

    /** A stats figure over the runs: the value when every run agrees, else {@code min–max}. */
    static String statRange(Cell c, String name) {
        List<Long> v = c.stat(name);
        if (v == null) return "";
        long lo = v.stream().mapToLong(Long::longValue).min().orElseThrow();
        long hi = v.stream().mapToLong(Long::longValue).max().orElseThrow();
        return lo == hi ? Fmt.count(lo) : Fmt.count(lo) + "–" + Fmt.count(hi);
    }

    static Double statMedian(Cell c, String name) {
        List<Long> v = c.stat(name);
        if (v == null) return null;
        return Summary.of(v.stream().map(Long::doubleValue).toList()).median();
    }

    // ------------------------------------------------------------------ main table

    public static final List<String> COLUMNS = List.of("program", "args", "engine", "median s", "min–max s", "× java",
            "cpu s", "cpu × java", "steady s", "steady × java", "GFLOP/s", "steady GFLOP/s", "peak stack words", "spills", "heap peak words",
            "check");

    /** The row of one cell, in the order of {@link #COLUMNS}. */
    public List<String> row(Cell c) {
        List<String> r = new ArrayList<>();
        r.add(c.label());
        r.add(String.join(" ", c.args));
        r.add(c.engine);
        if (!c.ok()) {
            for (int i = 3; i < COLUMNS.size() - 1; i++) r.add("");
            r.add("**error**: " + oneLine(c.error == null ? "no runs" : c.error));
            return r;
        }
        Summary w = c.wallSummary();
        Summary s = c.steadySummary();
        Summary u = c.cpuSummary();
        r.add(Fmt.seconds(w.median()));
        r.add(Fmt.seconds(w.min()) + "–" + Fmt.seconds(w.max()));
        r.add(c.isTwin() ? "1" : Fmt.ratio(ratio(c)));
        r.add(u == null ? "" : Fmt.seconds(u.median()));
        r.add(c.isTwin() ? (u == null ? "" : "1") : Fmt.ratio(cpuRatio(c)));
        r.add(s == null ? "" : Fmt.seconds(s.median()));
        r.add(c.isTwin() ? (s == null ? "" : "1") : Fmt.ratio(steadyRatio(c)));
        r.add(Fmt.sig3(gflops(c)));
        r.add(Fmt.sig3(steadyGflops(c)));
        r.add(statRange(c, "peak_stack_words"));
        r.add(statRange(c, "spills"));
        r.add(statRange(c, "heap_peak_words"));
        String check = c.isTwin() ? "reference" : "ok";
        Double jobs = statMedian(c, "device_jobs"), fallback = statMedian(c, "device_fallback_jobs");
        if (jobs != null) {
            check += "; device jobs " + statRange(c, "device_jobs");
            if (fallback != null && fallback > 0) check += ", **fell back to the CPU: " + statRange(c, "device_fallback_jobs") + "**";
        }
        if (c.steadyError != null) check += "; steady: " + oneLine(c.steadyError);
        r.add(check);
        return r;
    }

    public String mainTable() {
        List<List<String>> rows = new ArrayList<>();
        for (Cell c : cells) rows.add(row(c));
        return markdownTable(COLUMNS, rows);
    }

    // ------------------------------------------------------------------ attention

    /** GFLOP/s per K and engine, process and steady, and the share of the seed's baseline. */
    public String attentionTable() {
        List<Cell> att = cells.stream().filter(c -> c.program.equals("attention")).toList();
        if (att.isEmpty()) return "";
        List<List<String>> rows = new ArrayList<>();
        for (Cell c : att) {
            List<String> r = new ArrayList<>();
            r.add(c.args.isEmpty() ? "" : c.args.get(0));
            r.add(c.engine);
            if (!c.ok()) {
                r.addAll(List.of("", "", "", "", "", "", "**error**: " + oneLine(c.error == null ? "no runs" : c.error)));
            } else {
                double g = gflops(c), sg = steadyGflops(c);
                r.add(c.output == null ? "" : c.output.strip());
                r.add(Fmt.sig3(g));
                r.add(Fmt.ratio(g / ATTENTION_BASELINE_GFLOPS));
                r.add(Fmt.sig3(sg));
                r.add(Fmt.ratio(sg / ATTENTION_BASELINE_GFLOPS));
                r.add(statRange(c, "peak_stack_words"));
                Double dms = statMedian(c, "device_ms");
                double dg = dms == null || dms <= 0 ? Double.NaN : gflops(c.flops, dms / 1000);
                r.add(Double.isNaN(dg) ? "" : Fmt.sig3(dg) + " (" + Fmt.ratio(dg / ATTENTION_BASELINE_GFLOPS) + ")");
            }
            rows.add(r);
        }
        return markdownTable(List.of("K", "engine", "o[0][0]", "GFLOP/s", "of 0.50 baseline", "steady GFLOP/s",
                "steady of 0.50 baseline", "peak stack words", "device_ms GFLOP/s (of baseline)"), rows);
    }

    /** Whether the peak stack words of every engine's attention cells are the same over K ("" if no figures). */
    public String attentionStackCheck() {
        Map<String, List<String>> byEngine = new LinkedHashMap<>();
        for (Cell c : cells) {
            if (!c.program.equals("attention") || c.isTwin() || !c.ok()) continue;
            byEngine.computeIfAbsent(c.engine, e -> new ArrayList<>()).add("K=" + c.args.get(0) + ": " + statRange(c, "peak_stack_words"));
        }
        StringBuilder b = new StringBuilder();
        for (var e : byEngine.entrySet()) {
            long distinct = e.getValue().stream().map(s -> s.substring(s.indexOf(": ") + 2)).distinct().count();
            b.append("- ").append(e.getKey()).append(": peak stack words ").append(String.join(", ", e.getValue()))
                    .append(distinct == 1 ? " — the same at every K.\n" : " — **differs with K**.\n");
        }
        return b.toString();
    }

    // ------------------------------------------------------------------ fill depth

    /** fill_depth against fill_depth_shallow per engine: the no-thrash claim. */
    public String fillDepthTable() {
        List<List<String>> rows = new ArrayList<>();
        for (Cell deep : cells) {
            if (!deep.program.equals("fill_depth")) continue;
            Cell shallow = cells.stream().filter(c -> c.program.equals("fill_depth_shallow") && c.engine.equals(deep.engine))
                    .findFirst().orElse(null);
            if (shallow == null) continue;
            List<String> r = new ArrayList<>();
            r.add(deep.engine);
            if (!deep.ok() || !shallow.ok()) {
                r.addAll(List.of("", "", "", "", "", "", "", "**error**"));
                rows.add(r);
                continue;
            }
            double p = deep.wallSummary().median() / shallow.wallSummary().median();
            Summary cd = deep.cpuSummary(), cs = shallow.cpuSummary();
            double cpu = cd == null || cs == null ? Double.NaN : cd.median() / cs.median();
            Double vd = statMedian(deep, "wall_ms"), vs = statMedian(shallow, "wall_ms");
            double v = vd == null || vs == null || vs == 0 ? Double.NaN : vd / vs;
            Summary sd = deep.steadySummary(), ss = shallow.steadySummary();
            double s = sd == null || ss == null ? Double.NaN : sd.median() / ss.median();
            r.add(Fmt.ratio(p));
            r.add(Fmt.ratio(cpu));
            r.add(vd == null ? "" : Fmt.sig3(vd) + " / " + Fmt.sig3(vs));
            r.add(Fmt.ratio(v));
            r.add(sd == null || ss == null ? "" : Fmt.seconds(sd.median()) + " / " + Fmt.seconds(ss.median()));
            r.add(Fmt.ratio(s));
            r.add(deep.isTwin() ? "" : statRange(deep, "spills") + " / " + statRange(shallow, "spills"));
            double judged = !Double.isNaN(s) ? s : !Double.isNaN(v) ? v : p;
            r.add(deep.isTwin() ? "(reference)" : judged <= FILL_DEPTH_LIMIT ? "within 1.5x" : "**over 1.5x**");
            rows.add(r);
        }
        if (rows.isEmpty()) return "";
        return markdownTable(List.of("engine", "process ratio", "cpu ratio", "vm wall_ms (fill / shallow)", "vm ratio",
                "steady s (fill / shallow)", "steady ratio", "spills (fill / shallow)", "claim"), rows);
    }

    // ------------------------------------------------------------------ throughput

    /** Steps per second of each Vx cell: {@code --stats} steps over the VM's wall time and over the steady figure. */
    public String throughputTable() {
        List<List<String>> rows = new ArrayList<>();
        for (Cell c : cells) {
            if (c.isTwin() || !c.ok()) continue;
            Double steps = statMedian(c, "steps"), ms = statMedian(c, "wall_ms");
            if (steps == null || ms == null) continue;
            Summary s = c.steadySummary();
            List<String> r = new ArrayList<>();
            r.add(c.label());
            r.add(c.engine);
            r.add(Fmt.count(Math.round(steps)));
            r.add(Fmt.sig3(ms));
            r.add(ms > 0 ? Fmt.sig3(steps / (ms / 1000) / 1e6) : "");
            r.add(s == null ? "" : Fmt.sig3(steps / s.median() / 1e6));
            rows.add(r);
        }
        if (rows.isEmpty()) return "";
        return markdownTable(List.of("program", "engine", "steps", "vm wall_ms (median)", "Msteps/s (vm wall)",
                "Msteps/s (steady)"), rows);
    }

    // ------------------------------------------------------------------ helpers

    public static String markdownTable(List<String> header, List<List<String>> rows) {
        StringBuilder b = new StringBuilder();
        b.append("| ").append(String.join(" | ", header)).append(" |\n");
        b.append("|").append("---|".repeat(header.size())).append('\n');
        for (List<String> r : rows) {
            if (r.size() != header.size()) throw new IllegalArgumentException("row of " + r.size() + " cells: " + r);
            b.append("| ");
            for (int i = 0; i < r.size(); i++) {
                if (i > 0) b.append(" | ");
                b.append(Objects.requireNonNullElse(r.get(i), "").replace("|", "\\|"));
            }
            b.append(" |\n");
        }
        return b.toString();
    }

    static String oneLine(String s) {
        String t = s.strip().replaceAll("\\s*\\R\\s*", " / ");
        return t.length() > 160 ? t.substring(0, 157) + "..." : t;
    }
}
