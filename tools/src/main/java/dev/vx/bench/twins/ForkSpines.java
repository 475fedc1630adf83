package dev.vx.bench.twins;

/**
 * Twin of parallel/unbalanced_spines.vx: spines of fork levels, each level adding a
 * depth-3 leaf, each spine ending in a depth-d leaf; leaf(n, k) is the XOR of the n + 1
 * values k, f(k), f(f(k)), ... with f(k) = k * 1664525 + 1013904223 (U32).
 */
public final class ForkSpines {
    private ForkSpines() {}

    static int work(long n, int k) {
        int acc = 0;
        for (long i = 0; i < n; i++) {
            acc ^= k;
            k = k * 1664525 + 1013904223;
        }
        return acc ^ k;
    }

    static int spine(long n, long d, int k) {
        int sum = 0;
        for (long i = 0; i < n; i++) {
            sum += work(3, k);
            k = k + 1;
        }
        return sum + work(d, k);
    }

    public static void main(String[] args) {
        long d = args.length > 0 ? Integer.toUnsignedLong(Args.u32(args, 0, 800)) : 800;
        long[] spines;
        if (args.length <= 1) {
            spines = new long[] {365, 3};
        } else {
            spines = new long[args.length - 1];
            for (int i = 1; i < args.length; i++) {
                spines[i - 1] = Integer.toUnsignedLong(Args.u32(args, i, 0));
            }
        }
        int total = 0;
        int k = 1;
        for (long s : spines) {
            total += spine(s, d, k);
            k += 1000;
        }
        System.out.print(Integer.toUnsignedString(total) + "\n");
    }
}
