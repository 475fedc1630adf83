package dev.vx.tools;

import dev.vx.vm.VmOptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Arrays handed to fork children are marked shared; a child that then holds one alone updates
 * it in place and forks readers of its elements, which other workers steal. The elements
 * written in place must be shared too, or the readers' counts on them race: before the VM
 * marked them, every run of these programs on two threads ended in a corrupt heap (an
 * internal error, or heap words never freed). Expected values by hand, in the sources.
 */
class SharedCellsTest {
    private static final String READERS = """
            def reads(a: Array<T>, k: U32, acc: U32) -> U32:
              if k == 0:
                acc
              else:
                p = a[k % Array.len(a)]
                keep = [p, p]
                reads(a, k - 1, acc + List.length(keep) + weigh(p))

            def child(a: Array<T>, n: U32) -> U32:
              b = update(a, n)
              x = fork reads(b, 4000, 0)
              y = fork reads(b, 4000, 0)
              x + y

            def many(n: U32, acc: U32) -> U32:
              if n == 0:
                acc
              else:
                r = fork child(start(1), n)
                s = fork child(start(2), n)
                many(n - 1, acc + r + s)

            def main() -> U32:
              many(100, 0)
            """;

    /** A record with a list, replaced by a new one (an ordinary store into the array). */
    private static final String STORED = """
            type T:
              Box{v: U32, tag: List<U32>}

            def start(k: U32) -> Array<T>:
              Array.gen(4, \\i -> Box{i, List.repeat(0, k)})

            def weigh(b: T) -> U32:
              match b:
                case Box{v, tag}:
                  v + List.length(tag)

            def update(a: Array<T>, n: U32) -> Array<T>:
              Array.set(a, 0, Box{n, [n]})
            """ + READERS;

    /** A record of scalars rebuilt in place in the array (the compiler's in-place update). */
    private static final String REBUILT = """
            type T:
              P{x: U32, y: U32}

            def start(k: U32) -> Array<T>:
              Array.gen(4, \\i -> P{i, k})

            def weigh(p: T) -> U32:
              match p:
                case P{x, y}:
                  x + y

            def update(a: Array<T>, n: U32) -> Array<T>:
              match a[0]:
                case P{x, y}:
                  Array.set(a, 0, P{x + n, y})
            """ + READERS;

    // reads(b, 4000, 0) = 4000 * 2 + 1000 * (sum of the four weights); child = twice that.
    // STORED, start(k): weights n + 1, 1 + k, 2 + k, 3 + k, so child = 16000 + 2000 (n + 7 + 3k);
    //   both children: 32000 + 2000 (2n + 14 + 9) = 78000 + 4000 n; n = 1..100: 7,800,000 + 20,200,000.
    // REBUILT, start(k): weights n + k, 1 + k, 2 + k, 3 + k, so child = 16000 + 2000 (n + 6 + 4k);
    //   both children: 32000 + 2000 (2n + 12 + 12) = 80000 + 4000 n; n = 1..100: 8,000,000 + 20,200,000.
    @Test
    void arraysUpdatedByAForkChildAndReadByStolenChildrenKeepTheirCounts() {
        check(STORED, 28_000_000);
        check(REBUILT, 28_200_000);
    }

    private static void check(String src, long expected) {
        for (String engine : new String[] {"jit", "interp"}) {
            long steals = 0;
            for (int run = 0; run < 3; run++) {
                VxRun.Result r = VxRun.run(src, VmOptions.defaults().withThreads(2).withEngine(engine));
                assertEquals(0, r.status(), r.err());
                assertEquals(String.valueOf(expected), r.out().strip(), engine);
                assertEquals(r.stat("heap_allocated_words"), r.stat("heap_freed_words"), engine + ": heap words freed");
                steals += r.stat("steals");
            }
            assertTrue(steals > 0, engine + ": no child was stolen, so nothing was shared");
        }
    }
}
