package dev.vx.compiler.backend;

import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Operand;
import dev.vx.bytecode.Scalar;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Inlines calls of small scalar leaf functions ({@code rotr(x, 7)}, {@code mix(i)}): a
 * function whose parameters, result and registers are all scalars, which calls nothing and
 * whose instructions cannot fail. Such a call costs far more than its body in every engine
 * (a continuation frame of the caller's live registers, a return), and since the body cannot
 * fail, no backtrace can tell the difference. Fork children are never inlined (the group's
 * calls are its structure), and neither are jobs or closure calls.
 *
 * <p>The statistics of a run
 * count the bytecode that runs: an inlined call is no call, and its instructions are steps
 * of the caller.
 */
final class Inliner {
    /**
     * Callees of up to this many instructions (the returns included; moves and jumps, which
     * register allocation and block merging mostly remove, not counted) are inlined.
     */
    static final int MAX_INSNS = 24;

    /** Instructions that read and write scalar registers only and never fail. */
    private static final Set<Opcode> SAFE = EnumSet.of(
            Opcode.NOP, Opcode.MOV, Opcode.LDI, Opcode.LDK,
            Opcode.ADD_U32, Opcode.SUB_U32, Opcode.MUL_U32, Opcode.ADD_I32, Opcode.SUB_I32, Opcode.MUL_I32,
            Opcode.ADD_64, Opcode.SUB_64, Opcode.MUL_64, Opcode.SUB_NAT,
            Opcode.ADD_F32, Opcode.SUB_F32, Opcode.MUL_F32, Opcode.DIV_F32, Opcode.REM_F32,
            Opcode.ADD_F64, Opcode.SUB_F64, Opcode.MUL_F64, Opcode.DIV_F64, Opcode.REM_F64,
            Opcode.NEG_I32, Opcode.NEG_I64, Opcode.NEG_F32, Opcode.NEG_F64, Opcode.SQRT_F32, Opcode.SQRT_F64,
            Opcode.AND, Opcode.OR, Opcode.XOR, Opcode.NOT_U32, Opcode.NOT_64, Opcode.NOT_BOOL,
            Opcode.SHL_U32, Opcode.SHL_I32, Opcode.SHL_64, Opcode.SHR_U32, Opcode.SHR_I32, Opcode.SHR_U64, Opcode.SHR_I64,
            Opcode.EQ, Opcode.NE, Opcode.LT_S, Opcode.LE_S, Opcode.LT_U64, Opcode.LE_U64,
            Opcode.EQ_F32, Opcode.LT_F32, Opcode.LE_F32, Opcode.EQ_F64, Opcode.LT_F64, Opcode.LE_F64,
            Opcode.CONV, Opcode.JMP, Opcode.JT, Opcode.JF, Opcode.RET);

    private final List<IrFunction> functions;
    private final boolean[] inlinable;

    private Inliner(List<IrFunction> functions) {
        this.functions = functions;
        this.inlinable = new boolean[functions.size()];
    }

    /**
     * Inlines every eligible call site in {@code functions}. Callees are finished first (a
     * post-order of the call graph), so a leaf made of inlined leaves is inlined in turn;
     * inside a cycle of calls, the call that closes it is not inlined (its callee is not
     * finished), which recursion would rule out anyway.
     */
    static void run(List<IrFunction> functions) {
        Inliner in = new Inliner(functions);
        for (int g : postOrder(functions)) {
            IrFunction f = functions.get(g);
            if (in.inlineInto(f)) {
                Emitter.mergeStraightLines(f);
                Emitter.removeUnreachable(f);
            }
            in.inlinable[g] = isInlinable(f);
        }
    }

    /** Every function after the functions it calls (roots in id order; an explicit stack, for deep call chains). */
    private static int[] postOrder(List<IrFunction> functions) {
        int n = functions.size();
        int[] order = new int[n];
        int done = 0;
        boolean[] seen = new boolean[n];
        int[][] calleesOf = new int[n][];
        java.util.ArrayDeque<int[]> stack = new java.util.ArrayDeque<>(); // {function, next callee index}
        for (int root = 0; root < n; root++) {
            if (seen[root]) continue;
            seen[root] = true;
            stack.push(new int[]{root, 0});
            while (!stack.isEmpty()) {
                int[] top = stack.peek();
                if (calleesOf[top[0]] == null) calleesOf[top[0]] = callees(functions.get(top[0]));
                int[] callees = calleesOf[top[0]];
                if (top[1] < callees.length) {
                    int c = callees[top[1]++];
                    if (!seen[c]) {
                        seen[c] = true;
                        stack.push(new int[]{c, 0});
                    }
                } else {
                    order[done++] = top[0];
                    stack.pop();
                }
            }
        }
        return order;
    }

    /** The functions {@code f} calls directly (CALL and TCALL), in order of appearance. */
    private static int[] callees(IrFunction f) {
        List<Integer> out = new ArrayList<>();
        for (IrFunction.Block b : f.blocks) {
            for (IrInsn i : b.insns) {
                if (i.op == Opcode.CALL) out.add(i.ops[1]);
                else if (i.op == Opcode.TCALL) out.add(i.ops[0]);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    static boolean isInlinable(IrFunction g) {
        int count = 0;
        for (int t : g.regTypes) if (!scalar(t)) return false;
        if (!scalar(g.result)) return false;
        for (IrFunction.Block b : g.blocks) {
            for (IrInsn i : b.insns) {
                if (!SAFE.contains(i.op)) return false;
                if (i.op != Opcode.MOV && i.op != Opcode.JMP && i.op != Opcode.NOP) count++;
            }
        }
        return count <= MAX_INSNS;
    }

    private static boolean scalar(int type) {
        return type < Scalar.JOIN.typeId();
    }

    /** Inlines the eligible calls of {@code f}; whether there was one. */
    private boolean inlineInto(IrFunction f) {
        boolean changed = false;
        // Blocks are appended while this runs; the new ones hold no eligible calls.
        int blocks = f.blocks.size();
        for (int b = 0; b < blocks; b++) {
            IrFunction.Block block = f.blocks.get(b);
            int forkChildren = 0;
            for (int k = 0; k < block.insns.size(); k++) {
                IrInsn i = block.insns.get(k);
                if (i.op == Opcode.FORK) {
                    forkChildren = i.ops[1];
                    continue;
                }
                boolean call = i.op == Opcode.CALL || i.op == Opcode.TCALL;
                if (call && forkChildren > 0) {
                    forkChildren--;
                    continue;
                }
                if (!call) continue;
                int callee = i.op == Opcode.CALL ? i.ops[1] : i.ops[0];
                if (!inlinable[callee] || functions.get(callee) == f) continue;
                block = inline(f, block, k, i, functions.get(callee));
                k = -1; // the rest of the call's block is now the continuation block: scan it
                changed = true;
            }
        }
        return changed;
    }

    /**
     * Replaces call {@code i} (at index {@code k} of {@code block}) with a copy of {@code g}'s
     * body. Returns the block where the code after the call continues.
     */
    private static IrFunction.Block inline(IrFunction f, IrFunction.Block block, int k, IrInsn i, IrFunction g) {
        boolean tail = i.op == Opcode.TCALL;
        int dest = tail ? -1 : i.ops[0];
        int argsAt = tail ? 1 : 2;
        int[] reg = new int[g.regTypes.size()];
        for (int r = 0; r < reg.length; r++) reg[r] = f.newReg(g.regType(r));
        int[] blockOf = new int[g.blocks.size()];
        List<IrFunction.Block> copies = new ArrayList<>();
        for (int b = 0; b < g.blocks.size(); b++) {
            IrFunction.Block c = f.newBlock();
            blockOf[b] = c.id;
            copies.add(c);
        }
        IrFunction.Block cont = tail ? null : f.newBlock();
        List<IrInsn> rest = new ArrayList<>(block.insns.subList(k + 1, block.insns.size()));
        block.insns.subList(k, block.insns.size()).clear();
        if (cont != null) cont.insns.addAll(rest);
        for (int p = 0; p < g.params.length; p++) {
            block.insns.add(new IrInsn(Opcode.MOV, i.line, reg[p], i.ops[argsAt + 1 + p]));
        }
        block.insns.add(new IrInsn(Opcode.JMP, i.line, blockOf[0]));
        for (int b = 0; b < g.blocks.size(); b++) {
            List<IrInsn> out = copies.get(b).insns;
            for (IrInsn gi : g.blocks.get(b).insns) {
                if (gi.op == Opcode.RET && !tail) {
                    out.add(new IrInsn(Opcode.MOV, i.line, dest, reg[gi.ops[0]]));
                    out.add(new IrInsn(Opcode.JMP, i.line, cont.id));
                } else {
                    out.add(renamed(gi, reg, blockOf, i.line));
                }
            }
        }
        return cont != null ? cont : block;
    }

    /** A copy of {@code gi} over the caller's registers and blocks, at the call's line. */
    private static IrInsn renamed(IrInsn gi, int[] reg, int[] blockOf, int line) {
        int[] ops = gi.ops.clone();
        List<Operand> kinds = gi.op.operands();
        for (int p = 0; p < kinds.size(); p++) {
            if (kinds.get(p) == Operand.REG) ops[p] = reg[ops[p]];
            else if (kinds.get(p) == Operand.TARGET) ops[p] = blockOf[ops[p]];
        }
        return new IrInsn(gi.op, line, ops);
    }
}
