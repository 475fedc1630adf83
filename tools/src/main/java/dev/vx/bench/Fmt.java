package dev.vx.bench;

import java.util.Locale;

/** Number formatting of the bench tables: fixed-point, no exponents, locale-independent. */
public final class Fmt {
    private Fmt() {}

    /** Seconds: three significant digits below 0.1 s, 3 decimals below 10 s, 2 below 100 s, else 1. */
    public static String seconds(double s) {
        if (Double.isNaN(s)) return "";
        if (s < 0.1) return sig3(s);
        if (s < 10) return String.format(Locale.ROOT, "%.3f", s);
        if (s < 100) return String.format(Locale.ROOT, "%.2f", s);
        return String.format(Locale.ROOT, "%.1f", s);
    }

    /** A ratio such as {@code 12.3x}: three significant digits below 0.1, 2 decimals below 10, 1 below 100, else none. */
    public static String ratio(double r) {
        if (Double.isNaN(r) || Double.isInfinite(r)) return "";
        if (r < 0.1) return sig3(r) + "x";
        if (r < 10) return String.format(Locale.ROOT, "%.2fx", r);
        if (r < 100) return String.format(Locale.ROOT, "%.1fx", r);
        return String.format(Locale.ROOT, "%.0fx", r);
    }

    /** Three significant digits without an exponent: 0.00223, 0.512, 12.3, 1234. */
    public static String sig3(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return "";
        if (v == 0) return "0";
        double a = Math.abs(v);
        int mag = (int) Math.floor(Math.log10(a));
        int decimals = Math.max(0, 2 - mag);
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        // Rounding may add a digit (9.995 -> 10.00): trim to three significant digits again.
        if (decimals > 0 && Math.abs(Double.parseDouble(s)) >= Math.pow(10, mag + 1)) {
            s = String.format(Locale.ROOT, "%." + (decimals - 1) + "f", v);
        }
        return s;
    }

    /** A whole number with thin grouping: 1234567 -> 1,234,567. */
    public static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }
}
