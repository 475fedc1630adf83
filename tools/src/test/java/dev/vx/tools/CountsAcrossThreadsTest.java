package dev.vx.tools;

import dev.vx.vm.VmOptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code steps} and {@code calls} are exact (RUNTIME.md 7) and do not depend on how many
 * workers ran the program or which of them ran what: a {@code join} whose children are still
 * running waits and runs again when the lane resumes, but counts once; a child another worker
 * steals is the call its parent skips, and counts as that call. (Before, two threads counted
 * a few steps more and a few calls fewer than one, differently from run to run.)
 */
class CountsAcrossThreadsTest {
    /** LANGUAGE.md's tree example, larger: 2^13 leaves summed in parallel; prints 33550336. */
    private static final String TREE = ForkTree.source(8192);

    @Test
    void stepsAndCallsOnTwoThreadsEqualThoseOnOne() {
        for (String engine : new String[] {"jit", "interp"}) {
            VxRun.Result one = VxRun.run(TREE, VxRun.oneThread().withEngine(engine));
            // 0 + 1 + ... + 8191 = 8191 * 8192 / 2
            assertEquals("33550336", one.out().strip(), one.err());
            long steals = 0;
            for (int run = 0; run < 5; run++) {
                VxRun.Result two = VxRun.run(TREE, VmOptions.defaults().withThreads(2).withEngine(engine));
                assertEquals("33550336", two.out().strip(), two.err());
                assertEquals(one.stat("steps"), two.stat("steps"), engine + ": steps\n" + two.err());
                assertEquals(one.stat("calls"), two.stat("calls"), engine + ": calls\n" + two.err());
                assertEquals(one.stat("forks"), two.stat("forks"), engine + ": forks\n" + two.err());
                steals += two.stat("steals");
            }
            assertTrue(steals > 0, engine + ": no child was stolen in five runs on two threads, so nothing was checked");
        }
    }
}
