package dev.vx.stdlib.mirror;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * Compares the Java mirror of Base's float math ({@link F64Mirror}, {@link F32Mirror}) with
 * {@code StrictMath} (fdlibm) over random samples and special values. The mirror reproduces fdlibm,
 * so the expected difference is 0 ulp everywhere (bit-identical results), except NaN payloads and
 * the documented C99 cases of pow.
 *
 * <p>Sample counts are {@code 1,000,000 * vx.prop.scale} per function (the system property the
 * build passes to surefire); {@code -Dvx.prop.scale=20} runs twenty times more.
 */
class MathMirrorTest {

    static final double SCALE = Double.parseDouble(System.getProperty("vx.prop.scale", "1"));
    static final int N = (int) Math.max(1000, 1_000_000 * SCALE);

    /** Samples generated from a random source. */
    interface Gen {
        double next(SplittableRandom r);
    }

    /** A weighted mixture of generators. */
    static final class Mix {
        final List<Gen> gens = new ArrayList<>();
        final List<Double> weights = new ArrayList<>();
        double total;

        Mix add(double w, Gen g) {
            gens.add(g);
            weights.add(w);
            total += w;
            return this;
        }

        double next(SplittableRandom r) {
            double u = r.nextDouble() * total;
            for (int i = 0; i < gens.size(); i++) {
                u -= weights.get(i);
                if (u < 0) {
                    return gens.get(i).next(r);
                }
            }
            return gens.get(gens.size() - 1).next(r);
        }
    }

    static Gen uniform(double a, double b) {
        return r -> a + (b - a) * r.nextDouble();
    }

    /** |x| log-uniform in [lo, hi], random sign when signed. */
    static Gen logUniform(double lo, double hi, boolean signed) {
        double la = Math.log(lo);
        double lb = Math.log(hi);
        return r -> {
            double v = Math.exp(la + (lb - la) * r.nextDouble());
            return signed && r.nextBoolean() ? -v : v;
        };
    }

    /** Uniform over the bit patterns of finite doubles (all exponents equally likely). */
    static Gen anyFinite(boolean positive) {
        return r -> {
            while (true) {
                long b = r.nextLong();
                if (positive) {
                    b &= Long.MAX_VALUE;
                }
                double d = Double.longBitsToDouble(b);
                if (!Double.isNaN(d) && !Double.isInfinite(d)) {
                    return d;
                }
            }
        };
    }

    static Gen subnormal(boolean signed) {
        return r -> {
            double d = Double.longBitsToDouble(r.nextLong() & 0x000FFFFFFFFFFFFFL);
            return signed && r.nextBoolean() ? -d : d;
        };
    }

    /** Values near k*pi/2 for random k (hard cases for argument reduction). */
    static Gen nearPio2Multiple(long maxK) {
        return r -> {
            long k = 1 + r.nextLong(maxK);
            double v = k * (Math.PI / 2);
            int steps = r.nextInt(-4, 5);
            for (int i = 0; i < Math.abs(steps); i++) {
                v = steps > 0 ? Math.nextUp(v) : Math.nextDown(v);
            }
            return r.nextBoolean() ? -v : v;
        };
    }

    static final double[] SPECIALS = {
        0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 1.5, -1.5, 2.5, -2.5, 10.0, -10.0,
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, -Double.MIN_NORMAL, Double.MAX_VALUE,
        -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
        Math.nextUp(1.0), Math.nextDown(1.0), Math.nextUp(-1.0), Math.nextDown(-1.0),
        709.782712893384, 709.7827128933841, -745.1332191019411, -745.1332191019412, -708.3964185322641,
        -744.44007192138126, 1e-300, -1e-300, 1e300, -1e300, 0x1p-28, 0x1p-54, 0x1p-55, 0x1p-27, 22.0,
        Math.PI, -Math.PI, Math.PI / 2, -Math.PI / 2, Math.PI / 4, 0x1.921fb54442d18p19, 1e22, 1e15,
        0x1p53, 0x1p31, 0x1p63, 4.5035996273704955E15, 1e-5, 0.34657359027997264, 1.0397207708399179,
        38.816242111356935, -38.816242111356935, 56 * 0.6931471805599453,
    };

    /** Ordered distance in ulps between two doubles (NaN/NaN is 0, NaN/number is MAX). */
    static long ulpDistance(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Double.isNaN(a) && Double.isNaN(b) ? 0 : Long.MAX_VALUE;
        }
        long x = Double.doubleToRawLongBits(a);
        long y = Double.doubleToRawLongBits(b);
        if (x < 0) {
            x = Long.MIN_VALUE - x;
        }
        if (y < 0) {
            y = Long.MIN_VALUE - y;
        }
        return Math.abs(x - y);
    }

    static boolean sameBits(double a, double b) {
        return Double.isNaN(a) ? Double.isNaN(b)
                : Double.doubleToRawLongBits(a) == Double.doubleToRawLongBits(b);
    }

    static boolean sameBits(float a, float b) {
        return Float.isNaN(a) ? Float.isNaN(b) : Float.floatToRawIntBits(a) == Float.floatToRawIntBits(b);
    }

    /** Counts results that differ in any bit and reports the worst ulp distance. */
    static final class Tally {
        final String name;
        final long tolerance;
        long count;
        long mismatches;
        long beyond;
        long maxUlps;
        final List<String> examples = new ArrayList<>();

        Tally(String name) {
            this(name, 0);
        }

        /** Results may differ from the reference by up to tolerance ulps. */
        Tally(String name, long tolerance) {
            this.name = name;
            this.tolerance = tolerance;
        }

        void record(String input, double mine, double ref) {
            count++;
            if (!sameBits(mine, ref)) {
                mismatches++;
                long d = ulpDistance(mine, ref);
                maxUlps = Math.max(maxUlps, d);
                if (d > tolerance) {
                    beyond++;
                    if (examples.size() < 8) {
                        examples.add(input + ": mirror " + mine + " StrictMath " + ref);
                    }
                }
            }
        }

        void recordF(String input, float mine, float ref) {
            count++;
            if (!sameBits(mine, ref)) {
                mismatches++;
                long d = ulpDistance(mine, ref);
                maxUlps = Math.max(maxUlps, d);
                if (d > tolerance) {
                    beyond++;
                    if (examples.size() < 8) {
                        examples.add(input + ": mirror " + mine + " reference " + ref);
                    }
                }
            }
        }

        void assertExact() {
            System.out.printf("%-12s %,12d samples, %d differ from StrictMath, worst %d ulp%n", name, count,
                    mismatches, maxUlps);
            assertEquals(0, beyond, name + " differs from StrictMath by more than " + tolerance + " ulp: " + examples);
        }
    }

    static void unary(String name, DoubleUnaryOperator mine, DoubleUnaryOperator ref, Mix mix, long seed) {
        unary(name, mine, ref, mix, seed, 0);
    }

    static void unary(String name, DoubleUnaryOperator mine, DoubleUnaryOperator ref, Mix mix, long seed,
                      long tolerance) {
        Tally t = new Tally(name, tolerance);
        for (double x : SPECIALS) {
            t.record(Double.toString(x), mine.applyAsDouble(x), ref.applyAsDouble(x));
            t.record(Double.toString(-x), mine.applyAsDouble(-x), ref.applyAsDouble(-x));
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < N; i++) {
            double x = mix.next(r);
            t.record(Double.toString(x), mine.applyAsDouble(x), ref.applyAsDouble(x));
        }
        t.assertExact();
    }

    // ------------------------------------------------------------------ F64

    @Test
    void exp() {
        unary("F64.exp", F64Mirror::exp, StrictMath::exp, new Mix()
                .add(3, uniform(-745.2, 709.8))
                .add(2, uniform(-1, 1))
                .add(1, uniform(-0.4, 0.4))
                .add(1, logUniform(1e-300, 1e-5, true))
                .add(1, uniform(-745.2, -707))
                .add(1, uniform(700, 709.8))
                .add(1, anyFinite(false)), 1);
    }

    @Test
    void expm1() {
        unary("F64.expm1", F64Mirror::expm1, StrictMath::expm1, new Mix()
                .add(3, uniform(-40, 709.8))
                .add(2, uniform(-1, 1))
                .add(2, uniform(-3, 3))
                .add(1, logUniform(1e-300, 1e-5, true))
                .add(1, uniform(13, 40))
                .add(1, anyFinite(false)), 2);
    }

    @Test
    void log() {
        unary("F64.log", F64Mirror::log, StrictMath::log, new Mix()
                .add(3, anyFinite(true))
                .add(2, uniform(0.5, 2))
                .add(1, uniform(1 - 1e-5, 1 + 1e-5))
                .add(1, subnormal(false))
                .add(2, logUniform(1e-300, 1e300, false))
                .add(1, anyFinite(false)), 3);
    }

    static Mix trigMix() {
        return new Mix()
                .add(1, uniform(-Math.PI / 4, Math.PI / 4))
                .add(2, uniform(-10, 10))
                .add(2, uniform(-1e5, 1e5))
                .add(1, uniform(-1e9, 1e9))
                .add(2, logUniform(1e-10, 1e308, true))
                .add(1, nearPio2Multiple(2_000_000))
                .add(1, logUniform(1e-300, 1e-8, true))
                .add(1, anyFinite(false));
    }

    @Test
    void sin() {
        unary("F64.sin", F64Mirror::sin, StrictMath::sin, trigMix(), 4);
    }

    @Test
    void cos() {
        unary("F64.cos", F64Mirror::cos, StrictMath::cos, trigMix(), 5);
    }

    /**
     * Base's tanh is not fdlibm's (which errs by up to about 2 ulp on [-1, 1]); they may differ by
     * a few ulp, and MathAccuracyTest measures Base's true error.
     */
    @Test
    void tanh() {
        unary("F64.tanh", F64Mirror::tanh, StrictMath::tanh, new Mix()
                .add(4, uniform(-25, 25))
                .add(2, uniform(-1, 1))
                .add(3, logUniform(1e-20, 30, true))
                .add(1, anyFinite(false)), 6, 3);
    }

    /**
     * fdlibm's shortcut for |y| > 2^31 and x within 2^-20 of 1, which errs by hundreds of ulp;
     * Base takes its general path there, checked by MathAccuracyTest instead.
     */
    static boolean fdlibmNearOneShortcut(double x, double y) {
        double ax = Math.abs(x);
        return Math.abs(y) > 0x1.00000ffffffffp31 && ax >= 0x1.fffffp-1 && ax <= 0x1.00000ffffffffp0
                && ax != 1.0 && !Double.isNaN(y) && !Double.isInfinite(y);
    }

    /** pow with C99's pow(1, y) = 1 and pow(-1, ±inf) = 1, which StrictMath does not follow. */
    static double powRef(double x, double y) {
        if (x == 1.0) {
            return 1.0;
        }
        if (x == -1.0 && Double.isInfinite(y)) {
            return 1.0;
        }
        return StrictMath.pow(x, y);
    }

    /** (x, y) pairs for pow. */
    interface PairGen {
        double[] next(SplittableRandom r);
    }

    static PairGen pair(Gen gx, Gen gy) {
        return r -> new double[] {gx.next(r), gy.next(r)};
    }

    /** y chosen so that |x|^y lands near the overflow or underflow threshold. */
    static PairGen nearLimits() {
        return r -> {
            double x = Math.exp(-700 + 1400 * r.nextDouble());
            double target = switch (r.nextInt(4)) {
                case 0 -> 1024;
                case 1 -> -1022;
                case 2 -> -1074;
                default -> -1075;
            };
            double y = target / (Math.log(x) / Math.log(2)) * (1 + (r.nextDouble() - 0.5) * 1e-9);
            return new double[] {x, y};
        };
    }

    @Test
    void pow() {
        List<PairGen> gens = List.of(
                pair(logUniform(1e-300, 1e300, false), uniform(-10, 10)),
                pair(uniform(0, 10), uniform(-100, 100)),
                pair(uniform(1 - 1e-6, 1 + 1e-6), logUniform(1e6, 1e12, true)),
                pair(uniform(1 - 1e-3, 1 + 1e-3), logUniform(1, 1e9, true)),
                pair(uniform(-10, 0), r -> (double) r.nextInt(-60, 61)),
                pair(uniform(-2, 2), r -> (double) r.nextLong(-(1L << 40), 1L << 40)),
                pair(anyFinite(true), anyFinite(false)),
                pair(anyFinite(false), anyFinite(false)),
                nearLimits(),
                pair(subnormal(true), uniform(-2, 2)),
                pair(r -> (double) r.nextInt(-20, 21), r -> (double) r.nextInt(-40, 41)),
                pair(logUniform(1e-3, 1e3, false), logUniform(1e-8, 1e3, true)));
        Tally t = new Tally("F64.pow");
        for (double x : SPECIALS) {
            for (double y : SPECIALS) {
                if (!fdlibmNearOneShortcut(x, y)) {
                    t.record(x + " ^ " + y, F64Mirror.pow(x, y), powRef(x, y));
                }
            }
        }
        SplittableRandom r = new SplittableRandom(7);
        int skipped = 0;
        for (int i = 0; i < N; i++) {
            double[] p = gens.get(r.nextInt(gens.size())).next(r);
            if (fdlibmNearOneShortcut(p[0], p[1])) {
                skipped++;
                continue;
            }
            t.record(p[0] + " ^ " + p[1], F64Mirror.pow(p[0], p[1]), powRef(p[0], p[1]));
        }
        System.out.printf("F64.pow: %,d samples in fdlibm's near-1 shortcut skipped%n", skipped);
        t.assertExact();
    }

    @Test
    void powC99SpecialCases() {
        for (double y : SPECIALS) {
            assertEquals(1.0, F64Mirror.pow(1.0, y), "pow(1, " + y + ")");
            assertEquals(1.0, F64Mirror.pow(y, 0.0), "pow(" + y + ", 0)");
            assertEquals(1.0, F64Mirror.pow(y, -0.0), "pow(" + y + ", -0)");
        }
        assertEquals(1.0, F64Mirror.pow(-1.0, Double.POSITIVE_INFINITY));
        assertEquals(1.0, F64Mirror.pow(-1.0, Double.NEGATIVE_INFINITY));
        assertTrue(Double.isNaN(F64Mirror.pow(-2.0, 0.5)));
        assertEquals(Double.NEGATIVE_INFINITY, F64Mirror.pow(-0.0, -3.0));
        assertEquals(Double.POSITIVE_INFINITY, F64Mirror.pow(-0.0, -2.0));
        assertEquals(Double.POSITIVE_INFINITY, F64Mirror.pow(0.0, Double.NEGATIVE_INFINITY));
        assertEquals(-0.0, F64Mirror.pow(Double.NEGATIVE_INFINITY, -3.0));
        assertEquals(0.0, F64Mirror.pow(Double.NEGATIVE_INFINITY, -2.5));
        assertEquals(Double.NEGATIVE_INFINITY, F64Mirror.pow(Double.NEGATIVE_INFINITY, 3.0));
        assertEquals(-8.0, F64Mirror.pow(-2.0, 3.0));
        assertEquals(1024.0, F64Mirror.pow(2.0, 10.0));
        assertEquals(Double.MIN_VALUE, F64Mirror.pow(2.0, -1074.0));
        assertEquals(0.0, F64Mirror.pow(2.0, -1076.0));
        assertEquals(Double.POSITIVE_INFINITY, F64Mirror.pow(2.0, 1024.0));
    }

    @Test
    void nanInputsComeBackUnchanged() {
        double payload = Double.longBitsToDouble(0x7FF0000000000123L);
        double[] results = {F64Mirror.exp(payload), F64Mirror.expm1(payload), F64Mirror.log(payload),
            F64Mirror.sin(payload), F64Mirror.cos(payload), F64Mirror.tanh(payload), F64Mirror.pow(payload, 3.0),
            F64Mirror.pow(3.0, payload)};
        for (double v : results) {
            assertEquals(0x7FF0000000000123L, Double.doubleToRawLongBits(v));
        }
        double[] invalid = {F64Mirror.log(-1.0), F64Mirror.sin(Double.POSITIVE_INFINITY),
            F64Mirror.cos(Double.NEGATIVE_INFINITY), F64Mirror.pow(-2.0, 0.5), F64Mirror.log(Double.NEGATIVE_INFINITY)};
        for (double v : invalid) {
            assertEquals(0x7FF8000000000000L, Double.doubleToRawLongBits(v));
        }
    }

    @Test
    void npio2TableIsComputedExactly() {
        int[] npio2Hw = {
            0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C,
            0x4025FDBB, 0x402921FB, 0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C,
            0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A,
            0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
            0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB,
            0x404858EB, 0x404921FB,
        };
        for (int n = 1; n <= 32; n++) {
            assertEquals(npio2Hw[n - 1], F64Mirror.hi((double) n * 0x1.921fb54442d18p0), "n = " + n);
        }
    }

    // ------------------------------------------------------------------ F32

    interface FloatGen {
        float next(SplittableRandom r);
    }

    static FloatGen anyFloat() {
        return r -> Float.intBitsToFloat(r.nextInt());
    }

    static FloatGen fromDouble(Gen g) {
        return r -> (float) g.next(r);
    }

    static void unaryF(String name, DoubleUnaryOperator ref64, ToDoubleFunction<Float> mine, List<FloatGen> gens,
                       long seed) {
        unaryF(name, ref64, mine, gens, seed, 0);
    }

    static void unaryF(String name, DoubleUnaryOperator ref64, ToDoubleFunction<Float> mine, List<FloatGen> gens,
                       long seed, long tolerance) {
        Tally t = new Tally(name, tolerance);
        SplittableRandom r = new SplittableRandom(seed);
        for (double s : SPECIALS) {
            float x = (float) s;
            t.recordF(Float.toString(x), (float) mine.applyAsDouble(x), (float) ref64.applyAsDouble(x));
        }
        for (int i = 0; i < N; i++) {
            float x = gens.get(r.nextInt(gens.size())).next(r);
            t.recordF(Float.toString(x), (float) mine.applyAsDouble(x), (float) ref64.applyAsDouble(x));
        }
        t.assertExact();
    }

    @Test
    void f32Unary() {
        unaryF("F32.exp", StrictMath::exp, x -> F32Mirror.exp(x),
                List.of(anyFloat(), fromDouble(uniform(-104, 89)), fromDouble(uniform(-1, 1))), 11);
        unaryF("F32.expm1", StrictMath::expm1, x -> F32Mirror.expm1(x),
                List.of(anyFloat(), fromDouble(uniform(-20, 89)), fromDouble(logUniform(1e-40, 1, true))), 12);
        unaryF("F32.log", StrictMath::log, x -> F32Mirror.log(x),
                List.of(anyFloat(), fromDouble(uniform(0, 4)), fromDouble(logUniform(1e-45, 3e38, false))), 13);
        unaryF("F32.sin", StrictMath::sin, x -> F32Mirror.sin(x),
                List.of(anyFloat(), fromDouble(uniform(-100, 100)), fromDouble(logUniform(1e-10, 3e38, true))), 14);
        unaryF("F32.cos", StrictMath::cos, x -> F32Mirror.cos(x),
                List.of(anyFloat(), fromDouble(uniform(-100, 100)), fromDouble(logUniform(1e-10, 3e38, true))), 15);
        unaryF("F32.tanh", StrictMath::tanh, x -> F32Mirror.tanh(x),
                List.of(anyFloat(), fromDouble(uniform(-10, 10)), fromDouble(logUniform(1e-30, 10, true))), 16, 1);
    }

    @Test
    void f32Pow() {
        Tally t = new Tally("F32.pow", 1);
        SplittableRandom r = new SplittableRandom(17);
        DoubleBinaryOperator ref = MathMirrorTest::powRef;
        for (int i = 0; i < N; i++) {
            float x;
            float y;
            switch (r.nextInt(4)) {
                case 0 -> {
                    x = Float.intBitsToFloat(r.nextInt());
                    y = Float.intBitsToFloat(r.nextInt());
                }
                case 1 -> {
                    x = (float) (10 * r.nextDouble());
                    y = (float) (-40 + 80 * r.nextDouble());
                }
                case 2 -> {
                    x = (float) (-10 * r.nextDouble());
                    y = r.nextInt(-40, 41);
                }
                default -> {
                    x = (float) Math.exp(-80 + 160 * r.nextDouble());
                    y = (float) (-8 + 16 * r.nextDouble());
                }
            }
            if (!fdlibmNearOneShortcut(x, y)) {
                t.recordF(x + " ^ " + y, F32Mirror.pow(x, y), (float) ref.applyAsDouble(x, y));
            }
        }
        t.assertExact();
    }
}
