package dev.vx.bench.twins;

/** Twin of stack/fork_spill.vx: pair(n, a, b) = pair(n - 1, a + 1, 3b) + (b ^ a) + a + b, pair(0, a, b) = a ^ b (U32). */
public final class ForkPair {
    private ForkPair() {}

    static int pair(long n, int a, int b) {
        if (n == 0) {
            return a ^ b;
        }
        int x = pair(n - 1, a + 1, b * 3);
        int y = b ^ a;
        return x + y + a + b;
    }

    public static void main(String[] args) {
        long n = Integer.toUnsignedLong(Args.u32(args, 0, 1000));
        int[] out = new int[1];
        Thread t = new Thread(null, () -> out[0] = pair(n, 1, 2), "pair", 1L << 30);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        System.out.print(Integer.toUnsignedString(out[0]) + "\n");
    }
}
