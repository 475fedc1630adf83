package dev.vx.tools;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The fused-attention fixture (seed 000_3450889dd213c297): the per-tile scratch is reused, so
 * the peak lane stack words reported by --stats are the same at K = 512 and K = 4096. To keep
 * CI fast this runs 2 queries instead of the fixture's 128 (the program takes the query count
 * as its second argument; o[0][0] does not depend on it), on one thread so that the figures
 * are deterministic (docs/vm.md).
 */
class AttentionStackTest {
    @Test
    void peakStackWordsDoNotGrowWithK() throws Exception {
        String src = Files.readString(BenchCommand.findBenchDir().resolve("programs").resolve("attention.vx"));
        VxRun.Result k512 = VxRun.run(src, VxRun.oneThread(), "512", "2");
        VxRun.Result k4096 = VxRun.run(src, VxRun.oneThread(), "4096", "2");
        assertEquals(0, k512.status(), k512.err());
        assertEquals(0, k4096.status(), k4096.err());
        assertEquals("2.555\n", k512.out(), "0.005 * (512 - 1)");
        assertEquals("20.475\n", k4096.out(), "0.005 * (4096 - 1)");
        assertEquals(k512.stat("peak_stack_words"), k4096.stat("peak_stack_words"),
                "peak lane stack words at K=512 and K=4096");
        assertEquals(0, k4096.stat("spills"));
    }
}
