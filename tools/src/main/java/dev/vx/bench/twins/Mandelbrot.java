package dev.vx.bench.twins;

/** Twin of classic/mandelbrot.vx: escape-time iteration counts, summed; same F64 operation order. */
public final class Mandelbrot {
    private Mandelbrot() {}

    static int iterate(double cr, double ci, int m) {
        double zr = 0.0;
        double zi = 0.0;
        int i = 0;
        while (!(i == m || zr * zr + zi * zi > 4.0)) {
            double nzr = zr * zr - zi * zi + cr;
            double nzi = 2.0 * zr * zi + ci;
            zr = nzr;
            zi = nzi;
            i++;
        }
        return i;
    }

    public static void main(String[] args) {
        int n = Args.u32(args, 0, 256);
        int m = Args.u32(args, 1, 200);
        long total = 0;
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                double cr = -2.0 + (double) x * 3.0 / (double) n;
                double ci = -1.5 + (double) y * 3.0 / (double) n;
                total += Integer.toUnsignedLong(iterate(cr, ci, m));
            }
        }
        System.out.print(Long.toUnsignedString(total) + "\n");
    }
}
