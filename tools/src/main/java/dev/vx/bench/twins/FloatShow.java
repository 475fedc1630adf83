package dev.vx.bench.twins;

import java.util.ArrayList;
import java.util.List;

/** Twin of numbers/float_show.vx: the same values computed in double / float, shown with VxFormat. */
public final class FloatShow {
    private FloatShow() {}

    static String d(double... xs) {
        List<String> out = new ArrayList<>();
        for (double x : xs) {
            out.add(VxFormat.showF64(x));
        }
        return String.join(" ", out);
    }

    static String f(float... xs) {
        List<String> out = new ArrayList<>();
        for (float x : xs) {
            out.add(VxFormat.showF32(x));
        }
        return String.join(" ", out);
    }

    public static void main(String[] args) {
        double z = 0.0;
        StringBuilder sb = new StringBuilder();
        sb.append(d(0.1 + 0.2, 1e7, 9999999.0, 1234567.0, 0.001, 0.00099, 1e-7, 1.25e10)).append('\n');
        sb.append(d(-0.0, z, z / z, 1.0 / z, -1.0 / z, 5e-324, 1.7976931348623157e308, 2.2250738585072014e-308)).append('\n');
        sb.append(d(100.0, 1.0 / 3.0, 2.0 / 3.0, 123456.789, 5.115, -42.0, 1e21, 1e22, 9007199254740992.0, 0.5e-3)).append('\n');
        sb.append(f(0.1f, 1.0f / 3.0f, 16777216.0f, 3.4028235e38f, 1e-45f, 1.17549435e-38f, 1411309.75f, 0.001f)).append('\n');
        sb.append(f(9999999.0f, 1e7f, -0.0f, 5.115f, 0.3f, 0.1f + 0.2f, 100.0f / 3.0f, 2.5e-5f, 123456789.0f)).append('\n');
        System.out.print(sb);
    }
}
