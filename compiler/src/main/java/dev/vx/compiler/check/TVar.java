package dev.vx.compiler.check;

/**
 * An inference variable, local to the definition being checked. Bound at most once (union-find
 * with path compression through {@link Tys#resolve}).
 */
final class TVar extends Ty {
    enum Kind {
        /** Any type; defaults to Unit when nothing fixes it. */
        ANY,
        /** The type of an unsuffixed integer literal: U32 I32 U64 I64 or Nat; defaults to U32. */
        INT,
        /** The type of an unsuffixed float literal: F32 or F64; defaults to F32. */
        FLOAT,
        /**
         * The type of something already reported as wrong: unifies with everything without being
         * bound, so one mistake gives one message.
         */
        ERROR
    }

    Kind kind;
    Ty binding;

    TVar(Kind kind) {
        this.kind = kind;
    }
}
