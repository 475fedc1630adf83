package dev.vx.vm;

import dev.vx.bytecode.Layout;

/**
 * One sequential executor: a register file and a stack of exactly
 * {@link Layout#LANE_STACK_WORDS} words of continuation frames, with an exit frame at the
 * bottom. A lane that waits (at a {@code join}, or for a job) keeps its whole state here, so
 * its worker thread can run other lanes meanwhile.
 */
public final class Lane {
    public final long[] stack = new long[Layout.LANE_STACK_WORDS];
    public int sp;
    public long[] regs;
    /** Where the lane resumes when it is scheduled: function and code position. */
    public int function;
    public int pc;
    /** The lane runs inside a job: a nested {@code job} is an ordinary call. */
    public boolean inJob;
    /** Set by an engine that stopped because another engine must continue the lane (mixed mode). */
    public boolean handoff;
    /** The highest stack pointer reached. */
    public int peakSp;

    /** Open fork groups that published tasks, innermost last; a join handle is index + 1. */
    JoinRecord[] joins = new JoinRecord[4];
    int joinDepth;

    /** What happens to this lane's result when it returns into its bottom exit frame. */
    Completion completion;

    /** A failure waiting for earlier fork children to deliver before it is reported. */
    ProgramFailure pendingFailure;

    public Lane(int registers) {
        this.regs = new long[registers];
    }

    /** Empties the stack down to a fresh exit frame (block 0: returning into it finishes the lane). */
    public void reset() {
        stack[0] = 0;
        stack[1] = 0;
        stack[2] = Layout.FID_EXIT;
        sp = Layout.EXIT_FRAME_WORDS;
        peakSp = sp;
        joinDepth = 0;
        completion = null;
        pendingFailure = null;
        inJob = false;
        handoff = false;
    }

    int pushJoin(JoinRecord j) {
        if (joinDepth == joins.length) joins = java.util.Arrays.copyOf(joins, joinDepth * 2);
        joins[joinDepth++] = j;
        return joinDepth;
    }
}
