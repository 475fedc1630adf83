package dev.vx.compiler.backend;

import dev.vx.bytecode.Opcode;

import java.util.BitSet;
import java.util.List;
import java.util.Set;

/**
 * Decides which reference parameters a function borrows instead of owning (in the manner of
 * Lean 4): a parameter the function never consumes — never stores in a cell, returns,
 * passes to an owned parameter or moves — is borrowed, so a call neither counts it up at
 * the call nor down in the callee. A list traversal then costs no reference-count
 * operation at all.
 *
 * <p>A parameter whose cell the function could reuse for a new cell stays owned (reuse needs
 * ownership; see {@link Reuse}). Some parameters must be owned: those of closure functions (a closure call does not
 * know its callee), of calls that may run on another lane (fork children, jobs), and any
 * parameter that receives an owned value in a tail call within a recursive cycle — borrowing
 * there would force the caller to drop the value after the call, and a loop would stop
 * running in constant stack. A tail call out of the cycle (such as {@code main} calling a
 * traversal) may instead become a call followed by the drop ({@link #untailBorrowingCalls}).
 */
final class BorrowInference {
    private final List<IrFunction> functions;
    private final TypeTable types;
    /** By function: its strongly connected component in the call graph (mutual recursion). */
    private final int[] component;

    private BorrowInference(List<IrFunction> functions, TypeTable types) {
        this.functions = functions;
        this.types = types;
        this.component = CallGraph.components(functions);
    }

    /** Sets {@link IrFunction#borrowed} of every function; {@code ownsAll} lists closure functions. */
    static void run(List<IrFunction> functions, TypeTable types, Set<Integer> ownsAll) {
        new BorrowInference(functions, types).infer(ownsAll);
    }

    private void infer(Set<Integer> ownsAll) {
        for (int f = 0; f < functions.size(); f++) {
            IrFunction fn = functions.get(f);
            for (int p = 0; p < fn.params.length; p++) {
                fn.borrowed[p] = !ownsAll.contains(f) && types.isRef(fn.params[p]) && !Reuse.reusable(fn, p, types);
            }
        }
        for (IrFunction fn : functions) {
            forEachInsn(fn, (insn, inFork) -> {
                if (insn.op == Opcode.JOB || (insn.op == Opcode.CALL && inFork)) ownAll(functions.get(insn.ops[1]));
            });
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (IrFunction fn : functions) changed |= pass(fn);
        }
    }

    private static void ownAll(IrFunction f) {
        java.util.Arrays.fill(f.borrowed, false);
    }

    /** One look at {@code fn}: marks parameters owned where needed; true if anything changed. */
    private boolean pass(IrFunction fn) {
        BitSet borrowedRegs = borrowedRegisters(fn, types);
        boolean[] changed = {false};
        forEachInsn(fn, (insn, inFork) -> {
            if (insn.op == Opcode.TCALL && component[insn.ops[0]] == component[functions.indexOf(fn)]) {
                IrFunction callee = functions.get(insn.ops[0]);
                int n = insn.ops[1];
                for (int i = 0; i < n; i++) {
                    int arg = insn.ops[2 + i];
                    if (callee.borrowed[i] && !borrowedRegs.get(arg) && types.isRef(fn.regType(arg))) {
                        callee.borrowed[i] = false; // keep the tail call a tail call
                        changed[0] = true;
                    }
                }
            }
            forEachConsumed(insn, functions, r -> {
                if (r < fn.params.length && fn.borrowed[r]) {
                    fn.borrowed[r] = false;
                    changed[0] = true;
                }
            });
        });
        return changed[0];
    }

    /**
     * The registers of {@code fn} that hold borrowed references: its borrowed parameters and
     * what {@code get}/{@code aget} read out of them (their container outlives the call).
     */
    static BitSet borrowedRegisters(IrFunction fn, TypeTable types) {
        BitSet b = new BitSet();
        for (int p = 0; p < fn.params.length; p++) if (fn.borrowed[p]) b.set(p);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (IrFunction.Block block : fn.blocks) {
                for (IrInsn i : block.insns) {
                    if ((i.op == Opcode.GET || i.op == Opcode.AGET) && b.get(i.ops[1]) && !b.get(i.ops[0])
                            && types.isRef(fn.regType(i.ops[0]))) {
                        b.set(i.ops[0]);
                        changed = true;
                    }
                }
            }
        }
        return b;
    }

    /**
     * Turns each tail call that passes an owned reference to a borrowed parameter into a call,
     * after which the caller drops what it passed, and a return.
     */
    static void untailBorrowingCalls(IrFunction fn, List<IrFunction> functions, TypeTable types) {
        BitSet borrowedRegs = borrowedRegisters(fn, types);
        for (IrFunction.Block b : fn.blocks) {
            IrInsn last = b.last();
            if (last == null || last.op != Opcode.TCALL) continue;
            IrFunction callee = functions.get(last.ops[0]);
            boolean needs = false;
            for (int i = 0; i < last.ops[1]; i++) {
                int arg = last.ops[2 + i];
                needs |= callee.borrowed[i] && types.isRef(fn.regType(arg)) && !borrowedRegs.get(arg);
            }
            if (!needs) continue;
            int result = fn.newReg(callee.result);
            int[] args = java.util.Arrays.copyOfRange(last.ops, 2, 2 + last.ops[1]);
            b.insns.remove(b.insns.size() - 1);
            b.insns.add(new IrInsn(Opcode.CALL, last.line, Lowerer.call(result, last.ops[0], args)));
            b.insns.add(new IrInsn(Opcode.RET, last.line, result));
        }
    }

    /** Calls {@code use} for each register {@code insn} consumes, given the callees' borrowing. */
    static void forEachConsumed(IrInsn insn, List<IrFunction> functions, java.util.function.IntConsumer use) {
        boolean[] callee = switch (insn.op) {
            case CALL, JOB -> functions.get(insn.ops[1]).borrowed;
            case TCALL -> functions.get(insn.ops[0]).borrowed;
            default -> null;
        };
        int[] index = {0};
        insn.forEachUse((r, consumes) -> {
            if (!consumes) return;
            if (callee != null) {
                int pos = index[0]++;
                if (callee[pos]) return; // passed to a borrowed parameter
            }
            use.accept(r);
        });
    }

    private interface InsnVisitor {
        void visit(IrInsn insn, boolean inForkGroup);
    }

    private static void forEachInsn(IrFunction fn, InsnVisitor v) {
        for (IrFunction.Block b : fn.blocks) {
            boolean inFork = false;
            for (IrInsn i : b.insns) {
                if (i.op == Opcode.FORK) inFork = true;
                else if (i.op == Opcode.JOIN) inFork = false;
                v.visit(i, inFork);
            }
        }
    }
}
