package dev.vx.compiler.tast;

/** Typed unary operations; {@link Expr.Unary#kind()} says on which scalar. */
public enum UnaryOp {
    /** {@code -x} on I32, I64, F32, F64. */
    NEG,
    /** {@code ~x} on U32, I32, U64, I64. */
    BIT_NOT,
    /** {@code not b} on Bool. */
    NOT
}
