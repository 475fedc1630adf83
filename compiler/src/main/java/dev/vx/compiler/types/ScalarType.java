package dev.vx.compiler.types;

import dev.vx.bytecode.Scalar;

/** {@code Bool}, {@code Unit}, the fixed-width integers, the floats and {@code Nat}: one VM word. */
public record ScalarType(Scalar kind) implements Type {
    public static final ScalarType BOOL = new ScalarType(Scalar.BOOL);
    public static final ScalarType U32 = new ScalarType(Scalar.U32);
    public static final ScalarType I32 = new ScalarType(Scalar.I32);
    public static final ScalarType U64 = new ScalarType(Scalar.U64);
    public static final ScalarType I64 = new ScalarType(Scalar.I64);
    public static final ScalarType F32 = new ScalarType(Scalar.F32);
    public static final ScalarType F64 = new ScalarType(Scalar.F64);
    public static final ScalarType NAT = new ScalarType(Scalar.NAT);
    public static final ScalarType UNIT = new ScalarType(Scalar.UNIT);

    public ScalarType {
        if (kind == Scalar.JOIN) {
            throw new IllegalArgumentException("JOIN is not a Vx type");
        }
    }

    public static ScalarType of(Scalar kind) {
        return switch (kind) {
            case BOOL -> BOOL;
            case U32 -> U32;
            case I32 -> I32;
            case U64 -> U64;
            case I64 -> I64;
            case F32 -> F32;
            case F64 -> F64;
            case NAT -> NAT;
            case UNIT -> UNIT;
            case JOIN -> throw new IllegalArgumentException("JOIN is not a Vx type");
        };
    }

    /** The source name: {@code Bool U32 I32 U64 I64 F32 F64 Nat Unit}. */
    public static String nameOf(Scalar kind) {
        return switch (kind) {
            case BOOL -> "Bool";
            case NAT -> "Nat";
            case UNIT -> "Unit";
            default -> kind.name();
        };
    }

    @Override
    public String toString() {
        return nameOf(kind);
    }
}
