package dev.vx.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The bench's two charts, drawn with {@link Svg}: the time ratio to the Java twin per
 * program and engine (bars: wall time of separate JVMs; ticks: their CPU time; rings:
 * in-process steady state), and GFLOP/s
 * against K for fused attention, with the seed's 0.50 GFLOP/s CPU baseline. Both use
 * logarithmic value axes, since the engines differ by orders of magnitude.
 */
public final class Charts {
    private Charts() {}

    static final String FONT = "font-size";

    static String colour(String engine) {
        return switch (engine) {
            case Cell.JAVA -> "#555555";
            case "interp" -> "#4e79a7";
            case "jit" -> "#f28e2b";
            case "opencl" -> "#59a14f";
            default -> "#b07aa1";
        };
    }

    /** Time ratio to the twin per program and engine; null when no cell has one. */
    public static String ratioChart(Report report, String subtitle) {
        record Bar(String label, String engine, double ratio, double steady, double cpu, String error) {}
        List<Bar> bars = new ArrayList<>();
        for (Cell c : report.cells()) {
            if (c.isTwin()) continue;
            double r = report.ratio(c), s = report.steadyRatio(c);
            String err = c.ok() ? (Double.isNaN(r) ? "no twin figure" : null) : "error";
            bars.add(new Bar(c.label(), c.engine, r, s, report.cpuRatio(c), err));
        }
        if (bars.isEmpty()) return null;
        double lo = 0.5, hi = 2;
        for (Bar b : bars) {
            for (double v : new double[]{b.ratio, b.steady, b.cpu}) {
                if (v > 0 && !Double.isInfinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        int d0 = (int) Math.floor(Math.log10(lo)), d1 = (int) Math.ceil(Math.log10(hi));
        if (d1 == d0) d1++;
        double left = 190, plotW = 560, top = 64, barH = 14, gap = 3, groupGap = 10;
        LinkedHashSet<String> engines = new LinkedHashSet<>();
        for (Bar b : bars) engines.add(b.engine);
        // Layout: programs in order of first appearance, their engines below each other.
        Map<String, List<Bar>> groups = new LinkedHashMap<>();
        for (Bar b : bars) groups.computeIfAbsent(b.label, k -> new ArrayList<>()).add(b);
        double plotH = 0;
        for (List<Bar> g : groups.values()) plotH += g.size() * (barH + gap) + groupGap;
        double width = Math.max(left + plotW + 90, left + engines.size() * 200 + 330), height = top + plotH + 70;
        Svg svg = new Svg(width, height);
        svg.rect(0, 0, width, height, "fill", "#ffffff");
        svg.text(12, 22, "Vx bench: wall time relative to the Java twin (log scale, lower is better)", FONT, 15, "font-weight", "bold");
        svg.text(12, 40, subtitle, FONT, 11, "fill", "#444444");
        double finalD0 = d0, span = d1 - d0;
        java.util.function.DoubleUnaryOperator x = v -> left + (Math.log10(v) - finalD0) / span * plotW;
        // Grid and axis labels at every decade; the twin's 1x is emphasised.
        svg.begin("g", "id", "grid");
        for (int d = d0; d <= d1; d++) {
            double gx = x.applyAsDouble(Math.pow(10, d));
            boolean one = d == 0;
            svg.line(gx, top - 6, gx, top + plotH, "stroke", one ? "#222222" : "#cccccc", "stroke-width", one ? 1.5 : 1);
            svg.text(gx, top + plotH + 16, decade(d) + "x", FONT, 11, "text-anchor", "middle");
        }
        svg.text(left + plotW / 2, top + plotH + 34, "median wall time / Java twin's median wall time", FONT, 11, "text-anchor", "middle");
        svg.end();
        svg.begin("g", "id", "bars");
        double y = top;
        for (var e : groups.entrySet()) {
            double gy = y;
            svg.text(left - 8, gy + (e.getValue().size() * (barH + gap)) / 2 + 4, e.getKey(), FONT, 12, "text-anchor", "end");
            for (Bar b : e.getValue()) {
                if (b.error != null) {
                    svg.text(left + 4, y + barH - 3, b.engine + ": " + b.error, FONT, 11, "fill", "#c00000");
                } else {
                    double bx = x.applyAsDouble(b.ratio);
                    svg.begin("g", "class", "bar");
                    svg.title(b.label + " " + b.engine + ": " + Fmt.ratio(b.ratio)
                            + (Double.isNaN(b.steady) ? "" : ", steady " + Fmt.ratio(b.steady)));
                    svg.rect(left, y, bx - left, barH, "fill", colour(b.engine));
                    svg.end();
                    double labelX = bx + 4;
                    if (!Double.isNaN(b.cpu) && b.cpu > 0) {
                        double cx = x.applyAsDouble(b.cpu);
                        svg.line(cx, y - 2, cx, y + barH + 2, "stroke", "#000000", "stroke-width", 2, "class", "cpu");
                        labelX = Math.max(labelX, cx + 4);
                    }
                    if (!Double.isNaN(b.steady) && b.steady > 0) {
                        double sx = x.applyAsDouble(b.steady);
                        svg.circle(sx, y + barH / 2, 4, "fill", "#ffffff", "stroke", "#000000", "stroke-width", 1.5, "class", "steady");
                        labelX = Math.max(labelX, sx + 7);
                    }
                    svg.text(labelX, y + barH - 3, Fmt.ratio(b.ratio) + (Double.isNaN(b.cpu) ? "" : ", cpu " + Fmt.ratio(b.cpu))
                                    + (Double.isNaN(b.steady) ? "" : ", steady " + Fmt.ratio(b.steady)), FONT, 10, "fill", "#222222");
                }
                y += barH + gap;
            }
            y += groupGap;
        }
        svg.end();
        // Legend.
        svg.begin("g", "id", "legend");
        double lx = left, ly = top + plotH + 48;
        for (String eng : engines) {
            svg.rect(lx, ly - 10, 12, 12, "fill", colour(eng));
            svg.text(lx + 16, ly, eng + " (separate JVM per run)", FONT, 11);
            lx += 200;
        }
        svg.line(lx + 6, ly - 11, lx + 6, ly + 2, "stroke", "#000000", "stroke-width", 2);
        svg.text(lx + 14, ly, "CPU time (separate JVM)", FONT, 11);
        lx += 160;
        svg.circle(lx + 6, ly - 4, 4, "fill", "#ffffff", "stroke", "#000000", "stroke-width", 1.5);
        svg.text(lx + 16, ly, "in-process steady state", FONT, 11);
        svg.end();
        return svg.document();
    }

    /** Attention GFLOP/s against K per engine, with the 0.50 GFLOP/s baseline; null without figures. */
    public static String attentionChart(Report report, String subtitle) {
        Map<String, Map<Integer, double[]>> series = new LinkedHashMap<>(); // engine -> K -> {process, steady}
        TreeSet<Integer> ks = new TreeSet<>();
        for (Cell c : report.cells()) {
            if (!c.program.equals("attention") || !c.ok() || c.args.isEmpty()) continue;
            int k;
            try {
                k = Integer.parseInt(c.args.get(0));
            } catch (NumberFormatException e) {
                continue;
            }
            ks.add(k);
            series.computeIfAbsent(c.engine, e -> new java.util.TreeMap<>())
                    .put(k, new double[]{report.gflops(c), report.steadyGflops(c)});
        }
        if (ks.isEmpty()) return null;
        double lo = Report.ATTENTION_BASELINE_GFLOPS, hi = Report.ATTENTION_BASELINE_GFLOPS;
        for (var m : series.values()) {
            for (double[] v : m.values()) {
                for (double g : v) {
                    if (g > 0 && !Double.isInfinite(g)) {
                        lo = Math.min(lo, g);
                        hi = Math.max(hi, g);
                    }
                }
            }
        }
        int d0 = (int) Math.floor(Math.log10(lo)), d1 = (int) Math.ceil(Math.log10(hi));
        if (d1 == d0) d1++;
        double left = 80, top = 64, plotW = 520, plotH = 320;
        double width = left + plotW + 200, height = top + plotH + 60;
        Svg svg = new Svg(width, height);
        svg.rect(0, 0, width, height, "fill", "#ffffff");
        svg.text(12, 22, "Fused attention: GFLOP/s against K (4·nq·K·64 flops; log scale, higher is better)", FONT, 15, "font-weight", "bold");
        svg.text(12, 40, subtitle, FONT, 11, "fill", "#444444");
        List<Integer> kl = new ArrayList<>(ks);
        double k0 = Math.log(kl.get(0)), k1 = Math.log(kl.get(kl.size() - 1));
        double pad = 30;
        java.util.function.DoubleUnaryOperator x = k -> kl.size() == 1 ? left + plotW / 2
                : left + pad + (Math.log(k) - k0) / (k1 - k0) * (plotW - 2 * pad);
        double fd0 = d0, span = d1 - d0;
        java.util.function.DoubleUnaryOperator y = g -> top + plotH - (Math.log10(g) - fd0) / span * plotH;
        svg.begin("g", "id", "axes");
        svg.rect(left, top, plotW, plotH, "fill", "none", "stroke", "#888888");
        for (int d = d0; d <= d1; d++) {
            double gy = y.applyAsDouble(Math.pow(10, d));
            svg.line(left, gy, left + plotW, gy, "stroke", "#dddddd");
            svg.text(left - 6, gy + 4, decade(d), FONT, 11, "text-anchor", "end");
        }
        for (int k : kl) {
            double gx = x.applyAsDouble(k);
            svg.line(gx, top + plotH, gx, top + plotH + 5, "stroke", "#888888");
            svg.text(gx, top + plotH + 18, String.valueOf(k), FONT, 11, "text-anchor", "middle");
        }
        svg.text(left + plotW / 2, top + plotH + 38, "K (keys)", FONT, 12, "text-anchor", "middle");
        svg.text(18, top + plotH / 2, "GFLOP/s", FONT, 12, "text-anchor", "middle",
                "transform", "rotate(-90 18 " + Svg.num(top + plotH / 2) + ")");
        svg.end();
        double by = y.applyAsDouble(Report.ATTENTION_BASELINE_GFLOPS);
        svg.begin("g", "id", "baseline");
        svg.line(left, by, left + plotW, by, "stroke", "#c00000", "stroke-width", 1.5, "stroke-dasharray", "6 4");
        svg.text(left + 6, by - 5, "seed CPU baseline 0.50 GFLOP/s", FONT, 11, "fill", "#c00000");
        svg.end();
        svg.begin("g", "id", "series");
        for (var e : series.entrySet()) {
            String col = colour(e.getKey());
            for (int which = 0; which < 2; which++) {
                List<Double> pts = new ArrayList<>();
                for (var p : e.getValue().entrySet()) {
                    double g = p.getValue()[which];
                    if (!(g > 0) || Double.isInfinite(g)) continue;
                    pts.add(x.applyAsDouble(p.getKey()));
                    pts.add(y.applyAsDouble(g));
                }
                if (pts.isEmpty()) continue;
                double[] xy = pts.stream().mapToDouble(Double::doubleValue).toArray();
                if (xy.length >= 4) {
                    if (which == 0) svg.polyline(xy, "stroke", col, "stroke-width", 1.5, "stroke-dasharray", "4 3");
                    else svg.polyline(xy, "stroke", col, "stroke-width", 2);
                }
                for (int i = 0; i < xy.length; i += 2) {
                    svg.circle(xy[i], xy[i + 1], which == 0 ? 3 : 4, "fill", which == 0 ? "#ffffff" : col, "stroke", col,
                            "stroke-width", 1.5, "class", which == 0 ? "process" : "steady");
                }
            }
        }
        svg.end();
        svg.begin("g", "id", "legend");
        double ly = top + 10;
        for (String eng : series.keySet()) {
            svg.line(left + plotW + 10, ly, left + plotW + 34, ly, "stroke", colour(eng), "stroke-width", 2);
            svg.text(left + plotW + 40, ly + 4, eng, FONT, 11);
            ly += 18;
        }
        ly += 6;
        svg.text(left + plotW + 10, ly, "solid: in-process steady state", FONT, 10);
        svg.text(left + plotW + 10, ly + 14, "dashed: separate JVM per run", FONT, 10);
        svg.text(left + plotW + 10, ly + 28, "(start-up included)", FONT, 10);
        svg.end();
        return svg.document();
    }

    static String decade(int d) {
        if (d >= 0) return String.format(Locale.ROOT, "%d", (long) Math.pow(10, d));
        return String.format(Locale.ROOT, "%." + (-d) + "f", Math.pow(10, d));
    }
}
