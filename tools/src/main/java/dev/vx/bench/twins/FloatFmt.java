package dev.vx.bench.twins;

/** Twin of numbers/float_fmt.vx: the same values formatted with VxFormat.fmtF64 / fmtF32. */
public final class FloatFmt {
    private FloatFmt() {}

    static String d(double x, int digits) {
        return VxFormat.fmtF64(x, digits);
    }

    static String f(float x, int digits) {
        return VxFormat.fmtF32(x, digits);
    }

    public static void main(String[] args) {
        double z = 0.0;
        StringBuilder sb = new StringBuilder();
        sb.append(String.join(" ", d(0.125, 2), d(0.375, 2), d(2.5, 0), d(3.5, 0), d(-2.5, 0), d(0.5, 0), d(1.5, 0))).append('\n');
        sb.append(String.join(" ", d(1.005, 2), d(1.015, 2), d(-0.001, 2), d(0.0, 3), d(-0.0, 1), d(123.456, 0), d(2.0 / 3.0, 5))).append('\n');
        sb.append(String.join(" ", d(1e21, 2), d(1.0, 20), d(0.1, 20), d(z / z, 3), d(1.0 / z, 2), d(-1.0 / z, 0))).append('\n');
        sb.append(String.join(" ", f(0.1f, 10), f(5.115f, 3), f(5.115f, 2), f(2.5f, 0), f(16777217.0f, 1), f(-0.0001f, 3), f(1.0f / 3.0f, 9))).append('\n');
        sb.append(String.join(" ", d(5e-324, 1080), String.valueOf(d(1.0, 5000).length()), String.valueOf(f(-1.5f, 100000).length()))).append('\n');
        System.out.print(sb);
    }
}
