package dev.vx.bench.twins;

/**
 * Twin of classic/bitonic.vx and bench/programs/bitonic.vx: the same bitonic network
 * (sort the halves in opposite directions, then half-clean and recurse) on an int array.
 */
public final class Bitonic {
    private Bitonic() {}

    static int mix(int x) {
        int y = x * (int) 2654435761L;
        return y ^ (y >>> 15);
    }

    static void sort(int[] a, int lo, int n, boolean desc) {
        if (n == 1) {
            return;
        }
        int h = n / 2;
        sort(a, lo, h, false);
        sort(a, lo + h, h, true);
        flow(a, lo, n, desc);
    }

    static void flow(int[] a, int lo, int n, boolean desc) {
        if (n == 1) {
            return;
        }
        int h = n / 2;
        for (int i = lo; i < lo + h; i++) {
            int x = a[i];
            int y = a[i + h];
            if ((Integer.compareUnsigned(x, y) > 0) != desc) {
                a[i] = y;
                a[i + h] = x;
            }
        }
        flow(a, lo, h, desc);
        flow(a, lo + h, h, desc);
    }

    public static void main(String[] args) {
        int d = Args.u32(args, 0, 16);
        int n = 1 << d;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = mix(i);
        }
        sort(a, 0, n, false);
        boolean ok = true;
        int last = 0;
        int sum = 0;
        for (int k : a) {
            ok = ok && Integer.compareUnsigned(last, k) <= 0;
            last = k;
            sum = sum * 31 + k;
        }
        System.out.print(ok + " " + Integer.toUnsignedString(sum) + "\n");
    }
}
