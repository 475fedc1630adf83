package dev.vx.compiler.tast;

import dev.vx.compiler.diag.Span;

/** One {@code case pattern:} of a {@link Expr.Match} and the expression it leads to. */
public record Case(Pattern pattern, Expr body, Span span) {
}
