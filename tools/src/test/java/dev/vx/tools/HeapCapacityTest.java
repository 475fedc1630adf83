package dev.vx.tools;

import dev.vx.vm.VmOptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The whole capacity of a small heap is usable (RUNTIME.md 2: the run stops when the heap is
 * full, not before). Workers take the heap in chunks; partly used chunks held by many workers
 * once filled a 1 MiB heap while most of it was free, and the tail of the heap smaller than a
 * chunk was never used. Expected values by hand.
 */
class HeapCapacityTest {
    private static final long ONE_MIB = 1L << 20;

    /** LANGUAGE.md's tree example: 4,096 leaves built and summed in fork groups, about 20 Ki words. */
    private static final String TREE = ForkTree.source(4096);

    @Test
    void manyWorkersShareASmallHeap() {
        for (int threads : new int[] {1, 8, 64}) {
            VxRun.Result r = VxRun.run(TREE, VmOptions.defaults().withThreads(threads).withHeap(ONE_MIB));
            assertEquals(0, r.status(), threads + " threads: " + r.err());
            assertEquals("8386560", r.out().strip()); // 0 + 1 + ... + 4095
        }
    }

    @Test
    void theLastWordsOfTheHeapAreUsed() {
        // 1 MiB is 131,072 words, 126,976 above the reserved low words; a list of 42,000 U32
        // takes 126,000 (3 words a cell): it fits, with room for the program's few other cells.
        String src = """
                def main() -> U32:
                  List.length(List.repeat(7, 42000))
                """;
        VxRun.Result r = VxRun.run(src, VxRun.oneThread().withHeap(ONE_MIB));
        assertEquals(0, r.status(), r.err());
        assertEquals("42000", r.out().strip());
    }
}
