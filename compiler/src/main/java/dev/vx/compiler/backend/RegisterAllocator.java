package dev.vx.compiler.backend;

import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Opcode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Maps virtual registers to the function's registers, then fills in each call site's saved
 * registers (those live after the call). Greedy coloring of the interference graph: two
 * virtual registers share a register only if they have the same type and are never live at
 * once; a {@code mov}'s two sides get the same register when they can (the move then
 * disappears at emission). Parameters are fixed to registers 0..n-1.
 */
final class RegisterAllocator {
    private final IrFunction f;
    private final int n;
    private int[][] adj;
    private int[] adjSize;
    private final int[] color;
    private final List<Integer> physTypes = new ArrayList<>();
    private final int[] movePartner;

    private RegisterAllocator(IrFunction f) {
        this.f = f;
        this.n = f.regTypes.size();
        this.adj = new int[n][];
        this.adjSize = new int[n];
        this.color = new int[n];
        this.movePartner = new int[n];
        Arrays.fill(color, -1);
        Arrays.fill(movePartner, -1);
    }

    /** Rewrites {@code f} in place to physical registers; returns the types of the registers. */
    static int[] run(IrFunction f) {
        RegisterAllocator ra = new RegisterAllocator(f);
        Liveness lv = Liveness.of(f);
        ra.interference(lv);
        ra.colorAll();
        java.util.Map<IrInsn, int[]> saves = ra.saves(lv);
        for (IrFunction.Block b : f.blocks) {
            for (IrInsn i : b.insns) {
                i.mapRegisters(r -> ra.color[r]);
                int[] s = saves.get(i);
                if (s != null) i.setSaves(s);
            }
        }
        int[] types = ra.physTypes.stream().mapToInt(Integer::intValue).toArray();
        if (types.length > Layout.MAX_REGISTERS) {
            throw ra.tooManyRegisters(types.length + " registers");
        }
        return types;
    }

    private void edge(int a, int b) {
        if (a == b) return;
        add(a, b);
        add(b, a);
    }

    private void add(int a, int b) {
        if (adj[a] == null) adj[a] = new int[4];
        if (adjSize[a] == adj[a].length) adj[a] = Arrays.copyOf(adj[a], adjSize[a] * 2);
        adj[a][adjSize[a]++] = b;
    }

    private void interference(Liveness lv) {
        BitSet entry = lv.in[0];
        for (int p = 0; p < f.params.length; p++) {
            for (int q = 0; q < p; q++) edge(p, q);
            for (int r = entry.nextSetBit(0); r >= 0; r = entry.nextSetBit(r + 1)) edge(p, r);
        }
        for (IrFunction.Block b : f.blocks) {
            BitSet live = lv.out(b.id);
            for (int k = b.insns.size() - 1; k >= 0; k--) {
                IrInsn insn = b.insns.get(k);
                for (int t : insn.targets()) live.or(lv.in[t]);
                int d = insn.def();
                if (d >= 0) {
                    int moved = insn.op == Opcode.MOV ? insn.ops[1] : -1;
                    if (moved >= 0 && f.regType(moved) == f.regType(d)) {
                        movePartner[d] = moved;
                        if (movePartner[moved] < 0) movePartner[moved] = d;
                    }
                    for (int r = live.nextSetBit(0); r >= 0; r = live.nextSetBit(r + 1)) {
                        if (r != moved) edge(d, r);
                    }
                }
                Liveness.step(insn, live, lv);
                if (live.cardinality() > Layout.MAX_REGISTERS) {
                    // Every value live here needs a register of its own: no colouring fits, and
                    // the interference graph would grow with the square of the count.
                    throw tooManyRegisters("more than " + Layout.MAX_REGISTERS + " registers (values live at once)");
                }
            }
        }
    }

    private CompileLimitException tooManyRegisters(String needs) {
        return new CompileLimitException(f.name + " needs " + needs + "; at most "
                + Layout.MAX_REGISTERS + " are supported: split it into smaller functions", f.span);
    }

    private void colorAll() {
        for (int p = 0; p < f.params.length; p++) {
            color[p] = p;
            physTypes.add(f.regType(p));
        }
        // The colours of v's neighbours; cleared after each v (a bit set, not boxed integers:
        // a function with thousands of values live at once has thousands of neighbours each).
        BitSet taken = new BitSet();
        for (int v = f.params.length; v < n; v++) {
            int type = f.regType(v);
            for (int i = 0; i < adjSize[v]; i++) {
                int c = color[adj[v][i]];
                if (c >= 0) taken.set(c);
            }
            int partner = movePartner[v];
            int chosen = -1;
            if (partner >= 0 && color[partner] >= 0 && !taken.get(color[partner])
                    && physTypes.get(color[partner]) == type) {
                chosen = color[partner];
            }
            for (int c = taken.nextClearBit(0); chosen < 0 && c < physTypes.size(); c = taken.nextClearBit(c + 1)) {
                if (physTypes.get(c) == type) chosen = c;
            }
            if (chosen < 0) {
                chosen = physTypes.size();
                physTypes.add(type);
            }
            color[v] = chosen;
            for (int i = 0; i < adjSize[v]; i++) {
                int c = color[adj[v][i]];
                if (c >= 0) taken.clear(c);
            }
        }
        adj = null;
        adjSize = null;
    }

    /** The saved registers of every call site: the (physical) registers live after it, but its result. */
    private java.util.Map<IrInsn, int[]> saves(Liveness lv) {
        java.util.Map<IrInsn, int[]> out = new java.util.IdentityHashMap<>();
        for (IrFunction.Block b : f.blocks) {
            BitSet live = lv.out(b.id);
            for (int k = b.insns.size() - 1; k >= 0; k--) {
                IrInsn insn = b.insns.get(k);
                for (int t : insn.targets()) live.or(lv.in[t]);
                if (insn.op.isCallSite()) {
                    int d = color[insn.def()];
                    java.util.TreeSet<Integer> regs = new java.util.TreeSet<>();
                    for (int r = live.nextSetBit(0); r >= 0; r = live.nextSetBit(r + 1)) regs.add(color[r]);
                    regs.remove(d);
                    if (regs.size() > Layout.MAX_FRAME_WORDS - 1) {
                        throw new CompileLimitException(f.name + " keeps " + regs.size()
                                + " values live across a call; at most " + (Layout.MAX_FRAME_WORDS - 1)
                                + " are supported: move some of them into a tuple or a helper function", f.span);
                    }
                    out.put(insn, regs.stream().mapToInt(Integer::intValue).toArray());
                }
                Liveness.step(insn, live, lv);
            }
        }
        return out;
    }
}
