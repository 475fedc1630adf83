package dev.vx.conformance;

import dev.vx.conformance.gen.ProgramGen;
import dev.vx.testkit.Property;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Arithmetic batteries ({@link ProgramGen#arithmetic}): programs with up to 30 scalar
 * expressions each (every numeric type at edge values, every operator, conversions, float
 * functions, comparisons), printed one per line or computed in a job as one tuple (so a
 * device engine's kernel computes them), on every usable engine against the reference
 * evaluator. Dense where whole generated programs are sparse: a wrong shift or remainder
 * shows here first.
 */
class ArithmeticDifferentialTest {
    /** Programs per run at {@code vx.prop.scale=1}. */
    static final int RUNS = 300;

    @Test
    void arithmeticAgreesOnEveryEngineAndTheReferenceEvaluator() {
        Property.forAll(ProgramGen.arithmetic(GenScale.get()))
                .named("arithmetic batteries: every engine agrees with the reference evaluator")
                .runs(RUNS)
                .maxShrinkDuration(Duration.ofSeconds(120))
                .maxShrinkAttempts(2000)
                .check(Differential::check);
    }
}
