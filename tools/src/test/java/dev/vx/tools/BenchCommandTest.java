package dev.vx.tools;

import dev.vx.bench.BenchProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code vxvm bench}: usage errors (one line, status 2), the suite's programs, and a --quick run end to end. */
class BenchCommandTest {
    @TempDir
    Path tmp;

    record Exit(int status, String out, String err) {}

    /** Runs {@code vxvm ARGS} with its output captured (the bench's own runs are child JVMs). */
    static Exit vxvm(Path dir, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Vxvm.execute(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Exit(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--runs 0", "--runs abc", "--warmup -1", "--programs fib,nope", "--engines interp,cuda",
            "--keys 100", "--keys 0", "--threads 0", "--steady-budget 0", "--steady-series 0", "--timeout -5", "--no-such-option",
            "--bench-dir /nonexistent/bench"})
    void usageErrorsAreOneLineWithStatus2(String args) throws Exception {
        Exit e = vxvm(tmp, ("bench " + args + " --out " + tmp.resolve("o")).split(" "));
        assertEquals(2, e.status(), e.err());
        assertEquals(1, e.err().strip().lines().count(), "one line: " + e.err());
        assertTrue(e.err().startsWith("vxvm: "), e.err());
        assertEquals("", e.out());
        assertTrue(!Files.exists(tmp.resolve("o")), "nothing ran");
    }

    @Test
    void everyProgramOfTheIssueIsThereWithATwin() throws Exception {
        Path programs = BenchCommand.findBenchDir().resolve("programs");
        assertEquals(List.of("fib", "tree_sum", "bitonic", "mandelbrot", "nbody", "sha256_merkle", "lsum", "deep",
                "fill_depth", "fill_depth_shallow", "attention"), BenchProgram.SUITE);
        for (String name : BenchProgram.SUITE) {
            BenchProgram p = BenchProgram.load(programs, name);
            Class.forName(p.twin()).getMethod("main", String[].class);
            assertTrue(!p.quickArgs().isEmpty() || p.defaultArgs().isEmpty(), name + " has quick args");
        }
        BenchProgram att = BenchProgram.load(programs, "attention");
        assertEquals(List.of(List.of("512", "128"), List.of("1024", "128"), List.of("2048", "128"), List.of("4096", "128")),
                att.argSets(false, null), "every K runs with the fixture's 128 queries");
        assertEquals(4.0 * 128 * 4096 * 64, att.flops(List.of("4096", "128")));
        assertEquals(0.0, BenchProgram.load(programs, "fib").flops(List.of("30")));
    }

    /** --quick alone is a smoke test of seconds: no in-process series, each of which runs 3 s. */
    @Test
    void quickRunsNoInProcessSeriesUnlessAsked() throws Exception {
        Path out = tmp.resolve("bench-quick");
        Exit e = vxvm(tmp, "bench", "--quick", "--programs", "fib", "--engines", "interp", "--runs", "1", "--warmup", "0",
                "--out", out.toString());
        assertEquals(0, e.status(), e.err());
        assertTrue(e.err().contains("fib interp run 1/1"), e.err());
        assertTrue(!e.err().contains("in-process series"), e.err());
    }

    /**
     * A --quick run of fib end to end (twin and interpreter, each in its own JVM, two
     * in-process series each, round-robin); no timing is asserted.
     */
    @Test
    void quickSmokeRun() throws Exception {
        Path out = tmp.resolve("bench");
        Exit e = vxvm(tmp, "bench", "--quick", "--programs", "fib", "--engines", "interp", "--runs", "2", "--warmup", "0",
                "--steady-iters", "2", "--steady-series", "2", "--out", out.toString());
        assertEquals(0, e.status(), e.err());
        assertTrue(e.err().contains("[1/8] fib java run 1/2"), e.err());
        String err = e.err();
        int[] at = {err.indexOf("fib java in-process series 1/2"), err.indexOf("fib interp in-process series 1/2"),
                err.indexOf("fib java in-process series 2/2"), err.indexOf("fib interp in-process series 2/2")};
        for (int k = 0; k < at.length; k++) assertTrue(at[k] >= 0 && (k == 0 || at[k] > at[k - 1]), "the series go round-robin\n" + err);
        String md = Files.readString(out.resolve("bench.md"), StandardCharsets.UTF_8);
        assertTrue(md.contains("| fib | 20 | java |"), md);
        assertTrue(md.contains("| fib | 20 | interp |"), md);
        assertTrue(md.contains("| ok |"), md);
        assertTrue(e.out().contains("| fib | 20 | interp |"), e.out());
        assertTrue(Files.readString(out.resolve("ratio.svg")).contains("<svg"));
        String samples = Files.readString(out.resolve("samples.tsv"));
        assertTrue(samples.lines().count() >= 1 + 4, "2 runs of 2 cells");
        assertTrue(samples.contains("\tinterp\tin-process 2\t"), samples);
    }
}
