package dev.vx.bench.twins;

/** Twin of classic/radix_sort.vx: LSD radix sort, 8-bit digits, count / offsets / scatter. */
public final class RadixSort {
    private RadixSort() {}

    static int mix(int x) {
        int y = x * (int) 2654435761L;
        return y ^ (y >>> 15);
    }

    static int[] pass(int[] a, int shift) {
        int[] c = new int[256];
        for (int x : a) {
            c[(x >>> shift) & 0xFF]++;
        }
        int acc = 0;
        for (int i = 0; i < 256; i++) {
            int n = c[i];
            c[i] = acc;
            acc += n;
        }
        int[] out = new int[a.length];
        for (int x : a) {
            out[c[(x >>> shift) & 0xFF]++] = x;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Args.u32(args, 0, 100000);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = mix(i);
        }
        a = pass(pass(pass(pass(a, 0), 8), 16), 24);
        boolean ok = true;
        int sum = 0;
        for (int i = 0; i < n; i++) {
            ok = ok && (i == 0 || Integer.compareUnsigned(a[i - 1], a[i]) <= 0);
            sum = sum * 31 + a[i];
        }
        System.out.print(ok + " " + Integer.toUnsignedString(sum) + "\n");
    }
}
