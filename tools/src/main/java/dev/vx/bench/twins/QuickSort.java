package dev.vx.bench.twins;

/**
 * Twin of classic/quicksort.vx: quicksort with the first element as the pivot, keys
 * below it to the left, the others to the right (here in place, with a scratch array so
 * both sides keep their order as List.filter does).
 */
public final class QuickSort {
    private QuickSort() {}

    static int mix(int x) {
        int y = x * (int) 2654435761L;
        return y ^ (y >>> 15);
    }

    static void qsort(int[] a, int[] tmp, int lo, int hi) {
        if (hi - lo <= 1) {
            return;
        }
        int p = a[lo];
        int nlo = 0;
        int nhi = 0;
        for (int i = lo + 1; i < hi; i++) {
            if (Integer.compareUnsigned(a[i], p) < 0) {
                a[lo + nlo++] = a[i];
            } else {
                tmp[nhi++] = a[i];
            }
        }
        a[lo + nlo] = p;
        System.arraycopy(tmp, 0, a, lo + nlo + 1, nhi);
        qsort(a, tmp, lo, lo + nlo);
        qsort(a, tmp, lo + nlo + 1, hi);
    }

    public static void main(String[] args) {
        int n = Args.u32(args, 0, 100000);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = mix(i);
        }
        qsort(a, new int[n], 0, n);
        boolean ok = true;
        int last = 0;
        int sum = 0;
        for (int x : a) {
            ok = ok && Integer.compareUnsigned(last, x) <= 0;
            last = x;
            sum = sum * 31 + x;
        }
        System.out.print(ok + " " + Integer.toUnsignedString(sum) + "\n");
    }
}
