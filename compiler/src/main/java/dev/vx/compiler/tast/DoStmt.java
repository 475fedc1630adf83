package dev.vx.compiler.tast;

import dev.vx.compiler.diag.Span;

/** A line of a {@link Expr.Do} block before its last action. */
public sealed interface DoStmt {
    Span span();

    /** {@code pattern <- action}: run the action (type {@code IO(T)}), bind its result (irrefutable). */
    record Bind(Pattern pattern, Expr action, Span span) implements DoStmt {
    }

    /** A bare action: run it and ignore its result. */
    record Run(Expr action, Span span) implements DoStmt {
    }

    /** A pure statement ({@code x = e}, or a fork group) between actions. */
    record Pure(Stmt statement) implements DoStmt {
        @Override
        public Span span() {
            return statement.span();
        }
    }

    /** {@code if cond:} without {@code else}: run {@code action} (type {@code IO(Unit)}) only when cond holds. */
    record When(Expr cond, Expr action, Span span) implements DoStmt {
    }
}
