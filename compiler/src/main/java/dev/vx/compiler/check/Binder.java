package dev.vx.compiler.check;

import dev.vx.compiler.diag.Span;
import dev.vx.compiler.tast.Local;
import dev.vx.compiler.types.ScalarType;

/**
 * A local name while its definition is being checked: the type may still contain variables.
 * The typed AST's {@link Local} is created on first use after solving, so that every
 * reference and the binding site share one object with the final type.
 */
final class Binder {
    final String name;
    final Ty type;
    final Span span;
    private Local local;

    Binder(String name, Ty type, Span span) {
        this.name = name;
        this.type = type;
        this.span = span;
    }

    /** A binder for a parameter whose {@code Local} already exists (its type is known). */
    Binder(Local local, Ty type) {
        this(local.name(), type, local.span());
        this.local = local;
    }

    Local local() {
        if (local == null) {
            // A type too large was reported when the definition was solved (DefContext.solve).
            local = new Local(name, Tys.tooLarge(type) ? ScalarType.UNIT : Tys.toType(type), span);
        }
        return local;
    }
}
