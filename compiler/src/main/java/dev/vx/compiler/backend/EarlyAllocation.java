package dev.vx.compiler.backend;

import dev.vx.bytecode.Opcode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.vx.bytecode.Opcode.*;

/**
 * Allocates a constructor's cell before the calls that compute its fields, when at least two
 * of its fields are results of calls in the same block: {@code Node{build(l), build(r)}} and
 * its forked form become {@code alloc t, Node} before the calls and {@code newr d, t, Node,
 * [...]} after them.
 *
 * <p>Why: cells are allocated in the order the program asks for them, and a recursive builder
 * asks for a parent after its children, so a tree ends up in post-order in memory while
 * consumers (a {@code match} that recurses into the fields) read it parent first. With the
 * parent allocated first the tree lies in the order it is read, as in Java, where
 * {@code new Node(build(l), build(r))} allocates the object before evaluating the arguments.
 * A tree walk then reads memory forwards instead of jumping back at every node (tree_sum's
 * traversal missed the caches on most nodes).
 *
 * <p>The cost is one more saved register for the calls in between, so a construction fed by
 * a single call (a list built by non-tail recursion, whose cells already lie in reading
 * order, backwards) is left alone. Within one block, control that reaches the calls reaches
 * the construction, or the run stops (a failure or {@code exit}), so the token is always
 * built; it is never read as a value before that.
 *
 * <p>When the allocation lands at the start of a block that every predecessor enters by a
 * plain jump, and a predecessor has just freed a cell of the same type and size (the unique
 * path that {@link Reuse} made for a cell taken apart, as in {@code sort(Node{l, r}) =
 * Node{fork sort(l), fork sort(r)}}), that cell becomes the token on that path
 * ({@code mov t, x} instead of {@code free x}) and the other paths allocate: the memory is
 * reused across the calls instead of freed before them and allocated again.
 */
final class EarlyAllocation {
    /** Calls whose results must feed a construction before its cell moves above them. */
    private static final int MIN_CALL_FIELDS = 2;

    private EarlyAllocation() {}

    static void run(IrFunction f, TypeTable types) {
        for (IrFunction.Block b : f.blocks) {
            List<IrInsn> insns = b.insns;
            for (int p = 0; p < insns.size(); p++) {
                IrInsn in = insns.get(p);
                if (in.op != NEW || in.ops[2] == 0) continue;
                int at = allocationPoint(insns, p);
                if (at < 0) continue;
                int token = f.newReg(f.regType(in.ops[0]));
                IrInsn alloc = new IrInsn(ALLOC, in.line, token, in.ops[1]);
                insns.add(at, alloc);
                p++;
                insns.set(p, Reuse.inToken(in, token));
                if (takeFreedCell(f, types, b, at, alloc)) p--;
            }
        }
    }

    /**
     * Where the cell of the construction at {@code p} is allocated: before the first of the
     * calls (or the fork group holding it) whose results are its fields, or -1 when fewer
     * than {@link #MIN_CALL_FIELDS} fields are call results.
     */
    private static int allocationPoint(List<IrInsn> insns, int p) {
        IrInsn in = insns.get(p);
        int n = in.ops[2];
        int calls = 0;
        int first = Integer.MAX_VALUE;
        for (int k = 0; k < n; k++) {
            int def = callDefining(insns, p, in.ops[3 + k]);
            if (def >= 0) {
                calls++;
                first = Math.min(first, def);
            }
        }
        if (calls < MIN_CALL_FIELDS) return -1;
        return forkOpening(insns, first);
    }

    /**
     * The index of the call whose result register {@code r} holds at {@code p} (through moves),
     * or -1 when its value comes from anything else or from before the block.
     */
    private static int callDefining(List<IrInsn> insns, int p, int r) {
        for (int i = p - 1; i >= 0; i--) {
            IrInsn d = insns.get(i);
            if (d.def() != r) continue;
            if (d.op == CALL || d.op == CALLC) return i;
            if (d.op == MOV) {
                r = d.ops[1];
                continue;
            }
            return -1;
        }
        return -1;
    }

    /** The {@code fork} of the group that holds the call at {@code call}, else {@code call}. */
    private static int forkOpening(List<IrInsn> insns, int call) {
        for (int i = call - 1; i >= 0; i--) {
            IrInsn d = insns.get(i);
            if (d.op == FORK) return i + d.ops[1] >= call ? i : call;
            if (d.op != CALL) return call;
        }
        return call;
    }

    /**
     * Moves the {@code alloc} at {@code at} of {@code b} into {@code b}'s predecessors, taking
     * over a cell one of them frees, when that is possible (see the class comment); true when
     * it did.
     */
    private static boolean takeFreedCell(IrFunction f, TypeTable types, IrFunction.Block b, int at, IrInsn alloc) {
        if (b.id == 0) return false; // the entry block is also entered from outside
        for (int k = 0; k < at; k++) {
            Opcode op = b.insns.get(k).op;
            if (op != LDI && op != LDK && op != LDS && op != MOV) return false; // nothing that frees or allocates
        }
        int token = alloc.ops[0];
        int words = Reuse.cellWords(types.fields(alloc.ops[1]).length);
        Map<Integer, List<Integer>> predIds = Reuse.predecessors(f);
        List<IrFunction.Block> preds = new ArrayList<>();
        for (int id : predIds.getOrDefault(b.id, List.of())) preds.add(f.blocks.get(id));
        for (IrFunction.Block p : preds) {
            // Only b follows p, so code put before p's jump runs exactly on the way to b.
            IrInsn last = p.last();
            if (last == null || last.op != JMP || p == b || p.successors().length != 1) return false;
        }
        List<IrFunction.Block> freeing = new ArrayList<>();
        for (IrFunction.Block p : preds) {
            if (p.insns.size() < 2) continue;
            IrInsn free = p.insns.get(p.insns.size() - 2);
            if (free.op != FREE || f.regType(free.ops[0]) != f.regType(token)) continue;
            int ctor = Reuse.ctorReadBefore(f, predIds, p, p.insns.size() - 2, free.ops[0]);
            if (ctor >= 0 && Reuse.cellWords(types.fields(ctor).length) == words) freeing.add(p);
        }
        if (freeing.isEmpty()) return false;
        for (IrFunction.Block p : preds) {
            int end = p.insns.size() - 1;
            if (freeing.contains(p)) {
                IrInsn free = p.insns.get(end - 1);
                p.insns.set(end - 1, new IrInsn(MOV, free.line, token, free.ops[0]));
            } else {
                p.insns.add(end, new IrInsn(ALLOC, alloc.line, token, alloc.ops[1]));
            }
        }
        b.insns.remove(at);
        return true;
    }
}
