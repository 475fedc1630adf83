package dev.vx.compiler.backend;

import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Opcode;
import dev.vx.compiler.diag.Span;

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
    // Each register's lower neighbours in the interference graph (see edge): a list, or
    // once that would be longer, a bit set.
    private int[][] adj;
    private int[] adjSize;
    private long[][] adjBits;
    private final int[] color;
    private final List<Integer> physTypes = new ArrayList<>();
    private final int[] movePartner;

    private RegisterAllocator(IrFunction f) {
        this.f = f;
        this.n = f.regTypes.size();
        this.adj = new int[n][];
        this.adjSize = new int[n];
        this.adjBits = new long[n][];
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

    /**
     * Records that {@code a} and {@code b} interfere, in the list of the higher one only:
     * registers are coloured in increasing order (the parameters, the lowest, first), so a
     * register only ever looks at its lower neighbours. (Both directions doubled the graph,
     * which is quadratic when thousands of values are live at once.)
     */
    private void edge(int a, int b) {
        if (a == b) return;
        if (a > b) add(a, b);
        else add(b, a);
    }

    /**
     * Adds {@code b < a} to {@code a}'s neighbours: a list while short, a bit set over
     * {@code 0 .. a-1} once the list would be longer (a value live beside thousands of others
     * then costs a bit per neighbour instead of an int per edge).
     */
    private void add(int a, int b) {
        if (adjBits[a] != null) {
            adjBits[a][b >>> 6] |= 1L << b;
            return;
        }
        if (adj[a] == null) adj[a] = new int[4];
        if (adjSize[a] == adj[a].length) adj[a] = Arrays.copyOf(adj[a], adjSize[a] * 2);
        adj[a][adjSize[a]++] = b;
        if (adjSize[a] > (a >>> 5) + 8) {
            long[] bits = new long[(a >>> 6) + 1];
            for (int i = 0; i < adjSize[a]; i++) bits[adj[a][i] >>> 6] |= 1L << adj[a][i];
            adjBits[a] = bits;
            adj[a] = null;
            adjSize[a] = 0;
        }
    }

    /** Calls {@code action} with each neighbour of {@code v} below it (a neighbour may come twice). */
    private void forEachLowerNeighbour(int v, java.util.function.IntConsumer action) {
        long[] bits = adjBits[v];
        if (bits != null) {
            for (int w = 0; w < bits.length; w++) {
                for (long word = bits[w]; word != 0; word &= word - 1) {
                    action.accept((w << 6) + Long.numberOfTrailingZeros(word));
                }
            }
            return;
        }
        for (int i = 0; i < adjSize[v]; i++) action.accept(adj[v][i]);
    }

    private void interference(Liveness lv) {
        BitSet entry = lv.in[0];
        for (int p = 0; p < f.params.length; p++) {
            for (int q = 0; q < p; q++) edge(p, q);
            for (int r = entry.nextSetBit(0); r >= 0; r = entry.nextSetBit(r + 1)) edge(p, r);
        }
        for (IrFunction.Block b : f.blocks) {
            BitSet live = lv.out(b.id);
            // A register no lower than the lowest live one, where the walks over the live set
            // start: from 0, a long function whose live values are all recent (high) scanned
            // every word below them at each definition. Lowered by whatever enters the set.
            int[] low = {lowest(live)};
            for (int k = b.insns.size() - 1; k >= 0; k--) {
                IrInsn insn = b.insns.get(k);
                for (int t : insn.targets()) {
                    live.or(lv.in[t]);
                    low[0] = Math.min(low[0], lowest(lv.in[t]));
                }
                int d = insn.def();
                if (d >= 0) {
                    int moved = insn.op == Opcode.MOV ? insn.ops[1] : -1;
                    if (moved >= 0 && f.regType(moved) == f.regType(d)) {
                        movePartner[d] = moved;
                        if (movePartner[moved] < 0) movePartner[moved] = d;
                    }
                    int liveHere = 0;
                    int first = live.nextSetBit(low[0]);
                    if (first >= 0) low[0] = first;
                    for (int r = first; r >= 0; r = live.nextSetBit(r + 1)) {
                        if (r != moved) edge(d, r);
                        liveHere++;
                    }
                    if (liveHere > Layout.MAX_REGISTERS) {
                        // Every value live here needs a register of its own: no colouring fits,
                        // and the interference graph would grow with the square of the count.
                        // (Counted here, where the set is walked anyway: its cardinality after
                        // every instruction cost a scan of all its words.)
                        throw tooManyRegisters("more than " + Layout.MAX_REGISTERS + " registers (values live at once)");
                    }
                }
                Liveness.step(insn, live, lv);
                insn.forEachUse((r, consumes) -> {
                    if (r >= 0 && r < low[0]) low[0] = r;
                });
            }
        }
    }

    /** The lowest register in {@code set}, or {@code Integer.MAX_VALUE} when it is empty. */
    private static int lowest(BitSet set) {
        int r = set.nextSetBit(0);
        return r < 0 ? Integer.MAX_VALUE : r;
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
        // The colours of v's neighbours, cleared after each v (a bit set, not boxed integers:
        // a function with thousands of values live at once has thousands of neighbours each).
        BitSet taken = new BitSet();
        for (int v = f.params.length; v < n; v++) {
            int type = f.regType(v);
            forEachLowerNeighbour(v, u -> taken.set(color[u]));
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
            taken.clear(); // whole: clearing bit by bit rescans the set for its length each time
        }
        adj = null;
        adjSize = null;
        adjBits = null;
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
                        Span call = f.span == null || insn.line <= 0 ? null : Span.ofLine(f.span.file(), insn.line);
                        throw new CompileLimitException(f.name + " keeps " + regs.size()
                                + " values live across a call here; at most " + (Layout.MAX_FRAME_WORDS - 1)
                                + " are supported: make the calls before computing the values that wait for them, "
                                + "or move part of the work into a helper function", call != null ? call : f.span);
                    }
                    out.put(insn, regs.stream().mapToInt(Integer::intValue).toArray());
                }
                Liveness.step(insn, live, lv);
            }
        }
        return out;
    }
}
