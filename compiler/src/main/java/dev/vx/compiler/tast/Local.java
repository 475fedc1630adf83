package dev.vx.compiler.tast;

import dev.vx.compiler.diag.Span;
import dev.vx.compiler.types.Type;

/**
 * A local variable: a function parameter, a lambda parameter, or a name bound by a pattern
 * ({@code let}, {@code case}, {@code <-}, {@code fork}). One object per binding, compared by
 * identity: shadowing creates a new {@code Local} with the same name.
 */
public final class Local {
    private final String name;
    private final Type type;
    private final Span span;

    public Local(String name, Type type, Span span) {
        this.name = name;
        this.type = type;
        this.span = span;
    }

    public String name() {
        return name;
    }

    public Type type() {
        return type;
    }

    /** Where it is bound. */
    public Span span() {
        return span;
    }

    @Override
    public String toString() {
        return name;
    }
}
