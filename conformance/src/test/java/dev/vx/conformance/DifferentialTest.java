package dev.vx.conformance;

import dev.vx.conformance.gen.ProgramGen;
import dev.vx.testkit.Property;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Generated well-typed programs (see {@code gen.Session}) on every usable engine against the
 * reference evaluator: exit status, stdout and the first stderr line must be identical. A
 * failure is shrunk to a small program and reported with its seed (replay:
 * {@code -Dvx.prop.seed=...}, see docs/conformance.md).
 */
class DifferentialTest {
    /** Programs per run at {@code vx.prop.scale=1}. */
    static final int RUNS = 1000;

    /**
     * The OpenCL backend's on-disk kernel cache switch (gpu's KernelCache). Generated programs
     * are one-offs: their kernels would only fill the user's cache, so it is off while they run.
     */
    static final String KERNEL_CACHE = "vx.opencl.cache";

    @Test
    void generatedProgramsRunAlikeOnEveryEngineAndTheReferenceEvaluator() {
        Engines.ALL.forEach(e -> e.unavailable().get().ifPresent(
                why -> System.out.println("[skipped engine] " + e.name() + ": " + why)));
        Differential.NOT_MODELLED.set(0);
        String cache = System.getProperty(KERNEL_CACHE);
        System.setProperty(KERNEL_CACHE, "off");
        try {
            Property.forAll(new ProgramGen(GenScale.get()))
                    .named("generated programs: every engine agrees with the reference evaluator")
                    .runs(RUNS)
                    .maxShrinkDuration(Duration.ofSeconds(120))
                    .maxShrinkAttempts(2000)
                    .check(Differential::check);
        } finally {
            if (cache == null) {
                System.clearProperty(KERNEL_CACHE);
            } else {
                System.setProperty(KERNEL_CACHE, cache);
            }
        }
        System.out.println("[differential] cases the reference evaluator did not model (skipped, reasons above): "
                + Differential.NOT_MODELLED.get());
    }
}
