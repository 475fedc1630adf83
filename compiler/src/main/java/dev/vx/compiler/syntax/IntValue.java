package dev.vx.compiler.syntax;

/**
 * The value of an integer literal before its type is known: a magnitude (unsigned 64-bit),
 * a sign (a unary minus directly before the literal belongs to it) and whether the magnitude
 * exceeded 2^64-1. {@code suffix} is null, or one of {@code u32 i32 u64 i64 n}.
 */
public record IntValue(long magnitude, boolean negative, boolean tooBig, String suffix) {

    public IntValue negate() {
        return new IntValue(magnitude, !negative, tooBig, suffix);
    }

    /** The literal as written (sign and decimal digits, without the suffix). */
    public String text() {
        if (tooBig) {
            return (negative ? "-" : "") + "(more than 18446744073709551615)";
        }
        return (negative ? "-" : "") + Long.toUnsignedString(magnitude);
    }
}
