package dev.vx.vm;

import dev.vx.bytecode.Layout;

/**
 * Array cells: a header (kind ARRAY_SCALAR or ARRAY_REF), a length word and one word per
 * element. Scalar elements are stored unboxed; reference elements are counted references.
 */
public final class ArrayCells {
    private ArrayCells() {}

    /** {@code n} copies of {@code v} (consumed). */
    public static long fill(Allocator alloc, long n, long v, boolean refs) {
        if (n > Integer.MAX_VALUE - 16) throw new OutOfHeap(alloc.heap().capacityBytes());
        int len = (int) n;
        long a = alloc.newVariable(refs ? Layout.KIND_ARRAY_REF : Layout.KIND_ARRAY_SCALAR, len, len);
        long[] h = alloc.heap().words;
        java.util.Arrays.fill(h, (int) a + 2, (int) a + 2 + len, v);
        if (refs) {
            if (len == 0) alloc.drop(v);
            else alloc.dupMany(v, len - 1L);
        }
        return a;
    }

    /** The index error unless {@code i} is below the length of array {@code a}. */
    public static void checkIndex(long[] h, long a, long i) {
        long len = h[(int) a + 1];
        if (i >= len) throw Ops.indexOutOfRange(i, len);
    }

    /**
     * {@link #checkIndex(long[], long, long)} for an array address and a U32 index in int form
     * (the JIT's registers: {@code i} holds the index's 32 bits); returns the index. The test
     * is {@link java.util.Objects#checkIndex}, which HotSpot knows as a range check: in a
     * counted loop it moves it out of the loop like the JVM's own array bounds checks. An
     * index of 2^31 or more is negative as an int, and out of range for any array.
     */
    public static int checkIndex(long[] h, int a, int i) {
        int len = (int) h[a + 1];
        try {
            return java.util.Objects.checkIndex(i, len);
        } catch (IndexOutOfBoundsException e) {
            throw Ops.indexOutOfRange(Ops.u32(i), len);
        }
    }

    /** {@code a[i]} (borrowed, not duplicated); the index error unless {@code i < length}. */
    public static long get(long[] h, long a, long i) {
        checkIndex(h, a, i);
        return h[(int) (a + 2 + i)];
    }

    /**
     * {@code a[i]} as an owned reference ({@code atake}; {@code a} borrowed, its elements
     * references): when {@code a} is unique the element moves out and its slot holds a hole,
     * the immediate 0, which the {@code aset} of the same index that the compiler puts after
     * it fills before anything reads the slot; otherwise the element is duplicated and {@code
     * a} unchanged. So a unique element of a unique array stays unique while it is updated.
     * A hole is an immediate: counting, freeing and copying the array pass over it.
     */
    public static long take(Allocator alloc, long a, long i) {
        long[] h = alloc.heap().words;
        checkIndex(h, a, i);
        int at = (int) (a + 2 + i);
        long v = h[at];
        long rc = h[(int) a] >> 32;
        if (rc == 1 || rc == -1) { // alloc.isUnique(a), from the header read here
            h[at] = 0;
        } else if (!Allocator.dupFast(h, v)) {
            alloc.dup(v);
        }
        return v;
    }

    /** {@code a} with element {@code i} set to {@code v}; consumes {@code a} and {@code v}; in place when unique. */
    public static long set(Allocator alloc, long a, long i, long v) {
        long[] h = alloc.heap().words;
        long len = h[(int) a + 1];
        if (i >= len) throw Ops.indexOutOfRange(i, len);
        long hd = h[(int) a];
        boolean refs = Layout.ctor(hd) == Layout.KIND_ARRAY_REF;
        int at = (int) (a + 2 + i);
        long rc = hd >> 32;
        if (a >= Layout.HEAP_BASE && (rc == 1 || rc == -1)) { // alloc.isUnique(a), from the header read here
            // A shared array (marked by a fork, now held once) must only reach shared cells:
            // another fork passing it on stops its marking walk at the array.
            if (rc < 0 && refs) alloc.markShared(v);
            long old = h[at];
            h[at] = v;
            if (refs) Allocator.drop(alloc, h, old);
            return a;
        }
        long b = copy(alloc, a, 0, (int) len, refs, (int) i);
        h = alloc.heap().words;
        h[(int) (b + 2 + i)] = v;
        alloc.drop(a);
        return b;
    }

    /** A new array of {@code a[from .. to-1]} ({@code a} borrowed). */
    public static long slice(Allocator alloc, long a, long from, long to) {
        long[] h = alloc.heap().words;
        long len = h[(int) a + 1];
        if (from > to || to > len) {
            throw new VmError("Array.slice: range " + from + " .. " + to + " out of range for length " + len);
        }
        boolean refs = Layout.ctor(h[(int) a]) == Layout.KIND_ARRAY_REF;
        return copy(alloc, a, (int) from, (int) (to - from), refs, -1);
    }

    /** Copies {@code n} elements from {@code from}, duplicating references except at index {@code skip}. */
    private static long copy(Allocator alloc, long a, int from, int n, boolean refs, int skip) {
        long b = alloc.newVariable(refs ? Layout.KIND_ARRAY_REF : Layout.KIND_ARRAY_SCALAR, n, n);
        long[] h = alloc.heap().words;
        System.arraycopy(h, (int) a + 2 + from, h, (int) b + 2, n);
        if (refs) {
            for (int k = 0; k < n; k++) if (k != skip) alloc.dup(h[(int) b + 2 + k]);
        }
        return b;
    }
}
