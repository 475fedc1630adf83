package dev.vx.bench.twins;

/**
 * Twin of stack/fill_depth_loop*.vx and bench/programs/fill_depth*.vx: {@code depth} levels
 * of a 1-word-per-level recursion, then {@code calls} non-tail calls of a leaf at that depth.
 * Prints the leaf loop's checksum (acc * 31 + k for k = calls .. 1, U32) plus the depth.
 */
public final class FillDepth {
    private FillDepth() {}

    static long step(long s) {
        long k = s >>> 32;
        long acc = s & 0xFFFFFFFFL;
        return ((k - 1) << 32) | ((acc * 31 + k) & 0xFFFFFFFFL);
    }

    static long spin(long s) {
        while (s >>> 32 != 0) {
            s = step(s);
        }
        return s;
    }

    static long fill(long n, long s) {
        return n == 0 ? spin(s) : fill(n - 1, s) + 1;
    }

    public static void main(String[] args) {
        long depth = Integer.toUnsignedLong(Args.u32(args, 0, 2045));
        long calls = Integer.toUnsignedLong(Args.u32(args, 1, 100000));
        long[] out = new long[1];
        Thread t = new Thread(null, () -> out[0] = fill(depth, calls << 32), "fill", 1L << 30);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        System.out.print(Long.toUnsignedString(out[0]) + "\n");
    }
}
