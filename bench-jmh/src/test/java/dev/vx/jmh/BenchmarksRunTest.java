package dev.vx.jmh;

import dev.vx.bytecode.Layout;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every benchmark method runs once outside JMH, so that a change of the VM that breaks one
 * fails the build instead of the next measurement. No timing is asserted.
 */
class BenchmarksRunTest {
    @Test
    void dispatch() {
        for (String p : new String[]{"loop", "fib", "list"}) {
            for (String engine : new String[]{"interp", "jit"}) {
                DispatchBench b = new DispatchBench();
                b.program = p;
                b.engine = engine;
                b.setup();
                assertTrue(b.steps > 1_000_000, p + ": " + b.steps + " steps");
                DispatchBench.Steps s = new DispatchBench.Steps();
                assertEquals(0, b.run(s));
                assertEquals(b.steps, s.steps);
            }
        }
    }

    @Test
    void allocator() {
        AllocatorBench b = new AllocatorBench();
        b.setup();
        for (int i = 0; i < 3; i++) {
            b.cellReuse();
            b.batch();
            b.listFree();
        }
    }

    @Test
    void spill() {
        SpillBench b = new SpillBench();
        b.setup();
        long[] before = b.stack.clone();
        for (int i = 0; i < 3; i++) {
            // spill keeps 1,024 one-word frames above a new exit frame; restore brings back all 1,024 words.
            assertEquals(Layout.EXIT_FRAME_WORDS + Layout.SPILL_KEEP_WORDS + 1024, b.spillRestore());
        }
        assertEquals(3, b.stats.spills);
        assertEquals(3, b.stats.restores);
        assertTrue(java.util.Arrays.equals(before, b.stack), "the round trip leaves the stack as it was");
        for (int depth : new int[]{2044, 2045}) {
            SpillBench.Fill f = new SpillBench.Fill();
            f.depth = depth;
            f.setup();
            assertEquals(0, b.fillDepth(f));
        }
    }
}
