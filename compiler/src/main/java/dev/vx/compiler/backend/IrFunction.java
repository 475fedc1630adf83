package dev.vx.compiler.backend;

import dev.vx.compiler.diag.Span;

import java.util.ArrayList;
import java.util.List;

/**
 * A function in the back end's IR: basic blocks of {@link IrInsn}s over virtual registers,
 * each register with one bytecode type. Block 0 is the entry; parameters are registers
 * {@code 0 .. arity-1}.
 */
final class IrFunction {
    final String name;
    final int[] params;
    final int result;
    final String file;
    final List<Integer> regTypes = new ArrayList<>();
    final List<Block> blocks = new ArrayList<>();
    /**
     * By parameter: the function borrows it (its caller keeps the reference alive and keeps
     * ownership), set by {@link BorrowInference}; false means owned.
     */
    boolean[] borrowed;
    /** Where the function comes from in the source (its definition or lambda), for limits met in it; null: unknown. */
    Span span;

    IrFunction(String name, int[] paramTypes, int result, String file) {
        this.name = name;
        this.params = paramTypes;
        this.result = result;
        this.file = file;
        for (int t : paramTypes) newReg(t);
        this.borrowed = new boolean[paramTypes.length];
    }

    int newReg(int type) {
        regTypes.add(type);
        return regTypes.size() - 1;
    }

    int regType(int r) {
        return regTypes.get(r);
    }

    Block newBlock() {
        Block b = new Block(blocks.size());
        blocks.add(b);
        return b;
    }

    static final class Block {
        final int id;
        final List<IrInsn> insns = new ArrayList<>();

        Block(int id) {
            this.id = id;
        }

        IrInsn last() {
            return insns.isEmpty() ? null : insns.get(insns.size() - 1);
        }

        boolean terminated() {
            IrInsn l = last();
            return l != null && l.op.isTerminator();
        }

        /**
         * Successor block ids. A block ends with a terminator; a conditional branch is a
         * {@code jt}/{@code jf} followed by the block's final {@code jmp}, so both edges are explicit.
         */
        int[] successors() {
            int n = 0;
            for (IrInsn i : insns) n += i.targetCount();
            int[] all = new int[n];
            n = 0;
            for (IrInsn i : insns) n = i.copyTargets(all, n);
            if (n < 2) return all;
            // Distinct, in the order first named. Without boxing: the passes ask this of
            // every block again and again, and a switch can name thousands of blocks.
            int[] sorted = all.clone();
            java.util.Arrays.sort(sorted);
            int distinct = 1;
            for (int k = 1; k < n; k++) if (sorted[k] != sorted[distinct - 1]) sorted[distinct++] = sorted[k];
            if (distinct == n) return all;
            boolean[] seen = new boolean[distinct];
            int[] out = new int[distinct];
            int m = 0;
            for (int t : all) {
                int at = java.util.Arrays.binarySearch(sorted, 0, distinct, t);
                if (!seen[at]) {
                    seen[at] = true;
                    out[m++] = t;
                }
            }
            return out;
        }

        @Override
        public String toString() {
            return "B" + id + insns;
        }
    }
}
