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
    final BitSet[] out;

    private Liveness(int blocks) {
        in = new BitSet[blocks];
        out = new BitSet[blocks];
        for (int i = 0; i < blocks; i++) {
            in[i] = new BitSet();
            out[i] = new BitSet();
        }
    }

    static Liveness of(IrFunction f) {
        List<IrFunction.Block> blocks = f.blocks;
        Liveness lv = new Liveness(blocks.size());
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = blocks.size() - 1; b >= 0; b--) {
                IrFunction.Block block = blocks.get(b);
                BitSet o = new BitSet();
                for (int s : block.successors()) o.or(lv.in[s]);
                BitSet live = (BitSet) o.clone();
                for (int i = block.insns.size() - 1; i >= 0; i--) step(block.insns.get(i), live, lv);
                if (!o.equals(lv.out[b]) || !live.equals(lv.in[b])) {
                    lv.out[b] = o;
                    lv.in[b] = live;
                    changed = true;
                }
            }
        }
        return lv;
    }

    /** Moves {@code live} from after {@code insn} to before it. */
    static void step(IrInsn insn, BitSet live, Liveness lv) {
        for (int t : insn.targets()) live.or(lv.in[t]); // a conditional jump in the middle of a block
        int d = insn.def();
        if (d >= 0) live.clear(d);
        insn.forEachUse((r, consumes) -> {
            if (r >= 0) live.set(r);
        });
    }
}
