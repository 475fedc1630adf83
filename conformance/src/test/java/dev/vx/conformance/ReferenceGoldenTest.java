package dev.vx.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.CheckResult;
import dev.vx.conformance.ref.RefResult;
import dev.vx.conformance.ref.ReferenceEvaluator;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The oracle checked against the golden expectations: every golden program run by the
 * reference evaluator must print exactly its .out, with its status, and its first stderr line
 * must contain the {@code vxvm:} fragments (the evaluator prints no backtrace, so fragments
 * about backtrace lines are not its business). Compile errors (the evaluator never sees
 * them) and out-of-memory expectations (it has no Vx heap) are skipped with that reason.
 */
class ReferenceGoldenTest {
    static final Duration TIME_LIMIT = Duration.ofSeconds(60);

    @TestFactory
    Stream<DynamicTest> referenceEvaluatorReproducesEveryGoldenOutput() {
        return GoldenProgram.programs().stream().map(p -> DynamicTest.dynamicTest(p.relative(), () -> check(p)));
    }

    private static void check(GoldenProgram p) {
        if (p.expectsCompileError()) {
            Skips.abort(p.relative(), "a compile error: the reference evaluator only sees checked programs");
        }
        if (p.status() == 3 && p.stderrContains().stream().anyMatch(f -> f.contains("out of memory"))) {
            Skips.abort(p.relative(), "out of memory: the reference evaluator has no Vx heap to exhaust");
        }
        CheckResult checked = Toolchain.check(p.sourceFile());
        assertNotNull(checked.program(), p.relative() + " does not check:\n" + checked.diagnostics().render());
        RefResult result = ReferenceEvaluator.run(checked.program(), p.args(), TIME_LIMIT);
        if (result instanceof RefResult.NotModelled n) {
            Skips.abort(p.relative(), n.reason());
        }
        RunResult run = ((RefResult.Ran) result).result();
        assertEquals(p.status(), run.status(), () -> p.relative() + ": exit status\n" + run.describe());
        assertEquals(p.expectedStdout(), run.stdout(), () -> p.relative() + ": stdout\n" + run.describe());
        for (String fragment : p.stderrContains()) {
            if (fragment.startsWith("vxvm:")) {
                assertTrue(run.firstStderrLine().contains(fragment),
                        () -> p.relative() + ": first stderr line lacks '" + fragment + "'\n" + run.describe());
            }
        }
    }
}
