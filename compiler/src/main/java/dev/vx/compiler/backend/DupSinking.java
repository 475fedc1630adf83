package dev.vx.compiler.backend;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.vx.bytecode.Opcode.*;

/**
 * Moves reference-count increments to where they are needed, after {@link RcInsertion} and
 * before {@link Reuse}.
 *
 * <p>A match on two scrutinees reads the fields of the first, duplicates them, and only then
 * switches on the second: {@code get a1, a, 0; dup a1; get a2, a, 1; dup a2; switch b, ...}.
 * One target may drop the fields again at once (a fallback case that does not use them),
 * another drops {@code a} itself. With the duplications made at the top of each target
 * instead, the first target's {@code dup a1 ... drop a1} cancel out, and the second's
 * {@code dup a1; dup a2; drop a} is a drop that {@link Reuse} specialises on uniqueness
 * ({@code free a} when unique, no count touched), as it does when the reads are in the same
 * block.
 *
 * <p>Only increments are moved, only past reads of fields ({@code get}, which neither fail nor
 * look at counts) and the block's branch, and only into targets that have no other
 * predecessor; so on every path each increment still happens before anything that could see
 * the count. A {@code dup r} and a later {@code drop r} with only increments and decrements
 * of other registers between them cancel: nothing reads memory between them, and the
 * decrements between can only free earlier what {@code drop r} would have freed.
 */
final class DupSinking {
    private DupSinking() {}

    static void run(IrFunction f) {
        Map<Integer, List<Integer>> preds = Reuse.predecessors(f);
        // Targets have higher ids than their branch as a rule, so increments moved into a block
        // that is nothing but reads and a branch move on when that block's turn comes.
        for (int b = 0; b < f.blocks.size(); b++) sink(f, preds, f.blocks.get(b));
        for (IrFunction.Block b : f.blocks) cancel(b.insns);
    }

    /** Moves the increments among the reads just before {@code b}'s branch into its targets. */
    private static void sink(IrFunction f, Map<Integer, List<Integer>> preds, IrFunction.Block b) {
        List<IrInsn> in = b.insns;
        int branch = branchStart(in);
        if (branch < 0) return;
        int[] targets = b.successors();
        for (int t : targets) {
            if (t == b.id || !onlyPredecessor(preds.getOrDefault(t, List.of()), b.id)) return;
        }
        int start = branch;
        while (start > 0 && (in.get(start - 1).op == GET || in.get(start - 1).op == DUP)) start--;
        List<IrInsn> moved = new ArrayList<>();
        Set<Integer> writtenLater = new HashSet<>();
        for (int k = branch - 1; k >= start; k--) {
            IrInsn i = in.get(k);
            if (i.op == GET) {
                writtenLater.add(i.def());
            } else if (!writtenLater.contains(i.ops[0])) {
                moved.add(0, i);
                in.remove(k);
            }
        }
        if (moved.isEmpty()) return;
        for (int t : targets) {
            List<IrInsn> copies = new ArrayList<>();
            for (IrInsn d : moved) copies.add(d.copy());
            f.blocks.get(t).insns.addAll(0, copies);
        }
    }

    /**
     * Whether {@code b} is the one predecessor in {@code preds} (which may name it more than
     * once). Stops at the first other one: a match's join block has one predecessor per arm,
     * and copying them into a set for every arm made a large match quadratic.
     */
    private static boolean onlyPredecessor(List<Integer> preds, int b) {
        if (preds.isEmpty()) return false;
        for (int p : preds) if (p != b) return false;
        return true;
    }

    /** Where the instructions that end {@code in} begin ({@code jt}/{@code jf} + {@code jmp}, {@code switch} or {@code jmp}); -1 for other ends. */
    private static int branchStart(List<IrInsn> in) {
        int n = in.size();
        if (n == 0) return -1;
        IrInsn last = in.get(n - 1);
        if (last.op == JMP && n >= 2 && (in.get(n - 2).op == JT || in.get(n - 2).op == JF)) return n - 2;
        return last.op == JMP || last.op == SWITCH ? n - 1 : -1;
    }

    /** Removes each {@code dup r} that a {@code drop r} follows with only other registers' dups and drops between. */
    private static void cancel(List<IrInsn> in) {
        for (int k = 0; k < in.size(); k++) {
            if (in.get(k).op != DUP) continue;
            int r = in.get(k).ops[0];
            for (int j = k + 1; j < in.size(); j++) {
                IrInsn i = in.get(j);
                if (i.op != DUP && i.op != DROP) break;
                if (i.ops[0] != r) continue;
                if (i.op == DROP) {
                    in.remove(j);
                    in.remove(k);
                    k--;
                }
                break;
            }
        }
    }
}
