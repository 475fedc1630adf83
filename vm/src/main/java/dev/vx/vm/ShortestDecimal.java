package dev.vx.vm;

import java.math.BigInteger;

/**
 * The decimal that {@code show} prints for a positive finite float (LANGUAGE §6): the fewest
 * significant digits that read back to the value (as a double, or as a float), and with that
 * many digits the nearest to the value (ties to an even last digit) when it reads back, else
 * the one on the other side of the value. (Java 17's own {@code Double.toString} is not always
 * the shortest.)
 *
 * <p>Rounding to p <= 17 significant digits needs only the value's first 18 digits and whether
 * any digit after them is non-zero. Those come from one exact BigInteger product and shift (or
 * division, above 10^17), so a value costs that and a few parses of short decimals, where
 * rounding the value's full decimal expansion (up to 767 digits) at every precision tried cost
 * 2 to 25 microseconds.
 */
final class ShortestDecimal {
    private ShortestDecimal() {}

    /** {@code digits × 10^exponent} ({@link #of} gives it without trailing zeros). */
    record Decimal(long digits, int exponent) {}

    private static final int LEAD = 18;
    private static final long[] POW10 = new long[LEAD + 1];

    static {
        POW10[0] = 1;
        for (int i = 1; i <= LEAD; i++) POW10[i] = POW10[i - 1] * 10;
    }

    /** 10^i for the i the doubles need (0 .. 350), made when first asked for. */
    private static final BigInteger[] BIG_POW10 = new BigInteger[351];

    private static BigInteger pow10(int i) {
        BigInteger p = BIG_POW10[i]; // immutable, so a racy cache is safe
        if (p == null) BIG_POW10[i] = p = BigInteger.TEN.pow(i);
        return p;
    }

    /** The shortest decimal of {@code x > 0} (finite) that reads back as a double or a float. */
    static Decimal of(double x, boolean asFloat) {
        Lead v = lead(x);
        // A precision that reads back stays one with more digits, so the shortest is the first
        // that does. Java's toString reads back and is usually the shortest: try its length, and
        // one less, before searching.
        int max = asFloat ? 9 : 17; // always enough
        int guess = Math.min(max, significantDigits(asFloat ? Float.toString((float) x) : Double.toString(x)));
        Decimal d = closestReadingBack(v, guess, x, asFloat);
        int lo;
        int hi;
        // Below, d is null or the decimal of precision hi.
        if (d == null) { // not expected; search above
            lo = guess + 1;
            hi = max;
        } else {
            Decimal shorter = guess > 1 ? closestReadingBack(v, guess - 1, x, asFloat) : null;
            if (shorter == null) return stripped(d);
            d = shorter;
            lo = 1;
            hi = guess - 1;
        }
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            Decimal m = closestReadingBack(v, mid, x, asFloat);
            if (m != null) {
                hi = mid;
                d = m;
            } else {
                lo = mid + 1;
            }
        }
        return stripped(d != null ? d : closestReadingBack(v, hi, x, asFloat));
    }

    private static Decimal stripped(Decimal d) {
        long digits = d.digits();
        int exponent = d.exponent();
        while (digits % 10 == 0) {
            digits /= 10;
            exponent++;
        }
        return new Decimal(digits, exponent);
    }

    /** The significant digits of a Java float text ({@code 1.25E-5}, {@code 0.001}, {@code 120.0}). */
    private static int significantDigits(String text) {
        int first = -1;
        int last = -1;
        int count = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 'E') break;
            if (c < '0' || c > '9') continue;
            if (c != '0' && first < 0) first = count;
            if (c != '0') last = count;
            count++;
        }
        return first < 0 ? 1 : last - first + 1;
    }

    /** {@code x = (q + f) × 10^-k} with {@code 10^17 <= q < 10^18}, {@code 0 <= f < 1}; sticky: {@code f > 0}. */
    private record Lead(long q, int k, boolean sticky) {}

    private static Lead lead(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int biased = (int) (bits >>> 52) & 0x7FF;
        long m = bits & ((1L << 52) - 1);
        int e2; // x = m × 2^e2
        if (biased == 0) {
            e2 = -1074;
        } else {
            m |= 1L << 52;
            e2 = biased - 1075;
        }
        int k = LEAD - 1 - (int) Math.floor(Math.log10(x));
        while (true) { // log10 may be off by one next to a power of ten
            Lead v = lead(m, e2, k);
            if (v.q() >= POW10[LEAD]) k--;
            else if (v.q() < POW10[LEAD - 1]) k++;
            else return v;
        }
    }

    private static Lead lead(long m, int e2, int k) {
        BigInteger num = BigInteger.valueOf(m);
        if (e2 > 0) num = num.shiftLeft(e2);
        if (k > 0) num = num.multiply(pow10(k));
        if (k >= 0) {
            if (e2 >= 0) return new Lead(num.longValueExact(), k, false);
            int shift = -e2; // a power of two below: a shift, and the bits shifted out
            boolean sticky = num.getLowestSetBit() < shift;
            return new Lead(num.shiftRight(shift).longValueExact(), k, sticky);
        }
        // Above 10^17 the value is an integer (m × 2^e2 with e2 > 0): divide by 10^-k.
        BigInteger[] qr = num.divideAndRemainder(pow10(-k));
        return new Lead(qr[0].longValueExact(), k, qr[1].signum() != 0);
    }

    /**
     * The p-digit decimal nearest to x (ties to an even last digit) if it reads back to x, else
     * the p-digit decimal on x's other side if that one does, else null.
     */
    private static Decimal closestReadingBack(Lead v, int p, double x, boolean asFloat) {
        int drop = LEAD - p;
        long unit = POW10[drop];
        long floor = v.q() / unit;
        long rest = v.q() % unit;
        int exponent = drop - v.k();
        if (rest == 0 && !v.sticky()) return new Decimal(floor, exponent); // x itself: p digits hold it
        long half = unit / 2;
        boolean up = rest > half || rest == half && (v.sticky() || (floor & 1) == 1);
        long nearest = up ? floor + 1 : floor;
        if (readsBack(nearest, exponent, x, asFloat)) return new Decimal(nearest, exponent);
        long other = up ? floor : floor + 1;
        return readsBack(other, exponent, x, asFloat) ? new Decimal(other, exponent) : null;
    }

    private static boolean readsBack(long digits, int exponent, double x, boolean asFloat) {
        String text = digits + "E" + exponent;
        return asFloat ? Float.parseFloat(text) == (float) x : Double.parseDouble(text) == x;
    }
}
