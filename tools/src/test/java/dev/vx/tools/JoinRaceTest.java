package dev.vx.tools;

import dev.vx.bytecode.Module;
import dev.vx.vm.VmOptions;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A parent lane that reaches {@code join} before a child running on another worker has
 * delivered waits, and the child's delivery resumes it, possibly at once and on the other
 * worker. The interpreter once saved the lane's position only after counting its arrival, so
 * a fast delivery could resume the lane at a stale position: about one run in a hundred of
 * this program on two threads printed a wrong number. A stress test: a thousand runs of one
 * compiled module, each with a few hundred forks and joins; before the fix 9 to 23 runs in a
 * thousand failed in every series tried.
 */
class JoinRaceTest {
    private static final String SOURCE = """
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
     * By hand (a few lines of Python): t(0) = 0, t(1) = 1, t(n) = t(n-1) + t(n-2) + 1 up to
     * t(16) = 2583; acc = 7, then for i = 60 down to 1, acc = (acc * 31 + t(i % 17)) mod 2^32.
     */
    private static final String EXPECTED = "3988580852";
    private static final int RUNS = 1000;

    @Test
    void aParentWaitingAtJoinIsResumedWhereItStopped() {
        Module m = VxRun.compile(SOURCE);
        for (String engine : new String[] {"interp", "jit"}) {
            Map<String, Integer> outputs = new TreeMap<>();
            for (int run = 0; run < RUNS; run++) {
                VxRun.Result r = VxRun.run(m, VmOptions.defaults().withThreads(2).withEngine(engine).withDevice("cpu"));
                outputs.merge(r.status() + ": " + r.out().strip(), 1, Integer::sum);
            }
            assertEquals(Map.of("0: " + EXPECTED, RUNS), outputs, engine + ": outputs of " + RUNS + " runs on two threads");
        }
    }
}
