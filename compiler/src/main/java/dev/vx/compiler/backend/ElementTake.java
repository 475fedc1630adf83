package dev.vx.compiler.backend;

import dev.vx.bytecode.TypeKind;

import java.util.List;

import static dev.vx.bytecode.Opcode.*;

/**
 * Takes an array out of the array that holds it for the time of its update: in
 * <pre>
 *   row = g[r]
 *   Array.set(g, r, Array.set(row, c, v))
 * </pre>
 * {@code row} is counted twice (by its register and by {@code g}), so the inner set copies the
 * whole row, every time: a grid update cost the length of a row. After the row's read and its
 * {@code dup}, this pass puts an empty array in its place ({@code aempty e; aset g, g, r, e}),
 * which drops {@code g}'s count of the row: when {@code g} and the row were unique, the row now
 * is, and the inner set writes it in place; the outer set then stores the updated row over the
 * empty one (and frees it). When {@code g} is shared, its {@code aset} copies it here instead
 * of at the outer set: the same one copy, and the program's meaning is unchanged either way.
 *
 * <p>The shape, in one block: {@code aget row, g, r}, then {@code dup row}, then code that
 * updates {@code row} ({@code aset _, row, ...}) and ends with {@code aset _, g, r, _}, with no
 * other use of {@code g} between (nothing may see the empty array in row {@code r}) and
 * neither {@code g} nor {@code r} written, and no value read out of {@code g} before is used
 * after (it could be a borrowed alias of the row). Control that reaches the read reaches the outer
 * store or stops the run. The element type is an array type: an empty array is the
 * placeholder (two words, allocated and freed per update).
 */
final class ElementTake {
    private ElementTake() {}

    static void run(IrFunction f, TypeTable types) {
        for (IrFunction.Block b : f.blocks) {
            List<IrInsn> in = b.insns;
            for (int k = 0; k + 1 < in.size(); k++) {
                IrInsn read = in.get(k);
                if (read.op != AGET || types.kind(f.regType(read.ops[0])) != TypeKind.ARRAY) continue;
                int row = read.ops[0], g = read.ops[1], r = read.ops[2];
                if (in.get(k + 1).op != DUP || in.get(k + 1).ops[0] != row || !updatedThenStored(in, k + 2, row, g, r)
                        || otherReadsLive(f, b, k, g)) {
                    continue;
                }
                int empty = f.newReg(f.regType(row));
                in.add(k + 2, new IrInsn(AEMPTY, read.line, empty));
                in.add(k + 3, new IrInsn(ASET, read.line, g, g, r, empty));
                k += 3;
            }
        }
    }

    /**
     * Whether a value read out of {@code g} before index {@code k} of {@code b} (an element, or
     * something read out of one, in turn) is used after it, or anywhere else in the function:
     * such a read may be borrowed, without a count of its own, and would see the row change in
     * place (or be freed) once the row is taken out. Conservative: registers are not tracked
     * through moves, and a register used again after a new definition counts too.
     */
    private static boolean otherReadsLive(IrFunction f, IrFunction.Block b, int k, int g) {
        List<IrInsn> in = b.insns;
        java.util.Set<Integer> fromG = new java.util.HashSet<>();
        for (int j = 0; j < k; j++) {
            IrInsn i = in.get(j);
            if ((i.op == AGET || i.op == GET) && (i.ops[1] == g || fromG.contains(i.ops[1]))) fromG.add(i.ops[0]);
        }
        if (fromG.isEmpty()) return false;
        for (IrFunction.Block other : f.blocks) {
            List<IrInsn> code = other.insns;
            for (int j = other == b ? k + 1 : 0; j < code.size(); j++) {
                boolean[] uses = {false};
                code.get(j).forEachUse((reg, consumes) -> uses[0] |= fromG.contains(reg));
                if (uses[0]) return true;
            }
        }
        return false;
    }

    /**
     * Whether, from {@code from} on, an update of {@code row} comes before {@code aset _, g, r, _}
     * and nothing else uses {@code g} or writes {@code g} or {@code r} before that store.
     */
    private static boolean updatedThenStored(List<IrInsn> in, int from, int row, int g, int r) {
        boolean updated = false;
        for (int j = from; j < in.size(); j++) {
            IrInsn i = in.get(j);
            if (i.op == ASET && i.ops[1] == g) return updated && i.ops[2] == r && i.ops[3] != g;
            if (i.op == ASET && i.ops[1] == row) updated = true;
            if (i.def() == g || i.def() == r) return false;
            boolean[] usesG = {false};
            i.forEachUse((reg, consumes) -> usesG[0] |= reg == g);
            if (usesG[0]) return false;
        }
        return false;
    }
}
