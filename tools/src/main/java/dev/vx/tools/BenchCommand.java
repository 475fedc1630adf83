package dev.vx.tools;

import dev.vx.bench.BenchProgram;
import dev.vx.bench.Runner;
import dev.vx.bytecode.ModuleWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code vxvm bench}: the benchmark suite of bench/ against the Java twins
 * (docs/performance.md). Usage errors are one line with status 2; the suite's own status
 * is 0 when every cell has figures and 1 when some cell failed (it is in the table).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Vxvm.Version.class, description = {
        "Run the benchmark suite (bench/programs) against its Java twins and chart the results.",
        "Every run is a JVM of its own; the tables go to Markdown, the charts to SVG. See docs/performance.md."})
final class BenchCommand implements Callable<Integer> {
    @Option(names = "--programs", paramLabel = "LIST", split = ",",
            description = "programs to run (default: all): fib, tree_sum, bitonic, mandelbrot, nbody, sha256_merkle, lsum, deep, fill_depth, fill_depth_shallow, attention")
    List<String> programs;

    @Option(names = "--engines", paramLabel = "LIST", split = ",",
            description = "engines to try (default: interp,jit,opencl); an engine that does not work is skipped with the reason")
    List<String> engines;

    @Option(names = "--runs", paramLabel = "N", description = "measured runs per cell (default 5)")
    int runs = 5;

    @Option(names = "--warmup", paramLabel = "N", description = "warm-up runs per cell, not counted (default 1)")
    int warmup = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "where to write bench.md, ratio.svg, attention.svg, samples.tsv (default bench-out)")
    Path out = Path.of("bench-out");

    @Option(names = "--quick", description = "small sizes and no in-process series unless --steady-iters is given (a smoke test of seconds; the figures mean little)")
    boolean quick;

    @Option(names = "--keys", paramLabel = "LIST", split = ",",
            description = "K values of attention, multiples of 64 (default 512,1024,2048,4096; --quick: 64,128)")
    List<Integer> keys;

    @Option(names = "--threads", paramLabel = "N", description = "--threads for the Vx runs (default: the VM's default)")
    Integer threads;

    @Option(names = "--steady-iters", paramLabel = "N",
            description = "iterations of the in-process series per cell, at least (default 8, with --quick 0; 0: no steady-state figure); short programs run more, for 3 s")
    Integer steadyIters;

    @Option(names = "--steady-series", paramLabel = "N",
            description = "in-process series per cell, round-robin with the twin's (default 3; a steady ratio is the median of the rounds' ratios)")
    int steadySeries = 3;

    @Option(names = "--steady-budget", paramLabel = "SECONDS",
            description = "stop an in-process series after this long once two iterations are done (default 60)")
    double steadyBudget = 60;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "limit of one run (default 900)")
    double timeout = 900;

    @Option(names = "--bench-dir", paramLabel = "DIR", description = "the bench/ folder (default: found from here or from vxvm's jar)")
    Path benchDir;

    @Override
    public Integer call() throws IOException {
        List<String> progs = programs == null ? BenchProgram.SUITE : distinct(programs, "--programs");
        for (String p : progs) {
            if (!BenchProgram.SUITE.contains(p)) {
                throw new Vxvm.UsageError("unknown program '" + p + "' in --programs: expected some of " + String.join(",", BenchProgram.SUITE));
            }
        }
        List<String> engs = engines == null ? List.copyOf(Runner.ENGINES.keySet()) : distinct(engines, "--engines");
        for (String e : engs) {
            if (!Runner.ENGINES.containsKey(e)) {
                throw new Vxvm.UsageError("unknown engine '" + e + "' in --engines: expected some of " + String.join(",", Runner.ENGINES.keySet()));
            }
        }
        if (runs < 1 || runs > 1000) throw new Vxvm.UsageError("invalid --runs " + runs + ": expected 1 to 1000");
        if (warmup < 0 || warmup > 1000) throw new Vxvm.UsageError("invalid --warmup " + warmup + ": expected 0 to 1000");
        // Each in-process series runs at least 3 s: a smoke test of the whole suite with them
        // took 8 minutes.
        if (steadyIters == null) steadyIters = quick ? 0 : 8;
        if (steadyIters < 0 || steadyIters > 1000) throw new Vxvm.UsageError("invalid --steady-iters " + steadyIters + ": expected 0 to 1000");
        if (steadySeries < 1 || steadySeries > 100) throw new Vxvm.UsageError("invalid --steady-series " + steadySeries + ": expected 1 to 100");
        if (!(steadyBudget > 0)) throw new Vxvm.UsageError("invalid --steady-budget " + steadyBudget + ": expected a positive number of seconds");
        if (!(timeout > 0)) throw new Vxvm.UsageError("invalid --timeout " + timeout + ": expected a positive number of seconds");
        if (threads != null && (threads < 1 || threads > 1024)) throw new Vxvm.UsageError("invalid --threads " + threads + ": expected 1 to 1024");
        if (keys != null) {
            if (keys.isEmpty()) throw new Vxvm.UsageError("invalid --keys: expected K values such as 512,1024");
            for (int k : keys) {
                if (k <= 0 || k % 64 != 0 || k > 1 << 20) {
                    throw new Vxvm.UsageError("invalid K " + k + " in --keys: expected a positive multiple of 64 (tiles of 64 keys), at most 1048576");
                }
            }
            keys = new ArrayList<>(new LinkedHashSet<>(keys));
        }
        Path dir = benchDir != null ? benchDir : findBenchDir();
        Path programsDir = dir.resolve("programs");
        if (!Files.isDirectory(programsDir)) throw new Vxvm.UsageError(dir + ": no programs/ folder here (give the bench/ folder with --bench-dir)");
        for (String p : progs) {
            if (!Files.isRegularFile(programsDir.resolve(p + ".vx"))) throw new Vxvm.UsageError(programsDir.resolve(p + ".vx") + ": no such file");
        }
        if (Files.exists(out) && !Files.isDirectory(out)) throw new Vxvm.UsageError("--out " + out + ": is a file, not a folder");

        Runner.Config cfg = new Runner.Config(programsDir, progs, engs, runs, warmup, out, quick, keys, threads, steadyIters,
                steadySeries, steadyBudget, timeout, commandLine());
        return new Runner(cfg, BenchCommand::compile, Vxvm.out(), Vxvm.err()).run();
    }

    private static void compile(Path source, Path vxb) throws Exception {
        dev.vx.bytecode.Module m;
        try {
            m = Programs.compile(source, true);
        } catch (Programs.CompileFailed e) {
            throw new Exception(source + ": " + e.getMessage());
        }
        Files.write(vxb, ModuleWriter.write(m));
    }

    private static List<String> distinct(List<String> xs, String option) {
        List<String> r = new ArrayList<>();
        for (String x : xs) {
            String t = x.strip();
            if (t.isEmpty()) throw new Vxvm.UsageError("invalid " + option + ": an empty name in the list");
            if (!r.contains(t)) r.add(t);
        }
        return r;
    }

    /** bench/ from the working folder or one of its parents, else next to vxvm's jar (tools/target/vxvm.jar). */
    static Path findBenchDir() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("bench").resolve("programs"))) return p.resolve("bench");
        }
        try {
            Path jar = Path.of(BenchCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path p = jar.getParent(); p != null; p = p.getParent()) {
                if (Files.isDirectory(p.resolve("bench").resolve("programs"))) return p.resolve("bench");
            }
        } catch (Exception e) {
            // fall through
        }
        throw new Vxvm.UsageError("cannot find the bench/ folder from " + Path.of("").toAbsolutePath() + "; give it with --bench-dir");
    }

    private String commandLine() {
        StringBuilder b = new StringBuilder("vxvm bench");
        if (programs != null) b.append(" --programs ").append(String.join(",", programs));
        if (engines != null) b.append(" --engines ").append(String.join(",", engines));
        b.append(" --runs ").append(runs).append(" --warmup ").append(warmup);
        if (quick) b.append(" --quick");
        if (keys != null) b.append(" --keys ").append(String.join(",", keys.stream().map(String::valueOf).toList()));
        if (threads != null) b.append(" --threads ").append(threads);
        b.append(" --steady-iters ").append(steadyIters).append(" --steady-series ").append(steadySeries).append(" --steady-budget ").append(dev.vx.bench.Fmt.sig3(steadyBudget));
        b.append(" --out ").append(out);
        return b.toString();
    }
}
