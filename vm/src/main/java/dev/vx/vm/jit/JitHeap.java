package dev.vx.vm.jit;

import dev.vx.vm.Allocator;
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

    /** {@code new} of a constructor with one field (keeps generated code small; HotSpot inlines it). */
    public static long new1(Allocator alloc, int ctor, long a) {
        long c = alloc.newCell(ctor, 1);
        alloc.heap().words[(int) c + 1] = a;
        return c;
    }

    public static long new2(Allocator alloc, int ctor, long a, long b) {
        long c = alloc.newCell(ctor, 2);
        long[] h = alloc.heap().words;
        h[(int) c + 1] = a;
        h[(int) c + 2] = b;
        return c;
    }

    public static long new3(Allocator alloc, int ctor, long a, long b, long d) {
        long c = alloc.newCell(ctor, 3);
        long[] h = alloc.heap().words;
        h[(int) c + 1] = a;
        h[(int) c + 2] = b;
        h[(int) c + 3] = d;
        return c;
    }

    public static long new4(Allocator alloc, int ctor, long a, long b, long d, long e) {
        long c = alloc.newCell(ctor, 4);
        long[] h = alloc.heap().words;
        h[(int) c + 1] = a;
        h[(int) c + 2] = b;
        h[(int) c + 3] = d;
        h[(int) c + 4] = e;
        return c;
    }

    /** {@code aget}: {@code a[i]}, with the index error of the shared semantics. */
    public static long aget(long[] h, long a, long i) {
        ArrayCells.checkIndex(h, a, i);
        return U.getLong(h, BASE + ((a + 2 + i) << SHIFT));
    }
}
