package dev.vx.vm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Batches of free small cells moving between workers (see {@link Allocator}): each a list
 * linked through the cells' second words, kept as its first and last cell.
 */
public final class SharedPool {
    @SuppressWarnings("unchecked")
    private final ArrayDeque<long[]>[] batches = new ArrayDeque[Allocator.SMALL_MAX + 1];
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

    synchronized void put(int words, long first, long last) {
        batches[words].push(new long[] {first, last});
        available++;
    }

    /** The batches of {@code words}-word cells now in the pool, as {@code {first, last}} (for tests). */
    synchronized List<long[]> batches(int words) {
        return new ArrayList<>(batches[words]);
    }

    /** A batch as {@code {first, last}}, or null. */
    synchronized long[] take(int words) {
        long[] b = batches[words].poll();
        if (b != null) available--;
        return b;
    }
}
