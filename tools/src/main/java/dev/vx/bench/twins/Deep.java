package dev.vx.bench.twins;

/** Twin of bench/programs/deep.vx: deep(n) = deep(n - 1) + 1 by plain recursion (on a thread with a 2 GiB stack). */
public final class Deep {
    private Deep() {}

    static int deep(long n) {
        return n == 0 ? 0 : deep(n - 1) + 1;
    }

    public static void main(String[] args) {
        long n = Integer.toUnsignedLong(Args.u32(args, 0, 1000000));
        int[] out = new int[1];
        Thread t = new Thread(null, () -> out[0] = deep(n), "deep", 1L << 31);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        System.out.print(Integer.toUnsignedString(out[0]) + "\n");
    }
}
