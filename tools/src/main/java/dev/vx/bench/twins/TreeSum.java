package dev.vx.bench.twins;

/** Twin of classic/tree_sum.vx and bench/programs/tree_sum.vx: build a complete tree, then sum it (U32). */
public final class TreeSum {
    private TreeSum() {}

    /** A tree node: a leaf when {@code l == null}. */
    static final class Tree {
        final int x;
        final Tree l;
        final Tree r;

        Tree(int x, Tree l, Tree r) {
            this.x = x;
            this.l = l;
            this.r = r;
        }
    }

    static Tree build(int d, int i) {
        if (d == 0) {
            return new Tree(i, null, null);
        }
        return new Tree(0, build(d - 1, 2 * i), build(d - 1, 2 * i + 1));
    }

    static int total(Tree t) {
        return t.l == null ? t.x : total(t.l) + total(t.r);
    }

    public static void main(String[] args) {
        int d = Args.u32(args, 0, 22);
        System.out.print(Integer.toUnsignedString(total(build(d, 0))) + "\n");
    }
}
