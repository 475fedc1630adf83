package dev.vx.bench;

import dev.vx.vm.StatLines;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the bench (docs/performance.md): every program of the selection as its Java twin and
 * on every available engine, each run in a JVM of its own with the same JVM flags, so that
 * start-up counts alike; warm-up runs first, then the measured runs, interleaved program by
 * program (twin, engine, engine, twin, ...) so that a change in the machine's load hits all
 * of them alike; then one in-process series per cell for the steady-state figure. Checks
 * every run's output against the twin's. A failing cell is an error in the table; the suite
 * goes on.
 */
public final class Runner {
    /** Flags of every child JVM: those of {@code bin/vxvm}. */
    public static final List<String> JVM_FLAGS = List.of("-XX:+UseParallelGC", "-XX:MaxRAMPercentage=75",
            "-XX:TieredStopAtLevel=4", "-Xshare:auto", "-XX:-ClipInlining", "-XX:FreqInlineSize=600", "-Dorg.lwjgl.opencl.libname=libOpenCL.so.1");

    /**
     * Flags the Vx runs add to {@link #JVM_FLAGS}: the class-data-sharing archive of
     * {@code bin/vxvm}, when it launched this JVM with one ({@code -Dvx.launcher.cds}), so that
     * a process figure is that of a {@code vxvm run}. The twins run as plain {@code java}.
     */
    static List<String> vxJvmFlags() {
        String cds = launcherArchive();
        if (cds == null) return JVM_FLAGS;
        List<String> flags = new ArrayList<>(JVM_FLAGS);
        flags.addAll(List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-XX:SharedArchiveFile=" + cds));
        return flags;
    }

    /** The archive {@code bin/vxvm} launched this JVM with, or null. */
    private static String launcherArchive() {
        String cds = System.getProperty("vx.launcher.cds");
        return cds != null && Files.isRegularFile(Path.of(cds)) ? cds : null;
    }

    /** An engine of the table and how {@code vxvm run} selects it. */
    public record Engine(String name, String engineFlag, String deviceFlag) {
        List<String> runFlags() {
            return List.of("--engine", engineFlag, "--device", deviceFlag);
        }
    }

    public static final Map<String, Engine> ENGINES = new LinkedHashMap<>();

    static {
        ENGINES.put("interp", new Engine("interp", "interp", "cpu"));
        ENGINES.put("jit", new Engine("jit", "jit", "cpu"));
        ENGINES.put("opencl", new Engine("opencl", "interp", "opencl"));
    }

    /** Compiles a {@code .vx} source to a {@code .vxb} file (the tools module supplies it). */
    public interface Compile {
        void compile(Path source, Path vxb) throws Exception;
    }

    public record Config(Path programsDir, List<String> programs, List<String> engines, int runs, int warmup, Path out,
                         boolean quick, List<Integer> keys, Integer threads, int steadyIters, int steadySeries,
                         double steadyBudget, double timeoutSeconds, String commandLine) {}

    private final Config cfg;
    private final Compile compiler;
    private final PrintStream out, err;
    private final String java;
    private final String classpath;
    private final Map<String, String> skipped = new LinkedHashMap<>();
    private int step, steps;

    public Runner(Config cfg, Compile compiler, PrintStream out, PrintStream err) {
        this.cfg = cfg;
        this.compiler = compiler;
        this.out = out;
        this.err = err;
        this.java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        this.classpath = System.getProperty("java.class.path");
    }

    /** Runs the bench; returns 0 when every cell has figures, 1 when some failed. */
    public int run() throws IOException {
        Files.createDirectories(cfg.out());
        Path work = Files.createDirectories(cfg.out().resolve("vxb"));
        String loadBefore = loadAverage();
        long t0 = System.nanoTime();

        // Programs, compiled once each (compilation is not timed, as javac is not for the twins).
        List<BenchProgram> progs = new ArrayList<>();
        Map<String, String> compileErrors = new LinkedHashMap<>();
        for (String name : cfg.programs()) {
            BenchProgram p = BenchProgram.load(cfg.programsDir(), name);
            progs.add(p);
            try {
                compiler.compile(p.file(), work.resolve(name + ".vxb"));
            } catch (Exception e) {
                compileErrors.put(name, "compile: " + e.getMessage());
            }
        }

        // Engines: probe each; an engine that does not work is skipped with its reason, once.
        List<Engine> engines = new ArrayList<>();
        for (String e : cfg.engines()) {
            String why = probe(ENGINES.get(e), work);
            if (why == null) engines.add(ENGINES.get(e));
            else {
                skipped.put(e, why);
                err.println("vxvm bench: engine " + e + " not available: " + why + "; skipped");
            }
        }

        // Cells.
        record Group(BenchProgram prog, List<String> args, List<Cell> cells) {}
        List<Group> groups = new ArrayList<>();
        List<Cell> all = new ArrayList<>();
        for (BenchProgram p : progs) {
            for (List<String> args : p.argSets(cfg.quick(), cfg.keys())) {
                List<Cell> cs = new ArrayList<>();
                cs.add(new Cell(p.name(), args, Cell.JAVA, p.flops(args)));
                for (Engine e : engines) {
                    Cell c = new Cell(p.name(), args, e.name(), p.flops(args));
                    if (compileErrors.containsKey(p.name())) c.error = compileErrors.get(p.name());
                    cs.add(c);
                }
                groups.add(new Group(p, args, cs));
                all.addAll(cs);
            }
        }
        steps = all.size() * (cfg.warmup() + cfg.runs() + (cfg.steadyIters() > 0 ? cfg.steadySeries() : 0));
        step = 0;

        for (Group g : groups) {
            for (int round = 0; round < cfg.warmup() + cfg.runs(); round++) {
                boolean warm = round < cfg.warmup();
                String what = warm ? "warm-up " + (round + 1) + "/" + cfg.warmup()
                        : "run " + (round - cfg.warmup() + 1) + "/" + cfg.runs();
                for (Cell c : g.cells()) {
                    step++;
                    if (c.error != null) continue;
                    Cell twin = g.cells().get(0);
                    runOnce(g.prog(), c, twin, work, what, !warm);
                }
            }
            // The in-process series go round-robin too, twin first in each round.
            for (int round = 0; cfg.steadyIters() > 0 && round < cfg.steadySeries(); round++) {
                for (Cell c : g.cells()) {
                    step++;
                    if (c.error != null || c.steadyError != null) continue;
                    steady(g.prog(), c, work, round);
                }
            }
        }

        double minutes = (System.nanoTime() - t0) / 60e9;
        String loadAfter = loadAverage();
        Report report = new Report(all);
        String subtitle = "median of " + cfg.runs() + " runs after " + cfg.warmup() + " warm-up; " + machineShort()
                + "; " + ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE);
        String ratioSvg = Charts.ratioChart(report, subtitle);
        String attSvg = Charts.attentionChart(report, subtitle);
        if (ratioSvg != null) Files.writeString(cfg.out().resolve("ratio.svg"), ratioSvg, StandardCharsets.UTF_8);
        if (attSvg != null) Files.writeString(cfg.out().resolve("attention.svg"), attSvg, StandardCharsets.UTF_8);
        String md = markdown(report, ratioSvg != null, attSvg != null, loadBefore, loadAfter, minutes);
        Files.writeString(cfg.out().resolve("bench.md"), md, StandardCharsets.UTF_8);
        Files.writeString(cfg.out().resolve("samples.tsv"), samples(all), StandardCharsets.UTF_8);

        out.println();
        out.print(report.mainTable());
        String att = report.attentionTable();
        if (!att.isEmpty()) {
            out.println();
            out.print(att);
        }
        String fill = report.fillDepthTable();
        if (!fill.isEmpty()) {
            out.println();
            out.print(fill);
        }
        out.println();
        for (var e : skipped.entrySet()) out.println("skipped engine " + e.getKey() + ": " + e.getValue());
        out.println("written: " + cfg.out().resolve("bench.md") + (ratioSvg != null ? ", ratio.svg" : "")
                + (attSvg != null ? ", attention.svg" : "") + ", samples.tsv");
        out.flush();
        long failed = all.stream().filter(c -> !c.ok()).count();
        if (failed > 0) {
            err.println("vxvm bench: " + failed + (failed == 1 ? " cell" : " cells") + " failed (see the table)");
            return 1;
        }
        return 0;
    }

    // ------------------------------------------------------------------ runs

    private List<String> vxCommand(Engine e, Path vxb, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(vxJvmFlags());
        cmd.addAll(List.of("-cp", classpath, "dev.vx.tools.Vxvm", "run", vxb.toString(), "--stats"));
        cmd.addAll(e.runFlags());
        if (cfg.threads() != null) cmd.addAll(List.of("--threads", String.valueOf(cfg.threads())));
        cmd.add("--");
        cmd.addAll(args);
        return cmd;
    }

    private List<String> twinCommand(String twin, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(JVM_FLAGS);
        cmd.addAll(List.of("-cp", classpath, twin));
        cmd.addAll(args);
        return cmd;
    }

    private void runOnce(BenchProgram p, Cell c, Cell twin, Path work, String what, boolean measured) {
        List<String> cmd = c.isTwin() ? twinCommand(p.twin(), c.args)
                : vxCommand(ENGINES.get(c.engine), work.resolve(p.name() + ".vxb"), c.args);
        String head = "[" + step + "/" + steps + "] " + c.label() + " " + c.engine + " " + what;
        Proc.Result r = exec(head, cmd);
        if (r.timedOut()) {
            c.error = "timed out after " + (long) cfg.timeoutSeconds() + " s";
        } else if (r.status() != 0) {
            c.error = "exit status " + r.status() + ": " + firstLines(r.err());
        } else if (!c.isTwin() && twin.output == null) {
            c.error = "cannot check the output: the twin has none" + (twin.error == null ? "" : " (" + Report.oneLine(twin.error) + ")");
        } else if (!c.isTwin() && !r.out().equals(twin.output)) {
            c.error = "output differs from the twin's: expected '" + Report.oneLine(twin.output) + "', got '" + Report.oneLine(r.out()) + "'";
        } else if (c.output != null && !r.out().equals(c.output)) {
            c.error = "output differs between runs: '" + Report.oneLine(c.output) + "' then '" + Report.oneLine(r.out()) + "'";
        }
        if (c.error != null) {
            err.println(" FAILED: " + Report.oneLine(c.error));
            return;
        }
        if (c.output == null) c.output = r.out();
        err.println(" " + Fmt.seconds(r.seconds()) + " s" + (Double.isNaN(r.cpuSeconds()) ? "" : " (cpu " + Fmt.seconds(r.cpuSeconds()) + " s)"));
        if (measured) {
            c.wall.add(r.seconds());
            if (!Double.isNaN(r.cpuSeconds())) c.cpu.add(r.cpuSeconds());
            c.stats.add(c.isTwin() ? Map.of() : StatLines.parse(r.err()));
        }
    }

    private void steady(BenchProgram p, Cell c, Path work, int round) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(JVM_FLAGS);
        cmd.addAll(List.of("-cp", classpath, Steady.class.getName()));
        String iters = String.valueOf(cfg.steadyIters()), budget = String.valueOf(cfg.steadyBudget());
        if (c.isTwin()) {
            cmd.addAll(List.of("twin", p.twin(), iters, budget));
        } else {
            Engine e = ENGINES.get(c.engine);
            cmd.addAll(List.of("vx", work.resolve(p.name() + ".vxb").toString(), iters, budget, e.engineFlag(), e.deviceFlag(),
                    String.valueOf(cfg.threads() == null ? 0 : cfg.threads())));
        }
        cmd.addAll(c.args);
        String head = "[" + step + "/" + steps + "] " + c.label() + " " + c.engine + " in-process series "
                + (round + 1) + "/" + cfg.steadySeries();
        Proc.Result r = exec(head, cmd);
        String why = null;
        List<Double> times = new ArrayList<>();
        String printed = null;
        if (r.timedOut()) why = "timed out";
        else if (r.status() != 0) why = "exit status " + r.status() + ": " + firstLines(r.err());
        else {
            for (String line : r.out().split("\n")) {
                if (line.startsWith("iter ")) times.add(Double.parseDouble(line.substring(5).strip()));
                else if (line.startsWith("output ")) printed = new String(Base64.getDecoder().decode(line.substring(7).strip()), StandardCharsets.UTF_8);
            }
            if (times.isEmpty()) why = "no iterations reported";
            else if (c.output != null && !c.output.equals(printed)) why = "its output differs from the process runs'";
        }
        if (why != null) {
            c.steadyError = why;
            err.println(" FAILED: " + Report.oneLine(why));
            return;
        }
        c.addSteadySeries(times);
        Summary s = Summary.steady(times);
        err.println(" " + times.size() + " iterations, steady " + Fmt.seconds(s.median()) + " s");
    }

    private Proc.Result exec(String head, List<String> cmd) {
        err.print(head + " ...");
        err.flush();
        try {
            return Proc.run(cmd, cfg.timeoutSeconds(), elapsed -> {
                err.print(" (" + Math.round(elapsed) + " s)");
                err.flush();
            });
        } catch (IOException e) {
            return new Proc.Result(-1, "", "cannot start: " + e.getMessage(), 0, Double.NaN, false);
        }
    }

    /** Null when the engine runs a tiny program correctly and says it did; else why not. */
    private String probe(Engine e, Path work) {
        Path src = work.resolve("probe.vx");
        Path vxb = work.resolve("probe.vxb");
        try {
            if (!Files.exists(vxb)) {
                // A job, so that a device engine has something to run (docs/gpu.md).
                Files.writeString(src, "def add2(x: U32) -> U32:\n  x + 2\n\ndef main() -> U32:\n  add2!(40)\n", StandardCharsets.UTF_8);
                compiler.compile(src, vxb);
            }
            Proc.Result r = Proc.run(vxCommand(e, vxb, List.of()), 120, x -> {});
            if (r.timedOut()) return "a probe run timed out";
            if (r.status() != 0) return "'vxvm run " + String.join(" ", e.runFlags()) + "' failed with status " + r.status()
                    + ": " + firstLines(r.err());
            if (!r.out().strip().equals("42")) return "a probe printed '" + Report.oneLine(r.out()) + "' instead of 42";
            Map<String, String> st = StatLines.parse(r.err());
            String engine = st.getOrDefault("engine", "?"), device = st.getOrDefault("device", "?");
            if (!engine.startsWith(e.engineFlag())) return "'--engine " + e.engineFlag() + "' ran the " + engine + " engine (--stats says engine: " + engine + ")";
            if (!device.startsWith(e.deviceFlag())) return "'--device " + e.deviceFlag() + "' ran on " + device + " (--stats says device: " + device + ")";
            return null;
        } catch (Exception ex) {
            return "probe failed: " + ex.getMessage();
        }
    }

    static String firstLines(String s) {
        String t = s.strip();
        if (t.isEmpty()) return "(nothing on stderr)";
        String[] lines = t.split("\\R");
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(3, lines.length); i++) {
            if (lines[i].matches("[a-z_]+: .*")) break; // --stats lines
            if (b.length() > 0) b.append(" / ");
            b.append(lines[i].strip());
        }
        return b.length() == 0 ? lines[0] : b.toString();
    }

    // ------------------------------------------------------------------ the record

    private String markdown(Report report, boolean ratioSvg, boolean attSvg, String loadBefore, String loadAfter, double minutes) {
        StringBuilder b = new StringBuilder();
        b.append("# vxvm bench\n\n");
        b.append("```\n").append(cfg.commandLine()).append("\n```\n\n");
        b.append("- date: ").append(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)).append('\n');
        for (String m : machine()) b.append("- ").append(m).append('\n');
        b.append("- load average (1, 5, 15 min) before: ").append(loadBefore).append("; after: ").append(loadAfter).append('\n');
        b.append("- runs: ").append(cfg.warmup()).append(" warm-up + ").append(cfg.runs())
                .append(" measured per cell, each in a JVM of its own (").append(String.join(" ", JVM_FLAGS)).append("), interleaved per program\n");
        b.append("- class-data-sharing archive of the Vx runs: ")
                .append(launcherArchive() == null ? "none" : "bin/vxvm's (" + launcherArchive() + "); the twins run without one").append('\n');
        b.append("- in-process series: ").append(cfg.steadySeries()).append(" per cell, each in a JVM of its own, round-robin with the twin's; at least ")
                .append(cfg.steadyIters()).append(" iterations and ")
                .append(Fmt.sig3(Steady.MIN_SECONDS)).append(" s (at most ").append(Steady.MAX_ITERATIONS)
                .append(" iterations) and until its last quarter is no more than 5 % faster than the quarter before, or ").append(Fmt.sig3(cfg.steadyBudget()))
                .append(" s once two are done; a series' figure is the median of the second half of its iterations, a cell's the median")
                .append(" of its series', and a steady ratio the median of the ratios of the series run in the same round\n");
        b.append("- threads: ").append(cfg.threads() == null ? "the VM's default (available processors)" : cfg.threads()).append('\n');
        b.append("- took ").append(String.format(Locale.ROOT, "%.1f", minutes)).append(" min\n");
        if (!skipped.isEmpty()) {
            b.append("\nSkipped engines:\n\n");
            for (var e : skipped.entrySet()) b.append("- ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
        }
        b.append("\n## Table\n\n").append(report.mainTable());
        if (ratioSvg) b.append("\n![time ratio to the Java twin](ratio.svg)\n");
        String att = report.attentionTable();
        if (!att.isEmpty()) {
            b.append("\n## Fused attention (GFLOP/s = 4·nq·K·64 / median time; seed baseline 0.50 GFLOP/s)\n\n").append(att);
            b.append('\n').append(report.attentionStackCheck());
            if (attSvg) b.append("\n![attention GFLOP/s against K](attention.svg)\n");
        }
        String fill = report.fillDepthTable();
        if (!fill.isEmpty()) b.append("\n## Fill depth (no-thrash claim: fill_depth within 1.5x of fill_depth_shallow)\n\n").append(fill);
        String tp = report.throughputTable();
        if (!tp.isEmpty()) b.append("\n## Throughput (--stats steps per second)\n\n").append(tp);
        return b.toString();
    }

    private static String samples(List<Cell> cells) {
        StringBuilder b = new StringBuilder("program\targs\tengine\tkind\tseconds\tcpu_seconds\tsteps\twall_ms\tpeak_stack_words\tspills\theap_peak_words\n");
        for (Cell c : cells) {
            for (int i = 0; i < c.wall.size(); i++) {
                Map<String, String> st = i < c.stats.size() ? c.stats.get(i) : Map.of();
                b.append(String.join("\t", c.program, String.join(" ", c.args), c.engine, "process",
                        String.format(Locale.ROOT, "%.6f", c.wall.get(i)),
                        i < c.cpu.size() ? String.format(Locale.ROOT, "%.2f", c.cpu.get(i)) : "", st.getOrDefault("steps", ""), st.getOrDefault("wall_ms", ""),
                        st.getOrDefault("peak_stack_words", ""), st.getOrDefault("spills", ""), st.getOrDefault("heap_peak_words", ""))).append('\n');
            }
            for (int k = 0; k < c.steadySeries.size(); k++) {
                for (double s : c.steadySeries.get(k)) {
                    b.append(String.join("\t", c.program, String.join(" ", c.args), c.engine, "in-process " + (k + 1),
                            String.format(Locale.ROOT, "%.6f", s), "", "", "", "", "", "")).append('\n');
                }
            }
        }
        return b.toString();
    }

    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    static List<String> machine() {
        List<String> m = new ArrayList<>();
        m.add("cpu: " + cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " available processors");
        m.add("memory: " + memory());
        m.add("os: " + System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        m.add("java: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        return m;
    }

    static String machineShort() {
        return cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " cpus, Java " + System.getProperty("java.version");
    }

    static String cpuModel() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) return l.substring(l.indexOf(':') + 1).strip();
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return System.getProperty("os.arch");
    }

    static String memory() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (l.startsWith("MemTotal:")) {
                    long kb = Long.parseLong(l.replaceAll("[^0-9]", ""));
                    return String.format(Locale.ROOT, "%.1f GiB", kb / 1048576.0);
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return "unknown";
    }
}
