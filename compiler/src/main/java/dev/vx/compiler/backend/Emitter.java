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
        // Pass 1: which instructions stay, and where each block starts.
        int[] start = new int[blocks.size()];
        List<IrInsn> kept = new ArrayList<>();
        for (int b = 0; b < blocks.size(); b++) {
            start[b] = kept.size();
            List<IrInsn> insns = blocks.get(b).insns;
            for (int k = 0; k < insns.size(); k++) {
                IrInsn i = insns.get(k);
                boolean last = k == insns.size() - 1;
                if (last && i.op == Opcode.JMP && i.ops[0] == b + 1) continue;
                if (i.op == Opcode.MOV && i.ops[0] == i.ops[1]) continue;
                if (k == insns.size() - 2 && (i.op == Opcode.JT || i.op == Opcode.JF) && i.ops[1] == b + 1
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
            if (i.op == Opcode.NEW || i.op == Opcode.ALLOC) i.ops[1] = ctorIds[i.ops[1]];
            if (i.op == Opcode.NEWR) i.ops[2] = ctorIds[i.ops[2]];
            code.add(new Insn(i.op, i.ops));
            lines[k] = i.line;
        }
        return new FunctionDesc(pool.string(f.name), f.params, f.result, registerTypes, code, pool.string(f.file), lines);
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
