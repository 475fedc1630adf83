package dev.vx.compiler.types;

/** The built-in {@code List<T>}: {@code Nil} (tag 0) and {@code Cons{head, tail}} (tag 1). */
public record ListType(Type element) implements Type {
    @Override
    public String toString() {
        return "List<" + element + ">";
    }
}
