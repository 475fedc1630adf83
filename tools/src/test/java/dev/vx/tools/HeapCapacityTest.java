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

    /**
     * Out of heap in a stolen fork child whose parent's stack spilled below the group: the
     * parents' frames cannot be read, but the trace still goes down to the job's host (an
     * auditor's program; on 4 threads it once ended inside the fork tree in 7 runs of 8).
     * Each `deep` alone needs more than the heap (2 words a level, 200,000 words against
     * 131,072), so every run runs out, whichever lanes the scheduler's steals leave running at
     * once: with 20,000 levels it ran out only when two ran together, and a loaded machine
     * that stole less let it finish.
     */
    @Test
    void aStolenChildsOutOfHeapTraceEndsAtTheJobsHost() {
        String src = """
                def deep(n: Nat, k: U32) -> U32:
                  match n:
                    case 0n:
                      k
                    case 1n+p:
                      deep(p, k * 3 + 1) + k

                def deeps(d: U32, n: Nat) -> U32:
                  if d == 0:
                    deep(n, d)
                  else:
                    a = fork deeps(d - 1, n)
                    b = fork deeps(d - 1, n + 1n)
                    a ^ b

                def main() -> U32:
                  deeps!(6, 100000n)
                """;
        for (int run = 0; run < 3; run++) {
            VxRun.Result r = VxRun.run(src, VmOptions.defaults().withThreads(4).withHeap(ONE_MIB));
            assertEquals(3, r.status(), r.err());
            java.util.List<String> lines = r.err().lines().filter(l -> l.startsWith("  at ")).toList();
            assertEquals("  at main (test.vx:17)", lines.get(lines.size() - 1), r.err());
        }
    }
}
