package dev.vx.vm;

import dev.vx.testkit.Gen;
import dev.vx.testkit.Gens;
import dev.vx.testkit.Property;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link ShortestDecimal} against a direct reading of LANGUAGE §6, written with BigDecimal on
 * the value's full decimal expansion (the implementation {@code show} had until 2026-12-02:
 * slow, 8 to 30 microseconds a value, but plainly what the rule says): for each precision p,
 * round the exact value to p digits, nearest with ties to even, take that if it reads back,
 * else the p-digit decimal on the value's other side; the answer is the first p that gives
 * one. Every kind of double and float is drawn: any bit pattern, short decimals and their
 * neighbours, powers of two and ten and their neighbours, subnormals.
 */
class FloatShowTest {
    /** Doubles of every kind, positive, finite and non-zero. */
    private static final Gen<Double> DOUBLES = Gens.oneOf(
            Gens.longs(1, 0x7FEF_FFFF_FFFF_FFFFL).map(Double::longBitsToDouble),
            Gens.longs(1, 0x000F_FFFF_FFFF_FFFFL).map(Double::longBitsToDouble), // subnormal
            Gens.zip(Gens.ints(1, 99_999), Gens.ints(-330, 310), (d, e) -> Double.parseDouble(d + "e" + e)),
            Gens.zip(Gens.ints(-1074, 1023), Gens.ints(-2, 2), (e, step) -> near(Math.scalb(1.0, e), step)),
            Gens.zip(Gens.ints(-323, 308), Gens.ints(-2, 2), (e, step) -> near(Double.parseDouble("1e" + e), step)))
            .map(x -> positive(x, Double.MIN_VALUE));

    /** |x|, or {@code instead} where that is 0 or infinite (a step past either end). */
    private static double positive(double x, double instead) {
        double a = Math.abs(x);
        return a == 0 || Double.isInfinite(a) ? instead : a;
    }

    private static double near(double x, int steps) {
        for (int i = 0; i < Math.abs(steps); i++) x = steps > 0 ? Math.nextUp(x) : Math.nextDown(x);
        return x;
    }

    @Test
    void doublesShowTheShortestClosestDecimal() {
        Property.forAll(DOUBLES)
                .named("F64.show equals the shortest, closest decimal by BigDecimal")
                .runs(20_000)
                .check(x -> assertEquals(reference(x, false), text(ShortestDecimal.of(x, false)), "0x" + Long.toHexString(Double.doubleToRawLongBits(x))));
    }

    @Test
    void floatsShowTheShortestClosestDecimal() {
        Gen<Double> floats = Gens.oneOf(
                Gens.ints(1, 0x7F7F_FFFF).map(b -> (double) Float.intBitsToFloat(b)),
                Gens.zip(Gens.ints(1, 99_999), Gens.ints(-45, 38), (d, e) -> (double) Float.parseFloat(d + "e" + e)),
                Gens.zip(Gens.ints(-149, 127), Gens.ints(-2, 2), (e, step) -> (double) nearF(Math.scalb(1.0f, e), step)))
                .map(x -> positive(x, Float.MIN_VALUE));
        Property.forAll(floats)
                .named("F32.show equals the shortest, closest decimal by BigDecimal")
                .runs(20_000)
                .check(x -> assertEquals(reference(x, true), text(ShortestDecimal.of(x, true)), Float.toString((float) (double) x)));
    }

    @Test
    void theExtremesAndKnownHardCases() {
        double[] xs = {Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, 1.0, 0.1, 1e23, 2e23, 9007199254740993.0,
                2.82879384806159e17, 1.18575755e-316, 5e-324, 1e-323, 4.35e-322, 123456789012345678.0, 1e17, 1e18,
                9.999999999999999e17, 1e16, 0.3, 2.0 / 3.0};
        for (double x : xs) assertEquals(reference(x, false), text(ShortestDecimal.of(x, false)), Double.toString(x));
        float[] fs = {Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, 1.0f, 0.1f, 1.2621775e-29f, 3.4028235e38f, 16777217f};
        for (float f : fs) assertEquals(reference(f, true), text(ShortestDecimal.of(f, true)), Float.toString(f));
        // 2^-96 as an F32: the nearest 8-digit decimal falls outside the narrower interval below
        // a power of two; the one above reads back.
        assertEquals("12621775e-36", text(ShortestDecimal.of(Math.scalb(1.0f, -96), true)));
    }

    private static float nearF(float x, int steps) {
        for (int i = 0; i < Math.abs(steps); i++) x = steps > 0 ? Math.nextUp(x) : Math.nextDown(x);
        return x;
    }

    private static String text(ShortestDecimal.Decimal d) {
        return d.digits() + "e" + d.exponent();
    }

    // ---- the reference: LANGUAGE §6 on the exact value

    private static String reference(double x, boolean asFloat) {
        BigDecimal exact = new BigDecimal(x);
        for (int p = 1; ; p++) {
            BigDecimal d = closestReadingBack(exact, p, x, asFloat);
            if (d != null) {
                d = d.stripTrailingZeros();
                return d.unscaledValue() + "e" + -d.scale();
            }
        }
    }

    private static BigDecimal closestReadingBack(BigDecimal exact, int p, double x, boolean asFloat) {
        BigDecimal nearest = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
        if (readsBack(nearest, x, asFloat)) return nearest;
        BigDecimal other = exact.round(new MathContext(p, nearest.compareTo(exact) < 0 ? RoundingMode.CEILING : RoundingMode.FLOOR));
        return readsBack(other, x, asFloat) ? other : null;
    }

    private static boolean readsBack(BigDecimal d, double x, boolean asFloat) {
        return asFloat ? Float.parseFloat(d.toString()) == (float) x : d.doubleValue() == x;
    }
}
