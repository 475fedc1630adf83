package dev.vx.vm;

import dev.vx.bytecode.Layout;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The walk over a lane's frames that a failure's report makes: through spill blocks, and to
 * an end on words that are not frames (what a module with broken reference counts can leave
 * in a spill block), never hanging or failing itself.
 */
class BacktraceTest {
    /** HandModules.deep: function 0, {@code deep}, has one call site, whose frame is two words. */
    private static final Program PROG = new Program(HandModules.deep(1, false));
    private static final long DEEP_FRAME = Layout.resumeWord(0, 0, 2);
    private static final String DEEP = "  at deep (deep.vx:8)";
    private static final String UNREADABLE = "  ... (the frames below are unreadable: the stack was overwritten)";

    private static List<String> walk(long[] stack, int sp, long[] heap) {
        return assertTimeoutPreemptively(Duration.ofSeconds(10), () ->
                Backtrace.ofInstruction(PROG, i -> heap[(int) i], -1, 0, stack, sp).stream().map(Object::toString).toList());
    }

    /** A lane stack: the bottom exit frame {@code [block, count, FID_EXIT]}, then {@code frames}. */
    private static long[] stack(long block, long count, long... frames) {
        long[] s = new long[Layout.LANE_STACK_WORDS];
        s[0] = block;
        s[1] = count;
        s[2] = Layout.FID_EXIT;
        System.arraycopy(frames, 0, s, 3, frames.length);
        return s;
    }

    @Test
    void framesOnTheStackAndInASpillBlockAreListedInnermostFirst() {
        long[] heap = new long[64];
        int block = 10; // two header words, then (bottom first) the exit frame that ended the walk, and two frames
        long[] spilled = {0, 0, Layout.FID_EXIT, 7, DEEP_FRAME, 8, DEEP_FRAME};
        System.arraycopy(spilled, 0, heap, block + 2, spilled.length);
        assertEquals(List.of(DEEP, DEEP, DEEP), walk(stack(block, spilled.length, 5, DEEP_FRAME), 5, heap));
    }

    @Test
    void aSpillBlockThatLeadsBackToItselfEndsTheWalk() {
        long[] heap = new long[64];
        int block = 10;
        long[] spilled = {block, 5, Layout.FID_EXIT, 7, DEEP_FRAME}; // its exit frame names itself
        System.arraycopy(spilled, 0, heap, block + 2, spilled.length);
        assertEquals(List.of(DEEP, DEEP, UNREADABLE), walk(stack(block, spilled.length, 5, DEEP_FRAME), 5, heap));
    }

    @Test
    void aWordThatIsNoFrameEndsTheWalk() {
        long[] heap = new long[64];
        long noSize = Layout.resumeWord(0, 0, 0); // a frame of no words would never move on
        assertEquals(List.of(DEEP, UNREADABLE), walk(stack(0, 0, 0, noSize, 5, DEEP_FRAME), 7, heap));
        long noFunction = Layout.resumeWord(9, 0, 2);
        assertEquals(List.of(UNREADABLE), walk(stack(0, 0, 5, noFunction), 5, heap));
        long noSite = Layout.resumeWord(0, 3, 2);
        assertEquals(List.of(UNREADABLE), walk(stack(0, 0, 5, noSite), 5, heap));
    }

    @Test
    void aSpillBlockOutsideTheHeapEndsTheWalk() {
        long[] heap = new long[64];
        assertEquals(List.of(DEEP, UNREADABLE), walk(stack(1000, 3, 5, DEEP_FRAME), 5, heap));
    }
}
