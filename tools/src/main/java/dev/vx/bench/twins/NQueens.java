package dev.vx.bench.twins;

/** Twin of classic/nqueens.vx: bit-mask n-queens, counting solutions. */
public final class NQueens {
    private NQueens() {}

    static int solve(int n, int row, int cols, int d1, int d2) {
        if (row == n) {
            return 1;
        }
        int free = ((1 << n) - 1) & ~(cols | d1 | d2);
        int acc = 0;
        while (free != 0) {
            int bit = free & -free;
            acc += solve(n, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >>> 1);
            free &= free - 1;
        }
        return acc;
    }

    public static void main(String[] args) {
        int n = Args.u32(args, 0, 12);
        int total = 0;
        if (n == 0) {
            total = 1;
        } else {
            for (int c = 0; c < n; c++) {
                int bit = 1 << c;
                total += solve(n, 1, bit, bit << 1, bit >>> 1);
            }
        }
        System.out.print(Integer.toUnsignedString(total) + "\n");
    }
}
