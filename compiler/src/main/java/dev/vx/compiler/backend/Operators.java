package dev.vx.compiler.backend;

import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Scalar;
import dev.vx.compiler.tast.BinaryOp;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.UnaryOp;

import static dev.vx.bytecode.Opcode.*;

/** The bytecode of each typed operator (one table, so every operator maps in one place). */
final class Operators {
    private Operators() {}

    static Opcode unary(UnaryOp op, Scalar k) {
        return switch (op) {
            case NEG -> switch (k) {
                case I32 -> NEG_I32;
                case I64 -> NEG_I64;
                case F32 -> NEG_F32;
                case F64 -> NEG_F64;
                default -> throw bad(op, k);
            };
            case BIT_NOT -> k == Scalar.U32 ? NOT_U32 : NOT_64;
            case NOT -> NOT_BOOL;
        };
    }

    /** Emits {@code left op right} and returns the result register. */
    static int binary(Lowerer l, Expr.Binary b, int left, int right) {
        l.at(b.span());
        int d = l.reg(b.type());
        Scalar k = b.kind();
        switch (b.op()) {
            case GT -> l.emit(less(k, false), d, right, left);
            case GE -> l.emit(less(k, true), d, right, left);
            case LT -> l.emit(less(k, false), d, left, right);
            case LE -> l.emit(less(k, true), d, left, right);
            case EQ -> l.emit(k.isFloat() ? (k == Scalar.F32 ? EQ_F32 : EQ_F64) : EQ, d, left, right);
            case NE -> {
                if (k.isFloat()) {
                    int eq = l.fn.newReg(Scalar.BOOL.typeId());
                    l.emit(k == Scalar.F32 ? EQ_F32 : EQ_F64, eq, left, right);
                    l.emit(NOT_BOOL, d, eq);
                } else {
                    l.emit(NE, d, left, right);
                }
            }
            default -> l.emit(arithmetic(b.op(), k), d, left, right);
        }
        return d;
    }

    private static Opcode less(Scalar k, boolean orEqual) {
        return switch (k) {
            case F32 -> orEqual ? LE_F32 : LT_F32;
            case F64 -> orEqual ? LE_F64 : LT_F64;
            case U64 -> orEqual ? LE_U64 : LT_U64;
            default -> orEqual ? LE_S : LT_S;
        };
    }

    static Opcode arithmetic(BinaryOp op, Scalar k) {
        return switch (op) {
            case ADD -> pick(k, ADD_U32, ADD_I32, ADD_64, ADD_64, ADD_NAT, ADD_F32, ADD_F64);
            case SUB -> pick(k, SUB_U32, SUB_I32, SUB_64, SUB_64, SUB_NAT, SUB_F32, SUB_F64);
            case MUL -> pick(k, MUL_U32, MUL_I32, MUL_64, MUL_64, MUL_NAT, MUL_F32, MUL_F64);
            case DIV -> pick(k, DIV_U32, DIV_I32, DIV_U64, DIV_I64, DIV_NAT, DIV_F32, DIV_F64);
            case REM -> pick(k, REM_U32, REM_I32, REM_U64, REM_I64, REM_NAT, REM_F32, REM_F64);
            case BIT_AND -> AND;
            case BIT_OR -> OR;
            case BIT_XOR -> XOR;
            case SHL -> pick(k, SHL_U32, SHL_I32, SHL_64, SHL_64, null, null, null);
            case SHR -> pick(k, SHR_U32, SHR_I32, SHR_U64, SHR_I64, null, null, null);
            default -> throw bad(op, k);
        };
    }

    private static Opcode pick(Scalar k, Opcode u32, Opcode i32, Opcode u64, Opcode i64, Opcode nat, Opcode f32,
                               Opcode f64) {
        Opcode o = switch (k) {
            case U32 -> u32;
            case I32 -> i32;
            case U64 -> u64;
            case I64 -> i64;
            case NAT -> nat;
            case F32 -> f32;
            case F64 -> f64;
            default -> null;
        };
        if (o == null) throw new IllegalStateException("no operation for " + k);
        return o;
    }

    private static IllegalStateException bad(Object op, Scalar k) {
        return new IllegalStateException("operator " + op + " on " + k);
    }
}
