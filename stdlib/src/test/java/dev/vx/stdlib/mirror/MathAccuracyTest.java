package dev.vx.stdlib.mirror;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleFunction;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Measures the true error of the mirror (and so of Base's Vx code) against {@link HighPrecision}
 * references with about 80 digits, in ulps of the exact result. Prints the worst case per
 * function; docs/base.md records these numbers. Sample counts are {@code 1,000 * vx.prop.scale}
 * per function and range ({@code -Dvx.prop.scale=45} gives the 45,000 of the numbers in the docs).
 */
class MathAccuracyTest {

    static final double SCALE = Double.parseDouble(System.getProperty("vx.prop.scale", "1"));
    static final int N = (int) Math.max(200, 1_000 * SCALE);

    /** F64 results: error < 1 ulp (fdlibm's bound). */
    static final double BOUND_64 = 1.0;
    /** F32 results: rounding once from an F64 result within 1 F64 ulp: <= 0.5 + 2^-29 F32 ulp. */
    static final double BOUND_32 = 0.5 + 0x1p-29;

    record Range(String label, MathMirrorTest.Gen gen) {}

    static double worst64(String name, DoubleUnaryOperator f, DoubleFunction<BigDecimal> exact, List<Range> ranges,
                          long seed) {
        double worstAll = 0;
        SplittableRandom r = new SplittableRandom(seed);
        for (Range range : ranges) {
            double worst = 0;
            double worstAt = Double.NaN;
            for (int i = 0; i < N; i++) {
                double x = range.gen().next(r);
                double e = HighPrecision.errorUlps64(f.applyAsDouble(x), exact.apply(x));
                if (e > worst) {
                    worst = e;
                    worstAt = x;
                }
            }
            System.out.printf("%-10s %-28s %,9d samples  worst %.4f ulp at %s%n", name, range.label(), N, worst,
                    Double.toString(worstAt));
            assertTrue(worst < BOUND_64, name + " on " + range.label() + ": " + worst + " ulp at " + worstAt);
            worstAll = Math.max(worstAll, worst);
        }
        return worstAll;
    }

    static double worst32(String name, DoubleUnaryOperator f64, DoubleFunction<BigDecimal> exact, List<Range> ranges,
                          long seed) {
        double worstAll = 0;
        SplittableRandom r = new SplittableRandom(seed);
        for (Range range : ranges) {
            double worst = 0;
            float worstAt = Float.NaN;
            for (int i = 0; i < N; i++) {
                float x = (float) range.gen().next(r);
                float y = (float) f64.applyAsDouble(x);
                double e = HighPrecision.errorUlps32(y, exact.apply(x));
                if (e > worst) {
                    worst = e;
                    worstAt = x;
                }
            }
            System.out.printf("%-10s %-28s %,9d samples  worst %.6f ulp at %s%n", name, range.label(), N, worst,
                    Float.toString(worstAt));
            assertTrue(worst <= BOUND_32, name + " on " + range.label() + ": " + worst + " ulp at " + worstAt);
            worstAll = Math.max(worstAll, worst);
        }
        return worstAll;
    }

    static Range range(String label, MathMirrorTest.Gen gen) {
        return new Range(label, gen);
    }

    static List<Range> expRanges() {
        return List.of(
                range("[-1, 1]", MathMirrorTest.uniform(-1, 1)),
                range("[-745, 709.78]", MathMirrorTest.uniform(-745, 709.78)),
                range("subnormal results", MathMirrorTest.uniform(-745, -708.4)),
                range("|x| in [1e-300, 1e-5]", MathMirrorTest.logUniform(1e-300, 1e-5, true)));
    }

    static List<Range> expm1Ranges() {
        return List.of(
                range("[-1, 1]", MathMirrorTest.uniform(-1, 1)),
                range("[-40, 709.78]", MathMirrorTest.uniform(-40, 709.78)),
                range("|x| in [1e-300, 1e-5]", MathMirrorTest.logUniform(1e-300, 1e-5, true)));
    }

    static List<Range> logRanges() {
        return List.of(
                range("[0.5, 2]", MathMirrorTest.uniform(0.5, 2)),
                range("1 +- 1e-6", MathMirrorTest.uniform(1 - 1e-6, 1 + 1e-6)),
                range("[1e-300, 1e300] log-unif.", MathMirrorTest.logUniform(1e-300, 1e300, false)),
                range("subnormal x", MathMirrorTest.subnormal(false)),
                range("all finite x > 0", MathMirrorTest.anyFinite(true)));
    }

    static List<Range> trigRanges() {
        return List.of(
                range("[-pi/4, pi/4]", MathMirrorTest.uniform(-Math.PI / 4, Math.PI / 4)),
                range("[-100, 100]", MathMirrorTest.uniform(-100, 100)),
                range("|x| in [1e3, 1e6]", MathMirrorTest.logUniform(1e3, 1e6, true)),
                range("near k*pi/2, k < 1e6", MathMirrorTest.nearPio2Multiple(1_000_000)),
                range("|x| in [1e6, 1e308]", MathMirrorTest.logUniform(1e6, 1e308, true)));
    }

    static List<Range> tanhRanges() {
        return List.of(
                range("[-1, 1]", MathMirrorTest.uniform(-1, 1)),
                range("[-25, 25]", MathMirrorTest.uniform(-25, 25)),
                range("|x| in [0.5, 0.6]", MathMirrorTest.uniform(0.5, 0.6)),
                range("|x| in [1e-300, 1e-3]", MathMirrorTest.logUniform(1e-300, 1e-3, true)));
    }

    @Test
    void f64() {
        double exp = worst64("F64.exp", F64Mirror::exp, x -> HighPrecision.exp(new BigDecimal(x)), expRanges(), 21);
        double expm1 = worst64("F64.expm1", F64Mirror::expm1, x -> HighPrecision.expm1(new BigDecimal(x)),
                expm1Ranges(), 22);
        double log = worst64("F64.log", F64Mirror::log, HighPrecision::log, logRanges(), 23);
        double sin = worst64("F64.sin", F64Mirror::sin, HighPrecision::sin, trigRanges(), 24);
        double cos = worst64("F64.cos", F64Mirror::cos, HighPrecision::cos, trigRanges(), 25);
        double tanh = worst64("F64.tanh", F64Mirror::tanh, HighPrecision::tanh, tanhRanges(), 26);
        System.out.printf("F64 worst: exp %.4f expm1 %.4f log %.4f sin %.4f cos %.4f tanh %.4f%n", exp, expm1, log,
                sin, cos, tanh);
    }

    @Test
    void f64Pow() {
        SplittableRandom r = new SplittableRandom(27);
        List<MathMirrorTest.PairGen> gens = List.of(
                MathMirrorTest.pair(MathMirrorTest.uniform(0, 10), MathMirrorTest.uniform(-20, 20)),
                MathMirrorTest.pair(MathMirrorTest.logUniform(1e-300, 1e300, false), MathMirrorTest.uniform(-2, 2)),
                MathMirrorTest.pair(MathMirrorTest.uniform(1 - 1e-6, 1 + 1e-6), MathMirrorTest.logUniform(1e3, 1e12, true)),
                MathMirrorTest.pair(MathMirrorTest.uniform(-10, 0), s -> (double) s.nextInt(-60, 61)),
                MathMirrorTest.nearLimits());
        String[] labels = {"x in [0,10], y in [-20,20]", "x log-unif., y in [-2,2]", "x = 1 +- 1e-6, |y| large",
            "x in [-10,0], integer y", "results near over/underflow"};
        double worstAll = 0;
        for (int g = 0; g < gens.size(); g++) {
            double worst = 0;
            String worstAt = "";
            int counted = 0;
            for (int i = 0; i < N; i++) {
                double[] p = gens.get(g).next(r);
                if (p[0] == 0) {
                    continue;
                }
                BigDecimal exact = HighPrecision.pow(p[0], p[1]);
                if (exact == null || exact.abs().compareTo(new BigDecimal(Double.MAX_VALUE)) > 0) {
                    continue;
                }
                counted++;
                double e = HighPrecision.errorUlps64(F64Mirror.pow(p[0], p[1]), exact);
                if (e > worst) {
                    worst = e;
                    worstAt = p[0] + " ^ " + p[1];
                }
            }
            System.out.printf("%-10s %-28s %,9d samples  worst %.4f ulp at %s%n", "F64.pow", labels[g], counted, worst,
                    worstAt);
            assertTrue(worst < BOUND_64, "pow: " + worst + " ulp at " + worstAt);
            worstAll = Math.max(worstAll, worst);
        }
        System.out.printf("F64 worst: pow %.4f%n", worstAll);
    }

    @Test
    void f32() {
        worst32("F32.exp", F64Mirror::exp, x -> HighPrecision.exp(new BigDecimal(x)), List.of(
                range("[-103.9, 88.7]", MathMirrorTest.uniform(-103.9, 88.7)),
                range("[-1, 1]", MathMirrorTest.uniform(-1, 1))), 31);
        worst32("F32.expm1", F64Mirror::expm1, x -> HighPrecision.expm1(new BigDecimal(x)), List.of(
                range("[-1, 1]", MathMirrorTest.uniform(-1, 1)),
                range("|x| in [1e-30, 1e-3]", MathMirrorTest.logUniform(1e-30, 1e-3, true))), 32);
        worst32("F32.log", F64Mirror::log, HighPrecision::log, List.of(
                range("[0.5, 2]", MathMirrorTest.uniform(0.5, 2)),
                range("[1e-38, 3e38] log-unif.", MathMirrorTest.logUniform(1e-38, 3e38, false))), 33);
        worst32("F32.sin", F64Mirror::sin, HighPrecision::sin, List.of(
                range("[-100, 100]", MathMirrorTest.uniform(-100, 100)),
                range("|x| in [1e2, 3e38]", MathMirrorTest.logUniform(1e2, 3e38, true))), 34);
        worst32("F32.cos", F64Mirror::cos, HighPrecision::cos, List.of(
                range("[-100, 100]", MathMirrorTest.uniform(-100, 100)),
                range("|x| in [1e2, 3e38]", MathMirrorTest.logUniform(1e2, 3e38, true))), 35);
        worst32("F32.tanh", F64Mirror::tanh, HighPrecision::tanh, List.of(
                range("[-10, 10]", MathMirrorTest.uniform(-10, 10)),
                range("|x| in [1e-30, 1e-2]", MathMirrorTest.logUniform(1e-30, 1e-2, true))), 36);
        SplittableRandom r = new SplittableRandom(37);
        double worst = 0;
        String worstAt = "";
        for (int i = 0; i < N; i++) {
            float x = (float) (10 * r.nextDouble());
            float y = (float) (-30 + 60 * r.nextDouble());
            BigDecimal exact = HighPrecision.pow(x, y);
            if (x == 0 || exact == null || exact.abs().compareTo(new BigDecimal(Float.MAX_VALUE)) > 0) {
                continue;
            }
            double e = HighPrecision.errorUlps32(F32Mirror.pow(x, y), exact);
            if (e > worst) {
                worst = e;
                worstAt = x + " ^ " + y;
            }
        }
        System.out.printf("%-10s %-28s %,9d samples  worst %.6f ulp at %s%n", "F32.pow", "x in [0,10], y in [-30,30]",
                N, worst, worstAt);
        assertTrue(worst <= BOUND_32, "F32.pow: " + worst + " at " + worstAt);
    }

    @Test
    void referenceIsSane() {
        assertEquals(Math.PI, HighPrecision.PI.doubleValue());
        assertEquals(Math.log(2), HighPrecision.LN2.doubleValue());
        assertEquals(Math.E, HighPrecision.exp(BigDecimal.ONE).doubleValue());
        assertEquals(0.0, HighPrecision.errorUlps64(1.0, BigDecimal.ONE));
        assertEquals(1.0, HighPrecision.errorUlps64(Math.nextUp(1.0), BigDecimal.ONE));
        assertEquals(0.5, HighPrecision.errorUlps64(1.0, new BigDecimal(1.0).subtract(HighPrecision.pow2(-54))));
        assertEquals(Math.sin(1e22), HighPrecision.sin(1e22).doubleValue());
        assertEquals(-0.8522008497671888, HighPrecision.sin(1e22).doubleValue());
        assertEquals(Math.PI, F64Mirror.pi());
        assertEquals(Math.E, F64Mirror.e());
    }
}
