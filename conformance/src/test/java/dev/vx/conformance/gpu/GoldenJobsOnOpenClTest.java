package dev.vx.conformance.gpu;

import dev.vx.vm.StatLines;
import dev.vx.bytecode.Module;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.stdlib.BaseLibrary;
import dev.vx.vm.Host;
import dev.vx.vm.Vm;
import dev.vx.vm.VmOptions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The parity matrix's OpenCL column: every golden program that runs a {@code !} job, run with
 * {@code --device opencl}, must print its expected output with its expected status and stderr
 * fragments, as on the CPU; and run with the device limited to one lane (fork groups then run
 * as plain calls, as with one CPU thread), it must report the CPU's figures for the stack,
 * spills, restores and heap. Skipped, with the reason, where no OpenCL device is usable.
 */
class GoldenJobsOnOpenClTest {
    /** Figures a single device lane must report exactly as {@code --threads 1} on the CPU. */
    static final List<String> SAME = List.of("calls", "jobs", "peak_stack_words", "spills", "restores",
            "heap_peak_words", "heap_allocated_words", "heap_freed_words", "heap_footprint_words");

    static Path root() {
        for (Path p : List.of(Path.of("programs"), Path.of("conformance", "programs"))) {
            if (Files.isDirectory(p)) return p;
        }
        throw new IllegalStateException("conformance/programs not found from " + Path.of("").toAbsolutePath());
    }

    /** The metadata of programs/README.md that a run needs. */
    record Golden(Path source, String name, List<String> args, List<String> flags, int status, List<String> stderr,
                  String expected) {}

    static Golden parse(Path root, Path p) {
        try {
            List<String> args = List.of(), flags = List.of(), stderr = new ArrayList<>();
            int status = 0;
            for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                if (!line.startsWith("#") && !line.isBlank()) break;
                if (!line.startsWith("# vx-test:")) continue;
                String kv = line.substring("# vx-test:".length()).trim();
                int colon = kv.indexOf(':');
                String key = colon < 0 ? kv : kv.substring(0, colon).trim();
                String value = colon < 0 ? "" : kv.substring(colon + 1).trim();
                switch (key) {
                    case "args" -> args = List.of(value.split("\\s+"));
                    case "flags" -> flags = List.of(value.split("\\s+"));
                    case "status" -> status = Integer.parseInt(value);
                    case "stderr-contains" -> stderr.add(value);
                    case "library" -> { return null; }
                    default -> { }
                }
            }
            Path out = Path.of(p.toString().replaceAll("\\.vx$", ".out"));
            String expected = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
            return new Golden(p, root.relativize(p).toString(), args, flags, status, stderr, expected);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Golden programs with a job: their source calls something with {@code !(}. */
    static List<Golden> withJobs() throws IOException {
        Path root = root();
        List<Golden> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(x -> x.toString().endsWith(".vx")).sorted().toList()) {
                if (!Files.readString(p, StandardCharsets.UTF_8).contains("!(")) continue;
                Golden g = parse(root, p);
                if (g != null) out.add(g);
            }
        }
        return out;
    }

    static String unavailable() {
        return dev.vx.gpu.OpenClBackend.unavailable();
    }

    record Run(int status, String out, String err, Map<String, String> stats) {}

    static Run run(Module m, Golden g, VmOptions o) {
        for (int i = 0; i < g.flags().size(); i++) {
            if (g.flags().get(i).equals("--heap")) o = o.withHeap(dev.vx.vm.Sizes.parse(g.flags().get(i + 1)));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Host host = new Host(g.args(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = Vm.run(m, o.withStats(true), host);
        String e = err.toString(StandardCharsets.UTF_8);
        Map<String, String> stats = StatLines.parse(e);
        return new Run(status, out.toString(StandardCharsets.UTF_8), e, stats);
    }

    static void check(Golden g, Run r, String how) {
        assertEquals(g.expected(), r.out(), g.name() + " " + how + " stdout; stderr:\n" + r.err());
        assertEquals(g.status(), r.status(), g.name() + " " + how + " status; stderr:\n" + r.err());
        for (String frag : g.stderr()) assertTrue(r.err().contains(frag), g.name() + " " + how + " stderr lacks '" + frag + "':\n" + r.err());
    }

    @TestFactory
    Stream<DynamicTest> goldenJobsOnOpenCl() throws IOException {
        String why = unavailable();
        if (why != null) System.err.println("[gpu] OpenCL parity skipped: " + why);
        List<SourceFile> base = BaseLibrary.sources().stream().map(s -> new SourceFile(s.path(), s.text())).toList();
        return withJobs().stream().map(g -> DynamicTest.dynamicTest(g.name(), () -> {
            Assumptions.assumeTrue(why == null, () -> "no OpenCL device: " + why);
            Compiler.Result c = Compiler.compile(g.source(), base);
            assertTrue(c.module() != null, c.diagnostics().toString());
            VmOptions cpu = VmOptions.defaults().withThreads(1).withDevice("cpu");
            // Two CPU threads: the device's many lanes (with one thread it runs one lane).
            VmOptions cl = VmOptions.defaults().withThreads(2).withDevice("opencl");
            Run onCpu = run(c.module(), g, cpu);
            check(g, onCpu, "on the CPU");
            Run onDevice = run(c.module(), g, cl);
            check(g, onDevice, "on OpenCL");
            // --threads 1 runs the device on one lane (RUNTIME.md: the same figures on every engine).
            Run oneLane = run(c.module(), g, cl.withThreads(1));
            check(g, oneLane, "on one OpenCL lane");
            assertEquals("1", oneLane.stats().get("device_lanes"), g.name() + ": --threads 1 on OpenCL");
            for (String s : SAME) {
                assertEquals(onCpu.stats().get(s), oneLane.stats().get(s), g.name() + ": " + s + " on one OpenCL lane vs --threads 1\n"
                        + onCpu.err() + "\n---\n" + oneLane.err());
            }
        }));
    }
}
