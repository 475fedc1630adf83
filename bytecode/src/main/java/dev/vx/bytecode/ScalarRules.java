package dev.vx.bytecode;

import static dev.vx.bytecode.Scalar.*;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;

/**
 * The register types of the scalar instructions (arithmetic, bitwise, comparisons) and which
 * words are valid values of each scalar, for the {@link Verifier}.
 */
final class ScalarRules {
    private ScalarRules() {}

    enum Form {
        /** {@code d a b}, all three of one type. */
        BINARY,
        /** {@code d a}, both of one type. */
        UNARY,
        /** {@code d a b}: a and b of one type, d a Bool. */
        COMPARE
    }

    record Rule(Form form, EnumSet<Scalar> types) {}

    private static final Map<Opcode, Rule> RULES = new EnumMap<>(Opcode.class);

    static {
        binary(EnumSet.of(U32), Opcode.ADD_U32, Opcode.SUB_U32, Opcode.MUL_U32, Opcode.DIV_U32, Opcode.REM_U32,
                Opcode.SHL_U32, Opcode.SHR_U32);
        binary(EnumSet.of(I32), Opcode.ADD_I32, Opcode.SUB_I32, Opcode.MUL_I32, Opcode.DIV_I32, Opcode.REM_I32,
                Opcode.SHL_I32, Opcode.SHR_I32);
        // The same wrapping operation serves both 64-bit signs.
        binary(EnumSet.of(U64, I64), Opcode.ADD_64, Opcode.SUB_64, Opcode.MUL_64, Opcode.SHL_64);
        binary(EnumSet.of(U64), Opcode.DIV_U64, Opcode.REM_U64, Opcode.SHR_U64);
        binary(EnumSet.of(I64), Opcode.DIV_I64, Opcode.REM_I64, Opcode.SHR_I64);
        binary(EnumSet.of(NAT), Opcode.ADD_NAT, Opcode.SUB_NAT, Opcode.MUL_NAT, Opcode.DIV_NAT, Opcode.REM_NAT);
        binary(EnumSet.of(F32), Opcode.ADD_F32, Opcode.SUB_F32, Opcode.MUL_F32, Opcode.DIV_F32, Opcode.REM_F32);
        binary(EnumSet.of(F64), Opcode.ADD_F64, Opcode.SUB_F64, Opcode.MUL_F64, Opcode.DIV_F64, Opcode.REM_F64);
        // Bitwise and/or/xor keep every integer representation (and Bool's 0/1) valid.
        binary(EnumSet.of(BOOL, U32, I32, U64, I64, NAT), Opcode.AND, Opcode.OR, Opcode.XOR);

        unary(EnumSet.of(I32), Opcode.NEG_I32);
        unary(EnumSet.of(I64), Opcode.NEG_I64);
        unary(EnumSet.of(F32), Opcode.NEG_F32, Opcode.SQRT_F32);
        unary(EnumSet.of(F64), Opcode.NEG_F64, Opcode.SQRT_F64);
        unary(EnumSet.of(U32), Opcode.NOT_U32);
        // ~ of a sign-extended I32 is still sign-extended, so I32 uses not_64 too; Nat may not
        // (its complement is negative).
        unary(EnumSet.of(I32, U64, I64), Opcode.NOT_64);
        unary(EnumSet.of(BOOL), Opcode.NOT_BOOL);

        compare(EnumSet.of(BOOL, U32, I32, U64, I64, NAT, UNIT), Opcode.EQ, Opcode.NE);
        compare(EnumSet.of(I32, U32, I64, NAT), Opcode.LT_S, Opcode.LE_S);
        compare(EnumSet.of(U64), Opcode.LT_U64, Opcode.LE_U64);
        compare(EnumSet.of(F32), Opcode.EQ_F32, Opcode.LT_F32, Opcode.LE_F32);
        compare(EnumSet.of(F64), Opcode.EQ_F64, Opcode.LT_F64, Opcode.LE_F64);
    }

    private static void binary(EnumSet<Scalar> types, Opcode... ops) {
        for (Opcode op : ops) RULES.put(op, new Rule(Form.BINARY, types));
    }

    private static void unary(EnumSet<Scalar> types, Opcode... ops) {
        for (Opcode op : ops) RULES.put(op, new Rule(Form.UNARY, types));
    }

    private static void compare(EnumSet<Scalar> types, Opcode... ops) {
        for (Opcode op : ops) RULES.put(op, new Rule(Form.COMPARE, types));
    }

    /** The rule of a scalar instruction, or null for the others. */
    static Rule of(Opcode op) {
        return RULES.get(op);
    }

    /** Null when {@code word} is a valid value of {@code s} (docs/bytecode.md §1), else why not. */
    static String invalidWord(Scalar s, long word) {
        return switch (s) {
            case BOOL -> word == 0 || word == 1 ? null : "a Bool is 0 or 1";
            case UNIT -> word == 0 ? null : "the Unit value is 0";
            case U32 -> (word >>> 32) == 0 ? null : "a U32 is zero-extended (0 .. 2^32-1)";
            case F32 -> (word >>> 32) == 0 ? null : "an F32 is its 32 bits, zero-extended";
            case I32 -> word == (int) word ? null : "an I32 is sign-extended (-2^31 .. 2^31-1)";
            case NAT -> word >= 0 ? null : "a Nat is 0 .. 2^63-1";
            case U64, I64, F64 -> null;
            case JOIN -> "a Join handle is made by fork only";
        };
    }
}
