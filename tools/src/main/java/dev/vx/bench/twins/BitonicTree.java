package dev.vx.bench.twins;

/**
 * A second twin of bench/programs/bitonic.vx that runs the program's own algorithm: the keys in
 * an immutable binary tree, sort / flow / down / warp / join as written there, a new tree at
 * every step (the forks are plain calls). {@link Bitonic} is the twin the benchmark compares
 * against (an in-place sort of an {@code int[]}); this one says how much of the difference is
 * the algorithm and how much the runtime (docs/performance.md). Same output.
 */
public final class BitonicTree {
    private BitonicTree() {}

    /** A tree: a leaf when {@code l == null}. */
    static final class Tree {
        final int key;
        final Tree l;
        final Tree r;

        Tree(int key, Tree l, Tree r) {
            this.key = key;
            this.l = l;
            this.r = r;
        }

        boolean leaf() {
            return l == null;
        }
    }

    static Tree gen(int d, int i) {
        if (d == 0) {
            return new Tree(Bitonic.mix(i), null, null);
        }
        return new Tree(0, gen(d - 1, 2 * i), gen(d - 1, 2 * i + 1));
    }

    static Tree sort(boolean desc, Tree t) {
        if (t.leaf()) {
            return t;
        }
        return flow(desc, new Tree(0, sort(false, t.l), sort(true, t.r)));
    }

    static Tree flow(boolean desc, Tree t) {
        if (t.leaf()) {
            return t;
        }
        return down(desc, warp(desc, t.l, t.r));
    }

    static Tree down(boolean desc, Tree t) {
        if (t.leaf()) {
            return t;
        }
        return new Tree(0, flow(desc, t.l), flow(desc, t.r));
    }

    static Tree warp(boolean desc, Tree a, Tree b) {
        if (a.leaf() && b.leaf()) {
            int x = a.key;
            int y = b.key;
            if ((Integer.compareUnsigned(x, y) > 0) != desc) {
                return new Tree(0, new Tree(y, null, null), new Tree(x, null, null));
            }
            return new Tree(0, new Tree(x, null, null), new Tree(y, null, null));
        }
        if (!a.leaf() && !b.leaf()) {
            return join(warp(desc, a.l, b.l), warp(desc, a.r, b.r));
        }
        return new Tree(0, a, b);
    }

    static Tree join(Tree a, Tree b) {
        if (!a.leaf() && !b.leaf()) {
            return new Tree(0, new Tree(0, a.l, b.l), new Tree(0, a.r, b.r));
        }
        return new Tree(0, a, b);
    }

    /** (ascending so far, last key, checksum) over the leaves from left to right. */
    static final class Check {
        boolean ok = true;
        int last;
        int sum;

        void visit(Tree t) {
            if (t.leaf()) {
                ok = ok && Integer.compareUnsigned(last, t.key) <= 0;
                last = t.key;
                sum = sum * 31 + t.key;
                return;
            }
            visit(t.l);
            visit(t.r);
        }
    }

    public static void main(String[] args) {
        int d = Args.u32(args, 0, 16);
        Check c = new Check();
        c.visit(sort(false, gen(d, 0)));
        System.out.print(c.ok + " " + Integer.toUnsignedString(c.sum) + "\n");
    }
}
