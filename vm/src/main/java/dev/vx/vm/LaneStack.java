package dev.vx.vm;

import dev.vx.bytecode.Layout;

/**
 * Spill and restore of a lane stack (docs/vm.md, "Spill"). Every engine uses exactly this
 * algorithm, so a program reports the same peak, spills and restores on all of them.
 *
 * <p>Spill, when a push of {@code n} words would not fit: keep the newest frames whose total
 * is at most {@link Layout#SPILL_KEEP_WORDS}, move every older word (down to and including the
 * bottom exit frame) into a new heap block, and rebuild the bottom of the stack as one
 * {@code FID_EXIT} frame {@code [block, words, FID_EXIT]} under the kept frames.
 *
 * <p>Restore, when a return reaches that frame: bring back the newest frames of the block
 * whose total is at most {@link Layout#RESTORE_WORDS}; if only the block's own bottom exit
 * frame would remain, bring it too and free the block, else leave the rest in the block
 * under a new {@code FID_EXIT} frame. A call sequence hovering at any depth therefore moves
 * about a thousand words per thousand calls, never the whole stack per call.
 */
public final class LaneStack {
    private LaneStack() {}

    /** Makes room for a push of {@code n} words; returns the new stack pointer. */
    public static int spill(long[] stack, int sp, Program prog, Allocator alloc, Stats stats) {
        int cut = sp;
        int kept = 0;
        while (true) {
            int fw = prog.frameWords(stack[cut - 1]);
            if (kept + fw > Layout.SPILL_KEEP_WORDS) break;
            kept += fw;
            cut -= fw;
        }
        long block = alloc.newVariable(Layout.KIND_SPILL, cut, cut);
        long[] h = alloc.heap().words;
        System.arraycopy(stack, 0, h, (int) block + 2, cut);
        System.arraycopy(stack, cut, stack, Layout.EXIT_FRAME_WORDS, kept);
        stack[0] = block;
        stack[1] = cut;
        stack[2] = Layout.FID_EXIT;
        stats.spills++;
        return Layout.EXIT_FRAME_WORDS + kept;
    }

    /**
     * The lane returned into the bottom {@code FID_EXIT} frame of a spilled stack (its stack
     * pointer was 3 and {@code stack[0]} is a block): brings frames back; returns the new sp.
     */
    public static int restore(long[] stack, Program prog, Allocator alloc, Stats stats) {
        long block = stack[0];
        int count = (int) stack[1];
        long[] h = alloc.heap().words;
        int data = (int) block + 2;
        int cut = count;
        int restored = 0;
        // A block whose frames all fit comes back whole: the walk below would reach its
        // bottom exit frame anyway, so it is skipped (the block's words are cold by now, and
        // walking them frame by frame was most of the cost of a deep recursion's return).
        if (count - Layout.EXIT_FRAME_WORDS <= Layout.RESTORE_WORDS) cut = Layout.EXIT_FRAME_WORDS;
        while (cut > Layout.EXIT_FRAME_WORDS) {
            int fw = prog.frameWords(h[data + cut - 1]);
            if (restored + fw > Layout.RESTORE_WORDS) break;
            restored += fw;
            cut -= fw;
        }
        stats.restores++;
        if (cut == Layout.EXIT_FRAME_WORDS) {
            System.arraycopy(h, data, stack, 0, count);
            alloc.release(block, 2 + (int) h[(int) block + 1]);
            return count;
        }
        System.arraycopy(h, data + cut, stack, Layout.EXIT_FRAME_WORDS, restored);
        stack[1] = cut;
        return Layout.EXIT_FRAME_WORDS + restored;
    }
}
