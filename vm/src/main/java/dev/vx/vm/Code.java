package dev.vx.vm;

import dev.vx.bytecode.Opcode;

/**
 * Opcodes of the interpreter's pre-decoded code: every bytecode opcode keeps its ordinal
 * (the constants below are checked against {@link Opcode} when the class loads), and a few
 * internal forms are added. Pre-decoded instructions are flat ints: the opcode, then the
 * operands in shape order with lists as count + items, except:
 * <ul>
 *   <li>jump targets are code positions, not instruction indices;</li>
 *   <li>{@code CALL}, {@code CALLC}, {@code JOB}, {@code FCALL} carry the site ordinal right
 *       after the opcode;</li>
 *   <li>{@code SWITCH a base n targets...}: {@code base} is the first constructor id of
 *       {@code a}'s type, so the tag is {@code ctorId - base};</li>
 *   <li>{@code FCALL} is a child of a fork group:
 *       {@code FCALL site d f n args... n saves... j child};</li>
 *   <li>{@code JOIN j k d1..dk}: the destinations of the group's calls;</li>
 *   <li>{@code PRIM d p n args... ctor}: the first constructor id of the result's type (lists, tuples);</li>
 *   <li>a nullary {@code NEW} of a non-closure constructor becomes {@code LDI d id};</li>
 *   <li>{@code ALLOC d c n}: {@code n} is the constructor's field count;</li>
 *   <li>{@code ANEW d n v kind} and {@code AEMPTY d kind}: the array's cell kind
 *       ({@code Layout.arrayKind});</li>
 *   <li>an {@code AGET} of an array of 32-bit scalars becomes {@code AGET_HALF} or, of I32,
 *       {@code AGET_HALF_I32} (same operands).</li>
 * </ul>
 */
final class Code {
    private Code() {}

    static final int NOP = 0;
    static final int MOV = 1;
    static final int LDI = 2;
    static final int LDK = 3;
    static final int LDS = 4;
    static final int ADD_U32 = 5;
    static final int SUB_U32 = 6;
    static final int MUL_U32 = 7;
    static final int DIV_U32 = 8;
    static final int REM_U32 = 9;
    static final int ADD_I32 = 10;
    static final int SUB_I32 = 11;
    static final int MUL_I32 = 12;
    static final int DIV_I32 = 13;
    static final int REM_I32 = 14;
    static final int ADD_64 = 15;
    static final int SUB_64 = 16;
    static final int MUL_64 = 17;
    static final int DIV_U64 = 18;
    static final int REM_U64 = 19;
    static final int DIV_I64 = 20;
    static final int REM_I64 = 21;
    static final int ADD_NAT = 22;
    static final int SUB_NAT = 23;
    static final int MUL_NAT = 24;
    static final int DIV_NAT = 25;
    static final int REM_NAT = 26;
    static final int ADD_F32 = 27;
    static final int SUB_F32 = 28;
    static final int MUL_F32 = 29;
    static final int DIV_F32 = 30;
    static final int REM_F32 = 31;
    static final int ADD_F64 = 32;
    static final int SUB_F64 = 33;
    static final int MUL_F64 = 34;
    static final int DIV_F64 = 35;
    static final int REM_F64 = 36;
    static final int NEG_I32 = 37;
    static final int NEG_I64 = 38;
    static final int NEG_F32 = 39;
    static final int NEG_F64 = 40;
    static final int SQRT_F32 = 41;
    static final int SQRT_F64 = 42;
    static final int AND = 43;
    static final int OR = 44;
    static final int XOR = 45;
    static final int NOT_U32 = 46;
    static final int NOT_64 = 47;
    static final int NOT_BOOL = 48;
    static final int SHL_U32 = 49;
    static final int SHL_I32 = 50;
    static final int SHL_64 = 51;
    static final int SHR_U32 = 52;
    static final int SHR_I32 = 53;
    static final int SHR_U64 = 54;
    static final int SHR_I64 = 55;
    static final int EQ = 56;
    static final int NE = 57;
    static final int LT_S = 58;
    static final int LE_S = 59;
    static final int LT_U64 = 60;
    static final int LE_U64 = 61;
    static final int EQ_F32 = 62;
    static final int LT_F32 = 63;
    static final int LE_F32 = 64;
    static final int EQ_F64 = 65;
    static final int LT_F64 = 66;
    static final int LE_F64 = 67;
    static final int CONV = 68;
    static final int JMP = 69;
    static final int JT = 70;
    static final int JF = 71;
    static final int SWITCH = 72;
    static final int CALL = 73;
    static final int CALLC = 74;
    static final int TCALL = 75;
    static final int TCALLC = 76;
    static final int RET = 77;
    static final int FORK = 78;
    static final int JOIN = 79;
    static final int JOB = 80;
    static final int PANIC = 81;
    static final int EXIT = 82;
    static final int NEW = 83;
    static final int NEWR = 84;
    static final int GET = 85;
    static final int DUP = 86;
    static final int DROP = 87;
    static final int FREE = 88;
    static final int ISUNIQ = 89;
    static final int ANEW = 90;
    static final int AGET = 91;
    static final int ASET = 92;
    static final int ALEN = 93;
    static final int ASLICE = 94;
    static final int PRIM = 95;
    static final int AEMPTY = 96;
    static final int ALLOC = 97;
    static final int ATAKE = 98;
    static final int SETF = 99;
    /** A call that is a child of a fork group. */
    static final int FCALL = 100;
    /** {@code AGET} of a half array (Layout.KIND_ARRAY_HALF) whose elements are zero-extended. */
    static final int AGET_HALF = 101;
    /** {@code AGET} of a half array of I32 (sign-extended). */
    static final int AGET_HALF_I32 = 102;

    static {
        for (Opcode op : Opcode.values()) {
            try {
                if (Code.class.getDeclaredField(op.name()).getInt(null) != op.ordinal()) {
                    throw new AssertionError("Code." + op.name() + " is not Opcode's ordinal");
                }
            } catch (ReflectiveOperationException e) {
                throw new AssertionError("Code lacks " + op.name(), e);
            }
        }
        if (FCALL != Opcode.values().length) throw new AssertionError("FCALL must follow the last opcode");
    }
}
