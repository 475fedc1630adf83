package dev.vx.bytecode;

import java.util.List;

/**
 * The Vx instruction set. Register based: every instruction names its registers; values are
 * 64-bit words (scalars unboxed, everything else a heap reference).
 *
 * <p>Each opcode has a fixed byte value (its ordinal; the file format depends on the order,
 * so new opcodes go at the end) and a {@link #shape}: one character per operand, in order, as
 * listed by {@link Operand}. Semantics are specified in {@code docs/bytecode.md}; the JVM
 * engines share one implementation of them in the VM's {@code Ops} class.
 *
 * <p>Representation of scalars in a word: {@code Bool} 0/1, {@code Unit} 0, {@code U32}
 * zero-extended, {@code I32} sign-extended, {@code U64}/{@code I64} as is, {@code Nat} as a
 * non-negative long, {@code F32} as its IEEE bits zero-extended, {@code F64} as its IEEE bits.
 */
public enum Opcode {
    NOP(""),
    /** {@code d := a}. */
    MOV("rr"),
    /** {@code d := imm}, sign-extended to 64 bits. */
    LDI("ri"),
    /** {@code d := constants[k]}. */
    LDK("rk"),
    /** {@code d :=} the immortal string cell of string-table entry {@code s}. */
    LDS("rs"),

    // 32-bit integer arithmetic: U32 results are masked to 32 bits, I32 results sign-extended.
    ADD_U32("rrr"), SUB_U32("rrr"), MUL_U32("rrr"), DIV_U32("rrr"), REM_U32("rrr"),
    ADD_I32("rrr"), SUB_I32("rrr"), MUL_I32("rrr"), DIV_I32("rrr"), REM_I32("rrr"),
    // 64-bit integers: add, sub and mul are the same wrapping operation for U64 and I64.
    ADD_64("rrr"), SUB_64("rrr"), MUL_64("rrr"),
    DIV_U64("rrr"), REM_U64("rrr"), DIV_I64("rrr"), REM_I64("rrr"),
    // Nat: add and mul fail on overflow past 2^63-1; sub saturates at 0.
    ADD_NAT("rrr"), SUB_NAT("rrr"), MUL_NAT("rrr"), DIV_NAT("rrr"), REM_NAT("rrr"),
    ADD_F32("rrr"), SUB_F32("rrr"), MUL_F32("rrr"), DIV_F32("rrr"), REM_F32("rrr"),
    ADD_F64("rrr"), SUB_F64("rrr"), MUL_F64("rrr"), DIV_F64("rrr"), REM_F64("rrr"),
    NEG_I32("rr"), NEG_I64("rr"), NEG_F32("rr"), NEG_F64("rr"),
    SQRT_F32("rr"), SQRT_F64("rr"),

    // Bitwise operations. AND, OR, XOR and NOT_64 are the same on every representation above.
    AND("rrr"), OR("rrr"), XOR("rrr"), NOT_U32("rr"), NOT_64("rr"), NOT_BOOL("rr"),
    SHL_U32("rrr"), SHL_I32("rrr"), SHL_64("rrr"),
    SHR_U32("rrr"), SHR_I32("rrr"), SHR_U64("rrr"), SHR_I64("rrr"),

    // Comparisons, result Bool. EQ/NE compare words (integers, Nat, Bool, Unit); LT_S/LE_S
    // compare as signed longs (I32, U32, I64, Nat); the compiler swaps operands for > and >=.
    EQ("rrr"), NE("rrr"), LT_S("rrr"), LE_S("rrr"), LT_U64("rrr"), LE_U64("rrr"),
    EQ_F32("rrr"), LT_F32("rrr"), LE_F32("rrr"),
    EQ_F64("rrr"), LT_F64("rrr"), LE_F64("rrr"),

    /** {@code d := convert(a)}; the immediate is {@code from * 16 + to} over {@link Scalar} ordinals. */
    CONV("rri"),

    /** Jump. */
    JMP("t"),
    /** Jump when the Bool in {@code a} is true. */
    JT("rt"),
    /** Jump when the Bool in {@code a} is false. */
    JF("rt"),
    /** Jump to {@code targets[tag(a)]}; one target per constructor of {@code a}'s type. */
    SWITCH("rT"),

    /**
     * Non-tail call {@code d := f(args)}. Pushes a continuation frame holding the registers
     * in {@code saves} (the caller's registers live after the call) and a resume word; after
     * the return only {@code saves} and {@code d} are defined.
     */
    CALL("rfRR"),
    /** Non-tail call of the closure in {@code c}, which is passed (owned) as the callee's first argument. */
    CALLC("rrRR"),
    /** Tail call: replaces the current activation, pushes nothing. */
    TCALL("fR"),
    /** Tail call of a closure. */
    TCALLC("rR"),
    /** Return {@code a} to the frame on top of the lane stack. */
    RET("r"),
    /**
     * Opens a fork group of {@code k} children: the next {@code k} instructions are CALLs (the
     * children), followed by {@code JOIN j}. Writes a join handle to {@code j} (0 when the lane
     * runs the group sequentially).
     */
    FORK("ri"),
    /** Closes a fork group: waits for children run on other lanes and collects their results. */
    JOIN("r"),
    /** {@code d := f!(args)}: a job on the selected device; inside a job, an ordinary CALL. */
    JOB("rfRR"),
    /** Stops the program with a runtime error whose message is the String in {@code a}. */
    PANIC("r"),
    /** Stops the program with exit status {@code a} (a U32). */
    EXIT("r"),

    /** {@code d :=} a new cell of constructor {@code c} with the given fields (consumed). */
    NEW("rcR"),
    /** Like NEW, but builds the cell in the reuse token {@code tok} when it is not 0. */
    NEWR("rrcR"),
    /** {@code d :=} field {@code i} of the cell in {@code a} (not duplicated). */
    GET("rri"),
    /** Increment the reference count of {@code a}. */
    DUP("r"),
    /** Decrement the reference count of {@code a}; at zero, free it and drop its fields. */
    DROP("r"),
    /** Release the memory of reuse token {@code a} (0: nothing) without touching its fields. */
    FREE("r"),
    /** {@code d :=} whether {@code a} holds the only reference to its cell. */
    ISUNIQ("rr"),

    /** {@code d :=} an array of {@code n} (U32) copies of {@code v} (consumed). */
    ANEW("rrr"),
    /** {@code d := a[i]} (bounds-checked; not duplicated). */
    AGET("rrr"),
    /** {@code d := a} with element {@code i} set to {@code v}; consumes {@code a} and {@code v}; in place when unique. */
    ASET("rrrr"),
    /** {@code d :=} the length of array {@code a} (U32). */
    ALEN("rr"),
    /** {@code d :=} a new array of {@code a[from .. to-1]} (bounds-checked). */
    ASLICE("rrrr"),

    /** {@code d := prim(args)}; the arguments are borrowed. */
    PRIM("rpR"),
    /** {@code d :=} a new empty array of {@code d}'s type (generic code has no element to fill with). */
    AEMPTY("r"),

    /**
     * {@code d :=} a reuse token: the memory of a cell of constructor {@code c}, allocated now
     * and built later by a {@code newr} that names it. The compiler allocates a constructor's
     * cell before the calls that compute its fields, so that a tree is laid out in the order
     * it is built and later read (parent first). Added in format 1.1.
     */
    ALLOC("rc"),

    /**
     * {@code d := a[i]} as an owned reference (bounds-checked; the elements are references).
     * When {@code a} is unique the element is moved out and its slot holds a hole (the
     * immediate 0) until an {@code aset} of the same index fills it; otherwise the element is
     * duplicated and {@code a} is unchanged. Lets the element be unique while it is updated
     * (the compiler's {@code ElementTake}). Added in format 1.2.
     */
    ATAKE("rrr"),

    /**
     * Field {@code i} of the cell in {@code a}, of constructor {@code c}, {@code := v}
     * (consumed). The field holds a hole (an immediate, never a counted reference), which is
     * overwritten without a drop; {@code a} is a cell the code built and nothing else reads
     * yet. The compiler's destination-passing form of a recursion whose call is the last
     * field of the result ({@code TailModCons}) builds a list or tree from the root down
     * with it, in a loop. Added in format 1.4.
     */
    SETF("rcir");

    /** One {@link Operand} code per operand. */
    public final String shape;
    private final List<Operand> operands;

    Opcode(String shape) {
        this.shape = shape;
        this.operands = shape.chars().mapToObj(c -> Operand.ofCode((char) c)).toList();
    }

    public List<Operand> operands() {
        return operands;
    }

    public String mnemonic() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Control never falls through to the next instruction. */
    public boolean isTerminator() {
        return switch (this) {
            case JMP, SWITCH, TCALL, TCALLC, RET, PANIC, EXIT -> true;
            default -> false;
        };
    }

    /**
     * The first operand is a register the instruction writes (its destination {@code d}).
     * Every other register operand, and every register of a list operand, is read.
     */
    public boolean hasDestination() {
        return switch (this) {
            case NOP, JMP, JT, JF, SWITCH, TCALL, TCALLC, RET, JOIN, PANIC, EXIT, DUP, DROP, FREE, SETF -> false;
            default -> true;
        };
    }

    /** The format minor version that introduced the opcode (format 1.0 files cannot hold later ones). */
    public int sinceMinor() {
        return switch (this) {
            case ALLOC -> 1;
            case ATAKE -> 2;
            case SETF -> 4;
            default -> 0;
        };
    }

    /** The instruction suspends the activation: it has a resume site (see {@link FunctionDesc#sites}). */
    public boolean isCallSite() {
        return this == CALL || this == CALLC || this == JOB;
    }

    private static final Opcode[] BY_BYTE = values();

    public static Opcode ofByte(int b) {
        return b >= 0 && b < BY_BYTE.length ? BY_BYTE[b] : null;
    }
}
