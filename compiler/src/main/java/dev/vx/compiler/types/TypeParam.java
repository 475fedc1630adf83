package dev.vx.compiler.types;

import dev.vx.compiler.diag.Span;

/**
 * A type parameter declared by {@code def f<A>} or {@code type T<A>}. Compared by identity:
 * two definitions' parameters named {@code A} are different parameters.
 */
public final class TypeParam {
    private final String name;
    private final Span span;

    public TypeParam(String name, Span span) {
        this.name = name;
        this.span = span;
    }

    public String name() {
        return name;
    }

    /** Where it is declared; null for the type parameters of builtins. */
    public Span span() {
        return span;
    }

    @Override
    public String toString() {
        return name;
    }
}
