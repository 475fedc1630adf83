package dev.vx.vm;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Atomic updates of heap words, for the headers of cells shared between lanes. */
final class Atomics {
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private Atomics() {}

    /** Adds {@code delta} to {@code h[i]} atomically and returns the new value. */
    static long addHeader(long[] h, int i, long delta) {
        return (long) LONGS.getAndAdd(h, i, delta) + delta;
    }
}
