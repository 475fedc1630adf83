package dev.vx.vm.jit;

import dev.vx.vm.ArrayCells;

/**
 * Heap reads of compiled code that skip the JVM's own bounds check where the Vx semantics
 * already guarantee the word is inside the heap array: an array element after the shared
 * index check ({@link ArrayCells#checkIndex}), the element lying inside its array cell,
 * which lies inside the heap. (Verified code only ever holds references to live cells.)
 * In a loop the JVM check cannot be removed by HotSpot, because the index is not the loop's
 * induction variable; without it the loop is about a fifth faster.
 */
public final class JitHeap {
    private JitHeap() {}

    private static final sun.misc.Unsafe U;
    private static final long BASE;
    private static final int SHIFT;

    static {
        try {
            java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            U = (sun.misc.Unsafe) f.get(null);
            BASE = U.arrayBaseOffset(long[].class);
            if (U.arrayIndexScale(long[].class) != 8) throw new ExceptionInInitializerError("long[] elements are not 8 bytes");
            SHIFT = 3;
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@code aget}: {@code a[i]}, with the index error of the shared semantics. */
    public static long aget(long[] h, long a, long i) {
        ArrayCells.checkIndex(h, a, i);
        return U.getLong(h, BASE + ((a + 2 + i) << SHIFT));
    }
}
