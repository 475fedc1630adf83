package dev.vx.bytecode;

/**
 * The kinds of operand an instruction carries. An instruction's operands are a flat list of
 * ints in the order of its opcode's {@link Opcode#shape shape}; a list kind ({@code REGS},
 * {@code TARGETS}) is stored as its length followed by its items.
 */
public enum Operand {
    /** A register of the current function. */
    REG('r'),
    /** A signed 32-bit immediate. */
    IMM('i'),
    /** An index into the module's 64-bit constant pool. */
    CONST('k'),
    /** An index into the module's string table. */
    STRING('s'),
    /** A function index. */
    FUNC('f'),
    /** A global constructor id (see {@link Layout#FIRST_CTOR}). */
    CTOR('c'),
    /** An instruction index of the current function (a jump target). */
    TARGET('t'),
    /** A primitive id (see {@link Prim}). */
    PRIM('p'),
    /** A counted list of registers. */
    REGS('R'),
    /** A counted list of jump targets. */
    TARGETS('T');

    public final char code;

    Operand(char code) {
        this.code = code;
    }

    public boolean isList() {
        return this == REGS || this == TARGETS;
    }

    static Operand ofCode(char c) {
        for (Operand o : values()) {
            if (o.code == c) return o;
        }
        throw new IllegalArgumentException("unknown operand code " + c);
    }
}
