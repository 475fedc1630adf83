package dev.vx.compiler.tast;

import dev.vx.compiler.diag.Span;
import java.util.List;

/** A statement of a {@link Expr.Block} (or of a {@code do} block, via {@link DoStmt.Pure}). */
public sealed interface Stmt {
    Span span();

    /** {@code pattern = value}; the pattern is irrefutable (checked). */
    record Let(Pattern pattern, Expr value, Span span) implements Stmt {
    }

    /**
     * A fork group: a maximal run of consecutive {@code x = fork f(args)} statements. The calls
     * may run in parallel; none of them uses a local bound by the group (checked). A group may
     * have a single member, which the back end may treat as a plain call.
     */
    record ForkGroup(List<Fork> forks, Span span) implements Stmt {
        public ForkGroup {
            forks = List.copyOf(forks);
        }
    }

    /**
     * One member of a fork group: {@code local = call}, where {@code call} is an
     * {@link Expr.Call}, an {@link Expr.ClosureCall}, an {@link Expr.BuiltinCall} or an
     * {@link Expr.Job} (a group with a job runs its calls one after another).
     */
    record Fork(Local local, Expr call, Span span) {
    }
}
