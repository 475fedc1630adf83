package dev.vx.bench.twins;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Vx's number formatting, for the twins: {@code F32.show}/{@code F64.show} (the fewest
 * significant digits that read back to the same value at the type's precision, the closest
 * such decimal; plain notation when 1e-3 <= |x| < 1e7, else {@code d.ddde<exp>}) and
 * {@code F32.fmt}/{@code F64.fmt} (exactly d digits after the point, rounding the exact
 * binary value half to even, the sign kept when the result rounds to zero).
 *
 * <p>"Reads back" is decided exactly, without a decimal parser: a decimal reads back to x
 * when it lies strictly inside x's rounding interval, or on its boundary when x's
 * significand is even (round half to even).
 */
public final class VxFormat {
    private VxFormat() {}

    private static final BigDecimal LOW = new BigDecimal("0.001");
    private static final BigDecimal HIGH = new BigDecimal("10000000");
    private static final BigDecimal TWO = BigDecimal.valueOf(2);

    public static String showF64(double x) {
        return show(x, false);
    }

    public static String showF32(float x) {
        return show(x, true);
    }

    public static String fmtF64(double x, int digits) {
        return fmt(x, digits, false);
    }

    public static String fmtF32(float x, int digits) {
        return fmt(x, digits, true);
    }

    private static String fmt(double x, int digits, boolean f32) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return show(x, f32);
        }
        boolean neg = Double.doubleToRawLongBits(x) < 0;
        String s = new BigDecimal(Math.abs(x)).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
        return neg ? "-" + s : s;
    }

    private static String show(double x, boolean f32) {
        if (Double.isNaN(x)) {
            return "NaN";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "Infinity" : "-Infinity";
        }
        boolean neg = Double.doubleToRawLongBits(x) < 0;
        if (x == 0) {
            return neg ? "-0.0" : "0.0";
        }
        double ax = Math.abs(x);
        BigDecimal exact = new BigDecimal(ax);
        // The rounding interval of ax at the type's precision.
        double down = f32 ? Math.nextDown((float) ax) : Math.nextDown(ax);
        double up = f32 ? Math.nextUp((float) ax) : Math.nextUp(ax);
        BigDecimal lowMid = exact.add(new BigDecimal(down)).divide(TWO);
        BigDecimal highMid = Double.isInfinite(up) || (f32 && Float.isInfinite((float) up))
                ? exact.add(exact.subtract(new BigDecimal(down)).divide(TWO))
                : exact.add(new BigDecimal(up)).divide(TWO);
        boolean even = f32 ? (Float.floatToRawIntBits((float) ax) & 1) == 0
                : (Double.doubleToRawLongBits(ax) & 1) == 0;
        BigDecimal best = null;
        for (int p = 1; p <= 17 && best == null; p++) {
            BigDecimal lo = exact.round(new MathContext(p, RoundingMode.FLOOR));
            BigDecimal hi = exact.round(new MathContext(p, RoundingMode.CEILING));
            boolean loOk = readsBack(lo, lowMid, highMid, even);
            boolean hiOk = readsBack(hi, lowMid, highMid, even);
            if (loOk && hiOk) {
                int c = exact.subtract(lo).compareTo(hi.subtract(exact));
                if (c < 0) {
                    best = lo;
                } else if (c > 0) {
                    best = hi;
                } else {
                    best = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
                }
            } else if (loOk) {
                best = lo;
            } else if (hiOk) {
                best = hi;
            }
        }
        if (best == null) {
            throw new AssertionError("no decimal reads back to " + x);
        }
        return (neg ? "-" : "") + layout(best.stripTrailingZeros(), exact);
    }

    private static boolean readsBack(BigDecimal d, BigDecimal lowMid, BigDecimal highMid, boolean even) {
        int a = d.compareTo(lowMid);
        int b = d.compareTo(highMid);
        if (a > 0 && b < 0) {
            return true;
        }
        return even && (a == 0 || b == 0);
    }

    private static String layout(BigDecimal d, BigDecimal exact) {
        String digits = d.unscaledValue().toString();
        int sciExp = digits.length() - 1 - d.scale();
        if (exact.compareTo(LOW) >= 0 && exact.compareTo(HIGH) < 0) {
            StringBuilder sb = new StringBuilder();
            if (sciExp >= 0) {
                if (digits.length() <= sciExp + 1) {
                    sb.append(digits).append("0".repeat(sciExp + 1 - digits.length())).append(".0");
                } else {
                    sb.append(digits, 0, sciExp + 1).append('.').append(digits.substring(sciExp + 1));
                }
            } else {
                sb.append("0.").append("0".repeat(-sciExp - 1)).append(digits);
            }
            return sb.toString();
        }
        String frac = digits.length() > 1 ? digits.substring(1) : "0";
        return digits.charAt(0) + "." + frac + "e" + sciExp;
    }
}
