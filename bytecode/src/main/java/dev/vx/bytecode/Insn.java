package dev.vx.bytecode;

import java.util.Arrays;

/**
 * One instruction: an opcode and its operands, flat, in the order of the opcode's shape (a
 * list operand is its length followed by its items). Jump targets are instruction indices.
 */
public record Insn(Opcode op, int[] operands) {

    public static Insn of(Opcode op, int... operands) {
        return new Insn(op, operands);
    }

    /**
     * The format minor version that can hold this instruction: its opcode's, or for a
     * {@code prim} its primitive's when that is newer (an unknown primitive, or missing
     * operands, count as nothing new: the verifier rejects them).
     */
    public int sinceMinor() {
        int minor = op.sinceMinor();
        if (op == Opcode.PRIM && operands != null && operands.length > 1) {
            Prim p = Prim.ofId(operands[1]);
            if (p != null) minor = Math.max(minor, p.sinceMinor());
        }
        return minor;
    }

    public int get(int i) {
        return operands[i];
    }

    /**
     * The position in {@link #operands} where operand number {@code k} of the shape starts
     * (for a list: its length word).
     */
    public int position(int k) {
        int pos = 0;
        for (int i = 0; i < k; i++) {
            pos += op.operands().get(i).isList() ? 1 + operands[pos] : 1;
        }
        return pos;
    }

    /** The items of list operand number {@code k} of the shape. */
    public int[] list(int k) {
        int p = position(k);
        return Arrays.copyOfRange(operands, p + 1, p + 1 + operands[p]);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Insn i && op == i.op && Arrays.equals(operands, i.operands);
    }

    @Override
    public int hashCode() {
        return op.hashCode() * 31 + Arrays.hashCode(operands);
    }

    @Override
    public String toString() {
        return op.mnemonic() + Arrays.toString(operands);
    }
}
