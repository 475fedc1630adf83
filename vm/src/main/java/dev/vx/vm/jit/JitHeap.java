package dev.vx.vm.jit;

import dev.vx.vm.Allocator;
import dev.vx.vm.ArrayCells;
import dev.vx.vm.Ops;

/**
 * Small heap helpers of compiled code (HotSpot inlines them; they keep the generated methods
 * small): {@code new} of one to four fields, {@code aget} in each register form, and
 * {@code get} of a float field. An integer element read is a plain array access after the
 * shared index check ({@link ArrayCells#checkIndex(long[], int, int)}); with int indices,
 * HotSpot removes both checks from counted loops (the Vx check is a range check it knows, and
 * the JVM's follows from it). Float words are read straight as floats ({@code wordF}).
 */
public final class JitHeap {
    private JitHeap() {}

    /** {@code new} of a constructor with one field (keeps generated code small; HotSpot inlines it). */
    public static long new1(Allocator alloc, int ctor, long a) {
        return alloc.new1(ctor, a);
    }

    public static long new2(Allocator alloc, int ctor, long a, long b) {
        return alloc.new2(ctor, a, b);
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

    // aget: a[i] in the destination register's form, after the shared index check (an
    // array's length is below 2^31, and its elements lie inside its cell, inside the heap).

    public static int agetI(long[] h, int a, int i) {
        return (int) h[a + 2 + ArrayCells.checkIndex(h, a, i)];
    }

    public static long agetJ(long[] h, int a, int i) {
        return h[a + 2 + ArrayCells.checkIndex(h, a, i)];
    }

    public static float agetF(long[] h, int a, int i) {
        return wordF(h, a + 2 + ArrayCells.checkIndex(h, a, i));
    }

    public static double agetD(long[] h, int a, int i) {
        return wordD(h, a + 2 + ArrayCells.checkIndex(h, a, i));
    }

    // get of an F32 or F64 field (the verifier checked the field index against the cell's
    // constructor): the word read straight into a float register.

    public static float getF(long[] h, int a, int field) {
        return wordF(h, a + 1 + field);
    }

    public static double getD(long[] h, int a, int field) {
        return wordD(h, a + 1 + field);
    }

    /*
     * An F32 word holds the float's bits in its low half (Ops.w32), an F64 word the double's
     * bits. Read as a long and converted, each costs a load into a general register and a move
     * to a vector register; read as a float (the low half comes first in memory on a
     * little-endian machine) or as a double, the load goes straight to the vector register, or
     * into the arithmetic instruction that uses it. The address lies inside the heap: callers
     * pass the index of a word of a live cell (an element after the index check, a verified
     * field), so the JVM's bounds check, which this read does not make, could not fail.
     */
    private static float wordF(long[] h, int at) {
        if (LOW_HALF_FIRST) return RAW.getFloat(h, LONG_BASE + ((long) at << 3));
        return Ops.f32(h[at]);
    }

    private static double wordD(long[] h, int at) {
        return RAW.getDouble(h, LONG_BASE + ((long) at << 3));
    }

    private static final boolean LOW_HALF_FIRST =
            java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
    private static final sun.misc.Unsafe RAW;
    private static final long LONG_BASE;

    static {
        try {
            java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            RAW = (sun.misc.Unsafe) f.get(null);
            LONG_BASE = RAW.arrayBaseOffset(long[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
