package dev.vx.compiler.backend;

import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Operand;
import dev.vx.bytecode.Prim;

import java.util.Arrays;

/**
 * An instruction of the back end's IR: a bytecode opcode whose register operands are
 * virtual registers and whose targets are block ids. The operand layout is exactly the
 * bytecode's (lists as count + items); for call sites the saved-register list is left empty
 * until register allocation fills it.
 */
final class IrInsn {
    final Opcode op;
    int[] ops;
    final int line;
    /** For a {@code get}: the (provisional) constructor of the cell read, when the lowering knows it; else -1. */
    int ctor = -1;

    IrInsn(Opcode op, int line, int... ops) {
        this.op = op;
        this.line = line;
        this.ops = ops;
    }

    /** A copy whose operands can be changed independently (the code is duplicated on two paths). */
    IrInsn copy() {
        IrInsn c = new IrInsn(op, line, ops.clone());
        c.ctor = ctor;
        return c;
    }

    /** The virtual register this instruction writes, or -1. */
    int def() {
        return switch (op) {
            case NOP, JMP, JT, JF, SWITCH, TCALL, TCALLC, RET, JOIN, PANIC, EXIT, DUP, DROP, FREE, SETF -> -1;
            default -> ops[0];
        };
    }

    /**
     * Calls {@code visitor} for every register this instruction reads, with whether the read
     * consumes the reference (takes ownership) or only borrows it. The saved registers of a
     * call site are not uses.
     */
    void forEachUse(UseVisitor visitor) {
        switch (op) {
            case CALL, JOB -> list(2, visitor, true);
            case CALLC -> {
                visitor.use(ops[1], true);
                list(2, visitor, true);
            }
            case TCALL -> list(1, visitor, true);
            case TCALLC -> {
                visitor.use(ops[0], true);
                list(1, visitor, true);
            }
            case RET -> visitor.use(ops[0], true);
            case MOV -> visitor.use(ops[1], true);
            case NEW -> list(2, visitor, true);
            case NEWR -> {
                visitor.use(ops[1], false); // the reuse token: memory, not a counted reference
                list(3, visitor, true);
            }
            case ASET -> {
                visitor.use(ops[1], true);
                visitor.use(ops[2], false);
                visitor.use(ops[3], true);
            }
            case ANEW -> {
                visitor.use(ops[1], false);
                visitor.use(ops[2], true);
            }
            case PRIM -> {
                int p = position(2);
                boolean first = Prim.ofId(ops[1]).consumesFirst();
                for (int i = 0; i < ops[p]; i++) visitor.use(ops[p + 1 + i], first && i == 0);
            }
            case FREE -> visitor.use(ops[0], true);
            case SETF -> {
                visitor.use(ops[0], false);
                visitor.use(ops[3], true);
            }
            default -> {
                int k = 0;
                int p = 0;
                for (Operand o : op.operands()) {
                    if (o == Operand.REG) {
                        if (k > 0 || def() < 0) visitor.use(ops[p], false);
                        p++;
                    } else if (o.isList()) {
                        int n = ops[p];
                        if (o == Operand.REGS) for (int i = 0; i < n; i++) visitor.use(ops[p + 1 + i], false);
                        p += 1 + n;
                    } else {
                        p++;
                    }
                    k++;
                }
            }
        }
    }

    private void list(int operand, UseVisitor visitor, boolean consumes) {
        int p = position(operand);
        for (int i = 0; i < ops[p]; i++) visitor.use(ops[p + 1 + i], consumes);
    }

    /** Position in {@link #ops} of shape operand number {@code k}. */
    int position(int k) {
        int pos = 0;
        for (int i = 0; i < k; i++) pos += op.operands().get(i).isList() ? 1 + ops[pos] : 1;
        return pos;
    }

    /** Replaces the saved-register list (the last operand) of a call site. */
    void setSaves(int[] saves) {
        int p = position(3);
        int[] n = Arrays.copyOf(ops, p + 1 + saves.length);
        n[p] = saves.length;
        System.arraycopy(saves, 0, n, p + 1, saves.length);
        ops = n;
    }

    /** Applies {@code f} to every register operand (uses, defs, saves). */
    void mapRegisters(java.util.function.IntUnaryOperator f) {
        int p = 0;
        for (Operand o : op.operands()) {
            if (o == Operand.REG) {
                ops[p] = f.applyAsInt(ops[p]);
                p++;
            } else if (o.isList()) {
                int n = ops[p];
                if (o == Operand.REGS) for (int i = 0; i < n; i++) ops[p + 1 + i] = f.applyAsInt(ops[p + 1 + i]);
                p += 1 + n;
            } else {
                p++;
            }
        }
    }

    /** Block ids this instruction may jump to. */
    int[] targets() {
        return switch (op) {
            case JMP -> new int[]{ops[0]};
            case JT, JF -> new int[]{ops[1]};
            case SWITCH -> Arrays.copyOfRange(ops, 2, 2 + ops[1]);
            default -> new int[0];
        };
    }

    /** How many targets {@link #targets()} would list. */
    int targetCount() {
        return switch (op) {
            case JMP, JT, JF -> 1;
            case SWITCH -> ops[1];
            default -> 0;
        };
    }

    /** Writes the targets into {@code into} from {@code at}; returns the position after them. */
    int copyTargets(int[] into, int at) {
        switch (op) {
            case JMP -> into[at++] = ops[0];
            case JT, JF -> into[at++] = ops[1];
            case SWITCH -> {
                System.arraycopy(ops, 2, into, at, ops[1]);
                at += ops[1];
            }
            default -> {
            }
        }
        return at;
    }

    void mapTargets(java.util.function.IntUnaryOperator f) {
        switch (op) {
            case JMP -> ops[0] = f.applyAsInt(ops[0]);
            case JT, JF -> ops[1] = f.applyAsInt(ops[1]);
            case SWITCH -> {
                for (int i = 0; i < ops[1]; i++) ops[2 + i] = f.applyAsInt(ops[2 + i]);
            }
            default -> {
            }
        }
    }

    @FunctionalInterface
    interface UseVisitor {
        void use(int register, boolean consumes);
    }

    @Override
    public String toString() {
        return op.mnemonic() + Arrays.toString(ops);
    }
}
