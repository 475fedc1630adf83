package dev.vx.compiler.syntax;

/**
 * A float literal before its type is known: its decimal text without underscores or suffix,
 * a leading {@code -} when negated. {@code suffix} is null, {@code f32} or {@code f64}.
 */
public record FloatValue(String text, String suffix) {

    public FloatValue negate() {
        return new FloatValue(text.startsWith("-") ? text.substring(1) : "-" + text, suffix);
    }
}
