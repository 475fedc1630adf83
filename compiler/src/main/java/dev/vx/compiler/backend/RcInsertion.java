package dev.vx.compiler.backend;

import dev.vx.bytecode.Opcode;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Inserts reference-count operations into a lowered function (the Perceus discipline of
 * RUNTIME.md §2, on the control-flow graph). Every register holding a reference owns one
 * count; a field or element read ({@code get}, {@code aget}) takes its count with a
 * {@code dup} right after the read, and needs none when the value is never used or only looked
 * into while its container is held ({@link ProjectionBorrows}). An instruction that consumes
 * a register takes that count: if the register is still
 * live afterwards, a {@code dup} goes before it. A register that dies at an instruction that
 * only borrows it, or is never read after its definition, gets a {@code drop} right after.
 * On a branch, what is live before the branch but not at the start of a successor is dropped
 * at the start of that successor.
 */
final class RcInsertion {
    private final IrFunction f;
    private final TypeTable types;
    private final List<IrFunction> functions;
    /** Registers holding borrowed references: never dropped, duplicated at each consuming use. */
    private final BitSet borrowed;

    private RcInsertion(IrFunction f, TypeTable types, List<IrFunction> functions) {
        this.f = f;
        this.types = types;
        this.functions = functions;
        this.borrowed = BorrowInference.borrowedRegisters(f, types);
    }

    /** Inserts dup and drop into {@code f}; {@code functions} tells which parameters callees borrow. */
    static void run(IrFunction f, TypeTable types, List<IrFunction> functions) {
        new RcInsertion(f, types, functions).insert();
    }

    private boolean isRef(int r) {
        return r >= 0 && types.isRef(f.regType(r));
    }

    /** A reference this function owns (and so must drop or pass on). */
    private boolean owned(int r) {
        return isRef(r) && !borrowed.get(r);
    }

    private void insert() {
        Liveness lv = Liveness.of(f);
        ProjectionBorrows.add(f, types, functions, lv, borrowed);
        Map<Integer, List<Integer>> edgeDrops = edgeDrops(lv);
        for (IrFunction.Block b : f.blocks) walk(b, lv);
        List<Integer> deadParams = new ArrayList<>();
        for (int p = 0; p < f.params.length; p++) if (owned(p) && !lv.in[0].get(p)) deadParams.add(p);
        prepend(f.blocks.get(0), deadParams);
        edgeDrops.forEach((block, regs) -> prepend(f.blocks.get(block), regs));
        for (IrFunction.Block b : f.blocks) hoistOutOfForkGroups(b);
    }

    /** For each successor of a branching block: the references live at the branch but not in it. */
    private Map<Integer, List<Integer>> edgeDrops(Liveness lv) {
        int[] preds = new int[f.blocks.size()];
        for (IrFunction.Block b : f.blocks) for (int s : b.successors()) preds[s]++;
        Map<Integer, List<Integer>> drops = new LinkedHashMap<>();
        for (IrFunction.Block b : f.blocks) {
            int[] succ = b.successors();
            if (succ.length < 2) continue;
            BitSet atBranch = new BitSet();
            for (int s : succ) atBranch.or(lv.in[s]);
            for (IrInsn i : b.insns) {
                if (i.op == Opcode.SWITCH || i.op == Opcode.JT || i.op == Opcode.JF) {
                    i.forEachUse((r, c) -> atBranch.set(r));
                }
            }
            for (int s : succ) {
                if (preds[s] != 1) throw new IllegalStateException("branch target B" + s + " of " + f.name + " has several predecessors");
                List<Integer> regs = new ArrayList<>();
                for (int r = atBranch.nextSetBit(0); r >= 0; r = atBranch.nextSetBit(r + 1)) {
                    if (owned(r) && !lv.in[s].get(r)) regs.add(r);
                }
                if (!regs.isEmpty()) drops.put(s, regs);
            }
        }
        return drops;
    }

    private void walk(IrFunction.Block b, Liveness lv) {
        BitSet live = lv.out(b.id);
        List<IrInsn> out = new ArrayList<>();
        for (int k = b.insns.size() - 1; k >= 0; k--) {
            IrInsn insn = b.insns.get(k);
            for (int t : insn.targets()) live.or(lv.in[t]);
            int line = insn.line;
            int d = insn.def();
            Map<Integer, Integer> consumed = new LinkedHashMap<>();
            BorrowInference.forEachConsumed(insn, functions, r -> {
                if (isRef(r)) consumed.merge(r, 1, Integer::sum);
            });
            List<Integer> read = new ArrayList<>();
            Map<Integer, Integer> uses = new LinkedHashMap<>();
            insn.forEachUse((r, consumes) -> {
                if (isRef(r)) uses.merge(r, 1, Integer::sum);
                if (isRef(r) && !consumed.containsKey(r) && !read.contains(r)) read.add(r);
            });
            // A register passed to a borrowed parameter of the same call that consumes it
            // (k(a, a), the first parameter owned): the callee's borrowed alias has no count of
            // its own, so the consumed counts must not include ours, or the callee would hold
            // the only count and could update the cell in place under the alias. Keep ours
            // across the call and drop it after.
            List<Integer> alsoBorrowed = new ArrayList<>();
            consumed.forEach((r, n) -> {
                if (uses.get(r) > n && r != d) alsoBorrowed.add(r);
            });
            List<IrInsn> after = new ArrayList<>();
            boolean fallsThrough = !insn.op.isTerminator() && insn.op != Opcode.JT && insn.op != Opcode.JF;
            if (fallsThrough) {
                boolean readsField = insn.op == Opcode.GET || insn.op == Opcode.AGET;
                if (readsField && owned(d) && live.get(d)) {
                    // A field or element read is borrowed from its container: take a count of
                    // our own before anything below can drop the container. (Read out of a
                    // borrowed container, it stays borrowed: the container outlives the call.)
                    after.add(new IrInsn(Opcode.DUP, line, d));
                } else if (owned(d) && !live.get(d) && !readsField) {
                    after.add(new IrInsn(Opcode.DROP, line, d));
                }
                for (int r : read) {
                    if (r != d && owned(r) && !live.get(r)) after.add(new IrInsn(Opcode.DROP, line, r));
                }
                for (int r : alsoBorrowed) {
                    if (owned(r) && !live.get(r)) after.add(new IrInsn(Opcode.DROP, line, r));
                }
            } else if (!alsoBorrowed.isEmpty() && alsoBorrowed.stream().anyMatch(r -> owned(r) && !live.get(r))) {
                // BorrowInference.untailBorrowingCalls turns such tail calls into calls.
                throw new IllegalStateException(insn.op + " in " + f.name + " passes an owned register to an owned and a borrowed parameter");
            }
            List<IrInsn> before = new ArrayList<>();
            consumed.forEach((r, n) -> {
                int dups = live.get(r) || !owned(r) || alsoBorrowed.contains(r) ? n : n - 1;
                for (int i = 0; i < dups; i++) before.add(new IrInsn(Opcode.DUP, line, r));
            });
            Collections.reverse(after);
            out.addAll(after);
            out.add(insn);
            Collections.reverse(before);
            out.addAll(before);
            Liveness.step(insn, live, lv);
        }
        Collections.reverse(out);
        b.insns.clear();
        b.insns.addAll(out);
    }

    private void prepend(IrFunction.Block b, List<Integer> regs) {
        List<IrInsn> drops = new ArrayList<>();
        int line = b.insns.isEmpty() ? 0 : b.insns.get(0).line;
        for (int r : regs) drops.add(new IrInsn(Opcode.DROP, line, r));
        b.insns.addAll(0, drops);
    }

    /**
     * A fork group must stay {@code fork}, its calls, {@code join}: dups inserted before its
     * calls move before the {@code fork}, drops of unused results move after the {@code join}.
     */
    private static void hoistOutOfForkGroups(IrFunction.Block b) {
        List<IrInsn> in = b.insns;
        for (int i = 0; i < in.size(); i++) {
            if (in.get(i).op != Opcode.FORK) continue;
            int fork = i;
            int join = fork + 1;
            while (in.get(join).op != Opcode.JOIN) join++;
            List<IrInsn> dups = new ArrayList<>();
            List<IrInsn> drops = new ArrayList<>();
            List<IrInsn> calls = new ArrayList<>();
            for (int k = fork + 1; k < join; k++) {
                IrInsn x = in.get(k);
                if (x.op == Opcode.DUP) dups.add(x);
                else if (x.op == Opcode.DROP) drops.add(x);
                else calls.add(x);
            }
            List<IrInsn> group = new ArrayList<>(dups);
            group.add(in.get(fork));
            group.addAll(calls);
            group.add(in.get(join));
            group.addAll(drops);
            List<IrInsn> rebuilt = new ArrayList<>(in.subList(0, fork));
            rebuilt.addAll(group);
            rebuilt.addAll(in.subList(join + 1, in.size()));
            in.clear();
            in.addAll(rebuilt);
            i = fork + dups.size() + 1 + calls.size() + 1 + drops.size() - 1;
        }
    }
}
