package dev.vx.vm;

import dev.vx.bytecode.Layout;

/**
 * Array cells: a header (kind ARRAY_HALF, ARRAY_SCALAR or ARRAY_REF), a length word and the
 * elements: scalars of 32 bits or fewer two to a word (Layout.KIND_ARRAY_HALF), other scalars
 * one to a word, unboxed; reference elements are counted references, one to a word. The
 * unused half of a half array's last word is zero.
 */
public final class ArrayCells {
    private ArrayCells() {}

    private static final long LOW = 0xFFFF_FFFFL;

    /** {@code n} copies of {@code v} (consumed) in a new array of kind {@code kind}. */
    public static long fill(Allocator alloc, long n, long v, int kind) {
        if (n > Integer.MAX_VALUE - 16) {
            long payload = kind == Layout.KIND_ARRAY_HALF ? (n + 1) >>> 1 : n;
            throw new OutOfHeap(alloc.heap().capacityBytes(), 8 * (alloc.heap().topWords() + 2 + payload));
        }
        int len = (int) n;
        int words = Layout.arrayPayload(kind, len);
        long a = alloc.newVariable(kind, len, words);
        long[] h = alloc.heap().words;
        boolean half = kind == Layout.KIND_ARRAY_HALF;
        java.util.Arrays.fill(h, (int) a + 2, (int) a + 2 + words, half ? (v & LOW) | v << 32 : v);
        if (half && (len & 1) != 0) h[(int) a + 1 + words] = v & LOW;
        if (kind == Layout.KIND_ARRAY_REF) {
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

    /** {@code a[i]} of a one-word-element array (borrowed, not duplicated); the index error unless {@code i < length}. */
    public static long get(long[] h, long a, long i) {
        checkIndex(h, a, i);
        return h[(int) (a + 2 + i)];
    }

    /** {@code a[i]} of a half array, zero-extended (Bool, U32, F32, Unit); the index error unless {@code i < length}. */
    public static long getHalf(long[] h, long a, long i) {
        checkIndex(h, a, i);
        return half(h, a, i) & LOW;
    }

    /** {@code a[i]} of a half array of I32, sign-extended; the index error unless {@code i < length}. */
    public static long getHalfSigned(long[] h, long a, long i) {
        checkIndex(h, a, i);
        return half(h, a, i);
    }

    /** Element i (below the length) of any array at a, in its word form; {@code i32}: its elements are I32. */
    public static long element(long[] h, long a, long i, boolean i32) {
        if (Layout.ctor(h[(int) a]) != Layout.KIND_ARRAY_HALF) return h[(int) (a + 2 + i)];
        int v = half(h, a, i);
        return i32 ? v : v & LOW;
    }

    /** Element i of the half array at a, as an int (the JIT's form of its 32-bit scalars). */
    public static int half(long[] h, long a, long i) {
        return (int) (h[(int) (a + 2 + (i >>> 1))] >>> ((i & 1) << 5));
    }

    /** Writes the low 32 bits of v as element i of the half array at a. */
    private static void setHalf(long[] h, long a, long i, long v) {
        int at = (int) (a + 2 + (i >>> 1));
        int shift = (int) (i & 1) << 5;
        h[at] = h[at] & ~(LOW << shift) | (v & LOW) << shift;
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
        int kind = Layout.ctor(hd);
        boolean refs = kind == Layout.KIND_ARRAY_REF;
        long rc = hd >> 32;
        if (a >= Layout.HEAP_BASE && (rc == 1 || rc == -1)) { // alloc.isUnique(a), from the header read here
            if (kind == Layout.KIND_ARRAY_HALF) {
                setHalf(h, a, i, v);
                return a;
            }
            // A shared array (marked by a fork, now held once) must only reach shared cells:
            // another fork passing it on stops its marking walk at the array.
            if (rc < 0 && refs) alloc.markShared(v);
            int at = (int) (a + 2 + i);
            long old = h[at];
            h[at] = v;
            if (refs) Allocator.drop(alloc, h, old);
            return a;
        }
        long b = copy(alloc, a, 0, (int) len, kind, (int) i);
        h = alloc.heap().words;
        if (kind == Layout.KIND_ARRAY_HALF) setHalf(h, b, i, v);
        else h[(int) (b + 2 + i)] = v;
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
        return copy(alloc, a, (int) from, (int) (to - from), Layout.ctor(h[(int) a]), -1);
    }

    /**
     * A new array of kind {@code kind} holding the {@code n} elements of {@code a} from
     * {@code from}, duplicating references except at index {@code skip}.
     */
    private static long copy(Allocator alloc, long a, int from, int n, int kind, int skip) {
        int words = Layout.arrayPayload(kind, n);
        long b = alloc.newVariable(kind, n, words);
        long[] h = alloc.heap().words;
        if (kind != Layout.KIND_ARRAY_HALF) {
            System.arraycopy(h, (int) a + 2 + from, h, (int) b + 2, n);
        } else if ((from & 1) == 0) {
            System.arraycopy(h, (int) a + 2 + (from >>> 1), h, (int) b + 2, words);
            if ((n & 1) != 0) h[(int) b + 1 + words] &= LOW; // the unused half stays zero
        } else {
            for (int k = 0; k < words; k++) {
                int at = (int) a + 2 + ((from + 2 * k) >>> 1); // elements from + 2k (high half) and from + 2k + 1
                long hi = 2 * k + 1 < n ? h[at + 1] << 32 : 0;
                h[(int) b + 2 + k] = h[at] >>> 32 | hi;
            }
        }
        if (kind == Layout.KIND_ARRAY_REF) {
            for (int k = 0; k < n; k++) if (k != skip) alloc.dup(h[(int) b + 2 + k]);
        }
        return b;
    }
}
