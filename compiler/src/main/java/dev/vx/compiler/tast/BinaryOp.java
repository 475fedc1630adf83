package dev.vx.compiler.tast;

/**
 * Typed binary operations on scalars; {@link Expr.Binary#kind()} is the operands' scalar kind.
 * Both operands (and, for shifts, the count) have that kind. Comparisons yield Bool; the others
 * yield the operand kind. Strings and lists never reach this node: their operators become
 * {@link Expr.BuiltinCall}s of string primitives or calls of {@code List.append}.
 */
public enum BinaryOp {
    /** Arithmetic on every numeric kind (U32 I32 U64 I64 F32 F64 Nat). */
    ADD, SUB, MUL, DIV, REM,
    /** Bitwise operations and shifts on U32 I32 U64 I64. */
    BIT_AND, BIT_OR, BIT_XOR, SHL, SHR,
    /** Equality on every scalar kind (numbers, Bool, Unit). */
    EQ, NE,
    /** Ordering on numeric kinds. */
    LT, LE, GT, GE;

    public boolean isComparison() {
        return ordinal() >= EQ.ordinal();
    }
}
