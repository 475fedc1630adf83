package dev.vx.compiler.check;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.diag.Diagnostics;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.syntax.FloatValue;
import dev.vx.compiler.syntax.IntValue;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.Type;

/** Converts literals to VM words once their type is known, checking that they fit. */
final class Literals {
    private Literals() {
    }

    /** The scalar a literal suffix fixes, or null for none. */
    static Scalar suffixType(String suffix) {
        if (suffix == null) {
            return null;
        }
        return switch (suffix) {
            case "u32" -> Scalar.U32;
            case "i32" -> Scalar.I32;
            case "u64" -> Scalar.U64;
            case "i64" -> Scalar.I64;
            case "n" -> Scalar.NAT;
            case "f32" -> Scalar.F32;
            default -> Scalar.F64;
        };
    }

    /** The word of integer literal {@code v} as a {@code kind}, or null when it does not fit. */
    static Long intWord(IntValue v, Scalar kind) {
        if (v.tooBig()) {
            return null;
        }
        long m = v.magnitude();
        boolean neg = v.negative() && m != 0;
        return switch (kind) {
            case U32 -> !neg && Long.compareUnsigned(m, 0xFFFF_FFFFL) <= 0 ? m : null;
            case I32 -> (neg ? Long.compareUnsigned(m, 1L << 31) <= 0 : Long.compareUnsigned(m, (1L << 31) - 1) <= 0)
                    ? (neg ? -m : m) : null;
            case U64 -> neg ? null : m;
            case I64 -> (neg ? Long.compareUnsigned(m, Long.MIN_VALUE) <= 0 : m >= 0) ? (neg ? -m : m) : null;
            case NAT -> !neg && m >= 0 ? m : null;
            default -> null;
        };
    }

    /** The values of {@code kind}, for messages. */
    static String range(Scalar kind) {
        return switch (kind) {
            case U32 -> "0 .. 4294967295";
            case I32 -> "-2147483648 .. 2147483647";
            case U64 -> "0 .. 18446744073709551615";
            case I64 -> "-9223372036854775808 .. 9223372036854775807";
            case NAT -> "0 .. 9223372036854775807";
            case F32 -> "up to about 3.4e38 in magnitude";
            case F64 -> "up to about 1.8e308 in magnitude";
            default -> ScalarType.nameOf(kind);
        };
    }

    /** The word of float literal {@code v} as a {@code kind} (F32 or F64), or null when it overflows. */
    static Long floatWord(FloatValue v, Scalar kind) {
        if (kind == Scalar.F32) {
            float f = Float.parseFloat(v.text());
            return Float.isInfinite(f) ? null : Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
        }
        double d = Double.parseDouble(v.text());
        return Double.isInfinite(d) ? null : Double.doubleToRawLongBits(d);
    }

    /**
     * The word of an integer literal whose type is now known, reporting a value that does not
     * fit. A type that is not an integer type was already reported as a mismatch: 0.
     */
    static long intWord(IntValue value, Type type, Span span, Diagnostics diags) {
        if (!(type instanceof ScalarType s) || !s.kind().isInteger()) {
            return 0;
        }
        Long word = intWord(value, s.kind());
        if (word == null) {
            diags.error(span, "integer literal `" + text(span) + "` is out of range for " + s + " (" + range(s.kind()) + ")");
            return 0;
        }
        return word;
    }

    /** As {@link #intWord(IntValue, Type, Span, Diagnostics)}, for float literals. */
    static long floatWord(FloatValue value, Type type, Span span, Diagnostics diags) {
        if (!(type instanceof ScalarType s) || !s.kind().isFloat()) {
            return 0;
        }
        Long word = floatWord(value, s.kind());
        if (word == null) {
            diags.error(span, "float literal `" + text(span) + "` is out of range for " + s + " (" + range(s.kind()) + ")");
            return 0;
        }
        return word;
    }

    private static String text(Span span) {
        return span.file().text().substring(span.start(), span.end());
    }
}
