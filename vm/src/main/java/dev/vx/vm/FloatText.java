package dev.vx.vm;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Text of floats, exactly as LANGUAGE §6 specifies: {@code show} gives the fewest significant
 * digits that read back to the same value at the type's precision (the closest such decimal),
 * in plain notation when 1e-3 <= |x| < 1e7 and as {@code d.ddde<exp>} otherwise;
 * {@code fmt} gives exactly d digits after the point, rounding the exact binary value half to
 * even; {@code parse} reads the whole string or nothing.
 */
public final class FloatText {
    private FloatText() {}

    public static String showF64(double x) {
        String special = special(x);
        if (special != null) return special;
        return layout(x < 0 || isNegativeZero(x), ShortestDecimal.of(Math.abs(x), false));
    }

    public static String showF32(float x) {
        String special = special(x);
        if (special != null) return special;
        return layout(x < 0 || isNegativeZero(x), ShortestDecimal.of(Math.abs((double) x), true));
    }

    private static String special(double x) {
        if (Double.isNaN(x)) return "NaN";
        if (Double.isInfinite(x)) return x > 0 ? "Infinity" : "-Infinity";
        if (x == 0) return isNegativeZero(x) ? "-0.0" : "0.0";
        return null;
    }

    private static boolean isNegativeZero(double x) {
        return Double.doubleToRawLongBits(x) == Long.MIN_VALUE;
    }

    private static String layout(boolean negative, ShortestDecimal.Decimal d) {
        String digits = Long.toString(d.digits());
        int exponent = digits.length() - 1 + d.exponent(); // of the first digit
        StringBuilder sb = new StringBuilder();
        if (negative) sb.append('-');
        if (exponent >= -3 && exponent < 7) {
            if (exponent < 0) {
                sb.append("0.");
                sb.append("0".repeat(-exponent - 1));
                sb.append(digits);
            } else if (digits.length() <= exponent + 1) {
                sb.append(digits).append("0".repeat(exponent + 1 - digits.length())).append(".0");
            } else {
                sb.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length());
            }
        } else {
            sb.append(digits.charAt(0)).append('.');
            sb.append(digits.length() > 1 ? digits.substring(1) : "0");
            sb.append('e').append(exponent);
        }
        return sb.toString();
    }

    /**
     * Digits after the point that write every double exactly (2^-1074 has 1074 of them); any
     * further digit is a 0.
     */
    private static final int EXACT_DIGITS = 1074;

    public static String fmt(double x, boolean negative, long digits) {
        if (Double.isNaN(x) || Double.isInfinite(x)) return special(x);
        int exact = (int) Math.min(digits, EXACT_DIGITS);
        String s = new BigDecimal(x).setScale(exact, RoundingMode.HALF_EVEN).toPlainString();
        if (negative && !s.startsWith("-")) s = "-" + s;
        long zeros = digits - exact;
        if (zeros == 0) return s;
        if (s.length() + zeros > Strings.MAX_BYTES) {
            throw new VmError("fmt: " + digits + " digits after the point make a string too long");
        }
        return s + "0".repeat((int) zeros);
    }

    public static String fmtF64(double x, long digits) {
        return fmt(x, x < 0 || isNegativeZero(x), digits);
    }

    public static String fmtF32(float x, long digits) {
        return fmt(x, x < 0 || isNegativeZero(x), digits);
    }

    /** A float literal per LANGUAGE §6 ({@code -?d+(.d+)?(e-?d+)?}, NaN, Infinity, -Infinity), or null. */
    public static String validFloat(String s) {
        if (s.equals("NaN") || s.equals("Infinity") || s.equals("-Infinity")) return s;
        int i = 0;
        int n = s.length();
        if (i < n && s.charAt(i) == '-') i++;
        int start = i;
        while (i < n && isDigit(s.charAt(i))) i++;
        if (i == start) return null;
        if (i < n && s.charAt(i) == '.') {
            int f = ++i;
            while (i < n && isDigit(s.charAt(i))) i++;
            if (i == f) return null;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && s.charAt(i) == '-') i++;
            int e = i;
            while (i < n && isDigit(s.charAt(i))) i++;
            if (i == e) return null;
        }
        return i == n ? s : null;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
