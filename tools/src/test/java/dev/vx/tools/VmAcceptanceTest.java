package dev.vx.tools;

import dev.vx.vm.VmOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The VM's promises (RUNTIME.md, docs/vm.md) checked on compiled programs: recursion depth
 * bounded by the heap, spill at exactly the fill depth, no thrash, parallel forks, heap
 * exhaustion, determinism with one thread, constant heap for programs that keep nothing.
 */
class VmAcceptanceTest {
    /** {@code deep(p) + 1}: nothing live across the call, 1 word a level. */
    static String deep1(long n, boolean job) {
        return """
                def deep(n: Nat) -> U32:
                  match n:
                    case 0n:
                      0
                    case 1n+p:
                      deep(p) + 1

                def main() -> U32:
                  deep%s(%dn)
                """.formatted(job ? "!" : "", n);
    }

    /**
     * A List.append-style copy: the head is live across the call, 2 words a level. The cell
     * is built by {@code cons}, a call after the recursive one, so the recursion stays a
     * recursion: written {@code h <> app(t, ys)}, the compiler builds the list in a loop
     * ({@link #structuralAppend}).
     */
    static String append2(long n, boolean job) {
        return append2(n, job, "cons(h, app(t, ys))");
    }

    static String append2(long n, boolean job, String step) {
        return """
                def gen(n: Nat, k: U32, acc: List<U32>) -> List<U32>:
                  match n:
                    case 0n:
                      acc
                    case 1n+p:
                      gen(p, k + 1, k <> acc)

                def cons(h: U32, t: List<U32>) -> List<U32>:
                  h <> t

                def app(xs: List<U32>, ys: List<U32>) -> List<U32>:
                  match xs:
                    case []:
                      ys
                    case h <> t:
                      %s

                def sum(xs: List<U32>, acc: U32) -> U32:
                  match xs:
                    case []:
                      acc
                    case h <> t:
                      sum(t, acc + h)

                def run(n: Nat) -> U32:
                  sum(app(gen(n, 0, []), [7]), 0)

                def main() -> U32:
                  run%s(%dn)
                """.formatted(step, job ? "!" : "", n);
    }

    /** {@code deep3(p, a, b) + a + b}: two values live across the call, 3 words a level. */
    static String deep3(long n, boolean job) {
        return """
                def deep3(n: Nat, a: U32, b: U32) -> U32:
                  match n:
                    case 0n:
                      0
                    case 1n+p:
                      deep3(p, a + 1, b * 3) + a + b

                def main() -> U32:
                  deep3%s(%dn, 1, 2)
                """.formatted(job ? "!" : "", n);
    }

    // Expected results computed independently in Java.
    static long deep1Result(long n) {
        return n & 0xFFFFFFFFL;
    }

    static long append2Result(long n) {
        long s = 7;
        for (long k = 0; k < n; k++) s += k;
        return s & 0xFFFFFFFFL;
    }

    static long deep3Result(long n) {
        int sum = 0, a = 1, b = 2;
        for (long k = 0; k < n; k++) {
            sum += a + b;
            a += 1;
            b *= 3;
        }
        return Integer.toUnsignedLong(sum);
    }

    record Shape(String name, int words, int fillDepth) {}

    /**
     * Words on the stack below the recursion: the exit frame, plus for append2 the frame of
     * {@code run}, which calls {@code app} as an argument of {@code sum}: its resume word
     * and the list it passed to {@code app}, which borrows it, so {@code run} drops it after.
     */
    static int base(String name) {
        return name.equals("append2") ? 5 : 3;
    }

    /** The deepest recursion that fits: base + words * depth <= 2048. */
    static int fillDepth(String name, int words) {
        return (2048 - base(name)) / words;
    }

    void checkDepth(String name, int words, long n, boolean job) {
        String src = switch (name) {
            case "deep1" -> deep1(n, job);
            case "append2" -> append2(n, job);
            default -> deep3(n, job);
        };
        long expected = switch (name) {
            case "deep1" -> deep1Result(n);
            case "append2" -> append2Result(n);
            default -> deep3Result(n);
        };
        VxRun.Result r = VxRun.run(src, VxRun.oneThread());
        assertEquals(0, r.status(), r.err());
        assertEquals(expected + "\n", r.out(), name + " at depth " + n);
        int fill = fillDepth(name, words);
        if (n <= fill) {
            assertEquals(0, r.stat("spills"), name + " at depth " + n + " must not spill");
            assertEquals(base(name) + (long) words * n, r.stat("peak_stack_words"), name + " at depth " + n);
        } else {
            assertTrue(r.stat("spills") >= 1, name + " at depth " + n + " must spill");
            assertEquals(r.stat("spills"), r.stat("restores"), "every spilled block comes back");
            // The stack was as full as frames of this size can make it.
            assertEquals(base(name) + (long) words * fill, r.stat("peak_stack_words"), name + " at depth " + n);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"deep1", "append2", "deep3"})
    void recursionAroundTheFillDepth(String name) {
        int words = switch (name) {
            case "deep1" -> 1;
            case "append2" -> 2;
            default -> 3;
        };
        int fill = fillDepth(name, words);
        for (boolean job : new boolean[]{true, false}) {
            checkDepth(name, words, fill - 1, job);
            checkDepth(name, words, fill, job);
            checkDepth(name, words, fill + 1, job);
            checkDepth(name, words, fill + 2, job);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"deep1", "append2", "deep3"})
    void recursionAMillionLevelsDeep(String name) {
        int words = switch (name) {
            case "deep1" -> 1;
            case "append2" -> 2;
            default -> 3;
        };
        checkDepth(name, words, 1_000_000, true);
        checkDepth(name, words, 1_000_000, false);
    }

    /**
     * {@code h <> app(t, ys)}: the recursive call is the last field of the cell returned, so
     * the compiler builds the cell first and the call fills its tail in a loop (tail recursion
     * modulo constructor, docs/compiler.md): no frame a level, at any depth.
     */
    @Test
    void structuralAppend() {
        for (long n : new long[]{fillDepth("append2", 2) + 1, 1_000_000}) {
            for (boolean job : new boolean[]{true, false}) {
                VxRun.Result r = VxRun.run(append2(n, job, "h <> app(t, ys)"), VxRun.oneThread());
                assertEquals(0, r.status(), r.err());
                assertEquals(append2Result(n) + "\n", r.out(), "at depth " + n);
                assertEquals(0, r.stat("spills"), "at depth " + n);
                assertTrue(r.stat("peak_stack_words") <= 16, "at depth " + n + ": " + r.stat("peak_stack_words"));
                assertEquals(r.stat("heap_allocated_words"), r.stat("heap_freed_words"), "at depth " + n);
            }
        }
    }

    static final String FILL_LOOP = """
            def leaf(k: U32) -> U32:
              k * 3 + 1

            def spin(k: U32, acc: U32) -> U32:
              if k == 0:
                acc
              else:
                x = leaf(k)
                spin(k - 1, acc ^ x)

            def fill(n: Nat, calls: U32) -> U32:
              match n:
                case 0n:
                  spin(calls, 0)
                case 1n+p:
                  fill(p, calls) + 1

            def main() -> U32:
              fill!(%dn, %d)
            """;

    @Test
    void aLoopAtTheFillDepthDoesNotThrash() {
        // fill(d) keeps nothing live (1 word a level); at d = 2045 the stack is full, and
        // each of the loop's calls of leaf pushes a 2-word frame (acc and k are live).
        Map<String, String> few = VxRun.run(FILL_LOOP.formatted(2045, 1000), VxRun.oneThread()).stats();
        VxRun.Result many = VxRun.run(FILL_LOOP.formatted(2045, 100_000), VxRun.oneThread());
        assertEquals(0, many.status(), many.err());
        long spillsFew = Long.parseLong(few.get("spills"));
        // The spills come from descending past the fill depth, not from the calls: a hundred
        // times more calls spill and restore exactly as often.
        assertEquals(spillsFew, many.stat("spills"));
        assertEquals(Long.parseLong(few.get("restores")), many.stat("restores"));
        assertTrue(many.stat("spills") <= 2, "spills: " + many.stat("spills"));
        assertTrue(many.stat("calls") > 100_000);
    }

    static final String SPINES = """
            def sum(xs: List<U32>) -> U32:
              match xs:
                case []:
                  0
                case h <> t:
                  h + sum(t)

            def leaf(n: U32, k: U32) -> U32:
              sum(List.range(k, k + n))

            def spine(n: Nat, k: U32) -> U32:
              match n:
                case 0n:
                  leaf(3000, k)
                case 1n+p:
                  a = fork spine(p, k + 1)
                  b = fork leaf(10, k)
                  a + b

            def both(k: U32) -> U32:
              a = fork spine(365n, k)
              b = fork spine(3n, k)
              a + b

            def main() -> U32:
              both!(1)
            """;

    static long spinesExpected() {
        return Integer.toUnsignedLong(spine(365, 1) + spine(3, 1));
    }

    static int leafSum(int n, int k) {
        int s = 0;
        for (int i = k; i < k + n; i++) s += i;
        return s;
    }

    static int spine(int n, int k) {
        int total = 0;
        for (int level = 0; level < n; level++) total += leafSum(10, k + level);
        return total + leafSum(3000, k + n);
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 4})
    void anUnbalancedForkTree(int threads) {
        VxRun.Result r = VxRun.run(SPINES, VmOptions.defaults().withThreads(threads));
        assertEquals(0, r.status(), r.err());
        assertEquals(spinesExpected() + "\n", r.out());
        assertTrue(r.stat("forks") >= 2 * 368, "forks: " + r.stat("forks"));
    }

    @Test
    void anArrayOfMoreThanHalfTheHeapFits() {
        // 1,200,002 words in a heap of 2,097,152: its block (1,310,720 words, an eighth of a
        // power of two at most above it) fits; a block of the next power of two did not.
        String src = """
                def main() -> U64:
                  a = Array.fill(1200000, 7u64)
                  Array.fold(a, 0u64, \\acc, x -> acc + x)
                """;
        VxRun.Result r = VxRun.run(src, VxRun.oneThread().withHeap(16L << 20));
        assertEquals(0, r.status(), r.err());
        assertEquals("8400000\n", r.out());
    }

    @Test
    void aListTooLargeForTheHeapStopsWithStatus3() {
        String src = """
                def gen(n: Nat, acc: List<U64>) -> List<U64>:
                  match n:
                    case 0n:
                      acc
                    case 1n+p:
                      gen(p, U64.max(0, 1) <> acc)

                def main() -> U32:
                  List.length(gen(10000000n, []))
                """;
        VxRun.Result r = VxRun.run(src, VxRun.oneThread().withHeap(16L << 20));
        assertEquals(3, r.status(), r.err());
        assertTrue(r.err().startsWith("vxvm: out of memory: the heap is full (16.0 MiB); run again with a larger heap, e.g. --heap 64M\n"
                + "  at gen (test.vx:6)\n"), r.err());
        assertTrue(r.err().contains("  at gen (test.vx:6)\n  at main (test.vx:9)\n"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void aStolenChildThatRunsOutOfHeapShowsItsGroupsFramesToo() {
        // While the first child spins on one worker, the other worker steals the second,
        // which fills the heap. Its trace goes on below its own frames with its parent's at
        // its call and their callers', as on one thread, where nothing is stolen.
        String src = """
                def spin(n: U32, acc: U32) -> U32:
                  if n == 0 then acc else spin(n - 1, acc * 31 + n)

                def grow(n: U32, acc: List<U32>) -> U32:
                  grow(n + 1, n <> acc)

                def hog(k: U32) -> U32:
                  grow(k, []) + 1

                def work(k: U32) -> U32:
                  a = fork spin(50000000, k)
                  b = fork hog(k)
                  a + b

                def outer(k: U32) -> U32:
                  work(k) + 1

                def main() -> U32:
                  outer!(3)
                """;
        String trace = "  at grow (test.vx:5)\n  at hog (test.vx:8)\n  at work (test.vx:12)\n"
                + "  at outer (test.vx:16)\n  at main (test.vx:19)\n";
        VxRun.Result one = VxRun.run(src, VxRun.oneThread().withHeap(16L << 20));
        assertEquals(3, one.status(), one.err());
        assertTrue(one.err().contains(trace), one.err());
        for (String engine : new String[]{"interp", "jit"}) {
            VxRun.Result two = VxRun.run(src, VmOptions.defaults().withThreads(2).withEngine(engine).withHeap(16L << 20));
            assertEquals(3, two.status(), two.err());
            assertTrue(two.err().contains(trace), engine + ":\n" + two.err());
            if (two.stat("steals") == 0) {
                System.out.println("[note] VmAcceptanceTest.aStolenChildThatRunsOutOfHeapShowsItsGroupsFramesToo: on "
                        + engine + " the second worker stole nothing this time, so the child ran inline");
            }
        }
    }

    /** A run that never pushes a frame still stood on its lanes' 3-word exit frames. */
    @Test
    void theStackPeakIncludesTheExitFrameWithoutAnyCall() {
        String src = """
                def loop(i: U32, acc: U32) -> U32:
                  if i == 0 then acc else loop(i - 1, acc + i)

                def main() -> U32:
                  loop(10, 0)
                """;
        VxRun.Result r = VxRun.run(src, VxRun.oneThread());
        assertEquals("55\n", r.out());
        assertEquals(3, r.stat("peak_stack_words"), r.stats().toString());
    }

    /**
     * A request the heap cannot meet allocated nothing: after a string doubled until it does
     * not fit, the statistics still add up (the failed request counted as live made the peak
     * larger than the footprint, the highest word ever handed out).
     */
    @Test
    void theStatisticsOfARunOutOfMemoryAddUp() {
        String src = """
                def grow(k: U32, s: String) -> String:
                  if k == 0 then s else grow(k - 1, String.join([s, s], ""))

                def main() -> U32:
                  String.len(grow(26, "ab"))
                """;
        VxRun.Result r = VxRun.run(src, VxRun.oneThread().withHeap(16L << 20));
        assertEquals(3, r.status(), r.err());
        long peak = r.stat("heap_peak_words");
        long footprint = r.stat("heap_footprint_words");
        assertTrue(peak <= footprint, r.stats().toString());
        assertTrue(footprint <= r.stat("heap_capacity_words"), r.stats().toString());
        assertTrue(r.stat("heap_allocated_words") - r.stat("heap_freed_words") <= peak, r.stats().toString());
    }

    /**
     * Cells that fork children allocate and their parent frees: on several threads one worker
     * allocates and another frees, and the sum of each worker's own peak (what heap_peak_words
     * once was) grew with every round (2,029,500 words after 10,000 rounds of a 600-word live
     * set). The shared count stays within what each thread may allocate or free between two
     * shares (a chunk of 16,384 words, two batches of 2,048 freed cells) of the exact peak.
     */
    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {2, 4})
    void thePeakOfCellsThatCrossThreadsStaysFlat(int threads) {
        String src = """
                def mk(i: U32) -> List<U32>:
                  List.range(i, i + 100)

                def pair(i: U32) -> U32:
                  a = fork mk(i)
                  b = fork mk(i + 1)
                  List.sum(a) + List.sum(b)

                def loop(i: U32, n: U32, acc: U32) -> U32:
                  if i == n then acc else loop(i + 1, n, acc + pair(i))

                def main() -> U32:
                  loop!(0, %d, 0)
                """;
        for (int n : new int[]{1000, 20000}) {
            VxRun.Result r = VxRun.run(src.formatted(n), VmOptions.defaults().withThreads(threads));
            assertEquals(0, r.status(), r.err());
            long want = (100L * n * (n - 1) + 10000L * n) & 0xffffffffL;
            assertEquals(want + "\n", r.out());
            // Exact on one thread: two lists of 100 cells of 3 words.
            long exact = 600;
            assertTrue(r.stat("heap_peak_words") <= exact + threads * (16384L + 2 * 2048 * 3), n + " rounds: " + r.stats());
        }
    }

    @Test
    void oneThreadIsDeterministic() {
        VxRun.Result a = VxRun.run(SPINES, VxRun.oneThread());
        VxRun.Result b = VxRun.run(SPINES, VxRun.oneThread());
        assertEquals(a.out(), b.out());
        Map<String, String> sa = new java.util.TreeMap<>(a.stats());
        Map<String, String> sb = new java.util.TreeMap<>(b.stats());
        // Time aside: wall_ms, and the JIT's jit_compile_ms.
        sa.keySet().removeIf(k -> k.endsWith("_ms"));
        sb.keySet().removeIf(k -> k.endsWith("_ms"));
        assertTrue(sa.containsKey("steps") && sa.containsKey("heap_peak_words"), sa.toString());
        assertEquals(sa, sb);
    }

    @Test
    void programsThatKeepNothingRunInConstantHeap() {
        String src = """
                def step(i: U32, acc: U32) -> U32:
                  xs = List.range(0, 50)
                  t = (List.length(xs), Some{i})
                  match t:
                    case (n, Some{v}):
                      acc + n + v
                    case _:
                      acc

                def loop(i: U32, n: U32, acc: U32) -> U32:
                  if i == n:
                    acc
                  else:
                    loop(i + 1, n, step(i, acc))

                def main() -> U32:
                  loop(0, %d, 0)
                """;
        VxRun.Result small = VxRun.run(src.formatted(100), VxRun.oneThread());
        VxRun.Result large = VxRun.run(src.formatted(100_000), VxRun.oneThread());
        assertEquals(0, large.status(), large.err());
        assertTrue(large.stat("heap_allocated_words") > 50 * small.stat("heap_allocated_words"));
        assertEquals(small.stat("heap_peak_words"), large.stat("heap_peak_words"));
        assertEquals(large.stat("heap_allocated_words"), large.stat("heap_freed_words"));
    }

    @Test
    void aBacktraceIncludesSpilledFrames() {
        String src = """
                def deep(n: Nat, d: U32) -> U32:
                  match n:
                    case 0n:
                      100 / d
                    case 1n+p:
                      deep(p, d) + 1

                def main() -> U32:
                  deep(5000n, 0)
                """;
        VxRun.Result r = VxRun.run(src, VxRun.oneThread());
        assertEquals(1, r.status());
        java.util.List<String> lines = r.err().lines().takeWhile(l -> l.startsWith("vxvm:") || l.startsWith("  ")).toList();
        assertEquals("vxvm: error: division by zero", lines.get(0));
        assertEquals("  at deep (test.vx:4)", lines.get(1), "the innermost frame is the faulting one");
        // 5000 frames were pushed (most of them spilled to the heap) plus the faulting
        // activation: 20 shown, the middle elided, the outermost 10 shown.
        assertTrue(r.stat("spills") > 0);
        assertEquals("  ... " + (5001 - 30) + " more frames ...", lines.get(21));
        assertEquals("  at deep (test.vx:6)", lines.get(lines.size() - 1));
        assertEquals(1 + 20 + 1 + 10, lines.size());
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {2, 4})
    void theHeapGrowsWhileForkedLanesAllocate(int threads) {
        String src = """
                type Tree:
                  Leaf{x: U64}
                  Node{l: Tree, r: Tree}

                def build(d: U32, i: U64) -> Tree:
                  if d == 0:
                    Leaf{i}
                  else:
                    l = fork build(d - 1, 2 * i)
                    r = fork build(d - 1, 2 * i + 1)
                    Node{l, r}

                def total(t: Tree) -> U64:
                  match t:
                    case Leaf{x}:
                      x
                    case Node{l, r}:
                      a = fork total(l)
                      b = fork total(r)
                      a + b

                def main() -> U64:
                  total!(build!(18, 0))
                """;
        VxRun.Result r = VxRun.run(src, VmOptions.defaults().withThreads(threads));
        assertEquals(0, r.status(), r.err());
        long n = 1L << 18;
        assertEquals(n * (n - 1) / 2 + "\n", r.out());
        // The heap starts at 2^20 words; the tree needs more, so it grew while lanes ran.
        assertTrue(r.stat("heap_footprint_words") > 1 << 20, "footprint " + r.stat("heap_footprint_words"));
        assertEquals(r.stat("heap_allocated_words"), r.stat("heap_freed_words"));
    }

    static final String TWO_FAILURES = """
            def spin(n: U32, acc: U32) -> U32:
              if n == 0:
                acc
              else:
                spin(n - 1, acc * 31 + n)

            def first(n: U32) -> U32:
              x = spin(n, 1)
              x / (x - x)

            def second(k: U32) -> U32:
              List.nth([1, 2], k)

            def run(n: U32, k: U32) -> U32:
              a = fork first(n)
              b = fork second(k)
              a + b

            def main() -> U32:
              run!(%d, %d)
            """;

    /**
     * When two children of a fork group fail, the first in program order is reported — what a
     * sequential run reports — however the lanes were scheduled: here the second child fails
     * at once on another lane, long before the first fails.
     */
    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 4})
    void theFirstFailingChildInProgramOrderIsReported(int threads) {
        VxRun.Result r = VxRun.run(TWO_FAILURES.formatted(300_000, 7), VmOptions.defaults().withThreads(threads));
        VxRun.Result sequential = VxRun.run(TWO_FAILURES.formatted(300_000, 7), VxRun.oneThread());
        assertEquals(1, r.status());
        assertEquals("vxvm: error: division by zero", r.err().lines().findFirst().orElse(""));
        assertEquals(backtrace(sequential), backtrace(r));
    }

    /** Only the second child fails: its error, with the parent's frames below its own. */
    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 4})
    void aStolenChildsFailureCarriesItsParentsFrames(int threads) {
        String src = TWO_FAILURES.replace("x / (x - x)", "x / (x - x + 1)");
        VxRun.Result r = VxRun.run(src.formatted(300_000, 7), VmOptions.defaults().withThreads(threads));
        VxRun.Result sequential = VxRun.run(src.formatted(300_000, 7), VxRun.oneThread());
        assertEquals(1, r.status());
        assertEquals("vxvm: error: List.nth: index 7 out of range for length 2", r.err().lines().findFirst().orElse(""));
        assertEquals(backtrace(sequential), backtrace(r));
        assertTrue(backtrace(r).contains("  at run (test.vx:16)"), backtrace(r));
    }

    private static String backtrace(VxRun.Result r) {
        return String.join("\n", r.err().lines().takeWhile(l -> l.startsWith("vxvm:") || l.startsWith("  ")).toList());
    }
}
