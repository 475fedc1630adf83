package dev.vx.compiler.backend;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.vx.bytecode.Opcode.*;

/**
 * Updates a record in an array in place: {@code Array.set(a, i, C{..})} whose new element is
 * built from the fields of {@code a[i]} writes the new fields into {@code a[i]}'s cell when
 * both the array and that cell are unique, instead of allocating a cell, storing it and
 * freeing the old one. This is what an n-body step or a particle update does in Java (the
 * twin mutates its objects' fields); in Vx the result is the same value, since nothing else
 * can see the old one.
 *
 * <p>The shape, in one block: {@code aget e, A, i}, reads of {@code e}'s fields (its only
 * uses), then a window of code that builds {@code new d, C, [...]} of the same cell size and
 * ends with {@code aset A', A, i, d} (the same index register, unchanged, or the same constant). Several such updates of one
 * array, chained through their {@code aset}s ({@code set(set(a, i, x), j, y)}), form one group
 * with one test, so that every update of the group takes the same path:
 * <pre>
 *   isuniq u, A; isuniq t, e1; and u, u, t; ...; jt u, @inplace; jmp @copy
 *   @inplace: the window with each new as newr d, e, C, [...] and each aset as mov A', A
 *   @copy:    the window as it was
 * </pre>
 * and both paths go on in a block with the rest. When {@code i == j} at run time both updates
 * write the same cell, in the order of the {@code aset}s (the constructions must come in that
 * order), so the last one wins as it does for the stores.
 *
 * <p>What makes the in-place path safe: the test runs after the last read of every element
 * cell of the group and before the first construction; the window reads no cell (no
 * {@code get}, {@code aget}, call, primitive or fork), duplicates nothing, and touches the
 * array only through the group's {@code aset}s, so between the test and the stores nothing
 * can observe or share the cells being written. The element's fields must all be scalars:
 * writing over a reference field would need its old count dropped at a point where the reads
 * may still borrow it. The index was checked by the {@code aget} against the same array.
 */
final class InPlaceUpdate {
    /** Longest window (first construction to last store) copied onto both paths. */
    private static final int MAX_WINDOW = 64;

    private final IrFunction f;
    private final TypeTable types;
    /** Uses of each register in the whole function, by register. */
    private final Map<Integer, Integer> useCount = new HashMap<>();
    private final Map<Integer, Integer> defCount = new HashMap<>();

    private InPlaceUpdate(IrFunction f, TypeTable types) {
        this.f = f;
        this.types = types;
        count();
    }

    /** Counts every register's uses and definitions (again after a split copies a window). */
    private void count() {
        useCount.clear();
        defCount.clear();
        for (IrFunction.Block b : f.blocks) {
            for (IrInsn i : b.insns) {
                i.forEachUse((r, consumed) -> useCount.merge(r, 1, Integer::sum));
                if (i.def() >= 0) defCount.merge(i.def(), 1, Integer::sum);
            }
        }
    }

    static void run(IrFunction f, TypeTable types) {
        InPlaceUpdate p = new InPlaceUpdate(f, types);
        // The block holding the rest after a group is appended, and scanned in turn.
        for (int b = 0; b < f.blocks.size(); b++) p.rewriteFirstGroup(f.blocks.get(b));
    }

    /** One update of the group: the element's register, and where it is built and stored. */
    private record Update(int element, int build, int store) {}

    private void rewriteFirstGroup(IrFunction.Block b) {
        List<IrInsn> in = b.insns;
        for (int s = 0; s < in.size(); s++) {
            if (in.get(s).op != ASET) continue;
            List<Update> group = group(in, s);
            if (group != null) {
                split(b, group);
                count();
                return;
            }
        }
    }

    /** The group whose first store is at {@code s}, when it is safe to rewrite; null otherwise. */
    private List<Update> group(List<IrInsn> in, int s) {
        int root = in.get(s).ops[1];
        List<Update> group = new ArrayList<>();
        int array = root;
        for (int k = s; k < in.size() && k - s <= MAX_WINDOW; k++) {
            IrInsn i = in.get(k);
            if (i.op != ASET || i.ops[1] != array) continue;
            Update u = update(in, k, root);
            if (u == null) break;
            group.add(u);
            array = i.ops[0];
            if (i.ops[0] == i.ops[1] || defCount.getOrDefault(array, 0) != 1) break;
        }
        if (group.isEmpty()) return null;
        // The constructions come in the order of the stores, and none before the last read.
        int window = group.get(0).build();
        for (int m = 0; m < group.size(); m++) {
            if (m > 0 && group.get(m).build() < group.get(m - 1).build()) return null;
            if (group.get(m).build() < window) return null;
        }
        int lastRead = -1;
        for (Update u : group) lastRead = Math.max(lastRead, lastUse(in, u.element()));
        if (lastRead >= window) return null;
        int end = group.get(group.size() - 1).store();
        if (end - window > MAX_WINDOW) return null;
        Set<Integer> chain = new LinkedHashSet<>();
        chain.add(root);
        for (Update u : group) chain.add(in.get(u.store()).ops[0]);
        Set<Integer> stores = new LinkedHashSet<>();
        for (Update u : group) stores.add(u.store());
        for (int k = window; k <= end; k++) {
            if (!stores.contains(k) && !quiet(in.get(k), chain)) return null;
        }
        return group;
    }

    /**
     * The update stored by {@code aset} at {@code s}: its value built by a {@code new} in this
     * block and used nowhere else, from the fields of an element read from {@code root} at the
     * same index; null when the store is not of that form.
     */
    private Update update(List<IrInsn> in, int s, int root) {
        IrInsn store = in.get(s);
        int index = store.ops[2];
        int value = store.ops[3];
        if (useCount.getOrDefault(value, 0) != 1 || defCount.getOrDefault(value, 0) != 1) return null;
        int build = definition(in, value, s);
        if (build < 0 || in.get(build).op != NEW || in.get(build).ops[2] == 0) return null;
        long constant = constantIndex(in, index);
        boolean changes = false; // the index register is written between here and the store
        for (int k = build; k <= s; k++) changes |= in.get(k).def() == index;
        for (int g = build - 1; g >= 0; g--) {
            IrInsn i = in.get(g);
            if (i.def() == root) return null;
            boolean sameRegister = i.op == AGET && i.ops[2] == index && !changes;
            boolean sameConstant = i.op == AGET && constant >= 0 && constantIndex(in, i.ops[2]) == constant;
            changes |= i.def() == index;
            if (i.op != AGET || i.ops[1] != root || !(sameRegister || sameConstant)) continue;
            int e = i.ops[0];
            int ctor = elementCtor(in, e, g);
            if (ctor < 0 || Reuse.cellWords(types.fields(ctor).length) != Reuse.cellWords(in.get(build).ops[2])) return null;
            for (int t : types.fields(ctor)) if (types.isRef(t)) return null;
            return new Update(e, build, s);
        }
        return null;
    }

    /**
     * The index in register {@code r} when it is a constant: written once in the function, by
     * an {@code ldi} in this block ({@code a[0]} and {@code Array.set(a, 0, ..)} load their
     * index separately); -1 otherwise.
     */
    private long constantIndex(List<IrInsn> in, int r) {
        if (defCount.getOrDefault(r, 0) != 1) return -1;
        for (IrInsn i : in) {
            if (i.def() == r) return i.op == LDI && i.ops[1] >= 0 ? i.ops[1] : -1;
        }
        return -1;
    }

    /**
     * The constructor of element {@code e} read at {@code g}, when every use of {@code e} in the
     * function is a read of its fields in this block after {@code g} that names it; else -1.
     */
    private int elementCtor(List<IrInsn> in, int e, int g) {
        if (defCount.getOrDefault(e, 0) != 1 || e < f.params.length) return -1;
        int ctor = -1;
        int reads = 0;
        for (int k = g + 1; k < in.size(); k++) {
            IrInsn i = in.get(k);
            if (i.op == GET && i.ops[1] == e) {
                if (i.ctor < 0 || (ctor >= 0 && ctor != i.ctor)) return -1;
                ctor = i.ctor;
                reads++;
            }
        }
        return reads > 0 && reads == useCount.getOrDefault(e, 0) ? ctor : -1;
    }

    /** The index in this block before {@code before} where {@code r} is defined; -1 if none. */
    private static int definition(List<IrInsn> in, int r, int before) {
        for (int k = before - 1; k >= 0; k--) if (in.get(k).def() == r) return k;
        return -1;
    }

    private static int lastUse(List<IrInsn> in, int r) {
        int last = -1;
        for (int k = 0; k < in.size(); k++) {
            boolean[] uses = {false};
            in.get(k).forEachUse((reg, consumed) -> uses[0] |= reg == r);
            if (uses[0]) last = k;
        }
        return last;
    }

    /**
     * Whether {@code i}, between the test and the group's last store, can neither read a cell
     * that may be one of those written in place nor share or use the array.
     */
    private static boolean quiet(IrInsn i, Set<Integer> chain) {
        switch (i.op) {
            case GET, AGET, ASET, ASLICE, DUP, PRIM, FORK, JOIN, JOB, ISUNIQ, JT, JF, JMP, SWITCH -> {
                return false;
            }
            default -> {
                if (i.op.isCallSite() || i.op.isTerminator()) return false;
                boolean[] touches = {chain.contains(i.def())};
                if (i.op != ALEN) i.forEachUse((r, consumed) -> touches[0] |= chain.contains(r));
                return !touches[0];
            }
        }
    }

    private void split(IrFunction.Block b, List<Update> group) {
        List<IrInsn> in = b.insns;
        int window = group.get(0).build();
        int end = group.get(group.size() - 1).store();
        int line = in.get(window).line;
        Map<Integer, Integer> tokenOf = new HashMap<>(); // construction index -> element register
        Set<Integer> stores = new LinkedHashSet<>();
        Set<Integer> elements = new LinkedHashSet<>();
        for (Update u : group) {
            tokenOf.put(u.build(), u.element());
            stores.add(u.store());
            elements.add(u.element());
        }
        IrFunction.Block inPlace = f.newBlock();
        IrFunction.Block copy = f.newBlock();
        IrFunction.Block rest = f.newBlock();
        for (int k = window; k <= end; k++) {
            IrInsn i = in.get(k);
            copy.insns.add(i.copy());
            if (tokenOf.containsKey(k)) {
                inPlace.insns.add(Reuse.inToken(i, tokenOf.get(k)));
            } else if (stores.contains(k)) {
                inPlace.insns.add(new IrInsn(MOV, i.line, i.ops[0], i.ops[1]));
            } else {
                inPlace.insns.add(i.copy());
            }
        }
        inPlace.insns.add(new IrInsn(JMP, line, rest.id));
        copy.insns.add(new IrInsn(JMP, line, rest.id));
        rest.insns.addAll(in.subList(end + 1, in.size()));

        List<IrInsn> head = new ArrayList<>(in.subList(0, window));
        int bool = dev.vx.bytecode.Scalar.BOOL.typeId();
        int unique = f.newReg(bool);
        head.add(new IrInsn(ISUNIQ, line, unique, in.get(group.get(0).store()).ops[1]));
        for (int e : elements) {
            int t = f.newReg(bool);
            head.add(new IrInsn(ISUNIQ, line, t, e));
            head.add(new IrInsn(AND, line, unique, unique, t));
        }
        head.add(new IrInsn(JT, line, unique, inPlace.id));
        head.add(new IrInsn(JMP, line, copy.id));
        in.clear();
        in.addAll(head);
    }
}
