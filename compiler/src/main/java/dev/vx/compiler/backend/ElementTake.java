package dev.vx.compiler.backend;

import dev.vx.bytecode.TypeKind;

import java.util.List;

import static dev.vx.bytecode.Opcode.*;

/**
 * Takes an element out of its array for the time of its update. In
 * <pre>
 *   Array.set(g, r, f(g[r]))          row = g[r]
 *                                     Array.set(g, r, Array.set(row, c, v))
 * </pre>
 * the element is counted twice while it is updated (by its register, after the {@code dup}
 * that makes the borrowed read an owned value, and by {@code g}), so {@code f} can never
 * rebuild it in its own cell, and the inner set copies the whole row every time. This pass
 * turns the read and its {@code dup} into one {@code atake}: when {@code g} is unique the
 * element moves out of it (its slot holds a hole until the store fills it), so a unique element
 * stays unique; when {@code g} is shared the element is duplicated, as before, and the store
 * copies {@code g}, as before. The program's meaning is unchanged either way.
 *
 * <p>The shape, in one block: {@code aget x, g, r}, later the first {@code dup x}, later {@code
 * aset _, g, r, _} (or an index register loaded with the same constant as {@code r}); between
 * the read and the store no other use of {@code g} (a {@code dup g} included: the take must
 * see every count {@code g} has there), no write of {@code g}, {@code r} or {@code x}, and no
 * value read out of {@code g} before the read is used after it (it could be a borrowed alias of
 * the element). Control that reaches the read reaches the store or stops the run, so nothing
 * ever reads the hole. A count of 1 means that nothing else can read {@code g}: a caller that
 * passes one array to a consumed and a borrowed parameter keeps a count of its own
 * ({@code RcInsertion}).
 */
final class ElementTake {
    private ElementTake() {}

    static void run(IrFunction f, TypeTable types) {
        for (IrFunction.Block b : f.blocks) {
            List<IrInsn> in = b.insns;
            for (int k = 0; k < in.size(); k++) {
                IrInsn read = in.get(k);
                if (read.op != AGET || types.kind(f.regType(read.ops[0])) == TypeKind.SCALAR) continue;
                int dup = dupBeforeStore(in, k + 1, read.ops[0], read.ops[1], read.ops[2]);
                if (dup < 0 || otherReadsLive(f, b, k, read.ops[1])) continue;
                in.set(k, new IrInsn(ATAKE, read.line, read.ops[0], read.ops[1], read.ops[2]));
                in.remove(dup);
            }
        }
    }

    /**
     * The index of the first {@code dup x} from {@code from} on when {@code aset _, g, r, _}
     * follows it and nothing else uses {@code g} or writes {@code g}, {@code r} or {@code x}
     * before that store; else -1.
     */
    private static int dupBeforeStore(List<IrInsn> in, int from, int x, int g, int r) {
        long index = constantAt(in, r, from - 1);
        int dup = -1;
        for (int j = from; j < in.size(); j++) {
            IrInsn i = in.get(j);
            if (i.op == ASET && i.ops[1] == g) {
                boolean sameIndex = i.ops[2] == r || index >= 0 && constantAt(in, i.ops[2], j) == index;
                return dup >= 0 && sameIndex && i.ops[3] != g ? dup : -1;
            }
            if (i.op == DUP && i.ops[0] == x && dup < 0) {
                dup = j;
                continue;
            }
            if (i.def() == g || i.def() == r || i.def() == x) return -1;
            boolean[] usesG = {false};
            i.forEachUse((reg, consumes) -> usesG[0] |= reg == g);
            if (usesG[0]) return -1;
        }
        return -1;
    }

    /**
     * The constant that register {@code r} holds at instruction {@code at}, when its last
     * definition before it in the block is an {@code ldi} (a constant index: {@code a[3]} and
     * {@code Array.set(a, 3, ..)} load theirs apart); else -1.
     */
    private static long constantAt(List<IrInsn> in, int r, int at) {
        for (int j = at - 1; j >= 0; j--) {
            IrInsn i = in.get(j);
            if (i.def() == r) return i.op == LDI && i.ops[1] >= 0 ? i.ops[1] : -1;
        }
        return -1;
    }

    /**
     * Whether a value read out of {@code g} before index {@code k} of {@code b} (an element, or
     * something read out of one, in turn) is used after it, or anywhere else in the function:
     * such a read may be borrowed, without a count of its own, and would see the element leave
     * the array (and be freed or rebuilt). Conservative: registers are not tracked through
     * moves, and a register used again after a new definition counts too.
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
}
