package dev.vx.compiler.backend;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.vx.bytecode.Opcode.*;

/**
 * Drop specialisation and cell reuse (Perceus), after reference counts are inserted.
 *
 * <p>Where a cell {@code x} is taken apart and dropped — its fields read, each read field
 * that is used later duplicated, then {@code drop x} — the code is split on whether
 * {@code x} is unique:
 * <ul>
 *   <li>unique: the fields' counts simply move to the registers that read them (the other
 *       reference fields are dropped), and the cell's memory is released with {@code free};
 *       or, when the same block then builds a cell of the same size before any call, that
 *       construction becomes a {@code newr} in {@code x}'s memory — {@code List.reverse},
 *       {@code map}-like rebuilding and tree rotations then allocate nothing;</li>
 *   <li>shared: the original duplications and the drop (which only decrements).</li>
 * </ul>
 * The instructions between the drop and the reused construction are copied onto both paths.
 * When they reach the block's branch first, a target that builds such a cell before anything
 * else of note can build it in {@code x}'s memory too: the unique path then goes on in copies
 * of the targets (tail duplication of one block each), with the construction a {@code newr}
 * there and a {@code free} at the start of the targets that build none. A reuse made here
 * never spans a call ({@link EarlyAllocation} later turns a {@code free} followed by calls
 * and a construction of the same size into a token that does).
 *
 * <p>A drop at the start of a block, of a cell whose fields were read on the only path that
 * leads there (the first scrutinee of a {@code match (a, b)} is read before the switch on the
 * second), is specialised too when its memory can be reused: the unique path drops the
 * cell's reference fields (the reads happened earlier, with their own counts) and builds in
 * its memory (Lean's {@code reset}). When the duplications of the fields it read come right
 * before such a drop ({@link DupSinking} moved them there), the drop is specialised as if the
 * reads were in the block, whether or not the memory can be reused.
 */
final class Reuse {
    /** Longest stretch of code copied onto both paths to reach a construction. */
    private static final int MAX_COPIED = 24;
    /**
     * Blocks that reuse across branches may copy, beyond the function's own count: each copy
     * can hold drops that are specialised in turn, so chains of them must not multiply.
     */
    private static final int MAX_EXTRA_COPIES = 32;

    private final IrFunction f;
    private final TypeTable types;
    private final int maxCopies;
    private int copies;
    /** Predecessors by block id, while the blocks are unchanged (null: to compute). */
    private Map<Integer, List<Integer>> preds;
    /** The drops of shared paths this pass made: already specialised, never candidates again. */
    private final Set<IrInsn> settled = Collections.newSetFromMap(new IdentityHashMap<>());

    private Reuse(IrFunction f, TypeTable types) {
        this.f = f;
        this.types = types;
        this.maxCopies = f.blocks.size() + MAX_EXTRA_COPIES;
    }

    static void run(IrFunction f, TypeTable types) {
        Reuse r = new Reuse(f, types);
        // New blocks are appended and also scanned: a continuation can hold another candidate.
        for (int b = 0; b < f.blocks.size(); b++) {
            while (r.specialise(f.blocks.get(b))) {
                // the block now ends in the branch on uniqueness; its continuation is a new block
            }
        }
    }

    /**
     * Whether {@code x}'s cell could be reused: some block reads its fields and then, before
     * any call, builds a cell of the same size, in the block itself or first thing in a target
     * of its branch. Borrow inference keeps such a parameter owned, since reusing a cell needs
     * its ownership.
     */
    static boolean reusable(IrFunction f, int x, TypeTable types) {
        Reuse r = new Reuse(f, types);
        for (IrFunction.Block b : f.blocks) {
            int words = -1;
            for (IrInsn i : b.insns) {
                if (i.op == GET && i.ops[1] == x && i.ctor >= 0) {
                    words = cellWords(types.fields(i.ctor).length);
                } else if (words < 0) {
                    continue;
                } else if (i.op == NEW && cellWords(i.ops[2]) == words && r.isAllocatedCtor(i.ops[1])) {
                    return true;
                } else if (i.op == JT || i.op == JF || i.op == JMP) {
                    for (int t : i.targets()) {
                        if (t != b.id && r.constructionAt(f.blocks.get(t).insns, x, words) >= 0) return true;
                    }
                } else if (i.op.isCallSite() || i.op.isTerminator() || i.op == FORK) {
                    break;
                }
            }
        }
        return false;
    }

    /** Splits {@code b} at its first candidate drop; false when it has none. */
    private boolean specialise(IrFunction.Block b) {
        List<IrInsn> in = b.insns;
        for (int d = 0; d < in.size(); d++) {
            IrInsn drop = in.get(d);
            if (drop.op != DROP || settled.contains(drop)) continue;
            int x = drop.ops[0];
            Candidate c = candidate(in, d, x);
            if (c == null) c = resetCandidate(b, d, x);
            if (c == null) c = movedDupsCandidate(b, d, x);
            if (c == null) continue;
            split(b, d, x, c);
            preds = null;
            return true;
        }
        return false;
    }

    /**
     * {@code drop x} at {@code d}, with only other drops before it in {@code b}, of a cell
     * whose constructor a read on the only path to {@code b} tells, and whose memory the code
     * after the drop can reuse: a candidate with no reads of its own, so that the unique path
     * drops all its reference fields. Null otherwise.
     */
    private Candidate resetCandidate(IrFunction.Block b, int d, int x) {
        List<IrInsn> in = b.insns;
        for (int j = 0; j < d; j++) {
            if (in.get(j).op != DROP || in.get(j).ops[0] == x) return null;
        }
        int ctor = ctorOnTheWayTo(b, x);
        if (ctor < 0) return null;
        int words = cellWords(types.fields(ctor).length);
        List<IrInsn> tail = in.subList(d + 1, in.size());
        if (constructionAt(tail, x, words) < 0 && reusingTargets(b, tail, x, words).isEmpty()) return null;
        return new Candidate(ctor, Map.of(), Set.of(), List.of());
    }

    /**
     * {@code drop x} at {@code d}, with only duplications of distinct registers before it in
     * {@code b}, each of a register that holds a field of {@code x} read on the only path to
     * {@code b} ({@link DupSinking} moved those duplications here from the reads): a candidate
     * that keeps those registers, as if the reads were in {@code b}. Null otherwise.
     */
    private Candidate movedDupsCandidate(IrFunction.Block b, int d, int x) {
        if (d == 0) return null;
        Set<Integer> wanted = new java.util.LinkedHashSet<>();
        List<Integer> dups = new ArrayList<>();
        for (int k = 0; k < d; k++) {
            IrInsn i = b.insns.get(k);
            if (i.op != DUP || i.ops[0] == x || !wanted.add(i.ops[0])) return null;
            dups.add(k);
        }
        if (preds == null) preds = predecessors(f);
        Set<Integer> kept = new java.util.LinkedHashSet<>(wanted); // in the order of the dups: deterministic output
        Map<Integer, Integer> fieldRegs = new HashMap<>();
        int ctor = -1;
        IrFunction.Block cur = b;
        int end = 0;
        for (int hops = 0; !wanted.isEmpty(); hops++) {
            for (int k = end - 1; k >= 0 && !wanted.isEmpty(); k--) {
                IrInsn i = cur.insns.get(k);
                boolean read = i.op == GET && i.ops[1] == x && i.ctor >= 0;
                if (read && wanted.contains(i.ops[0])) {
                    if (ctor >= 0 && ctor != i.ctor || fieldRegs.putIfAbsent(i.ops[2], i.ops[0]) != null) return null;
                    ctor = i.ctor;
                    wanted.remove(i.ops[0]);
                    continue;
                }
                if (i.def() == x || wanted.contains(i.def())) return null;
                boolean[] usesX = {false};
                i.forEachUse((r, consumes) -> usesX[0] |= r == x);
                if (usesX[0] && !read) return null;
            }
            List<Integer> p = preds.getOrDefault(cur.id, List.of());
            if (wanted.isEmpty()) break;
            if (hops == 8 || Set.copyOf(p).size() != 1) return null;
            cur = f.blocks.get(p.get(0));
            end = cur.insns.size();
        }
        return new Candidate(ctor, fieldRegs, kept, dups);
    }

    /**
     * The constructor of {@code x}'s cell when control enters {@code b}, from a read of its
     * fields in the chain of single predecessors that leads to {@code b}; -1 when unknown.
     */
    private int ctorOnTheWayTo(IrFunction.Block b, int x) {
        if (preds == null) preds = predecessors(f);
        return ctorReadBefore(f, preds, b, 0, x);
    }

    /** The ids of each block's predecessors, by block id. */
    static Map<Integer, List<Integer>> predecessors(IrFunction f) {
        Map<Integer, List<Integer>> preds = new HashMap<>();
        for (IrFunction.Block p : f.blocks) {
            for (int t : p.successors()) preds.computeIfAbsent(t, k -> new ArrayList<>()).add(p.id);
        }
        return preds;
    }

    /**
     * The constructor of {@code x}'s cell, from a read of its fields before index {@code end}
     * of {@code b} or in the chain of (at most 8) single predecessors that leads to {@code b};
     * -1 when unknown or when {@code x} is written on the way.
     */
    static int ctorReadBefore(IrFunction f, Map<Integer, List<Integer>> preds, IrFunction.Block b, int end, int x) {
        IrFunction.Block cur = b;
        for (int hops = 0; ; hops++) {
            for (int k = end - 1; k >= 0; k--) {
                IrInsn i = cur.insns.get(k);
                if (i.def() == x) return -1;
                if (i.op == GET && i.ops[1] == x && i.ctor >= 0) return i.ctor;
            }
            List<Integer> p = preds.getOrDefault(cur.id, List.of());
            if (hops == 8 || p.size() != 1) return -1;
            cur = f.blocks.get(p.get(0));
            end = cur.insns.size();
        }
    }

    /** The reads of {@code x} before {@code drop x} at {@code d}, and which of them are kept (duplicated). */
    private record Candidate(int ctor, Map<Integer, Integer> fieldRegs, Set<Integer> kept, List<Integer> dupsToMove) {}

    private Candidate candidate(List<IrInsn> in, int d, int x) {
        int ctor = -1;
        Map<Integer, Integer> fieldRegs = new HashMap<>(); // field index -> register read into
        Set<Integer> kept = new HashSet<>();
        List<Integer> dups = new ArrayList<>();
        // Walk back over the run of reads of x (each possibly followed by its dup).
        int k = d - 1;
        while (k >= 0) {
            IrInsn i = in.get(k);
            if (i.op == DUP && k > 0 && in.get(k - 1).op == GET && in.get(k - 1).ops[1] == x
                    && in.get(k - 1).ops[0] == i.ops[0]) {
                kept.add(i.ops[0]);
                dups.add(k);
                k--;
                continue;
            }
            if (i.op == GET && i.ops[1] == x && i.ctor >= 0) {
                if (ctor >= 0 && ctor != i.ctor) return null;
                ctor = i.ctor;
                fieldRegs.putIfAbsent(i.ops[2], i.ops[0]);
                k--;
                continue;
            }
            break;
        }
        if (ctor < 0) return null;
        // x must not be read anywhere else in the block before the reads (it may be the scrutinee of
        // the switch that led here, which is in another block).
        for (int j = 0; j <= k; j++) {
            int[] uses = {0};
            in.get(j).forEachUse((r, c) -> {
                if (r == x) uses[0]++;
            });
            if (uses[0] > 0) return null;
        }
        return new Candidate(ctor, fieldRegs, kept, dups);
    }

    private void split(IrFunction.Block b, int d, int x, Candidate c) {
        List<IrInsn> in = b.insns;
        int line = in.get(d).line;
        // Find a construction of the same cell size before any call or branch.
        int words = cellWords(types.fields(c.ctor()).length);
        int at = constructionAt(in.subList(d + 1, in.size()), x, words);
        int reuseAt = at < 0 ? -1 : d + 1 + at;
        List<IrInsn> head = new ArrayList<>();
        for (int k = 0; k < d; k++) if (!c.dupsToMove().contains(k)) head.add(in.get(k));
        List<IrInsn> tail = new ArrayList<>(in.subList(d + 1, in.size()));
        Map<Integer, Integer> reuseIn = reuseAt < 0 ? reusingTargets(b, tail, x, words) : Map.of();

        IrFunction.Block unique = f.newBlock();
        IrFunction.Block shared = f.newBlock();
        IrFunction.Block cont = reuseIn.isEmpty() ? f.newBlock() : null;

        // Unique: the cell's counted references move to the registers that read them; drop the others.
        int[] fieldTypes = types.fields(c.ctor());
        for (int field = 0; field < fieldTypes.length; field++) {
            if (!types.isRef(fieldTypes[field])) continue;
            Integer reg = c.fieldRegs().get(field);
            if (reg != null && c.kept().contains(reg)) continue;
            int r = reg != null ? reg : f.newReg(fieldTypes[field]);
            if (reg == null) {
                IrInsn get = new IrInsn(GET, line, r, x, field);
                get.ctor = c.ctor();
                unique.insns.add(get);
            }
            unique.insns.add(new IrInsn(DROP, line, r));
        }
        // Shared: the duplications the reads needed, and the drop (a decrement).
        for (int reg : c.kept()) shared.insns.add(new IrInsn(DUP, line, reg));
        IrInsn sharedDrop = new IrInsn(DROP, line, x);
        settled.add(sharedDrop);
        shared.insns.add(sharedDrop);

        if (!reuseIn.isEmpty()) {
            // Both paths end with the block's own branch: the unique one into copies of its
            // targets, which build in x's memory or free it first.
            Map<Integer, Integer> copyOf = new HashMap<>();
            for (IrInsn i : tail) {
                for (int t : i.targets()) {
                    if (!copyOf.containsKey(t)) copyOf.put(t, copyForUnique(f.blocks.get(t), x, reuseIn.getOrDefault(t, -1)));
                }
            }
            copies += copyOf.size();
            for (IrInsn i : tail) {
                IrInsn u = i.copy();
                u.mapTargets(copyOf::get);
                unique.insns.add(u);
            }
            shared.insns.addAll(tail);
        } else if (reuseAt >= 0) {
            int copied = reuseAt - (d + 1);
            for (int k = 0; k < copied; k++) {
                unique.insns.add(tail.get(k).copy());
                shared.insns.add(tail.get(k).copy());
            }
            IrInsn alloc = tail.get(copied);
            unique.insns.add(inToken(alloc, x));
            shared.insns.add(alloc);
            tail = new ArrayList<>(tail.subList(copied + 1, tail.size()));
        } else {
            unique.insns.add(new IrInsn(FREE, line, x));
        }
        if (cont != null) {
            unique.insns.add(new IrInsn(JMP, line, cont.id));
            shared.insns.add(new IrInsn(JMP, line, cont.id));
            cont.insns.addAll(tail);
        }

        int u = f.newReg(dev.vx.bytecode.Scalar.BOOL.typeId());
        head.add(new IrInsn(ISUNIQ, line, u, x));
        head.add(new IrInsn(JT, line, u, unique.id));
        head.add(new IrInsn(JMP, line, shared.id));
        b.insns.clear();
        b.insns.addAll(head);
    }

    /**
     * When {@code tail} (the rest of the block after {@code drop x}) is short and reaches the
     * block's branch with no call and no construction: its targets that build a cell of
     * {@code words} words before any call, branch or use of {@code x}, each with the index of
     * that construction. Empty when none does (or the tail is not of that form).
     */
    private Map<Integer, Integer> reusingTargets(IrFunction.Block b, List<IrInsn> tail, int x, int words) {
        if (tail.size() > MAX_COPIED || tail.isEmpty() || tail.get(tail.size() - 1).op != JMP) return Map.of();
        for (int k = 0; k < tail.size() - 1; k++) {
            IrInsn i = tail.get(k);
            boolean branch = (i.op == JT || i.op == JF) && k == tail.size() - 2;
            if (i.op.isCallSite() || i.op == FORK || i.op == NEW || i.def() == x
                    || (i.op.isTerminator() || i.op == JT || i.op == JF) && !branch) {
                return Map.of();
            }
        }
        Map<Integer, Integer> reuse = new HashMap<>();
        Set<Integer> targets = new HashSet<>();
        for (IrInsn i : tail) {
            for (int t : i.targets()) {
                // Not a loop back to this block, and only small blocks are worth a copy.
                if (t == b.id || f.blocks.get(t).insns.size() > MAX_COPIED) return Map.of();
                targets.add(t);
                int at = constructionAt(f.blocks.get(t).insns, x, words);
                if (at >= 0) reuse.put(t, at);
            }
        }
        if (reuse.isEmpty() || copies + targets.size() > maxCopies) return Map.of();
        return reuse;
    }

    /** The index of the first construction of a {@code words}-word cell in {@code insns} before anything that ends the search; -1 if none. */
    private int constructionAt(List<IrInsn> insns, int x, int words) {
        for (int k = 0; k < insns.size() && k <= MAX_COPIED; k++) {
            IrInsn i = insns.get(k);
            if (i.op == NEW && cellWords(i.ops[2]) == words && isAllocatedCtor(i.ops[1])) return k;
            boolean[] touches = {i.def() == x};
            i.forEachUse((r, consumed) -> touches[0] |= r == x);
            if (touches[0] || i.op.isCallSite() || i.op.isTerminator() || i.op == JT || i.op == JF || i.op == FORK) return -1;
        }
        return -1;
    }

    /**
     * A copy of block {@code t} for the path on which {@code x}'s cell is free to reuse: its
     * construction at {@code reuseAt} builds in that cell, or (-1) the cell is freed first.
     */
    private int copyForUnique(IrFunction.Block t, int x, int reuseAt) {
        IrFunction.Block c = f.newBlock();
        int line = t.insns.get(0).line;
        if (reuseAt < 0) c.insns.add(new IrInsn(FREE, line, x));
        for (int k = 0; k < t.insns.size(); k++) {
            IrInsn i = t.insns.get(k);
            c.insns.add(k == reuseAt ? inToken(i, x) : i.copy());
        }
        return c.id;
    }

    /** The construction {@code alloc} ({@code new d, C, fields}) as a {@code newr} in the memory of {@code token}. */
    static IrInsn inToken(IrInsn alloc, int token) {
        int[] o = alloc.ops;
        int[] newr = new int[o.length + 1];
        newr[0] = o[0];
        newr[1] = token;
        System.arraycopy(o, 1, newr, 2, o.length - 1);
        return new IrInsn(NEWR, alloc.line, newr);
    }

    /** Only constructors that get a cell (not nullary data constructors, which are immediates). */
    private boolean isAllocatedCtor(int ctor) {
        return types.fields(ctor).length > 0;
    }

    /** The words of a cell of {@code fields} fields: a header and the fields, at least two (a free cell holds a link). */
    static int cellWords(int fields) {
        return Math.max(2, 1 + fields);
    }
}
