package dev.vx.bytecode;

/**
 * The scalar kinds. Their ordinals are both their type ids (types 0..9 of every module are
 * these, in this order, and are not stored in the file) and the codes used by {@link Opcode#CONV}.
 */
public enum Scalar {
    BOOL, U32, I32, U64, I64, F32, F64, NAT, UNIT,
    /** A fork group's join handle: an engine-private word, never seen by Vx code. */
    JOIN;

    public int typeId() {
        return ordinal();
    }

    public boolean isNumeric() {
        return this != BOOL && this != UNIT && this != JOIN;
    }

    public boolean isFloat() {
        return this == F32 || this == F64;
    }

    public boolean isInteger() {
        return isNumeric() && !isFloat();
    }

    /** The numeric kinds in conversion order; {@code From.to_x} exists for each ordered pair. */
    public static final Scalar[] NUMERIC = {U32, I32, U64, I64, F32, F64, NAT};

    public static int convCode(Scalar from, Scalar to) {
        return from.ordinal() * 16 + to.ordinal();
    }

    public static Scalar convFrom(int code) {
        return ofOrdinal(code >>> 4);
    }

    public static Scalar convTo(int code) {
        return ofOrdinal(code & 15);
    }

    private static Scalar ofOrdinal(int o) {
        Scalar[] v = values();
        return o >= 0 && o < v.length ? v[o] : null;
    }
}
