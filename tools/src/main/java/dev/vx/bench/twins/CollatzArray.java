package dev.vx.bench.twins;

/** Twin of parallel/array_gen_job.vx: Collatz step counts of 1 .. n, their sum, the first start with the longest chain. */
public final class CollatzArray {
    private CollatzArray() {}

    static int steps(long x) {
        int acc = 0;
        while (Long.compareUnsigned(x, 1) > 0) {
            x = x % 2 == 0 ? x / 2 : 3 * x + 1;
            acc++;
        }
        return acc;
    }

    public static void main(String[] args) {
        int n = Args.u32(args, 0, 3000);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = steps(i + 1L);
        }
        int total = 0;
        int bi = 0;
        int bv = 0;
        for (int i = 0; i < n; i++) {
            total += a[i];
            if (Integer.compareUnsigned(a[i], bv) > 0) {
                bi = i;
                bv = a[i];
            }
        }
        System.out.print(Integer.toUnsignedString(total) + " " + Integer.toUnsignedString(bi + 1) + " " + Integer.toUnsignedString(bv) + "\n");
    }
}
