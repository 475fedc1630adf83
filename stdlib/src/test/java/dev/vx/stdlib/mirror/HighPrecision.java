package dev.vx.stdlib.mirror;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Reference values of exp, expm1, log, sin, cos, tanh and pow with about 80 significant
 * digits, computed with BigDecimal from their series (no floating-point library involved), and
 * the error of a double or float result in ulps of the exact value.
 */
final class HighPrecision {
    private HighPrecision() {}

    static final MathContext MC = new MathContext(90, RoundingMode.HALF_EVEN);
    static final BigDecimal TWO = BigDecimal.valueOf(2);
    static final BigDecimal EPS = new BigDecimal("1e-110");

    static final BigDecimal LN2 = computeLn2();
    static final BigDecimal PI = computePi(800);
    static final BigDecimal HALF_PI = PI.divide(TWO);

    /** ln 2 = 2 atanh(1/3). */
    static BigDecimal computeLn2() {
        return atanhSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(3), MC)).multiply(TWO, MC);
    }

    /** atanh(s) = s + s^3/3 + s^5/5 + ... for |s| < 1/2. */
    static BigDecimal atanhSeries(BigDecimal s) {
        BigDecimal s2 = s.multiply(s, MC);
        BigDecimal power = s;
        BigDecimal sum = BigDecimal.ZERO;
        for (int k = 1; ; k += 2) {
            BigDecimal term = power.divide(BigDecimal.valueOf(k), MC);
            sum = sum.add(term, MC);
            if (term.abs().compareTo(EPS.multiply(sum.abs())) < 0 || term.signum() == 0) {
                return sum;
            }
            power = power.multiply(s2, MC);
        }
    }

    /** pi by Machin's formula with the given number of digits. */
    static BigDecimal computePi(int digits) {
        MathContext mc = new MathContext(digits + 10);
        BigDecimal a = arctanInv(5, mc).multiply(BigDecimal.valueOf(16));
        BigDecimal b = arctanInv(239, mc).multiply(BigDecimal.valueOf(4));
        return a.subtract(b, mc);
    }

    static BigDecimal arctanInv(int n, MathContext mc) {
        BigDecimal x = BigDecimal.ONE.divide(BigDecimal.valueOf(n), mc);
        BigDecimal x2 = x.multiply(x, mc);
        BigDecimal power = x;
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(mc.getPrecision() + 5);
        for (int k = 1; ; k += 2) {
            BigDecimal term = power.divide(BigDecimal.valueOf(k), mc);
            sum = (k / 2) % 2 == 0 ? sum.add(term, mc) : sum.subtract(term, mc);
            if (term.compareTo(eps) < 0) {
                return sum;
            }
            power = power.multiply(x2, mc);
        }
    }

    /** 2^k exactly. */
    static BigDecimal pow2(int k) {
        if (k >= 0) {
            return new BigDecimal(BigInteger.ONE.shiftLeft(k));
        } else {
            return new BigDecimal(BigInteger.valueOf(5).pow(-k), -k);
        }
    }

    /** e^r for |r| <= 1 by its Taylor series. */
    static BigDecimal expSeries(BigDecimal r) {
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal term = BigDecimal.ONE;
        for (int n = 1; ; n++) {
            term = term.multiply(r, MC).divide(BigDecimal.valueOf(n), MC);
            sum = sum.add(term, MC);
            if (term.abs().compareTo(EPS) < 0) {
                return sum;
            }
        }
    }

    /** e^r - 1 for |r| <= 1 by its Taylor series (accurate relative to the result). */
    static BigDecimal expm1Series(BigDecimal r) {
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal term = BigDecimal.ONE;
        for (int n = 1; ; n++) {
            term = term.multiply(r, MC).divide(BigDecimal.valueOf(n), MC);
            sum = sum.add(term, MC);
            if (term.signum() == 0 || term.abs().compareTo(EPS.multiply(sum.abs())) < 0) {
                return sum;
            }
        }
    }

    /** e^x for an exact x with |x| < 2000. */
    static BigDecimal exp(BigDecimal x) {
        long k = x.divide(LN2, MC).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
        BigDecimal r = x.subtract(LN2.multiply(BigDecimal.valueOf(k), MC), MC);
        return expSeries(r).multiply(pow2((int) k), MC);
    }

    static BigDecimal expm1(BigDecimal x) {
        if (x.abs().compareTo(BigDecimal.ONE) <= 0) {
            return expm1Series(x);
        }
        return exp(x).subtract(BigDecimal.ONE, MC);
    }

    /** log x for x > 0: x = m 2^e with m in [1, 2), log m = 2 atanh((m-1)/(m+1)). */
    static BigDecimal log(double x) {
        int e = Math.getExponent(x);
        if (e < Double.MIN_EXPONENT) {
            e = Math.getExponent(x * 0x1p60) - 60;
        }
        BigDecimal m = new BigDecimal(x).multiply(pow2(-e));
        BigDecimal s = m.subtract(BigDecimal.ONE).divide(m.add(BigDecimal.ONE), MC);
        BigDecimal logM = atanhSeries(s).multiply(TWO, MC);
        return LN2.multiply(BigDecimal.valueOf(e), MC).add(logM, MC);
    }

    static BigDecimal sinSeries(BigDecimal r) {
        BigDecimal r2 = r.multiply(r, MC);
        BigDecimal term = r;
        BigDecimal sum = r;
        for (int n = 1; ; n++) {
            term = term.multiply(r2, MC).divide(BigDecimal.valueOf((2L * n) * (2L * n + 1)), MC).negate();
            sum = sum.add(term, MC);
            if (term.signum() == 0 || term.abs().compareTo(EPS.multiply(sum.abs())) < 0) {
                return sum;
            }
        }
    }

    static BigDecimal cosSeries(BigDecimal r) {
        BigDecimal r2 = r.multiply(r, MC);
        BigDecimal term = BigDecimal.ONE;
        BigDecimal sum = BigDecimal.ONE;
        for (int n = 1; ; n++) {
            term = term.multiply(r2, MC).divide(BigDecimal.valueOf((2L * n - 1) * (2L * n)), MC).negate();
            sum = sum.add(term, MC);
            if (term.abs().compareTo(EPS) < 0) {
                return sum;
            }
        }
    }

    /** (quadrant mod 4, reduced argument) with x = q pi/2 + r, |r| <= pi/4. */
    static Object[] reduce(double x) {
        BigDecimal bx = new BigDecimal(x);
        MathContext wide = new MathContext(900);
        BigInteger q = bx.divide(HALF_PI, wide).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
        BigDecimal r = bx.subtract(HALF_PI.multiply(new BigDecimal(q), wide), wide).round(MC);
        return new Object[] {q.mod(BigInteger.valueOf(4)).intValue(), r};
    }

    static BigDecimal sin(double x) {
        Object[] qr = reduce(x);
        BigDecimal r = (BigDecimal) qr[1];
        return switch ((int) qr[0]) {
            case 0 -> sinSeries(r);
            case 1 -> cosSeries(r);
            case 2 -> sinSeries(r).negate();
            default -> cosSeries(r).negate();
        };
    }

    static BigDecimal cos(double x) {
        Object[] qr = reduce(x);
        BigDecimal r = (BigDecimal) qr[1];
        return switch ((int) qr[0]) {
            case 0 -> cosSeries(r);
            case 1 -> sinSeries(r).negate();
            case 2 -> cosSeries(r).negate();
            default -> sinSeries(r);
        };
    }

    /** tanh x = expm1(2x) / (expm1(2x) + 2); |tanh x| rounds to 1 beyond |x| = 40. */
    static BigDecimal tanh(double x) {
        if (Math.abs(x) > 40) {
            return BigDecimal.valueOf(Math.signum(x));
        }
        BigDecimal e = expm1(new BigDecimal(x).multiply(TWO));
        return e.divide(e.add(TWO), MC);
    }

    /** x^y for finite x != 0 (x < 0 only with an integer y); null when out of range. */
    static BigDecimal pow(double x, double y) {
        BigDecimal l = log(Math.abs(x)).multiply(new BigDecimal(y), MC);
        if (l.compareTo(BigDecimal.valueOf(800)) > 0 || l.compareTo(BigDecimal.valueOf(-800)) < 0) {
            return null;
        }
        BigDecimal v = exp(l);
        boolean odd = x < 0 && Math.abs(y) < 0x1p53 && ((long) Math.abs(y)) % 2 == 1;
        return odd ? v.negate() : v;
    }

    /** The double ulp at the exact value v (at a power of two, the smaller one). */
    static double ulp64(BigDecimal v) {
        BigDecimal a = v.abs();
        double d = a.doubleValue();
        if (d == 0 || d < Double.MIN_NORMAL) {
            return Double.MIN_VALUE;
        }
        if (Double.isInfinite(d)) {
            return Math.ulp(Double.MAX_VALUE);
        }
        if (new BigDecimal(d).compareTo(a) > 0 && d == Math.scalb(1.0, Math.getExponent(d))) {
            return Math.ulp(Math.nextDown(d));
        }
        return Math.ulp(d);
    }

    static double ulp32(BigDecimal v) {
        BigDecimal a = v.abs();
        float f = a.floatValue();
        if (f == 0 || f < Float.MIN_NORMAL) {
            return Float.MIN_VALUE;
        }
        if (Float.isInfinite(f)) {
            return Math.ulp(Float.MAX_VALUE);
        }
        if (new BigDecimal(f).compareTo(a) > 0 && f == Math.scalb(1.0f, Math.getExponent(f))) {
            return Math.ulp(Math.nextDown(f));
        }
        return Math.ulp(f);
    }

    /** |computed - exact| in double ulps of the exact value; infinity for a non-finite result. */
    static double errorUlps64(double computed, BigDecimal exact) {
        if (Double.isNaN(computed) || Double.isInfinite(computed)) {
            return Double.POSITIVE_INFINITY;
        }
        return new BigDecimal(computed).subtract(exact).abs().divide(new BigDecimal(ulp64(exact)), MC).doubleValue();
    }

    static double errorUlps32(float computed, BigDecimal exact) {
        if (Float.isNaN(computed) || Float.isInfinite(computed)) {
            return Double.POSITIVE_INFINITY;
        }
        return new BigDecimal(computed).subtract(exact).abs().divide(new BigDecimal(ulp32(exact)), MC).doubleValue();
    }
}
