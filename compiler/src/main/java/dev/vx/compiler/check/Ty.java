package dev.vx.compiler.check;

/**
 * The checker's type representation: an inference variable ({@link TVar}) or a type
 * constructor applied to arguments ({@link TCon}). Uniform so that unification is one short
 * function; converted to the public {@code Type} once a definition is solved.
 */
abstract sealed class Ty permits TVar, TCon {
}
