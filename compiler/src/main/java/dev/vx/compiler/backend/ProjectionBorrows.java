package dev.vx.compiler.backend;

import dev.vx.bytecode.Opcode;

import java.util.BitSet;
import java.util.List;

/**
 * Field and element reads that need no count of their own: {@code b = bs[i]} (or a field of
 * an owned cell) whose every use only looks inside it — reads its scalar fields or elements,
 * its length, its constructor — and whose uses all come, in the same block, while the
 * container is still held and untouched (not consumed, not redefined, and used again
 * afterwards, so its drop comes later). The container's count keeps the cell alive for that
 * whole stretch, so the {@code dup} after the read and the {@code drop} after the last use
 * would be a pair of writes to the cell's header for nothing. This is Lean 4's borrowed
 * projection, restricted to what can be checked locally. In nbody's pair loop it removes
 * two header writes per body read.
 */
final class ProjectionBorrows {
    private final IrFunction f;
    private final TypeTable types;
    private final List<IrFunction> functions;
    private final int[] defs;

    private ProjectionBorrows(IrFunction f, TypeTable types, List<IrFunction> functions) {
        this.f = f;
        this.types = types;
        this.functions = functions;
        this.defs = new int[f.regTypes.size()];
        for (int p = 0; p < f.params.length; p++) defs[p]++;
        for (IrFunction.Block b : f.blocks) {
            for (IrInsn i : b.insns) if (i.def() >= 0) defs[i.def()]++;
        }
    }

    /** Adds to {@code borrowed} the reads of owned containers that can stay borrowed. */
    static void add(IrFunction f, TypeTable types, List<IrFunction> functions, Liveness lv, BitSet borrowed) {
        ProjectionBorrows p = new ProjectionBorrows(f, types, functions);
        for (IrFunction.Block b : f.blocks) p.scan(b, lv, borrowed);
    }

    private boolean isRef(int r) {
        return types.isRef(f.regType(r));
    }

    private void scan(IrFunction.Block b, Liveness lv, BitSet borrowed) {
        List<IrInsn> in = b.insns;
        BitSet[] liveAfter = null;
        BitSet liveOut = null;
        for (int k = 0; k < in.size(); k++) {
            IrInsn read = in.get(k);
            if (read.op != Opcode.GET && read.op != Opcode.AGET) continue;
            int d = read.ops[0];
            int container = read.ops[1];
            if (!isRef(d) || borrowed.get(d) || borrowed.get(container) || defs[d] != 1 || defs[container] != 1) continue;
            if (liveOut == null) liveOut = lv.out(b.id);
            if (liveOut.get(d)) continue;
            int last = lastInspection(in, k, d);
            if (last < 0) continue;
            if (liveAfter == null) liveAfter = liveAfter(b, lv);
            if (!liveAfter[last].get(container) || touched(in, k + 1, last, container)) continue;
            borrowed.set(d);
        }
    }

    /**
     * The index of the last use of {@code d} after {@code from} in {@code in}, if every use only
     * looks inside it (a scalar field or element, the length, the constructor); else -1 (also
     * when it is never used: an unused read gets no count anyway).
     */
    private int lastInspection(List<IrInsn> in, int from, int d) {
        int last = -1;
        for (int k = from + 1; k < in.size(); k++) {
            IrInsn i = in.get(k);
            int[] uses = {0};
            i.forEachUse((r, consumes) -> {
                if (r == d) uses[0]++;
            });
            if (uses[0] == 0) continue;
            if (uses[0] > 1 || !inspects(i, d)) return -1;
            last = k;
        }
        return last;
    }

    private boolean inspects(IrInsn i, int d) {
        return switch (i.op) {
            case GET, AGET -> i.ops[1] == d && !isRef(i.ops[0]);
            case ALEN -> i.ops[1] == d;
            case SWITCH -> i.ops[0] == d;
            default -> false;
        };
    }

    /** Whether an instruction in {@code in[from..to]} consumes {@code r}. */
    private boolean touched(List<IrInsn> in, int from, int to, int r) {
        boolean[] hit = {false};
        for (int k = from; k <= to && !hit[0]; k++) {
            BorrowInference.forEachConsumed(in.get(k), functions, x -> {
                if (x == r) hit[0] = true;
            });
        }
        return hit[0];
    }

    /** The registers live after each instruction of {@code b}. */
    private static BitSet[] liveAfter(IrFunction.Block b, Liveness lv) {
        BitSet live = lv.out(b.id);
        BitSet[] after = new BitSet[b.insns.size()];
        for (int k = b.insns.size() - 1; k >= 0; k--) {
            IrInsn insn = b.insns.get(k);
            for (int t : insn.targets()) live.or(lv.in[t]);
            after[k] = (BitSet) live.clone();
            Liveness.step(insn, live, lv);
        }
        return after;
    }
}
