package dev.vx.conformance.jit;

import dev.vx.bytecode.Module;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.vm.VmOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The VM's promises of tools' VmAcceptanceTest (recursion bounded by the heap, the fill
 * depth, no thrash, unbalanced fork trees, heap exhaustion, constant heap) on the JIT, each
 * checked against the interpreter: identical output, status and (one thread) statistics, in
 * three JIT modes: every function compiled at its first call, the default tiering, and
 * compiled code whose direct calls have a tiny JVM stack budget (so nearly every call goes
 * through the dispatcher and its continuations).
 */
class JitAcceptanceTest {
    static final List<Map<String, String>> MODES = List.of(
            Map.of("vx.jit.threshold", "0"),
            Map.of(),
            Map.of("vx.jit.threshold", "0", "vx.jit.stackBudget", "3000"));

    static Module compile(String source) {
        Compiler.Result c = Compiler.compile(new SourceFile("test.vx", source), JitParityTest.base());
        if (c.module() == null) throw new AssertionError("does not compile:\n" + c.diagnostics());
        return c.module();
    }

    static JitParityTest.Run run(Module m, VmOptions o, Map<String, String> props) {
        Map<String, String> old = new java.util.HashMap<>();
        for (var e : props.entrySet()) {
            old.put(e.getKey(), System.getProperty(e.getKey()));
            System.setProperty(e.getKey(), e.getValue());
        }
        try {
            return JitParityTest.run(m, o, List.of());
        } finally {
            for (var e : old.entrySet()) {
                if (e.getValue() == null) System.clearProperty(e.getKey());
                else System.setProperty(e.getKey(), e.getValue());
            }
        }
    }

    /** The interpreter's run; every JIT mode agrees with it. */
    static JitParityTest.Run parity(String source, VmOptions o) {
        Module m = compile(source);
        JitParityTest.Run interp = JitParityTest.run(m, o.withEngine("interp"), List.of());
        for (Map<String, String> p : MODES) {
            JitParityTest.Run jit = run(m, o.withEngine("jit"), p);
            assertEquals(interp.status(), jit.status(), p + ": status\n" + jit.err());
            assertEquals(interp.out(), jit.out(), p + ": stdout");
            if (o.threads() == 1) {
                assertEquals(interp.err(), jit.err(), p + ": stderr");
                assertEquals(JitParityTest.comparable(interp.stats()), JitParityTest.comparable(jit.stats()), p + ": statistics");
            }
        }
        return interp;
    }

    static VmOptions one() {
        return VmOptions.defaults().withThreads(1);
    }

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

    /** 2 words a level: {@code cons}, called after the recursion, keeps it a recursion (VmAcceptanceTest). */
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

    static String source(String name, long n, boolean job) {
        return switch (name) {
            case "deep1" -> deep1(n, job);
            case "append2" -> append2(n, job);
            default -> deep3(n, job);
        };
    }

    static int fillDepth(String name) {
        int base = name.equals("append2") ? 4 : 3;
        int words = switch (name) {
            case "deep1" -> 1;
            case "append2" -> 2;
            default -> 3;
        };
        return (2048 - base) / words;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"deep1", "append2", "deep3"})
    void recursionAroundTheFillDepth(String name) {
        int fill = fillDepth(name);
        for (boolean job : new boolean[]{true, false}) {
            for (int d = fill - 1; d <= fill + 2; d++) {
                JitParityTest.Run r = parity(source(name, d, job), one());
                assertEquals(0, r.status(), r.err());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"deep1", "append2", "deep3"})
    void recursionAMillionLevelsDeep(String name) {
        for (boolean job : new boolean[]{true, false}) {
            JitParityTest.Run r = parity(source(name, 1_000_000, job), one());
            assertEquals(0, r.status(), r.err());
            assertTrue(Long.parseLong(r.stats().get("spills")) > 400, r.stats().toString());
        }
    }

    /** {@code h <> app(t, ys)}, built in a loop (tail recursion modulo constructor): the same on both engines, no spill. */
    @Test
    void structuralAppendAMillionLong() {
        for (boolean job : new boolean[]{true, false}) {
            JitParityTest.Run r = parity(append2(1_000_000, job, "h <> app(t, ys)"), one());
            assertEquals(0, r.status(), r.err());
            assertEquals("0", r.stats().get("spills"), r.stats().toString());
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
        for (int depth : new int[]{2044, 2045}) {
            JitParityTest.Run r = parity(FILL_LOOP.formatted(depth, 100_000), one());
            assertTrue(Long.parseLong(r.stats().get("spills")) <= 2, r.stats().toString());
        }
    }

    /**
     * A leaf reached every way compiled code and the dispatcher call a function: a call in a
     * loop (no frame written), a tail call, a fork child, a call whose frame spills (the fill
     * depth), and from the interpreter through the dispatcher (main, and the default tiering's
     * first calls). Each must add the leaf's steps exactly once.
     */
    static final String LEAF_PATHS = """
            def leaf(k: U32) -> U32:
              if k & 1 == 0 then k * 7 else k + 1

            def via_tail(k: U32) -> U32:
              leaf(k + 2)

            def spin(k: U32, acc: U32) -> U32:
              if k == 0:
                acc
              else:
                x = leaf(k)
                y = via_tail(x)
                a = fork leaf(y)
                b = fork via_tail(k)
                spin(k - 1, acc ^ a ^ b)

            def fill(n: Nat, k: U32) -> U32:
              match n:
                case 0n:
                  spin(k, leaf(k))
                case 1n+p:
                  fill(p, k) + 1

            def main() -> U32:
              a = leaf(5) + via_tail(6)
              b = fill!(%dn, 300)
              a + b + spin!(300, 1)
            """;

    @Test
    void aLeafCountsItsStepsOnEveryPath() {
        for (int depth : new int[]{3, 2044, 2045}) {
            JitParityTest.Run r = parity(LEAF_PATHS.formatted(depth), one());
            assertEquals(0, r.status(), r.err());
        }
    }

    /**
     * Small functions that fail (an index out of range, a division by zero), called the ways a
     * leaf is (docs/jit.md, "Leaf calls"): from a loop, through a tail call, as fork children,
     * and at the fill depth, where a frame does not fit. The message, the backtrace and the
     * statistics must be the interpreter's. (They are not leaves today; an experiment that
     * made them leaves, writing the frame only on failure, was checked with this test.)
     */
    static final String FAILING_LEAVES = """
            def get(a: Array<U32>, i: U32) -> U32:
              a[i] + 1

            def ratio(x: U32, y: U32) -> U32:
              x / y

            def via_tail(a: Array<U32>, i: U32) -> U32:
              get(a, i)

            def spin(a: Array<U32>, k: U32, mode: U32, acc: U32) -> U32:
              if k == 0:
                acc
              elif mode == 0:
                spin(a, k - 1, mode, acc + get(a, k %% 7) + ratio(acc, k - 1 + Array.len(a) / 8))
              elif mode == 1:
                spin(a, k - 1, mode, acc + via_tail(a, k %% 7) + ratio(acc, k - 1))
              else:
                x = fork get(a, k %% 7)
                y = fork ratio(acc, k - 1)
                spin(a, k - 1, mode, acc + x + y)

            def fill(n: Nat, a: Array<U32>, mode: U32) -> U32:
              match n:
                case 0n:
                  spin(a, 50, mode, 1)
                case 1n+p:
                  fill(p, a, mode) + 1

            def main() -> U32:
              a = Array.gen(%d, \\i -> i * 3)
              fill!(%dn, a, %d)
            """;

    @Test
    void smallFunctionsThatFailReportWhatTheInterpreterReports() {
        for (int length : new int[]{3, 7}) { // 3: get fails first (k = 48); 7: ratio divides by zero (k = 1)
            for (int mode = 0; mode < 3; mode++) {
                for (int depth : new int[]{3, 2042, 2044, 2046}) {
                    JitParityTest.Run r = parity(FAILING_LEAVES.formatted(length, depth, mode), one());
                    assertEquals(1, r.status(), r.err());
                }
            }
        }
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

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 4})
    void anUnbalancedForkTree(int threads) {
        // Repeated: with several threads, which children are stolen varies from run to run.
        for (int k = 0; k < (threads == 1 ? 1 : 5); k++) {
            JitParityTest.Run r = parity(SPINES, VmOptions.defaults().withThreads(threads));
            assertEquals(0, r.status(), r.err());
        }
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
        JitParityTest.Run r = parity(src, one().withHeap(16L << 20));
        assertEquals(3, r.status(), r.err());
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
        JitParityTest.Run small = parity(src.formatted(100), one());
        JitParityTest.Run large = parity(src.formatted(100_000), one());
        assertEquals(small.stats().get("heap_peak_words"), large.stats().get("heap_peak_words"));
    }

    /**
     * Closures of one function type with more shapes than compiled code dispatches statically:
     * compiled code calls them through {@code JitCtx.invokeClosure}, which runs a compiled
     * callee directly and starts one that stays in the interpreter through the dispatcher.
     */
    @Test
    void manyClosureShapes() {
        String src = """
                def apply(fs: List<(U32) -> U32>, x: U32) -> U32:
                  match fs:
                    case []:
                      x
                    case f <> rest:
                      apply(rest, f(x))

                def last(f: (U32) -> U32, x: U32) -> U32:
                  f(x)

                def loop(fs: List<(U32) -> U32>, i: U32, acc: U32) -> U32:
                  if i == 0:
                    acc
                  else:
                    loop(fs, i - 1, last(\\y -> y + acc, apply(fs, i)))

                def main() -> U32:
                  loop([%s], 3000, 1)
                """.formatted("\\x -> x * 2 + 0, \\x -> x * 3 + 1, \\x -> x * 4 + 2, \\x -> x * 5 + 3, \\x -> x * 6 + 4, \\x -> x * 7 + 5, \\x -> x * 8 + 6, \\x -> x * 9 + 7, \\x -> x * 10 + 8, \\x -> x * 11 + 9, \\x -> x * 12 + 10, \\x -> x * 13 + 11, \\x -> x * 14 + 12, \\x -> x * 15 + 13, \\x -> x * 16 + 14, \\x -> x * 17 + 15, \\x -> x * 18 + 16, \\x -> x * 19 + 17, \\x -> x * 20 + 18, \\x -> x * 21 + 19");
        JitParityTest.Run r = parity(src, one());
        assertEquals(0, r.status(), r.err());
        // Some callees too large to compile (a tiny bytecode limit): they stay in the interpreter.
        Module m = compile(src);
        JitParityTest.Run mixed = run(m, one().withEngine("jit"), Map.of("vx.jit.threshold", "0", "vx.jit.maxBytecode", "150"));
        assertEquals(r.out(), mixed.out(), mixed.err());
        assertEquals(JitParityTest.comparable(r.stats()), JitParityTest.comparable(mixed.stats()), "statistics");
        assertTrue(Long.parseLong(mixed.stats().get("jit_fallbacks")) > 0, mixed.err());
    }

    /** Jobs started from a loop, each a fork tree: the host lane and the parents at {@code join} wait and resume many times. */
    private static final String JOBS_WITH_FORKS = """
            def tree(n: U32) -> U32:
              if n < 2:
                n
              else:
                a = fork tree(n - 1)
                b = fork tree(n - 2)
                a + b + 1

            def loop(i: U32, acc: U32) -> U32:
              if i == 0:
                acc
              else:
                x = tree!(i % 17)
                loop(i - 1, acc * 31 + x)

            def main() -> U32:
              loop(60, 7)
            """;

    /**
     * {@link #JOBS_WITH_FORKS}'s output by hand (a few lines of Python): t(0) = 0, t(1) = 1,
     * t(n) = t(n-1) + t(n-2) + 1 up to t(16) = 2583; acc = 7, then for i = 60 down to 1,
     * acc = (acc * 31 + t(i % 17)) mod 2^32.
     */
    private static final String JOBS_WITH_FORKS_OUT = "3988580852";

    /** On several threads: the host lane waits and continues many times. */
    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 4})
    void manyJobsWithForks(int threads) {
        for (int k = 0; k < (threads == 1 ? 1 : 3); k++) {
            JitParityTest.Run r = parity(JOBS_WITH_FORKS, VmOptions.defaults().withThreads(threads));
            assertEquals(0, r.status(), r.err());
            assertEquals(JOBS_WITH_FORKS_OUT, r.out().strip());
        }
    }

    /**
     * A parent lane that reaches {@code join} before a child running on another worker has
     * delivered waits, and the delivery resumes it, possibly at once and on the other worker.
     * The interpreter once saved the lane's position only after counting its arrival, so a fast
     * delivery could resume the lane at a stale position: about one run in a hundred of
     * {@link #JOBS_WITH_FORKS} on two threads printed a wrong number. A stress test: a thousand
     * runs of one compiled module per engine; before the fix 9 to 23 runs in a thousand failed
     * in every series tried.
     */
    @Test
    void aParentWaitingAtJoinIsResumedWhereItStopped() {
        Module m = compile(JOBS_WITH_FORKS);
        int runs = 1000;
        for (String engine : new String[] {"interp", "jit"}) {
            Map<String, Integer> outputs = new java.util.TreeMap<>();
            for (int run = 0; run < runs; run++) {
                JitParityTest.Run r = JitParityTest.run(m, VmOptions.defaults().withThreads(2).withEngine(engine)
                        .withDevice("cpu"), List.of());
                outputs.merge(r.status() + ": " + r.out().strip(), 1, Integer::sum);
            }
            assertEquals(Map.of("0: " + JOBS_WITH_FORKS_OUT, runs), outputs, engine + ": outputs of " + runs + " runs on two threads");
        }
    }
}
