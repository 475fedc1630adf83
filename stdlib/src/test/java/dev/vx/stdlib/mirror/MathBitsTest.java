package dev.vx.stdlib.mirror;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vx.stdlib.BaseSourcesTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code src/test/resources/vx/mathbits/math_bits.vx} and {@code math_bits.expected} in step
 * with the Java mirror. The Vx program prints, for every Base float function and a fixed set of
 * arguments, the argument bits and the result bits (decimal); the expected output is what the
 * mirror computes. Once a Vx engine runs, its output for the program must equal the expected file
 * exactly, on every engine: that is the bit-for-bit check of the Vx code against the mirror.
 *
 * <p>Run with {@code -Dvx.update=true} to rewrite both files after changing the mirror.
 */
public class MathBitsTest {

    static final Path DIR = Path.of("src/test/resources/vx/mathbits");

    static final String[] UNARY64 = {"F64.exp", "F64.expm1", "F64.log", "F64.sin", "F64.cos", "F64.tanh"};
    static final DoubleUnaryOperator[] UNARY64_FN = {F64Mirror::exp, F64Mirror::expm1, F64Mirror::log,
        F64Mirror::sin, F64Mirror::cos, F64Mirror::tanh};
    static final String[] UNARY32 = {"F32.exp", "F32.expm1", "F32.log", "F32.sin", "F32.cos", "F32.tanh"};

    /** The F64 arguments: special values, then random ones over every exponent and the hard ranges. */
    static List<Long> args64() {
        List<Long> out = new ArrayList<>();
        for (double d : MathMirrorTest.SPECIALS) {
            out.add(Double.doubleToRawLongBits(d));
            if (!Double.isNaN(d)) {
                out.add(Double.doubleToRawLongBits(-d));
            }
        }
        SplittableRandom r = new SplittableRandom(2024);
        MathMirrorTest.Gen[] gens = {MathMirrorTest.anyFinite(false), MathMirrorTest.uniform(-10, 10),
            MathMirrorTest.uniform(-745, 710), MathMirrorTest.logUniform(1e5, 1e308, true),
            MathMirrorTest.nearPio2Multiple(2_000_000), MathMirrorTest.uniform(-1, 1),
            MathMirrorTest.logUniform(1e-300, 1e-3, true), MathMirrorTest.subnormal(true)};
        for (int i = 0; i < 160; i++) {
            out.add(Double.doubleToRawLongBits(gens[i % gens.length].next(r)));
        }
        // Arguments that take the rare paths of the Payne-Hanek reduction.
        for (double d : new double[] {0x1p1023, 0x1.921fb54442d18p1023, 1e22, 1e300, 0x1p200, 0x1.8p500, 0x1p1000 * 3}) {
            out.add(Double.doubleToRawLongBits(d));
        }
        return out;
    }

    static List<long[]> powArgs() {
        List<long[]> out = new ArrayList<>();
        double[] specials = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 2.5, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NaN, Double.MIN_VALUE, Double.MAX_VALUE, Math.nextUp(1.0)};
        for (double x : specials) {
            for (double y : specials) {
                out.add(new long[] {Double.doubleToRawLongBits(x), Double.doubleToRawLongBits(y)});
            }
        }
        SplittableRandom r = new SplittableRandom(2025);
        List<MathMirrorTest.PairGen> gens = List.of(
                MathMirrorTest.pair(MathMirrorTest.uniform(0, 10), MathMirrorTest.uniform(-40, 40)),
                MathMirrorTest.pair(MathMirrorTest.logUniform(1e-300, 1e300, false), MathMirrorTest.uniform(-2, 2)),
                MathMirrorTest.pair(MathMirrorTest.uniform(1 - 1e-6, 1 + 1e-6), MathMirrorTest.logUniform(1e6, 1e12, true)),
                MathMirrorTest.pair(MathMirrorTest.uniform(-10, 0), s -> (double) s.nextInt(-60, 61)),
                MathMirrorTest.nearLimits(),
                MathMirrorTest.pair(MathMirrorTest.subnormal(false), MathMirrorTest.uniform(-1, 1)));
        for (int i = 0; i < 120; i++) {
            double[] p = gens.get(i % gens.size()).next(r);
            out.add(new long[] {Double.doubleToRawLongBits(p[0]), Double.doubleToRawLongBits(p[1])});
        }
        return out;
    }

    /** F32 arguments: no NaN payloads other than the canonical one, whose conversion is exact everywhere. */
    static List<Integer> args32() {
        List<Integer> out = new ArrayList<>();
        float[] specials = {0f, -0f, 1f, -1f, 0.5f, 2f, Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE,
            -Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.intBitsToFloat(0x7FC00000),
            88.72284f, -103.97208f, 1e-40f, 3e38f, 1e10f};
        for (float f : specials) {
            out.add(Float.floatToRawIntBits(f));
        }
        SplittableRandom r = new SplittableRandom(2026);
        for (int i = 0; i < 60; i++) {
            float f;
            do {
                f = switch (i % 3) {
                    case 0 -> Float.intBitsToFloat(r.nextInt());
                    case 1 -> (float) (-20 + 40 * r.nextDouble());
                    default -> (float) (-1 + 2 * r.nextDouble());
                };
            } while (Float.isNaN(f));
            out.add(Float.floatToRawIntBits(f));
        }
        return out;
    }

    static String u64(long bits) {
        return Long.toUnsignedString(bits);
    }

    static String u32(int bits) {
        return Integer.toUnsignedString(bits);
    }

    static String expected() {
        StringBuilder sb = new StringBuilder();
        List<Long> xs = args64();
        for (int f = 0; f < UNARY64.length; f++) {
            for (long b : xs) {
                double r = UNARY64_FN[f].applyAsDouble(Double.longBitsToDouble(b));
                sb.append(UNARY64[f]).append(' ').append(u64(b)).append(' ')
                        .append(u64(Double.doubleToRawLongBits(r))).append('\n');
            }
        }
        DoubleBinaryOperator pow = F64Mirror::pow;
        for (long[] p : powArgs()) {
            double r = pow.applyAsDouble(Double.longBitsToDouble(p[0]), Double.longBitsToDouble(p[1]));
            sb.append("F64.pow ").append(u64(p[0])).append(' ').append(u64(p[1])).append(' ')
                    .append(u64(Double.doubleToRawLongBits(r))).append('\n');
        }
        List<Integer> fs = args32();
        for (String name : UNARY32) {
            for (int b : fs) {
                float x = Float.intBitsToFloat(b);
                float r = switch (name) {
                    case "F32.exp" -> F32Mirror.exp(x);
                    case "F32.expm1" -> F32Mirror.expm1(x);
                    case "F32.log" -> F32Mirror.log(x);
                    case "F32.sin" -> F32Mirror.sin(x);
                    case "F32.cos" -> F32Mirror.cos(x);
                    default -> F32Mirror.tanh(x);
                };
                sb.append(name).append(' ').append(u32(b)).append(' ').append(u32(Float.floatToRawIntBits(r)))
                        .append('\n');
            }
        }
        for (int i = 0; i < fs.size(); i++) {
            int a = fs.get(i);
            int b = fs.get((i * 7 + 3) % fs.size());
            float r = F32Mirror.pow(Float.intBitsToFloat(a), Float.intBitsToFloat(b));
            sb.append("F32.pow ").append(u32(a)).append(' ').append(u32(b)).append(' ')
                    .append(u32(Float.floatToRawIntBits(r))).append('\n');
        }
        return sb.toString();
    }

    static void list(StringBuilder sb, List<String> items, int perLine) {
        sb.append("  [");
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                sb.append(i % perLine == 0 ? ",\n    " : ", ");
            }
            sb.append(items.get(i));
        }
        sb.append("]\n");
    }

    static String program() {
        StringBuilder sb = new StringBuilder();
        sb.append("""
                # Generated by MathBitsTest (stdlib tests) from the Java mirror; do not edit.
                # Prints, for each Base float function and argument, the argument bits and the
                # result bits in decimal. The output must equal math_bits.expected, computed by
                # the Java mirror, on every engine.

                def MathBits.unary(name: String, f: F64 -> F64, xs: List<U64>) -> List<String>:
                  List.map(xs, \\b -> name ++ " " ++ U64.show(b) ++ " " ++ U64.show(F64.to_bits(f(F64.from_bits(b)))))

                def MathBits.unary32(name: String, f: F32 -> F32, xs: List<U32>) -> List<String>:
                  List.map(xs, \\b -> name ++ " " ++ U32.show(b) ++ " " ++ U32.show(F32.to_bits(f(F32.from_bits(b)))))

                def MathBits.pow_line(p: (U64, U64)) -> String:
                  (a, b) = p
                  r = F64.pow(F64.from_bits(a), F64.from_bits(b))
                  "F64.pow " ++ U64.show(a) ++ " " ++ U64.show(b) ++ " " ++ U64.show(F64.to_bits(r))

                def MathBits.pow32_line(p: (U32, U32)) -> String:
                  (a, b) = p
                  r = F32.pow(F32.from_bits(a), F32.from_bits(b))
                  "F32.pow " ++ U32.show(a) ++ " " ++ U32.show(b) ++ " " ++ U32.show(F32.to_bits(r))

                def MathBits.args64() -> List<U64>:
                """);
        list(sb, args64().stream().map(MathBitsTest::u64).toList(), 4);
        sb.append("\ndef MathBits.pow_args() -> List<(U64, U64)>:\n");
        list(sb, powArgs().stream().map(p -> "(" + u64(p[0]) + ", " + u64(p[1]) + ")").toList(), 2);
        sb.append("\ndef MathBits.args32() -> List<U32>:\n");
        List<Integer> fs = args32();
        list(sb, fs.stream().map(MathBitsTest::u32).toList(), 8);
        sb.append("\ndef MathBits.pow32_args() -> List<(U32, U32)>:\n");
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < fs.size(); i++) {
            pairs.add("(" + u32(fs.get(i)) + ", " + u32(fs.get((i * 7 + 3) % fs.size())) + ")");
        }
        list(sb, pairs, 4);
        sb.append("""

                def main() -> String:
                  xs = MathBits.args64()
                  fs = MathBits.args32()
                  lines = List.concat([
                    MathBits.unary("F64.exp", F64.exp, xs),
                    MathBits.unary("F64.expm1", F64.expm1, xs),
                    MathBits.unary("F64.log", F64.log, xs),
                    MathBits.unary("F64.sin", F64.sin, xs),
                    MathBits.unary("F64.cos", F64.cos, xs),
                    MathBits.unary("F64.tanh", F64.tanh, xs),
                    List.map(MathBits.pow_args(), MathBits.pow_line),
                    MathBits.unary32("F32.exp", F32.exp, fs),
                    MathBits.unary32("F32.expm1", F32.expm1, fs),
                    MathBits.unary32("F32.log", F32.log, fs),
                    MathBits.unary32("F32.sin", F32.sin, fs),
                    MathBits.unary32("F32.cos", F32.cos, fs),
                    MathBits.unary32("F32.tanh", F32.tanh, fs),
                    List.map(MathBits.pow32_args(), MathBits.pow32_line)])
                  String.join(lines, "\\n")
                """);
        return sb.toString();
    }

    @Test
    void filesMatchTheMirror() throws IOException {
        Path vx = DIR.resolve("math_bits.vx");
        Path out = DIR.resolve("math_bits.expected");
        String program = program();
        String expected = expected();
        if (Boolean.getBoolean("vx.update")) {
            Files.createDirectories(DIR);
            Files.writeString(vx, program);
            Files.writeString(out, expected);
        }
        assertEquals(program, Files.readString(vx), "math_bits.vx is stale: run with -Dvx.update=true");
        assertEquals(expected, Files.readString(out), "math_bits.expected is stale: run with -Dvx.update=true");
    }

    @Test
    void programPassesTheLintWithBase() throws IOException {
        List<String> errors = BaseSourcesTest.lintWith("mathbits/math_bits.vx", program());
        assertEquals(List.of(), errors, String.join("\n", errors));
    }
}
