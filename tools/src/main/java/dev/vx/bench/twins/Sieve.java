package dev.vx.bench.twins;

/** Twin of classic/sieve.vx: sieve of Eratosthenes; prints the count and the sum of the primes <= n. */
public final class Sieve {
    private Sieve() {}

    public static void main(String[] args) {
        int n = Args.u32(args, 0, 1000000);
        boolean[] a = new boolean[n + 2];
        java.util.Arrays.fill(a, true);
        a[0] = false;
        a[1] = false;
        for (int i = 2; i * i <= n; i++) {
            if (a[i]) {
                for (int j = i * i; j <= n; j += i) {
                    a[j] = false;
                }
            }
        }
        int count = 0;
        long sum = 0;
        for (int i = 2; i <= n; i++) {
            if (a[i]) {
                count++;
                sum += i;
            }
        }
        System.out.print(count + " " + Long.toUnsignedString(sum) + "\n");
    }
}
