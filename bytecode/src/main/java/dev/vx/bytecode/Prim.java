package dev.vx.bytecode;

import static dev.vx.bytecode.Prim.Sig.*;

/**
 * Primitive operations called with {@link Opcode#PRIM}. Arguments are borrowed, except the
 * first of {@link #STR_APPEND} ({@link #consumesFirst}); results are owned. The id of a
 * primitive is its ordinal (new ones go at the end).
 *
 * <p>Signatures use a few structural type forms so the verifier can check them against the
 * module's types: scalars, {@code STR}, {@code LIST_STR} / {@code LIST_U32} (the built-in
 * list of that element), and {@code OK_STR} (a tuple {@code (Bool, String)}), and
 * {@code OK_x} (a tuple {@code (Bool, x)}) for parse results.
 */
public enum Prim {
    STR_LEN(U32, STR),
    STR_CONCAT(STR, STR, STR),
    STR_EQ(BOOL, STR, STR),
    /** -1, 0 or 1 by code point order. */
    STR_CMP(I32, STR, STR),
    /** Code points {@code from .. to-1}; runtime error unless from <= to <= len. */
    STR_SLICE(STR, STR, U32, U32),
    STR_SPLIT(LIST_STR, STR, STR),
    STR_JOIN(STR, LIST_STR, STR),
    STR_FROM_CODE_POINTS(STR, LIST_U32),
    STR_CODE_POINTS(LIST_U32, STR),

    SHOW_U32(STR, U32), SHOW_I32(STR, I32), SHOW_U64(STR, U64), SHOW_I64(STR, I64),
    SHOW_NAT(STR, NAT), SHOW_F32(STR, F32), SHOW_F64(STR, F64),
    PARSE_U32(OK_U32, STR), PARSE_I32(OK_I32, STR), PARSE_U64(OK_U64, STR), PARSE_I64(OK_I64, STR),
    PARSE_NAT(OK_NAT, STR), PARSE_F32(OK_F32, STR), PARSE_F64(OK_F64, STR),
    FMT_F32(STR, F32, U32), FMT_F64(STR, F64, U32),
    FLOOR_F32(F32, F32), CEIL_F32(F32, F32), FLOOR_F64(F64, F64), CEIL_F64(F64, F64),

    /** Host-only primitives: the IO actions. A device kernel never reaches them. */
    IO_PRINT(UNIT, STR),
    IO_WRITE(UNIT, STR),
    IO_ARGS(LIST_STR),
    /** (true, contents) or (false, error message). */
    IO_READ_FILE(OK_STR, STR),
    /** (true, "") or (false, error message). */
    IO_WRITE_FILE(OK_STR, STR, STR),
    IO_TIME_NS(U64),

    /**
     * {@code a ++ b} that consumes {@code a}: the string the compiler emits for {@code ++}, so
     * that a string grown in a loop ({@code acc ++ piece}) is extended where it lies, in
     * amortised constant time per byte, as Lean's and CPython's are. When {@code a} is held
     * once and the block it was allocated in has room for the result, b's bytes are written
     * after a's and a is the result; otherwise the result is a new cell (as {@link
     * #STR_CONCAT}) and a is dropped.
     */
    STR_APPEND(STR, STR, STR);

    /** Structural type forms of primitive signatures. */
    public enum Sig {
        BOOL, U32, I32, U64, I64, F32, F64, NAT, UNIT, STR, LIST_STR, LIST_U32,
        OK_STR, OK_U32, OK_I32, OK_U64, OK_I64, OK_NAT, OK_F32, OK_F64
    }

    public final Sig result;
    private final Sig[] params;

    Prim(Sig result, Sig... params) {
        this.result = result;
        this.params = params;
    }

    public int arity() {
        return params.length;
    }

    public Sig param(int i) {
        return params[i];
    }

    /** The format minor version that introduced the primitive (see {@link Opcode#sinceMinor}). */
    public int sinceMinor() {
        return this == STR_APPEND ? 3 : 0;
    }

    /** Whether the primitive takes ownership of its first argument (the others are borrowed). */
    public boolean consumesFirst() {
        return this == STR_APPEND;
    }

    public boolean isHostOnly() {
        return name().startsWith("IO_");
    }

    private static final Prim[] BY_ID = values();

    public static Prim ofId(int id) {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
    }
}
