package dev.vx.conformance.gen;

import dev.vx.bench.twins.VxFormat;
import dev.vx.conformance.gen.Ast.Ex;
import dev.vx.conformance.gen.GType.Kind;

/**
 * Literal text for generated programs: every integer literal carries its suffix (so no
 * literal depends on inference defaults), negative ones are parenthesised, floats are written
 * in their shortest form and NaN and the infinities as divisions.
 */
final class Literals {
    private Literals() {
    }

    static final long[] U32_EDGES = {0, 1, 2, 3, 7, 8, 16, 31, 32, 33, 255, 256, 65535, 65536, 0x7FFFFFFFL, 0x80000000L,
        0xFFFFFFFEL, 0xFFFFFFFFL};
    static final long[] I32_EDGES = {0, 1, -1, 2, -2, 7, -8, 31, 32, -32, 100, Integer.MAX_VALUE, Integer.MIN_VALUE,
        Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1, 65536};
    static final long[] U64_EDGES = {0, 1, 2, 63, 64, 65, 0xFFFFFFFFL, 0x100000000L, Long.MAX_VALUE, Long.MIN_VALUE, -1L,
        -2L, 1L << 53, (1L << 53) + 1};
    static final long[] I64_EDGES = {0, 1, -1, 2, -2, 63, 64, -64, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1,
        Long.MIN_VALUE + 1, 1L << 32, -(1L << 32), 1L << 53, (1L << 53) + 1};
    static final long[] NAT_EDGES = {0, 1, 2, 3, 10, 100, 1L << 32, 3037000499L, 3037000500L, 1L << 62, Long.MAX_VALUE,
        Long.MAX_VALUE - 1};
    static final double[] FLOAT_EDGES = {0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 0.2, 0.3, 2.0, 3.0, 1e-3, 9.999e-4, 1e7,
        9999999.0, 1e10, 1e-7, 123.456, -2.5, 3.4028234663852886e38, 1.401298464324817e-45, 1.1754943508222875e-38,
        1.7976931348623157e308, 4.9e-324, 2.2250738585072014e-308, Math.PI, 16777217.0, 9007199254740993.0,
        Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    static Ex integer(Kind kind, long v) {
        String text = switch (kind) {
            case U32 -> Integer.toUnsignedString((int) v) + "u32";
            case I32 -> (int) v + "i32";
            case U64 -> Long.toUnsignedString(v) + "u64";
            case I64 -> v + "i64";
            case NAT -> v + "n";
            default -> throw new IllegalArgumentException(kind.toString());
        };
        return new Ast.Lit(text.startsWith("-") ? "(" + text + ")" : text, new GType.Prim(kind));
    }

    static Ex floating(Kind kind, double v) {
        String suffix = kind == Kind.F32 ? "f32" : "f64";
        GType type = new GType.Prim(kind);
        if (Double.isNaN(v)) {
            return new Ast.Lit("(0.0" + suffix + " / 0.0" + suffix + ")", type);
        }
        if (Double.isInfinite(v)) {
            return new Ast.Lit("(" + (v > 0 ? "" : "-") + "1.0" + suffix + " / 0.0" + suffix + ")", type);
        }
        String text = kind == Kind.F32 ? VxFormat.showF32((float) v) : VxFormat.showF64(v);
        if (text.equals("Infinity") || text.equals("-Infinity")) { // a double beyond F32's range
            text = text.startsWith("-") ? "-3.4028235e38" : "3.4028235e38";
        }
        text += suffix;
        return new Ast.Lit(text.startsWith("-") ? "(" + text + ")" : text, type);
    }

    static Ex bool(boolean b) {
        return new Ast.Lit(b ? "true" : "false", GType.BOOL);
    }

    static Ex unit() {
        return new Ast.Lit("()", GType.UNIT);
    }

    static Ex string(String s) {
        return new Ast.Lit(quote(s), GType.STRING);
    }

    /** A Vx string literal: escapes for quotes, backslashes and control characters; other text as is. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                case 0 -> sb.append("\\0");
                default -> {
                    if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) {
                        sb.append("\\u{").append(Integer.toHexString(cp)).append('}');
                    } else {
                        sb.appendCodePoint(cp);
                    }
                }
            }
        });
        return sb.append('"').toString();
    }

    /** A literal pattern's text: like an expression literal, without parentheses. */
    static String pattern(Ex literal) {
        String t = ((Ast.Lit) literal).text();
        return t.startsWith("(") ? t.substring(1, t.length() - 1) : t;
    }
}
