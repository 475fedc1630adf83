package dev.vx.compiler.backend;

import dev.vx.bytecode.Prim;
import dev.vx.bytecode.Scalar;
import dev.vx.compiler.tast.Case;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.Local;
import dev.vx.compiler.tast.Pattern;
import dev.vx.compiler.types.AdtType;
import dev.vx.compiler.types.Constructor;
import dev.vx.compiler.types.ListType;
import dev.vx.compiler.types.TupleType;
import dev.vx.compiler.types.Type;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static dev.vx.bytecode.Opcode.*;

/**
 * {@code match} to a decision tree, by the clause-matrix method: rows are the cases (one
 * pattern per column), columns are occurrences (registers holding the scrutinee or a part
 * of it). The tree tests the first row's first refutable column: a {@code switch} on
 * constructors, equality tests on literals (a binary search for many integers), or range tests on
 * {@code Nat} ({@code 0n}, {@code k n+p}; a binary search for many ranges). Each test is made once on a path; each case body
 * is lowered once, and the leaves that reach it move their bindings into its registers.
 */
final class MatchLowering {
    private final Lowerer l;
    private List<Case> cases;
    private Lowerer.Target target;
    private Body[] bodies;
    /** The block where each sub-problem with a test was compiled, to jump to when it comes up again. */
    private final Map<List<Object>, IrFunction.Block> compiled = new java.util.HashMap<>();

    private record Row(List<Pattern> pats, Map<Local, Integer> binds, int caseIndex) {}

    private static final class Body {
        IrFunction.Block block;
        final List<Leaf> leaves = new ArrayList<>();
        final Map<Local, Integer> locals = new LinkedHashMap<>();
    }

    /** A path of the decision tree that ends at a body: the block ending in the jump, and its bindings. */
    private record Leaf(IrFunction.Block block, Map<Local, Integer> binds) {}

    MatchLowering(Lowerer l) {
        this.l = l;
    }

    void match(Expr.Match m, Lowerer.Target target) {
        this.cases = m.cases();
        this.target = target;
        this.bodies = new Body[cases.size()];
        List<Row> rows = new ArrayList<>();
        if (m.scrutinee() instanceof Expr.Tuple tuple && takenApart(cases)) {
            // match (a, b): the tuple is never built; its elements are the columns.
            List<Integer> occs = new ArrayList<>();
            for (int r : l.args(tuple.elements())) occs.add(r);
            l.at(tuple.span());
            for (int i = 0; i < cases.size(); i++) {
                rows.add(new Row(elements(cases.get(i).pattern(), tuple), new LinkedHashMap<>(), i));
            }
            compile(occs, rows);
        } else {
            int scrutinee = l.lower(m.scrutinee());
            for (int i = 0; i < cases.size(); i++) {
                rows.add(new Row(List.of(cases.get(i).pattern()), new LinkedHashMap<>(), i));
            }
            compile(List.of(scrutinee), rows);
        }
        bindBodies();
        for (int i = 0; i < bodies.length; i++) {
            Body b = bodies[i];
            if (b == null) continue; // unreachable case
            l.cur = b.block;
            l.env.putAll(b.locals);
            l.at(cases.get(i).body().span());
            l.lowerTo(cases.get(i).body(), target);
        }
    }

    /**
     * Whether every case takes a tuple scrutinee apart (a tuple pattern or {@code _}): then
     * no case needs the tuple itself, and a tuple literal there need not be allocated.
     */
    private static boolean takenApart(List<Case> cases) {
        return cases.stream().allMatch(c -> c.pattern() instanceof Pattern.Tuple || c.pattern() instanceof Pattern.Wildcard);
    }

    /** A case's pattern for a tuple literal's elements: its sub-patterns, or one {@code _} per element. */
    private static List<Pattern> elements(Pattern p, Expr.Tuple tuple) {
        if (p instanceof Pattern.Tuple t) return t.elements();
        List<Pattern> out = new ArrayList<>();
        for (Expr e : tuple.elements()) out.add(new Pattern.Wildcard(e.type(), p.span()));
        return out;
    }

    private void compile(List<Integer> occs, List<Row> rows) {
        if (rows.isEmpty()) {
            int msg = l.fn.newReg(dev.vx.bytecode.TypeDesc.STRING_TYPE);
            l.emit(LDS, msg, l.be.pool.string("internal error: no case of a match applies"));
            l.emit(PANIC, msg);
            return;
        }
        List<Row> norm = new ArrayList<>(rows.size());
        for (Row r : rows) norm.add(normalize(occs, r));
        Row first = norm.get(0);
        int col = -1;
        for (int i = 0; i < first.pats().size(); i++) {
            if (!(first.pats().get(i) instanceof Pattern.Wildcard)) {
                col = i;
                break;
            }
        }
        if (col < 0) {
            leaf(first);
            return;
        }
        // The same rows over the same occurrences, reached on another path (the default rows
        // under each constructor that no case names, say): their tree is already there. Each
        // such path would otherwise repeat it: n² copies for a `(C{i}, C{i}, ...)` case per
        // constructor followed by a case that tests a later column.
        List<Object> key = problem(occs, norm);
        IrFunction.Block known = compiled.get(key);
        if (known != null) {
            l.emit(JMP, known.id);
            return;
        }
        IrFunction.Block start = l.fn.newBlock();
        l.emit(JMP, start.id);
        l.cur = start;
        compiled.put(key, start);
        Pattern head = first.pats().get(col);
        if (head instanceof Pattern.Ctor || head instanceof Pattern.Tuple || head instanceof Pattern.Nil
                || head instanceof Pattern.Cons) {
            constructors(occs, norm, col);
        } else if (head instanceof Pattern.NatPlus
                || head instanceof Pattern.Literal lit && lit.kind() == Scalar.NAT) {
            natRanges(occs, norm, col);
        } else if (head instanceof Pattern.Literal lit && lit.kind() == Scalar.BOOL) {
            bools(occs, norm, col);
        } else if (head instanceof Pattern.Literal || head instanceof Pattern.StringLit) {
            literals(occs, norm, col);
        } else {
            throw new IllegalStateException("unexpected pattern " + head);
        }
    }

    /**
     * What decides the tree for {@code rows} over {@code occs}: the occurrences, and each row's
     * case, bindings and patterns, every wildcard alike (a pattern of the source is equal only
     * to itself: records with their spans).
     */
    private static List<Object> problem(List<Integer> occs, List<Row> rows) {
        List<Object> key = new ArrayList<>(occs);
        for (Row r : rows) {
            key.add(r.caseIndex());
            key.add(r.binds());
            for (Pattern p : r.pats()) key.add(p instanceof Pattern.Wildcard ? WILDCARD : p);
        }
        return key;
    }

    private static final Object WILDCARD = new Object();

    /** Variables become bindings of their occurrence; patterns that match everything become wildcards. */
    private Row normalize(List<Integer> occs, Row r) {
        List<Pattern> pats = new ArrayList<>(r.pats());
        Map<Local, Integer> binds = r.binds();
        for (int i = 0; i < pats.size(); i++) {
            Pattern p = pats.get(i);
            if (p instanceof Pattern.Bind b) {
                if (binds == r.binds()) binds = new LinkedHashMap<>(r.binds());
                binds.put(b.local(), occs.get(i));
                pats.set(i, l.wildcard(p));
            } else if (p instanceof Pattern.Literal lit && lit.kind() == Scalar.UNIT) {
                pats.set(i, l.wildcard(p));
            }
        }
        return new Row(pats, binds, r.caseIndex());
    }

    /**
     * A path of the tree ends at a case: jump to its body. The bindings are resolved once
     * the whole tree is known (see {@link #bindBodies}): a body reached by one path uses the
     * occurrences directly, one reached by several gets registers of its own and a move on
     * each path.
     */
    private void leaf(Row row) {
        Body b = bodies[row.caseIndex()];
        if (b == null) {
            b = new Body();
            b.block = l.fn.newBlock();
            bodies[row.caseIndex()] = b;
        }
        l.emit(JMP, b.block.id);
        b.leaves.add(new Leaf(l.cur, row.binds()));
    }

    private void bindBodies() {
        for (Body b : bodies) {
            if (b == null) continue;
            if (b.leaves.size() == 1) {
                b.locals.putAll(b.leaves.get(0).binds());
                continue;
            }
            for (Map.Entry<Local, Integer> e : b.leaves.get(0).binds().entrySet()) {
                b.locals.put(e.getKey(), l.fn.newReg(l.fn.regType(e.getValue())));
            }
            for (Leaf leaf : b.leaves) {
                List<IrInsn> insns = leaf.block().insns;
                IrInsn jump = insns.remove(insns.size() - 1);
                for (Map.Entry<Local, Integer> e : leaf.binds().entrySet()) {
                    insns.add(new IrInsn(MOV, jump.line, b.locals.get(e.getKey()), e.getValue()));
                }
                insns.add(jump);
            }
        }
    }

    // ------------------------------------------------------------------ constructors

    /** The constructors of a type that has them, as (field types) in tag order. */
    private List<List<Type>> shapes(Type t) {
        List<List<Type>> out = new ArrayList<>();
        if (t instanceof ListType lt) {
            out.add(List.of());
            out.add(List.of(lt.element(), t));
        } else if (t instanceof TupleType tt) {
            out.add(tt.elements());
        } else if (t instanceof AdtType a) {
            for (Constructor c : a.decl().constructors()) out.add(a.fieldTypes(c));
        } else {
            throw new IllegalStateException("no constructors in " + t);
        }
        return out;
    }

    /** The tag and sub-patterns of a constructor-like pattern, or null for a wildcard. */
    private static List<Pattern> subPatterns(Pattern p, int tag) {
        if (p instanceof Pattern.Ctor c) return c.constructor().tag() == tag ? c.fields() : null;
        if (p instanceof Pattern.Tuple t) return t.elements();
        if (p instanceof Pattern.Nil) return tag == 0 ? List.of() : null;
        if (p instanceof Pattern.Cons c) return tag == 1 ? List.of(c.head(), c.tail()) : null;
        throw new IllegalStateException("not a constructor pattern: " + p);
    }

    private void constructors(List<Integer> occs, List<Row> rows, int col) {
        Type t = l.ground(rows.get(0).pats().get(col).type());
        List<List<Type>> shapes = shapes(t);
        int occ = occs.get(col);
        if (shapes.size() == 1) {
            specialize(occs, col, specialized(rows, col, 0, shapes.get(0)), shapes.get(0), ctorId(l, t, 0));
            return;
        }
        // Constructors that leave the same rows and read none of their fields (those no case
        // names, under a default row) share one target: its block has the switch as its only
        // predecessor, as the reference counting passes need, and there is one such block,
        // not one per constructor (a case (C{i}, C{i}) for each of n constructors would
        // otherwise make n² blocks).
        int[] ops = new int[2 + shapes.size()];
        ops[0] = occ;
        ops[1] = shapes.size();
        Specialized[] specs = new Specialized[shapes.size()];
        boolean[] first = new boolean[shapes.size()];
        Map<List<Object>, IrFunction.Block> fieldless = new java.util.HashMap<>();
        for (int tag = 0; tag < shapes.size(); tag++) {
            specs[tag] = specialized(rows, col, tag, shapes.get(tag));
            IrFunction.Block target = null;
            List<Object> key = specs[tag].readsAField() ? null : specs[tag].key(occs, col);
            if (key != null) target = fieldless.get(key);
            if (target == null) {
                target = l.fn.newBlock();
                first[tag] = true;
                if (key != null) fieldless.put(key, target);
            }
            ops[2 + tag] = target.id;
        }
        l.emit(SWITCH, ops);
        for (int tag = 0; tag < shapes.size(); tag++) {
            if (!first[tag]) continue;
            l.cur = l.fn.blocks.get(ops[2 + tag]);
            specialize(occs, col, specs[tag], shapes.get(tag), ctorId(l, t, tag));
        }
    }

    /**
     * The rows that match a constructor at a column, its sub-patterns in place of the
     * column, and which of its fields some row looks at.
     */
    private record Specialized(List<Row> rows, boolean[] needed) {
        boolean readsAField() {
            for (boolean n : needed) if (n) return true;
            return false;
        }

        /** The sub-problem, for one that reads no field (its field columns are all wildcards). */
        List<Object> key(List<Integer> occs, int col) {
            List<Integer> newOccs = new ArrayList<>(occs.subList(0, col));
            for (int i = 0; i < needed.length; i++) newOccs.add(-1);
            newOccs.addAll(occs.subList(col + 1, occs.size()));
            return problem(newOccs, rows);
        }
    }

    private Specialized specialized(List<Row> rows, int col, int tag, List<Type> fieldTypes) {
        int arity = fieldTypes.size();
        List<Row> out = new ArrayList<>();
        boolean[] needed = new boolean[arity];
        for (Row r : rows) {
            Pattern p = r.pats().get(col);
            List<Pattern> subs;
            if (p instanceof Pattern.Wildcard) {
                subs = new ArrayList<>();
                for (int i = 0; i < arity; i++) subs.add(new Pattern.Wildcard(fieldTypes.get(i), p.span()));
            } else {
                subs = subPatterns(p, tag);
                if (subs == null) continue;
            }
            for (int i = 0; i < arity; i++) if (!(subs.get(i) instanceof Pattern.Wildcard)) needed[i] = true;
            List<Pattern> pats = new ArrayList<>(r.pats().subList(0, col));
            pats.addAll(subs);
            pats.addAll(r.pats().subList(col + 1, r.pats().size()));
            out.add(new Row(pats, r.binds(), r.caseIndex()));
        }
        return new Specialized(out, needed);
    }

    /** The provisional constructor id of the constructor with {@code tag} of {@code t}. */
    static int ctorId(Lowerer l, Type t, int tag) {
        int type = l.ty(t);
        if (t instanceof ListType) return tag == 0 ? l.be.types.nil(type) : l.be.types.cons(type);
        if (t instanceof TupleType) return l.be.types.tuple(type);
        AdtType a = (AdtType) t;
        return l.be.types.ctor(a, a.decl().constructors().get(tag));
    }

    /** Continues with the rows that match a constructor at {@code col}, its fields (those read) as new columns. */
    private void specialize(List<Integer> occs, int col, Specialized spec, List<Type> fieldTypes, int ctor) {
        int occ = occs.get(col);
        List<Integer> newOccs = new ArrayList<>(occs.subList(0, col));
        for (int i = 0; i < fieldTypes.size(); i++) {
            if (!spec.needed()[i]) {
                newOccs.add(-1); // only wildcards look at this field
                continue;
            }
            int type = l.ty(fieldTypes.get(i));
            int r = l.fn.newReg(type);
            l.emit(GET, r, occ, i);
            l.cur.last().ctor = ctor;
            newOccs.add(r);
        }
        newOccs.addAll(occs.subList(col + 1, occs.size()));
        compile(newOccs, spec.rows());
    }

    // ------------------------------------------------------------------ scalars

    private void bools(List<Integer> occs, List<Row> rows, int col) {
        IrFunction.Block yes = l.fn.newBlock();
        IrFunction.Block no = l.fn.newBlock();
        l.emit(JT, occs.get(col), yes.id);
        l.emit(JMP, no.id);
        l.cur = yes;
        compile(occs, keepLiteral(rows, col, 1, Scalar.BOOL));
        l.cur = no;
        compile(occs, keepLiteral(rows, col, 0, Scalar.BOOL));
    }

    /** Rows whose pattern at {@code col} is a wildcard or a literal equal to {@code word}, that pattern made a wildcard. */
    private List<Row> keepLiteral(List<Row> rows, int col, long word, Scalar kind) {
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            Pattern p = r.pats().get(col);
            if (p instanceof Pattern.Literal lit && !sameLiteral(lit.word(), word, kind)) continue;
            out.add(withWildcard(r, col));
        }
        return out;
    }

    private static boolean sameLiteral(long a, long b, Scalar kind) {
        if (kind == Scalar.F32) return Float.intBitsToFloat((int) a) == Float.intBitsToFloat((int) b);
        if (kind == Scalar.F64) return Double.longBitsToDouble(a) == Double.longBitsToDouble(b);
        return a == b;
    }

    private Row withWildcard(Row r, int col) {
        List<Pattern> pats = new ArrayList<>(r.pats());
        pats.set(col, l.wildcard(pats.get(col)));
        return new Row(pats, r.binds(), r.caseIndex());
    }

    /**
     * Integer literal tests from this many on are a binary search (an ordered test halving the
     * candidates, down to chains of at most {@link #CHAIN} equality tests), not one chain: a
     * match of N integer cases then takes O(log N) steps instead of O(N).
     */
    private static final int SEARCH_FROM = 8;
    private static final int CHAIN = 4;

    /**
     * Integer, float and string literals: equality tests (a chain, or for many integers a
     * binary search ending in short chains), then the wildcard rows.
     */
    private void literals(List<Integer> occs, List<Row> rows, int col) {
        // The rows of each distinct test, found in one pass (a match of thousands of literal
        // cases must not compare each with all the others), and the wildcard rows.
        Map<Object, List<Integer>> rowsOfTest = new LinkedHashMap<>();
        List<Integer> wildRows = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Pattern p = rows.get(i).pats().get(col);
            if (p instanceof Pattern.Wildcard) wildRows.add(i);
            else rowsOfTest.computeIfAbsent(testKey(p), k -> new ArrayList<>()).add(i);
        }
        List<List<Integer>> tests = new ArrayList<>(rowsOfTest.values());
        Scalar kind = integerKind(rows, col, tests);
        boolean strings = tests.stream().allMatch(t -> rows.get(t.get(0)).pats().get(col) instanceof Pattern.StringLit);
        if ((kind != null || strings) && tests.size() >= SEARCH_FROM) {
            // The tests exclude one another (distinct values), so their order is free.
            if (strings) {
                tests.sort((x, y) -> compareCodePoints(text(rows, col, x), text(rows, col, y)));
            } else {
                java.util.Comparator<Long> order = kind == Scalar.U64 ? Long::compareUnsigned : Long::compare;
                tests.sort((x, y) -> order.compare(word(rows, col, x), word(rows, col, y)));
            }
            IrFunction.Block rest = l.fn.newBlock();
            search(occs, rows, col, tests, 0, tests.size(), wildRows, kind, rest);
            l.cur = rest;
        } else {
            for (List<Integer> test : tests) equalityTest(occs, rows, col, test, wildRows);
        }
        List<Row> rest = new ArrayList<>();
        for (int i : wildRows) rest.add(rows.get(i));
        compile(occs, rest);
    }

    /** The integer kind (U32, I32, U64, I64) when every test is an integer literal; else null. */
    private static Scalar integerKind(List<Row> rows, int col, List<List<Integer>> tests) {
        Scalar kind = null;
        for (List<Integer> test : tests) {
            if (!(rows.get(test.get(0)).pats().get(col) instanceof Pattern.Literal lit)) return null;
            Scalar k = lit.kind();
            if (k != Scalar.U32 && k != Scalar.I32 && k != Scalar.U64 && k != Scalar.I64) return null;
            kind = k;
        }
        return kind;
    }

    private static long word(List<Row> rows, int col, List<Integer> test) {
        return ((Pattern.Literal) rows.get(test.get(0)).pats().get(col)).word();
    }

    private static String text(List<Row> rows, int col, List<Integer> test) {
        return ((Pattern.StringLit) rows.get(test.get(0)).pats().get(col)).value();
    }

    /** Vx's order on strings (by code point, as {@code str_cmp}), which Java's UTF-16 order is not. */
    static int compareCodePoints(String a, String b) {
        return java.util.Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
    }

    /**
     * Tests {@code lo .. hi-1} (sorted): halve by an ordered test, or a chain; no match goes
     * to {@code rest}. {@code kind} is the integer kind, or null for strings (compared with
     * {@code str_cmp}).
     */
    private void search(List<Integer> occs, List<Row> rows, int col, List<List<Integer>> tests, int lo, int hi,
                        List<Integer> wildRows, Scalar kind, IrFunction.Block rest) {
        if (hi - lo <= CHAIN) {
            for (int t = lo; t < hi; t++) equalityTest(occs, rows, col, tests.get(t), wildRows);
            l.emit(JMP, rest.id);
            return;
        }
        int mid = (lo + hi) >>> 1;
        int occ = occs.get(col);
        int below = l.fn.newReg(Scalar.BOOL.typeId());
        if (kind == null) {
            int lit = l.fn.newReg(l.fn.regType(occ));
            l.emit(LDS, lit, l.be.pool.string(text(rows, col, tests.get(mid))));
            int order = l.fn.newReg(Scalar.I32.typeId());
            l.emit(PRIM, Lowerer.withList(new int[]{order, Prim.STR_CMP.ordinal()}, new int[]{occ, lit}));
            l.emit(LT_S, below, order, l.constant(Scalar.I32.typeId(), 0));
        } else {
            int k = l.constant(l.fn.regType(occ), word(rows, col, tests.get(mid)));
            l.emit(kind == Scalar.U64 ? LT_U64 : LT_S, below, occ, k); // words: U32 zero-, I32 sign-extended
        }
        IrFunction.Block left = l.fn.newBlock();
        IrFunction.Block right = l.fn.newBlock();
        l.emit(JT, below, left.id);
        l.emit(JMP, right.id);
        l.cur = left;
        search(occs, rows, col, tests, lo, mid, wildRows, kind, rest);
        l.cur = right;
        search(occs, rows, col, tests, mid, hi, wildRows, kind, rest);
    }

    /**
     * One equality test, whose rows (in case order, with the wildcard rows) are compiled on
     * its success; leaves {@code l.cur} at its failure.
     */
    private void equalityTest(List<Integer> occs, List<Row> rows, int col, List<Integer> test, List<Integer> wildRows) {
        int occ = occs.get(col);
        int type = l.fn.regType(occ);
        Pattern p = rows.get(test.get(0)).pats().get(col);
        List<Integer> own = testKey(p) instanceof NaNKey ? List.of() : test;
        int eq = l.fn.newReg(Scalar.BOOL.typeId());
        if (p instanceof Pattern.StringLit s) {
            int lit = l.fn.newReg(type);
            l.emit(LDS, lit, l.be.pool.string(s.value()));
            l.emit(PRIM, Lowerer.withList(new int[]{eq, Prim.STR_EQ.ordinal()}, new int[]{occ, lit}));
        } else {
            Pattern.Literal lit = (Pattern.Literal) p;
            int k = l.constant(type, lit.word());
            l.emit(lit.kind() == Scalar.F32 ? EQ_F32 : lit.kind() == Scalar.F64 ? EQ_F64 : EQ, eq, occ, k);
        }
        IrFunction.Block yes = l.fn.newBlock();
        IrFunction.Block no = l.fn.newBlock();
        l.emit(JT, eq, yes.id);
        l.emit(JMP, no.id);
        l.cur = yes;
        // The rows this test's success leaves, in case order: its own and the wildcard ones.
        List<Row> matching = new ArrayList<>(own.size() + wildRows.size());
        for (int i : inCaseOrder(own, wildRows)) matching.add(withWildcard(rows.get(i), col));
        compile(occs, matching);
        l.cur = no;
    }

    /** The row indices of {@code a} and {@code b} (each ascending, disjoint) merged in ascending order. */
    private static List<Integer> inCaseOrder(List<Integer> a, List<Integer> b) {
        List<Integer> out = new ArrayList<>(a.size() + b.size());
        int i = 0, j = 0;
        while (i < a.size() || j < b.size()) {
            boolean fromA = j == b.size() || (i < a.size() && a.get(i) < b.get(j));
            out.add(fromA ? a.get(i++) : b.get(j++));
        }
        return out;
    }

    /** A NaN literal: equal to nothing, itself included, so each is a test of its own that no row passes. */
    private static final class NaNKey {
    }

    /**
     * What decides whether two literal patterns are the same test: the string, or the value
     * as the equality test sees it (floats by {@code ==}: -0.0 is 0.0, a NaN equals nothing).
     */
    private static Object testKey(Pattern p) {
        if (p instanceof Pattern.StringLit s) return s.value();
        Pattern.Literal lit = (Pattern.Literal) p;
        if (lit.kind() == Scalar.F32) {
            float f = Float.intBitsToFloat((int) lit.word());
            return f != f ? new NaNKey() : f == 0 ? Float.valueOf(0f) : Float.valueOf(f);
        }
        if (lit.kind() == Scalar.F64) {
            double d = Double.longBitsToDouble(lit.word());
            return d != d ? new NaNKey() : d == 0 ? Double.valueOf(0d) : Double.valueOf(d);
        }
        return lit.word();
    }

    /**
     * Nat patterns: the literals {@code k} and the ranges {@code k n+p} cut the naturals into
     * segments; {@code <} tests find the segment (a binary search when there are many), and
     * in each segment every row either matches all of it or none of it. A range pattern's sub-pattern is matched
     * against {@code n - k}, a new column.
     */
    private void natRanges(List<Integer> occs, List<Row> rows, int col) {
        TreeSet<Long> cuts = new TreeSet<>();
        cuts.add(0L);
        // Which rows each segment keeps, found without scanning every row for every segment
        // (a match of thousands of Nat literals): a literal's rows by its value (a literal is a
        // segment of its own), and the rows any segment may keep (ranges and wildcards).
        Map<Long, List<Integer>> literalRows = new java.util.HashMap<>();
        List<Integer> otherRows = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Pattern p = rows.get(i).pats().get(col);
            if (p instanceof Pattern.Literal lit) {
                cuts.add(lit.word());
                if (lit.word() < Long.MAX_VALUE) cuts.add(lit.word() + 1);
                literalRows.computeIfAbsent(lit.word(), k -> new ArrayList<>()).add(i);
            } else {
                if (p instanceof Pattern.NatPlus np) cuts.add(np.k());
                otherRows.add(i);
            }
        }
        long[] starts = cuts.stream().mapToLong(Long::longValue).toArray();
        NatSegments segments = new NatSegments(occs, rows, col, starts, literalRows, otherRows);
        segments.search(0, starts.length);
    }

    /** The segments that Nat cuts delimit, found by a binary search on the value. */
    private final class NatSegments {
        private final List<Integer> occs;
        private final List<Row> rows;
        private final int col;
        private final long[] starts;
        private final Map<Long, List<Integer>> literalRows;
        private final List<Integer> otherRows;

        NatSegments(List<Integer> occs, List<Row> rows, int col, long[] starts,
                    Map<Long, List<Integer>> literalRows, List<Integer> otherRows) {
            this.occs = occs;
            this.rows = rows;
            this.col = col;
            this.starts = starts;
            this.literalRows = literalRows;
            this.otherRows = otherRows;
        }

        /**
         * Segments {@code lo .. hi-1}, the value being known to lie in them: halves by a
         * {@code <} test, or for a few segments a chain of them (the last needs no test), so a
         * match of N Nat literals takes O(log N) steps, as one of integers does.
         */
        void search(int lo, int hi) {
            int occ = occs.get(col);
            if (hi - lo > CHAIN) {
                int mid = (lo + hi) >>> 1;
                IrFunction.Block left = l.fn.newBlock();
                IrFunction.Block right = l.fn.newBlock();
                below(occ, starts[mid], left, right);
                l.cur = left;
                search(lo, mid);
                l.cur = right;
                search(mid, hi);
                return;
            }
            for (int s = lo; s < hi; s++) {
                IrFunction.Block segment = l.fn.newBlock();
                IrFunction.Block next = null;
                if (s < hi - 1) {
                    next = l.fn.newBlock();
                    below(occ, starts[s + 1], segment, next);
                } else {
                    l.emit(JMP, segment.id);
                }
                l.cur = segment;
                long start = starts[s];
                // The last segment runs to the largest Nat, 2^63 - 1: starting there, it is one value.
                boolean single = s == starts.length - 1 ? start == Long.MAX_VALUE : starts[s + 1] == start + 1;
                natSegment(occs, candidates(start, single), col, start, single);
                if (next != null) l.cur = next;
            }
        }

        /** Jumps to {@code yes} when {@code occ < bound}, else to {@code no}. */
        private void below(int occ, long bound, IrFunction.Block yes, IrFunction.Block no) {
            int below = l.fn.newReg(Scalar.BOOL.typeId());
            int k = l.constant(Scalar.NAT.typeId(), bound);
            l.emit(LT_S, below, occ, k);
            l.emit(JT, below, yes.id);
            l.emit(JMP, no.id);
        }

        /** The rows that may match the segment from {@code start}, in case order. */
        private List<Row> candidates(long start, boolean single) {
            List<Integer> own = single ? literalRows.getOrDefault(start, List.of()) : List.of();
            List<Row> out = new ArrayList<>(own.size() + otherRows.size());
            for (int i : inCaseOrder(own, otherRows)) out.add(rows.get(i));
            return out;
        }
    }

    private void natSegment(List<Integer> occs, List<Row> rows, int col, long start, boolean single) {
        int occ = occs.get(col);
        Map<Long, Integer> extra = new LinkedHashMap<>(); // k -> index of its new column
        List<Row> kept = new ArrayList<>();
        List<Long> keptK = new ArrayList<>();
        for (Row r : rows) {
            Pattern p = r.pats().get(col);
            if (p instanceof Pattern.Literal lit) {
                if (!(single && lit.word() == start)) continue;
                keptK.add(null);
            } else if (p instanceof Pattern.NatPlus np) {
                if (start < np.k()) continue;
                if (!(np.rest() instanceof Pattern.Wildcard)) extra.putIfAbsent(np.k(), occs.size() + extra.size());
                keptK.add(np.rest() instanceof Pattern.Wildcard ? null : np.k());
            } else {
                keptK.add(null);
            }
            kept.add(r);
        }
        List<Integer> newOccs = new ArrayList<>(occs);
        for (long k : extra.keySet()) {
            int kk = l.constant(Scalar.NAT.typeId(), k);
            int r = l.fn.newReg(Scalar.NAT.typeId());
            l.emit(SUB_NAT, r, occ, kk);
            newOccs.add(r);
        }
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < kept.size(); i++) {
            Row r = kept.get(i);
            List<Pattern> pats = new ArrayList<>(r.pats());
            Pattern p = pats.get(col);
            pats.set(col, l.wildcard(p));
            for (int e = 0; e < extra.size(); e++) pats.add(l.wildcard(p));
            Long k = keptK.get(i);
            if (k != null) pats.set(extra.get(k), ((Pattern.NatPlus) p).rest());
            out.add(new Row(pats, r.binds(), r.caseIndex()));
        }
        compile(newOccs, out);
    }

    // ------------------------------------------------------------------ irrefutable patterns

    /** Binds an irrefutable pattern ({@code x = e}, {@code (a, b) = e}, {@code p <- action}) to {@code occ}. */
    static void bindIrrefutable(Lowerer l, Pattern p, int occ) {
        if (p instanceof Pattern.Bind b) {
            l.env.put(b.local(), occ);
        } else if (p instanceof Pattern.Wildcard || p instanceof Pattern.Literal) {
            // Matches everything (a literal here can only be the Unit value).
        } else if (p instanceof Pattern.NatPlus np && np.k() == 0) {
            bindIrrefutable(l, np.rest(), occ);
        } else if (p instanceof Pattern.Tuple || p instanceof Pattern.Ctor) {
            List<Pattern> subs = p instanceof Pattern.Tuple t ? t.elements() : ((Pattern.Ctor) p).fields();
            Type t = l.ground(p.type());
            List<Type> fieldTypes = t instanceof TupleType tt ? tt.elements()
                    : ((AdtType) t).fieldTypes(((Pattern.Ctor) p).constructor());
            int ctor = ctorId(l, t, p instanceof Pattern.Ctor c ? c.constructor().tag() : 0);
            for (int i = 0; i < subs.size(); i++) {
                if (subs.get(i) instanceof Pattern.Wildcard) continue;
                int type = l.ty(fieldTypes.get(i));
                int r = l.fn.newReg(type);
                l.emit(GET, r, occ, i);
                l.cur.last().ctor = ctor;
                bindIrrefutable(l, subs.get(i), r);
            }
        } else {
            throw new IllegalStateException("refutable pattern on the left of = or <-: " + p);
        }
    }
}
