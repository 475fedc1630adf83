package dev.vx.compiler.types;

/** {@code String}: immutable UTF-8 text. */
public record StringType() implements Type {
    public static final StringType INSTANCE = new StringType();

    @Override
    public String toString() {
        return "String";
    }
}
