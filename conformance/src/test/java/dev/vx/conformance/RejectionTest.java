package dev.vx.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.conformance.gen.MutantGen;
import dev.vx.testkit.Property;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Ill-typed and garbled programs ({@link MutantGen}): the compiler must reject each one it
 * does not accept with at least one {@code gen.vx:LINE:COL: error:} diagnostic inside the
 * file, never throw, never report an internal error, and never accept a mutation that always
 * makes a program invalid. (Through the CLI a rejection is exit status 2.)
 */
class RejectionTest {
    static final int RUNS = 1000;
    static final Duration COMPILE_LIMIT = Duration.ofSeconds(30);
    private static final Pattern ERROR = Pattern.compile("^gen\\.vx:(\\d+):(\\d+): error: \\S", Pattern.MULTILINE);
    private static final ExecutorService COMPILER = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "vx-rejection-compile");
        t.setDaemon(true);
        return t;
    });

    @Test
    void mutatedProgramsAreRejectedWithALocatedDiagnosticAndNeverCrashTheCompiler() {
        AtomicInteger rejected = new AtomicInteger();
        AtomicInteger total = new AtomicInteger();
        Property.forAll(new MutantGen(1))
                .named("mutated programs: rejected with file:line:col diagnostics, never a crash")
                .runs(RUNS)
                .maxShrinkDuration(Duration.ofSeconds(60))
                .check(m -> {
                    total.incrementAndGet();
                    if (check(m)) {
                        rejected.incrementAndGet();
                    }
                });
        System.out.println("[rejection] rejected " + rejected + " of " + total + " mutants (the rest stayed valid)");
        assertTrue(rejected.get() * 2 > total.get(), "most mutations must make programs invalid: " + rejected + " of " + total);
    }

    /** True when the compiler rejected the mutant (correctly). */
    static boolean check(MutantGen.Mutant m) {
        Compiler.Result r = compile(m.source());
        if (r.module() != null) {
            if (m.mustFail()) {
                fail("a " + m.kind() + " mutation always makes a program invalid, but it compiled:\n" + m.source());
            }
            return false;
        }
        String diags = r.diagnostics();
        assertTrue(r.errorCount() >= 1, "rejected without errors counted:\n" + diags);
        assertTrue(!diags.contains("internal compiler error"), "an internal compiler error:\n" + diags);
        Matcher e = ERROR.matcher(diags);
        assertTrue(e.find(), "no 'gen.vx:LINE:COL: error:' diagnostic:\n" + diags);
        int lines = (int) m.source().lines().count();
        int line = Integer.parseInt(e.group(1));
        int col = Integer.parseInt(e.group(2));
        assertTrue(line >= 1 && line <= lines + 1 && col >= 1, "the diagnostic's place " + line + ":" + col
                + " is outside the file (" + lines + " lines):\n" + diags);
        String place = m.expectedPlace();
        if (place != null) {
            assertTrue(diags.contains("gen.vx:" + place + ": error:"), "a " + m.kind() + " mutation needs an error at "
                    + place + " (programs/README.md: the undefined name; the tab itself):\n" + diags);
        }
        return true;
    }

    private static Compiler.Result compile(String source) {
        Future<Compiler.Result> f = COMPILER.submit(() -> Toolchain.compile(new SourceFile("gen.vx", source)));
        try {
            return f.get(COMPILE_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new AssertionError("the compiler did not finish within " + COMPILE_LIMIT.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError("the compiler threw " + e.getCause(), e.getCause());
        }
    }
}
