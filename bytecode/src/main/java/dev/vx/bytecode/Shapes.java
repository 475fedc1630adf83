package dev.vx.bytecode;

/**
 * Checks that an instruction's flat operand array matches its opcode's shape (a list operand
 * is a non-negative length followed by that many items), without ever indexing out of bounds.
 * The writer, the verifier and the disassembler meet instructions from arbitrary Module
 * objects, so none of them may trust {@link Insn#position} on a malformed one.
 */
final class Shapes {
    private Shapes() {}

    /** Null when {@code insn} is well formed, else what is wrong with it. */
    static String malformation(Insn insn) {
        if (insn.op() == null) return "the instruction has no opcode";
        int[] operands = insn.operands();
        if (operands == null) return "the instruction has no operand array";
        int pos = 0;
        for (Operand kind : insn.op().operands()) {
            if (pos >= operands.length) {
                return "operand array too short for shape \"" + insn.op().shape + "\" (" + operands.length + " ints)";
            }
            if (kind.isList()) {
                int n = operands[pos];
                if (n < 0) return "a list operand has negative length " + n;
                if (n > operands.length - pos - 1) {
                    return "a list operand of length " + n + " runs past the operand array (" + operands.length + " ints)";
                }
                pos += 1 + n;
            } else {
                pos++;
            }
        }
        if (pos != operands.length) {
            return "operand array has " + (operands.length - pos) + " ints more than shape \"" + insn.op().shape + "\" uses";
        }
        return null;
    }
}
