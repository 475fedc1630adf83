package dev.vx.vm;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fork group whose later children were published as tasks. {@code pending} counts the
 * published children not yet claimed or delivered, plus one for the parent's arrival at
 * {@code join}; whoever brings it to zero lets the parent continue.
 *
 * <p>It also keeps what is needed to report a failure exactly as a sequential run would:
 * the child that fails first in the group's order wins, whichever lane noticed first (see
 * {@link Worker#failed}). For that it records the failures of children run elsewhere and
 * where the parent stood when the group started.
 */
final class JoinRecord {
    final Lane parent;
    final Task[] tasks;     // by child index; [0] is null (the first child always runs inline)
    final long[] results;   // by child index, for children that ran on another lane
    final boolean[] stolen;
    final AtomicInteger pending;
    boolean arrived;
    /** The child the parent lane is running (inline) now. */
    int current;

    // Guarded by this record's lock.
    final boolean[] delivered;
    final ProgramFailure[] failures;
    /** A parent lane waiting, with a failure of its own, for earlier children to deliver. */
    Lane waiting;

    // Where the parent stood at the fork: its function, each child's call position, its stack
    // pointer and the stack's bottom words (which change if the stack below spilled since).
    final int parentFunction;
    final int[] callPc;
    final int sp;
    final long bottom0;
    final long bottom1;

    JoinRecord(Lane parent, int children, int parentFunction, int[] callPc, int sp) {
        this.parent = parent;
        this.tasks = new Task[children];
        this.results = new long[children];
        this.stolen = new boolean[children];
        this.pending = new AtomicInteger(children);
        this.delivered = new boolean[children];
        this.failures = new ProgramFailure[children];
        this.parentFunction = parentFunction;
        this.callPc = callPc;
        this.sp = sp;
        this.bottom0 = parent.stack[0];
        this.bottom1 = parent.stack[1];
    }

    /** Whether the stack below the group is as it was at the fork (no spill since, or all restored). */
    boolean stackBelowUnchanged() {
        return bottomUnchanged() && parent.sp >= sp;
    }

    /**
     * The same judged by the stack's bottom words alone (a spill replaces them with its exit
     * frame), for a parent stopped in the middle of its code, whose {@code sp} the engine may
     * not have written back. While the group waits, nothing returns below it.
     */
    boolean bottomUnchanged() {
        return parent.stack[0] == bottom0 && parent.stack[1] == bottom1;
    }
}
