package dev.vx.compiler.backend;

import java.util.BitSet;
import java.util.List;

/**
 * Which virtual registers are live (read later on some path) at block boundaries. Vx code
 * has no loops (repetition is recursion), so the control-flow graph is acyclic and one
 * backward pass in reverse block order reaches the fixpoint; the loop below still iterates
 * until nothing changes, so a cycle would only cost time.
 */
final class Liveness {
    final BitSet[] in;
    private final List<IrFunction.Block> blocks;

    private Liveness(List<IrFunction.Block> blocks) {
        this.blocks = blocks;
        in = new BitSet[blocks.size()];
        for (int i = 0; i < in.length; i++) in[i] = new BitSet();
    }

    static Liveness of(IrFunction f) {
        List<IrFunction.Block> blocks = f.blocks;
        Liveness lv = new Liveness(blocks);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = blocks.size() - 1; b >= 0; b--) {
                IrFunction.Block block = blocks.get(b);
                BitSet live = lv.out(b);
                for (int i = block.insns.size() - 1; i >= 0; i--) step(block.insns.get(i), live, lv);
                if (!live.equals(lv.in[b])) {
                    lv.in[b] = live;
                    changed = true;
                }
            }
        }
        return lv;
    }

    /**
     * A new set of what is live after block {@code b}: its successors' live-in. Computed when
     * asked, not kept: a bit set's size is its highest register, so keeping one per block cost
     * memory of blocks × registers (the arms of a 16,000-case match, each live-out the match's
     * result, a register numbered after them all: 2 GB).
     */
    BitSet out(int b) {
        BitSet o = new BitSet();
        for (int s : blocks.get(b).successors()) o.or(in[s]);
        return o;
    }

    /** Moves {@code live} from after {@code insn} to before it. */
    static void step(IrInsn insn, BitSet live, Liveness lv) {
        for (int t : insn.targets()) live.or(lv.in[t]); // a conditional jump in the middle of a block
        int d = insn.def();
        // The uses are added before the definition is taken out (unless the instruction reads
        // it too): clearing a set's highest bit makes BitSet scan down for the next one, and
        // with the uses (lower registers as a rule) already in, that scan is short. Taken out
        // first, a long straight-line function paid a scan of every word each instruction.
        boolean[] readsDef = {false};
        insn.forEachUse((r, consumes) -> {
            if (r >= 0) {
                live.set(r);
                if (r == d) readsDef[0] = true;
            }
        });
        if (d >= 0 && !readsDef[0]) live.clear(d);
    }
}
