package dev.vx.compiler.check;

import dev.vx.compiler.tast.Pattern;

/** A typed pattern waiting for its definition to be solved; see {@link Elab}. */
@FunctionalInterface
interface PatElab {
    Pattern build();
}
