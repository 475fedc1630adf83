package dev.vx.vm;

import java.util.Arrays;

/** A growable stack of longs: the work lists of freeing, marking and printing (never JVM recursion). */
final class LongStack {
    private long[] items = new long[64];
    private int size;

    void push(long v) {
        if (size == items.length) items = Arrays.copyOf(items, size * 2);
        items[size++] = v;
    }

    long pop() {
        return items[--size];
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }
}
