package dev.vx.compiler.backend;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Insn;
import dev.vx.bytecode.Opcode;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays out a register-allocated function as bytecode: blocks in order, a jump to the next
 * block and a move of a register to itself dropped, block ids turned into instruction indices.
 */
final class Emitter {
    private Emitter() {}

    static FunctionDesc emit(IrFunction f, int[] registerTypes, int[] ctorIds, Pool pool) {
        List<IrFunction.Block> blocks = f.blocks;
        boolean[] skipped = threadJumps(blocks);
        // Pass 1: which instructions stay, and where each block starts.
        int[] start = new int[blocks.size()];
        List<IrInsn> kept = new ArrayList<>();
        for (int b = 0; b < blocks.size(); b++) {
            start[b] = kept.size();
            if (skipped[b]) continue;
            int next = b + 1;
            while (next < blocks.size() && skipped[next]) next++;
            List<IrInsn> insns = blocks.get(b).insns;
            for (int k = 0; k < insns.size(); k++) {
                IrInsn i = insns.get(k);
                boolean last = k == insns.size() - 1;
                if (last && i.op == Opcode.JMP && i.ops[0] == next) continue;
                if (i.op == Opcode.MOV && i.ops[0] == i.ops[1]) continue;
                if (k == insns.size() - 2 && (i.op == Opcode.JT || i.op == Opcode.JF) && i.ops[1] == next
                        && insns.get(k + 1).op == Opcode.JMP) {
                    // `jt c, next; jmp L` is `jf c, L`.
                    Opcode inverse = i.op == Opcode.JT ? Opcode.JF : Opcode.JT;
                    kept.add(new IrInsn(inverse, i.line, i.ops[0], insns.get(k + 1).ops[0]));
                    break;
                }
                kept.add(i);
            }
        }
        List<Insn> code = new ArrayList<>(kept.size());
        int[] lines = new int[kept.size()];
        for (int k = 0; k < kept.size(); k++) {
            IrInsn i = kept.get(k);
            i.mapTargets(t -> start[t]);
            if (i.op == Opcode.NEW || i.op == Opcode.ALLOC || i.op == Opcode.SETF) i.ops[1] = ctorIds[i.ops[1]];
            if (i.op == Opcode.NEWR) i.ops[2] = ctorIds[i.ops[2]];
            code.add(new Insn(i.op, i.ops));
            lines[k] = i.line;
        }
        return new FunctionDesc(pool.string(f.name), f.params, f.result, registerTypes, code, pool.string(f.file), lines);
    }

    /**
     * Sends every jump, branch and switch target that names a block made of one {@code jmp}
     * straight to where that jump goes, and returns the blocks that are then never entered
     * (every such block but the entry), which are not emitted. The targets of a match's
     * branches are blocks of their own, for the reference counting passes to put an edge's
     * drops in; those left empty (most, where the cases share a `_`) would cost a step each.
     */
    static boolean[] threadJumps(List<IrFunction.Block> blocks) {
        int n = blocks.size();
        int[] to = new int[n];
        for (int b = 0; b < n; b++) to[b] = onlyJump(blocks.get(b));
        // Where each block's chain of such jumps ends; a cycle of them (an endless loop)
        // ends at the block where the walk found it, which stays.
        int[] end = new int[n];
        java.util.Arrays.fill(end, -1);
        boolean[] onPath = new boolean[n];
        List<Integer> path = new ArrayList<>();
        for (int b = 0; b < n; b++) {
            int t = b;
            while (end[t] < 0 && to[t] >= 0 && !onPath[t]) {
                onPath[t] = true;
                path.add(t);
                t = to[t];
            }
            int r = end[t] >= 0 ? end[t] : t;
            for (int p : path) {
                end[p] = r;
                onPath[p] = false;
            }
            path.clear();
            end[t] = end[t] >= 0 ? end[t] : r;
        }
        boolean[] skipped = new boolean[n];
        for (int b = 1; b < n; b++) skipped[b] = to[b] >= 0 && end[b] != b;
        for (IrFunction.Block block : blocks) {
            if (skipped[block.id]) continue;
            for (IrInsn i : block.insns) i.mapTargets(t -> end[t]);
        }
        return skipped;
    }

    /** The block that {@code b} jumps to when {@code b} is a single {@code jmp}, else -1. */
    private static int onlyJump(IrFunction.Block b) {
        return b.insns.size() == 1 && b.insns.get(0).op == Opcode.JMP ? b.insns.get(0).ops[0] : -1;
    }

    /**
     * Appends each block that is the only successor of its only predecessor to that
     * predecessor (a match leaf and the body it jumps to become one block), so later passes
     * see longer straight-line code. Call before {@link #removeUnreachable}.
     */
    static void mergeStraightLines(IrFunction f) {
        int[] preds = new int[f.blocks.size()];
        for (IrFunction.Block b : f.blocks) for (int s : b.successors()) preds[s]++;
        boolean[] absorbed = new boolean[f.blocks.size()];
        for (IrFunction.Block a : f.blocks) {
            if (absorbed[a.id]) continue;
            while (true) {
                IrInsn last = a.last();
                if (last == null || last.op != Opcode.JMP || a.successors().length != 1) break;
                int t = last.ops[0];
                if (t == 0 || t == a.id || preds[t] != 1 || absorbed[t]) break;
                a.insns.remove(a.insns.size() - 1);
                IrFunction.Block b = f.blocks.get(t);
                a.insns.addAll(b.insns);
                b.insns.clear();
                absorbed[t] = true;
            }
        }
    }

    /** Removes blocks no path from the entry reaches (code after a panic), renumbering the rest. */
    static void removeUnreachable(IrFunction f) {
        boolean[] seen = new boolean[f.blocks.size()];
        java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>();
        work.push(0);
        seen[0] = true;
        while (!work.isEmpty()) {
            for (int s : f.blocks.get(work.pop()).successors()) {
                if (!seen[s]) {
                    seen[s] = true;
                    work.push(s);
                }
            }
        }
        int[] newId = new int[f.blocks.size()];
        List<IrFunction.Block> live = new ArrayList<>();
        for (IrFunction.Block b : f.blocks) {
            if (!seen[b.id]) continue;
            newId[b.id] = live.size();
            live.add(b);
        }
        List<IrFunction.Block> renumbered = new ArrayList<>();
        for (IrFunction.Block b : live) {
            IrFunction.Block nb = new IrFunction.Block(newId[b.id]);
            for (IrInsn i : b.insns) {
                i.mapTargets(t -> newId[t]);
                nb.insns.add(i);
            }
            renumbered.add(nb);
        }
        f.blocks.clear();
        f.blocks.addAll(renumbered);
    }
}
