package dev.vx.vm;

import java.util.ArrayDeque;

/** Batches of free small cells moving between workers (see {@link Allocator}). */
public final class SharedPool {
    @SuppressWarnings("unchecked")
    private final ArrayDeque<Long>[] batches = new ArrayDeque[Allocator.SMALL_MAX + 1];
    private volatile int available;

    public SharedPool() {
        for (int i = 0; i < batches.length; i++) batches[i] = new ArrayDeque<>();
    }

    boolean hasBatch(int words) {
        return available > 0 && hasBatchLocked(words);
    }

    private synchronized boolean hasBatchLocked(int words) {
        return !batches[words].isEmpty();
    }

    synchronized void put(int words, long first) {
        batches[words].push(first);
        available++;
    }

    synchronized long take(int words) {
        Long b = batches[words].poll();
        if (b == null) return 0;
        available--;
        return b;
    }
}
