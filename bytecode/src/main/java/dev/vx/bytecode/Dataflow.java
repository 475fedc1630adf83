package dev.vx.bytecode;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The dataflow checks of one function: every register read is written first on every path,
 * and every {@code get} reads a value whose constructor is known.
 *
 * <p>The analysis runs over basic blocks to a fixpoint with a worklist. A block's entry state
 * is the meet of what its predecessors give it: a register is defined only if defined on every
 * incoming path, and its known constructor survives only if every path agrees. States only
 * ever shrink, so the iteration terminates; then one pass over the reachable blocks checks the
 * instructions against the final states, which reports the first error in code order.
 * Instructions that no path reaches are left to the static checks.
 *
 * <p>Known constructors are tracked only for registers whose type has several constructors;
 * a single-constructor type is always known. A register's constructor becomes known by
 * {@code new}/{@code newr}, by {@code mov} from a known register, on the edge of a
 * {@code switch} case (for the scrutinee), and for the closure parameter r0 of a closure
 * shape's function; it is forgotten when the register is written otherwise.
 */
final class Dataflow {
    private static final int UNKNOWN = -1;

    private final FunctionContext cx;
    private final int n;
    /** Register -> index in a known-constructor array, or -1 when not tracked. */
    private final int[] slot;
    private final int slots;

    private int[] blockStart;   // blockStart[b] .. blockStart[b + 1] - 1 are block b
    private int[] blockOf;      // instruction -> its block
    private BitSet[] inDefined; // null: not (yet) reached
    private int[][] inKnown;
    private final BitSet work = new BitSet();

    Dataflow(FunctionContext cx) {
        this.cx = cx;
        this.n = cx.code.size();
        this.slot = new int[cx.regType.length];
        int s = 0;
        for (int r = 0; r < slot.length; r++) {
            slot[r] = cx.type(cx.regType[r]).ctorCount() >= 2 ? s++ : -1;
        }
        this.slots = s;
    }

    void run() throws BytecodeException {
        blocks();
        fixpoint();
        check();
    }

    private void blocks() {
        boolean[] leader = new boolean[n];
        leader[0] = true;
        for (int pc = 0; pc < n; pc++) {
            Insn insn = cx.code.get(pc);
            for (int t : CodeVerifier.targets(insn)) leader[t] = true;
            if (pc + 1 < n && (insn.op().isTerminator() || insn.op() == Opcode.JT || insn.op() == Opcode.JF)) {
                leader[pc + 1] = true;
            }
        }
        int count = 0;
        for (boolean l : leader) if (l) count++;
        blockStart = new int[count + 1];
        blockOf = new int[n];
        int b = -1;
        for (int pc = 0; pc < n; pc++) {
            if (leader[pc]) blockStart[++b] = pc;
            blockOf[pc] = b;
        }
        blockStart[count] = n;
        inDefined = new BitSet[count];
        inKnown = new int[count][];
    }

    private void fixpoint() {
        BitSet entry = new BitSet(cx.regType.length);
        entry.set(0, cx.f.params().length);
        int[] known = new int[slots];
        Arrays.fill(known, UNKNOWN);
        if (cx.closureCtor >= 0 && slot[0] >= 0) known[slot[0]] = cx.closureCtor;
        merge(0, entry, known);
        for (int b = work.nextSetBit(0); b >= 0; b = work.nextSetBit(0)) {
            work.clear(b);
            BitSet defined = (BitSet) inDefined[b].clone();
            int[] k = inKnown[b].clone();
            for (int pc = blockStart[b]; pc < blockStart[b + 1]; pc++) transfer(cx.code.get(pc), defined, k);
            successors(blockStart[b + 1] - 1, defined, k);
        }
    }

    private void successors(int last, BitSet defined, int[] known) {
        Insn insn = cx.code.get(last);
        switch (insn.op()) {
            case JMP -> merge(blockOf[insn.get(0)], defined, known);
            case JT, JF -> {
                merge(blockOf[insn.get(1)], defined, known);
                merge(blockOf[last + 1], defined, known);
            }
            case SWITCH -> {
                int a = insn.get(0);
                int[] targets = insn.list(1);
                int first = cx.typeOfReg(a).firstCtor();
                for (int tag = 0; tag < targets.length; tag++) {
                    int[] k = known;
                    if (slot[a] >= 0) {
                        // On the edge of case `tag` the scrutinee is that constructor; the meet at
                        // the target forgets it when other paths disagree (e.g. a shared target).
                        k = known.clone();
                        k[slot[a]] = first + tag;
                    }
                    merge(blockOf[targets[tag]], defined, k);
                }
            }
            default -> {
                if (!insn.op().isTerminator()) merge(blockOf[last + 1], defined, known);
            }
        }
    }

    private void merge(int b, BitSet defined, int[] known) {
        if (inDefined[b] == null) {
            inDefined[b] = (BitSet) defined.clone();
            inKnown[b] = known.clone();
            work.set(b);
            return;
        }
        boolean changed = false;
        BitSet current = inDefined[b];
        if (!containedIn(current, defined)) {
            current.and(defined);
            changed = true;
        }
        int[] k = inKnown[b];
        for (int s = 0; s < slots; s++) {
            if (k[s] != known[s] && k[s] != UNKNOWN) {
                k[s] = UNKNOWN;
                changed = true;
            }
        }
        if (changed) work.set(b);
    }

    private static boolean containedIn(BitSet a, BitSet b) {
        BitSet extra = (BitSet) a.clone();
        extra.andNot(b);
        return extra.isEmpty();
    }

    /** The effect of one instruction on the defined registers and known constructors. */
    private void transfer(Insn insn, BitSet defined, int[] known) {
        Opcode op = insn.op();
        switch (op) {
            case CALL, CALLC, JOB -> {
                // The callee may run anything: only the saved registers come back, then the result.
                int[] saves = insn.list(3);
                int[] kept = new int[saves.length];
                for (int i = 0; i < saves.length; i++) kept[i] = slot[saves[i]] >= 0 ? known[slot[saves[i]]] : UNKNOWN;
                defined.clear();
                Arrays.fill(known, UNKNOWN);
                for (int i = 0; i < saves.length; i++) {
                    defined.set(saves[i]);
                    if (slot[saves[i]] >= 0) known[slot[saves[i]]] = kept[i];
                }
                defined.set(insn.get(0));
            }
            case MOV -> write(insn.get(0), slot[insn.get(1)] >= 0 ? known[slot[insn.get(1)]] : UNKNOWN, defined, known);
            case NEW -> write(insn.get(0), insn.get(1), defined, known);
            case NEWR -> write(insn.get(0), insn.get(2), defined, known);
            default -> {
                if (op.hasDestination()) write(insn.get(0), UNKNOWN, defined, known);
            }
        }
    }

    private void write(int d, int ctor, BitSet defined, int[] known) {
        defined.set(d);
        if (slot[d] >= 0) known[slot[d]] = ctor;
    }

    private void check() throws BytecodeException {
        for (int b = 0; b < inDefined.length; b++) {
            if (inDefined[b] == null) continue;
            BitSet defined = (BitSet) inDefined[b].clone();
            int[] known = inKnown[b].clone();
            for (int pc = blockStart[b]; pc < blockStart[b + 1]; pc++) {
                Insn insn = cx.code.get(pc);
                reads(pc, insn, defined);
                if (insn.op() == Opcode.GET) get(pc, insn, known);
                transfer(insn, defined, known);
            }
        }
    }

    private void reads(int pc, Insn insn, BitSet defined) throws BytecodeException {
        Opcode op = insn.op();
        int[] o = insn.operands();
        int pos = 0;
        for (int k = 0; k < op.operands().size(); k++) {
            Operand kind = op.operands().get(k);
            if (kind == Operand.REG) {
                int r = o[pos++];
                if ((k > 0 || !op.hasDestination()) && !defined.get(r)) {
                    throw cx.at(pc, "register r" + r + " is read before it is written on some path");
                }
            } else if (kind.isList()) {
                int count = o[pos++];
                for (int i = 0; i < count; i++) {
                    int item = o[pos++];
                    if (kind == Operand.REGS && !defined.get(item)) {
                        boolean saved = op.isCallSite() && k == 3;
                        throw cx.at(pc, (saved ? "saved register r" : "register r") + item
                                + " is read before it is written on some path");
                    }
                }
            } else {
                pos++;
            }
        }
    }

    private void get(int pc, Insn insn, int[] known) throws BytecodeException {
        int d = insn.get(0);
        int a = insn.get(1);
        int field = insn.get(2);
        TypeDesc t = cx.typeOfReg(a);
        int ctor = t.ctorCount() == 1 ? t.firstCtor() : slot[a] >= 0 ? known[slot[a]] : UNKNOWN;
        if (ctor == UNKNOWN) {
            throw cx.at(pc, "the constructor of r" + a + " is not known here (get needs a single-constructor type, "
                    + "a switch case, a new, or a closure function's own closure)");
        }
        CtorDesc c = cx.ctor(ctor);
        String name = cx.ctorName(ctor);
        if (field < 0 || field >= c.fields().length) {
            throw cx.at(pc, "field index " + field + " is out of range: " + name + " has " + c.fields().length + " fields");
        }
        if (cx.regType[d] != c.fields()[field]) {
            throw cx.at(pc, "destination r" + d + " has type " + cx.regTypeName(d) + ", field " + field + " of " + name
                    + " has type " + cx.typeName(c.fields()[field]));
        }
    }
}
