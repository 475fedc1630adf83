package dev.vx.compiler.types;

/** The built-in immutable {@code Array<T>}. */
public record ArrayType(Type element) implements Type {
    @Override
    public String toString() {
        return "Array<" + element + ">";
    }
}
