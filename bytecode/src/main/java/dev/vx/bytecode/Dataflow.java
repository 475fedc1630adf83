package dev.vx.bytecode;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The dataflow checks of one function: every register read is written first on every path,
 * and every {@code get} reads a value whose constructor is known.
 *
 * <p>The analysis runs over basic blocks to a fixpoint with a worklist (lowest block first,
 * which follows the code order and converges in a few passes). A block's entry state is the
 * meet of what its predecessors give it: a register is defined only if defined on every
 * incoming path, and its known constructor survives only if every path agrees. States only
 * ever shrink, so the iteration terminates; then one pass over the reachable blocks checks the
 * instructions against the final states, which reports the first error in code order.
 * Instructions that no path reaches are left to the static checks.
 *
 * <p>Known constructors are tracked only for registers that matter: those of a type with
 * several constructors that a {@code get} reads, directly or through {@code mov}s (a
 * single-constructor type is always known). A register's constructor becomes known by
 * {@code new}/{@code newr}, by {@code mov} from a known register, on the edge of a
 * {@code switch} case (for the scrutinee), and for the closure parameter r0 of a closure
 * shape's function; it is forgotten when the register is written otherwise.
 *
 * <p>Stored states are never modified (a change makes a copy), so blocks share them, and a
 * merge of a state a block already holds costs nothing. Two implementation limits keep the
 * verifier's memory and time bounded whatever the input: a function whose per-block states
 * would exceed {@link #MAX_STATE_BYTES} is rejected as too large to verify, and one whose
 * analysis would take more than {@link #MAX_WORK} steps (a step is about one machine word of
 * state compared or copied) as too complex to verify. Compiled code converges in a few passes,
 * far below both.
 */
final class Dataflow {
    /** Known-constructor value for "not known"; constructor ids start at 16. */
    private static final char UNKNOWN = 0;
    /** Upper bound on the verifier state one function may need (an implementation limit). */
    static final long MAX_STATE_BYTES = 256L << 20;
    /** Upper bound on the analysis steps for one function (an implementation limit). */
    static final long MAX_WORK = 1_000_000_000L;

    private final FunctionContext cx;
    private final int n;
    /** Register -> index in a known-constructor array, or -1 when not tracked. */
    private final int[] slot;
    private final int slots;

    private int[] blockStart;   // blockStart[b] .. blockStart[b + 1] - 1 are block b
    private int[] blockOf;      // instruction -> its block
    private BitSet[] inDefined; // null: not (yet) reached; never modified once stored
    private char[][] inKnown;   // never modified once stored
    private final BitSet work = new BitSet();
    /** Words of a defined-register set. */
    private final int words;
    private long workLeft = MAX_WORK;
    /** Every constructor unknown; shared, never modified. */
    private final char[] noneKnown;

    Dataflow(FunctionContext cx) {
        this.cx = cx;
        this.n = cx.code.size();
        this.slot = new int[cx.regType.length];
        BitSet tracked = trackedRegisters();
        int s = 0;
        for (int r = 0; r < slot.length; r++) slot[r] = tracked.get(r) ? s++ : -1;
        this.slots = s;
        this.words = (cx.regType.length + 63) / 64;
        this.noneKnown = new char[slots];
    }

    private void spend(long steps) throws BytecodeException {
        workLeft -= steps;
        if (workLeft < 0) {
            throw cx.function("too complex to verify: its dataflow analysis would take more than " + MAX_WORK
                    + " steps");
        }
    }

    /** Registers of multi-constructor types whose constructor a {@code get} may need. */
    private BitSet trackedRegisters() {
        BitSet tracked = new BitSet();
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        // Reverse mov edges (destination, source), grouped by destination below: linear in the
        // code, however many movs share a destination.
        int[] movDest = new int[16];
        int[] movSource = new int[16];
        int moves = 0;
        for (Insn insn : cx.code) {
            if (insn.op() == Opcode.GET && multi(insn.get(1)) && !tracked.get(insn.get(1))) {
                tracked.set(insn.get(1));
                todo.add(insn.get(1));
            } else if (insn.op() == Opcode.MOV && multi(insn.get(0))) {
                if (moves == movDest.length) {
                    movDest = Arrays.copyOf(movDest, 2 * moves);
                    movSource = Arrays.copyOf(movSource, 2 * moves);
                }
                movDest[moves] = insn.get(0);
                movSource[moves] = insn.get(1);
                moves++;
            }
        }
        int[] first = new int[cx.regType.length + 1]; // sources of d: from[first[d] .. first[d + 1])
        for (int i = 0; i < moves; i++) first[movDest[i] + 1]++;
        for (int r = 0; r < cx.regType.length; r++) first[r + 1] += first[r];
        int[] from = new int[moves];
        int[] next = Arrays.copyOf(first, first.length);
        for (int i = 0; i < moves; i++) from[next[movDest[i]]++] = movSource[i];
        while (!todo.isEmpty()) {
            int d = todo.poll();
            for (int k = first[d]; k < first[d + 1]; k++) {
                int a = from[k];
                if (!tracked.get(a)) {
                    tracked.set(a);
                    todo.add(a);
                }
            }
        }
        return tracked;
    }

    private boolean multi(int r) {
        return cx.typeOfReg(r).ctorCount() >= 2;
    }

    void run() throws BytecodeException {
        blocks();
        long perBlock = ((cx.regType.length + 63) / 64) * 8L + 2L * slots + 64;
        if (perBlock * inDefined.length > MAX_STATE_BYTES) {
            throw cx.function("too large to verify: " + inDefined.length + " blocks of " + cx.regType.length
                    + " registers need more than " + (MAX_STATE_BYTES >> 20) + " MiB of verifier state");
        }
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
        inKnown = new char[count][];
    }

    /** A block's working state: a private copy of the defined set, a copy-on-write known array. */
    private static final class State {
        final BitSet defined;
        char[] known;
        boolean knownShared;

        State(BitSet defined, char[] known) {
            this.defined = (BitSet) defined.clone();
            this.known = known;
            this.knownShared = true;
        }

        void setKnown(int s, char ctor) {
            if (known[s] == ctor) return;
            if (knownShared) {
                known = known.clone();
                knownShared = false;
            }
            known[s] = ctor;
        }
    }

    private void fixpoint() throws BytecodeException {
        BitSet entry = new BitSet(cx.regType.length);
        entry.set(0, cx.f.params().length);
        char[] known = new char[slots];
        if (cx.closureCtor >= 0 && slot.length > 0 && slot[0] >= 0) known[slot[0]] = (char) cx.closureCtor;
        merge(0, entry, known, -1, UNKNOWN);
        for (int b = work.nextSetBit(0); b >= 0; b = work.nextSetBit(0)) {
            work.clear(b);
            spend(words + blockStart[b + 1] - blockStart[b]);
            State state = new State(inDefined[b], inKnown[b]);
            for (int pc = blockStart[b]; pc < blockStart[b + 1]; pc++) {
                Insn insn = cx.code.get(pc);
                if (insn.op().isCallSite()) spend(slots / 8 + insn.operands().length);
                transfer(insn, state);
            }
            successors(blockStart[b + 1] - 1, state);
        }
    }

    private void successors(int last, State state) throws BytecodeException {
        Insn insn = cx.code.get(last);
        // From here on the state is only read: successors may share it.
        BitSet defined = state.defined;
        char[] known = state.known;
        switch (insn.op()) {
            case JMP -> merge(blockOf[insn.get(0)], defined, known, -1, UNKNOWN);
            case JT, JF -> {
                merge(blockOf[insn.get(1)], defined, known, -1, UNKNOWN);
                merge(blockOf[last + 1], defined, known, -1, UNKNOWN);
            }
            case SWITCH -> {
                int a = insn.get(0);
                int[] targets = insn.list(1);
                int first = cx.typeOfReg(a).firstCtor();
                for (int tag = 0; tag < targets.length; tag++) {
                    // On the edge of case `tag` the scrutinee is that constructor; the meet at
                    // the target forgets it when other paths disagree (e.g. a shared target).
                    merge(blockOf[targets[tag]], defined, known, slot[a], (char) (first + tag));
                }
            }
            default -> {
                if (!insn.op().isTerminator()) merge(blockOf[last + 1], defined, known, -1, UNKNOWN);
            }
        }
    }

    /**
     * Meets an incoming state into block {@code b}'s entry state. The incoming known
     * constructors are {@code known} with slot {@code edgeSlot} (when not -1) replaced by
     * {@code edgeCtor}; the arguments are not modified.
     */
    private void merge(int b, BitSet defined, char[] known, int edgeSlot, char edgeCtor) throws BytecodeException {
        if (inDefined[b] == null) {
            inDefined[b] = defined;
            char[] k = known;
            if (edgeSlot >= 0 && known[edgeSlot] != edgeCtor) {
                k = known.clone();
                k[edgeSlot] = edgeCtor;
            }
            inKnown[b] = k;
            work.set(b);
            return;
        }
        boolean changed = false;
        BitSet current = inDefined[b];
        if (current != defined) {
            spend(words);
            BitSet lost = (BitSet) current.clone();
            lost.andNot(defined);
            if (!lost.isEmpty()) {
                BitSet meet = (BitSet) current.clone();
                meet.and(defined);
                inDefined[b] = meet;
                changed = true;
            }
        }
        char[] k = inKnown[b];
        char[] meet = null;
        if (k == known) {
            // The same state as before, but for the edge's own constructor.
            if (edgeSlot >= 0 && k[edgeSlot] != UNKNOWN && k[edgeSlot] != edgeCtor) {
                meet = k.clone();
                meet[edgeSlot] = UNKNOWN;
            }
        } else {
            spend(slots);
            for (int s = 0; s < slots; s++) {
                char incoming = s == edgeSlot ? edgeCtor : known[s];
                if (k[s] != UNKNOWN && k[s] != incoming) {
                    if (meet == null) meet = k.clone();
                    meet[s] = UNKNOWN;
                }
            }
        }
        if (meet != null) {
            inKnown[b] = meet;
            changed = true;
        }
        if (changed) work.set(b);
    }

    /** The effect of one instruction on the defined registers and known constructors. */
    private void transfer(Insn insn, State state) {
        Opcode op = insn.op();
        switch (op) {
            case CALL, CALLC, JOB -> {
                // The callee may run anything: only the saved registers come back, then the result.
                int[] saves = insn.list(3);
                char[] known = noneKnown;
                for (int r : saves) {
                    if (slot[r] >= 0 && state.known[slot[r]] != UNKNOWN) {
                        if (known == noneKnown) known = new char[slots];
                        known[slot[r]] = state.known[slot[r]];
                    }
                }
                state.known = known;
                state.knownShared = true;
                state.defined.clear();
                for (int r : saves) state.defined.set(r);
                state.defined.set(insn.get(0));
            }
            case MOV -> write(insn.get(0), slot[insn.get(1)] >= 0 ? state.known[slot[insn.get(1)]] : UNKNOWN, state);
            case NEW -> write(insn.get(0), (char) insn.get(1), state);
            case NEWR -> write(insn.get(0), (char) insn.get(2), state);
            default -> {
                if (op.hasDestination()) write(insn.get(0), UNKNOWN, state);
            }
        }
    }

    private void write(int d, char ctor, State state) {
        state.defined.set(d);
        if (slot[d] >= 0) state.setKnown(slot[d], ctor);
    }

    private void check() throws BytecodeException {
        for (int b = 0; b < inDefined.length; b++) {
            if (inDefined[b] == null) continue;
            State state = new State(inDefined[b], inKnown[b]);
            for (int pc = blockStart[b]; pc < blockStart[b + 1]; pc++) {
                Insn insn = cx.code.get(pc);
                reads(pc, insn, state.defined);
                if (insn.op() == Opcode.GET) get(pc, insn, state.known);
                transfer(insn, state);
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

    private void get(int pc, Insn insn, char[] known) throws BytecodeException {
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
