package dev.vx.vm.jit;

import dev.vx.vm.Allocator;
import dev.vx.vm.ArrayCells;
import dev.vx.vm.Ops;

/**
 * Small heap helpers of compiled code (HotSpot inlines them; they keep the generated methods
 * small): {@code new} of one to four fields, and {@code aget} in each register form. The
 * element read is a plain array access after the shared index check
 * ({@link ArrayCells#checkIndex(long[], int, int)}); with int indices, HotSpot removes both
 * checks from counted loops (the Vx check is a range check it knows, and the JVM's follows
 * from it).
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
        return Ops.f32(h[a + 2 + ArrayCells.checkIndex(h, a, i)]);
    }

    public static double agetD(long[] h, int a, int i) {
        return Ops.f64(h[a + 2 + ArrayCells.checkIndex(h, a, i)]);
    }
}
