package dev.vx.vm;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fork group whose later children were published as tasks. {@code pending} counts the
 * published children not yet claimed or delivered, plus one for the parent's arrival at
 * {@code join}; whoever brings it to zero lets the parent continue.
 */
final class JoinRecord {
    final Lane parent;
    final Task[] tasks;     // by child index; [0] is null (the first child always runs inline)
    final long[] results;   // by child index, for children that ran on another lane
    final boolean[] stolen;
    final AtomicInteger pending;
    boolean arrived;

    JoinRecord(Lane parent, int children) {
        this.parent = parent;
        this.tasks = new Task[children];
        this.results = new long[children];
        this.stolen = new boolean[children];
        this.pending = new AtomicInteger(children);
    }
}
