package dev.vx.conformance.ref;

import dev.vx.compiler.tast.Local;

/**
 * Local variables in scope: an immutable linked list of bindings, newest first. Locals are
 * compared by identity (each binding of the typed AST is its own {@link Local}), so shadowing
 * needs no special care, and a closure simply keeps the list it was created with.
 */
public final class Env {
    public static final Env EMPTY = new Env(null, null, null);

    private final Local local;
    private final Object value;
    private final Env next;

    private Env(Local local, Object value, Env next) {
        this.local = local;
        this.value = value;
        this.next = next;
    }

    public Env bind(Local l, Object v) {
        return new Env(l, v, this);
    }

    public Object lookup(Local l) {
        for (Env e = this; e.local != null; e = e.next) {
            if (e.local == l) {
                return e.value;
            }
        }
        throw new IllegalStateException("unbound local " + l.name() + " (a bug of the reference evaluator)");
    }
}
