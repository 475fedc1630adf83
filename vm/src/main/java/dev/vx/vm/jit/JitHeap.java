package dev.vx.vm.jit;

import dev.vx.vm.Allocator;
import dev.vx.vm.ArrayCells;
import dev.vx.vm.Ops;

/**
 * Small heap helpers of compiled code (HotSpot inlines them; they keep the generated methods
 * small): {@code new} of one to four fields, {@code aget} in each register form, and
 * {@code get} of a float field. An element is read after the shared index check
 * ({@link ArrayCells#checkIndex(long[], int, int)}, which HotSpot knows as a range check and
 * moves out of counted loops), straight in the destination's form.
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
        long at = element(h, a, i);
        return LOW_HALF_FIRST ? RAW.getInt(h, at) : (int) RAW.getLong(h, at);
    }

    public static long agetJ(long[] h, int a, int i) {
        return RAW.getLong(h, element(h, a, i));
    }

    public static float agetF(long[] h, int a, int i) {
        long at = element(h, a, i);
        return LOW_HALF_FIRST ? RAW.getFloat(h, at) : Ops.f32(RAW.getLong(h, at));
    }

    public static double agetD(long[] h, int a, int i) {
        return RAW.getDouble(h, element(h, a, i));
    }

    // aget of a half array (Layout.KIND_ARRAY_HALF: Bool, U32, I32, F32 and Unit elements, four
    // bytes each): the int or float at byte 4i of the elements, the JIT's own form of these
    // types (an I32 is its int, so it needs no sign extension).

    public static int agetHI(long[] h, int a, int i) {
        int k = halfIndex(h, a, i);
        return LOW_HALF_FIRST ? RAW.getInt(h, halfElement(a, k)) : ArrayCells.half(h, a, k);
    }

    public static float agetHF(long[] h, int a, int i) {
        int k = halfIndex(h, a, i);
        return LOW_HALF_FIRST ? RAW.getFloat(h, halfElement(a, k)) : Float.intBitsToFloat(ArrayCells.half(h, a, k));
    }

    /** The checked index k of a half array's element i; the whole array within h (see element). */
    private static int halfIndex(long[] h, int a, int i) {
        int k = ArrayCells.checkIndex(h, a, i);
        if (((int) h[a + 1] + 1) >>> 1 > h.length - a - 2) checkInHeap(h, a + 2 + (k >>> 1));
        return k;
    }

    /** The byte offset in h of element k of the half array at a (little-endian: element 2j is word j's low half). */
    private static long halfElement(int a, int k) {
        return LONG_BASE + 16 + ((long) a << 3) + ((long) k << 2);
    }

    /*
     * The byte offset in h of element i of the array at a, after the index check: computed in
     * long arithmetic from the checked index, which HotSpot knows lies in [0, length), so that
     * in a loop over i the address advances by 8 from one element to the next. As an int sum
     * (a + 2 + i) sign-extended at the end, every element took its own adds and extension.
     * Attention K = 4096, one thread, 12 interleaved pairs: median of the fastest 76 -> 67 ms.
     */
    private static long element(long[] h, int a, int i) {
        int k = ArrayCells.checkIndex(h, a, i);
        // The whole array within h, tested on loop invariants (HotSpot moves the test out of a
        // loop over i); only when it fails, the exact test of this element.
        if ((int) h[a + 1] > h.length - a - 2) checkInHeap(h, a + 2 + k);
        return LONG_BASE + 16 + ((long) a << 3) + ((long) k << 3);
    }

    /**
     * Fails unless word {@code word} lies in h. In code the compiler produced it always does (a
     * live cell's word, the heap array current); but the verifier cannot check reference
     * counts, so a crafted module may read through a register whose cell was freed and reused,
     * and then this check, the one an array access makes, keeps the read inside the heap
     * (docs/bytecode.md, section 5), with the interpreter's internal error.
     */
    private static void checkInHeap(long[] h, int word) {
        try {
            java.util.Objects.checkIndex(word, h.length);
        } catch (IndexOutOfBoundsException e) {
            throw new ArrayIndexOutOfBoundsException(e.getMessage());
        }
    }

    // get of an F32 or F64 field (the verifier checked the field index against the cell's
    // constructor): the word read straight into a float register.

    public static float getF(long[] h, int a, int field) {
        long at = field(h, a + 1 + field);
        return LOW_HALF_FIRST ? RAW.getFloat(h, at) : Ops.f32(RAW.getLong(h, at));
    }

    public static double getD(long[] h, int a, int field) {
        return RAW.getDouble(h, field(h, a + 1 + field));
    }

    private static long field(long[] h, int word) {
        checkInHeap(h, word);
        return LONG_BASE + ((long) word << 3);
    }

    /*
     * The elements and fields are read with Unsafe, after the bounds checks above: an F32
     * word holds the float's bits in its low half (Ops.w32), first in memory on a
     * little-endian machine, and a U32, I32 or Bool word its value's; an F64 word is the
     * double. Read as a long and converted, each float took a load into a general register and
     * a move to a vector register.
     */
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
