package dev.vx.compiler.check;

import dev.vx.compiler.tast.Expr;

/**
 * A typed-AST node waiting for its definition to be solved. The checker first walks a
 * definition unifying types and returns an {@code Elab} per expression; once every variable
 * is solved (and defaults are applied), {@link #build()} creates the node with final types.
 * This keeps the inference logic and the node construction of each construct in one place.
 */
@FunctionalInterface
interface Elab {
    Expr build();
}
