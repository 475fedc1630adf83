package dev.vx.bench.twins;

/**
 * Twin of bench/programs/lsum.vx: builds the list n-1, ..., 1, 0 of cons cells with a loop,
 * then sums it by non-tail recursion (on a thread with a 2 GiB stack). U32 sum.
 */
public final class ListSum {
    private ListSum() {}

    /** A cons cell. */
    static final class Cons {
        final int head;
        final Cons tail;

        Cons(int head, Cons tail) {
            this.head = head;
            this.tail = tail;
        }
    }

    static Cons gen(long n) {
        Cons acc = null;
        for (int k = 0; k < n; k++) {
            acc = new Cons(k, acc);
        }
        return acc;
    }

    static int lsum(Cons xs) {
        return xs == null ? 0 : xs.head + lsum(xs.tail);
    }

    public static void main(String[] args) {
        long n = Integer.toUnsignedLong(Args.u32(args, 0, 1000000));
        int[] out = new int[1];
        Thread t = new Thread(null, () -> out[0] = lsum(gen(n)), "lsum", 1L << 31);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        System.out.print(Integer.toUnsignedString(out[0]) + "\n");
    }
}
