package dev.vx.tools;

import dev.vx.vm.VmOptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bin/cds-training.vx}, the run that {@code bin/vxvm} records its class-data-sharing
 * archive from. The launcher ignores a failed training run (it only goes without the
 * archive), so the program is checked here: it compiles, prints its answer, and makes the
 * JIT compile and the forks run, so that their classes are in the archive.
 */
class CdsTrainingTest {
    @Test
    void theTrainingProgramRunsAndReachesTheJit() throws Exception {
        String source = Files.readString(Path.of("..", "bin", "cds-training.vx"));
        VxRun.Result r = VxRun.run(source, VmOptions.defaults());
        assertEquals(0, r.status(), r.err());
        // count(1000, 0) = sum of 2n + 1 for n = 1..1000 = 1,001,000 + 1,000; size(build(8)) = 2^8.
        assertEquals((1_001_000 + 1_000 + 256) + "\n", r.out());
        assertTrue(r.stat("jit_compiled") > 0, r.err());
        assertTrue(r.stat("forks") > 0, r.err());
    }
}
