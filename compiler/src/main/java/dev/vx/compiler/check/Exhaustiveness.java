package dev.vx.compiler.check;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.diag.Diagnostics;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.tast.Case;
import dev.vx.compiler.tast.Pattern;
import dev.vx.compiler.types.AdtType;
import dev.vx.compiler.types.Constructor;
import dev.vx.compiler.types.ListType;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.TupleType;
import dev.vx.compiler.types.Type;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Match coverage and reachability, after Maranget, "Warnings for pattern matching" (2007):
 * a case is reachable when its pattern is <i>useful</i> after the cases above it, and a
 * match is exhaustive when a wildcard is not useful after all its cases; the search for a
 * useful wildcard builds the missing value shown in the error.
 *
 * <p>Values are split by their head constructor: an ADT's constructors, the one tuple shape,
 * {@code []} and {@code <>}, {@code false} and {@code true}, {@code ()}. Nat is split into
 * the ranges that the {@code 7n} and {@code kn+p} patterns of a column delimit. Other
 * numbers and strings have too many values to list: their literal patterns never cover the
 * type, and a missing value is one that no literal names.
 */
final class Exhaustiveness {
    private Exhaustiveness() {
    }

    /** A pattern reduced to what matters for coverage. */
    private static final class Pat {
        static final Pat WILD = new Pat(null, new Pat[0]);
        final Object key;
        final Pat[] args;

        Pat(Object key, Pat[] args) {
            this.key = key;
            this.args = args;
        }

        boolean isWild() {
            return key == null;
        }
    }

    /** Head keys besides {@link Constructor}s. */
    private enum Shape { TUPLE, NIL, CONS, UNIT, NOTHING }

    /**
     * A pattern no value matches: a Nat pattern whose parts add up past the largest Nat
     * ({@code 9223372036854775807n+1n}), or one containing such a part. Its case is
     * unreachable, and it covers nothing for the cases below.
     */
    private static final Pat NOTHING = new Pat(Shape.NOTHING, new Pat[0]);

    /**
     * A Nat range {@code lo .. hi} (inclusive; {@code Long.MAX_VALUE} is unbounded). Its
     * equality is written out (as is {@link Lit}'s) rather than generated for the record,
     * which would cost a bootstrap on every cold start.
     */
    private record NatRange(long lo, long hi) {
        boolean contains(NatRange r) {
            return lo <= r.lo && r.hi <= hi;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof NatRange r && r.lo == lo && r.hi == hi;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(lo) * 31 + Long.hashCode(hi);
        }
    }

    /** A literal of a type with too many values to enumerate: a Long word or a String. */
    private record Lit(Object value) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Lit l && l.value.equals(value);
        }

        @Override
        public int hashCode() {
            return value.hashCode();
        }
    }

    /**
     * Reports a non-exhaustive match (error) and, when {@code warnUnreachable}, unreachable
     * cases (warnings; Base's are not the user's business).
     */
    static void checkMatch(Diagnostics diags, Span matchSpan, Type scrutinee, List<Case> cases, boolean warnUnreachable) {
        List<Pat[]> rows = new ArrayList<>();
        List<Type> types = List.of(scrutinee);
        PointCases points = new PointCases();
        for (Case c : cases) {
            Pat[] row = {convert(c.pattern())};
            if (row[0] == NOTHING) {
                if (warnUnreachable) {
                    diags.warning(c.pattern().span(), "unreachable case: no value matches it (its Nat parts add "
                            + "up past the largest Nat, 9223372036854775807n)");
                }
                continue;
            }
            if (warnUnreachable && !rows.isEmpty()) {
                Boolean quick = points.useful(row[0]);
                if (!(quick != null ? quick : useful(rows, row, types))) {
                    diags.warning(c.pattern().span(), "unreachable case: the cases above already match every value "
                            + "this one matches");
                }
            }
            points.add(row[0]);
            rows.add(row);
        }
        List<Pat> witness = missing(rows, types);
        if (witness != null) {
            diags.error(matchSpan, "this `match` is not exhaustive: missing case `"
                    + show(witness.get(0), scrutinee) + "`" + (isEnumerable(scrutinee) ? ""
                    : "; numbers and strings need a `_` or variable case"));
        }
    }

    /**
     * The cases so far while each matches everything or names a single value (a literal, a Nat
     * point, {@code true}, {@code ()}, or a constructor or tuple of such): a new case naming a
     * single value is then useful exactly when no case matching everything and no case naming
     * the same value came before, which needs no search. A match of thousands of such cases (a
     * generated table) is checked in linear time instead of searching the cases above each one
     * (16,000 literal cases: 6 s and 700 MB before).
     */
    private static final class PointCases {
        private final Set<Object> named = new java.util.HashSet<>();
        private boolean total;
        private boolean onlyPoints = true;

        /** Whether {@code p} is useful after the cases added, or null when only the search can say. */
        Boolean useful(Pat p) {
            Object key = onlyPoints ? pointKey(p) : null;
            return key == null ? null : !total && !named.contains(key);
        }

        void add(Pat p) {
            Object key = pointKey(p);
            if (key != null) {
                named.add(key);
            } else if (matchesEverything(p)) {
                total = true;
            } else {
                onlyPoints = false;
            }
        }

        /** A key equal for two patterns exactly when they name the same single value; null for others. */
        private static Object pointKey(Pat p) {
            Object k = p.key;
            if (k == null || k instanceof NatRange r && r.lo() != r.hi()) {
                return null; // a wildcard or a range
            }
            if (p.args.length == 0) {
                return k;
            }
            List<Object> key = new ArrayList<>(p.args.length + 1);
            key.add(k);
            for (Pat a : p.args) {
                Object ak = pointKey(a);
                if (ak == null) {
                    return null;
                }
                key.add(ak);
            }
            return key;
        }

        private static boolean matchesEverything(Pat p) {
            if (p.isWild()) {
                return true;
            }
            if (p.key != Shape.TUPLE) {
                return false;
            }
            for (Pat a : p.args) {
                if (!matchesEverything(a)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** A value that {@code p} does not match, shown as Vx source, or null when p matches everything. */
    static String missing(Pattern p) {
        if (convert(p) == NOTHING) {
            return "_";
        }
        List<Pat> witness = missing(List.<Pat[]>of(new Pat[] {convert(p)}), List.of(p.type()));
        return witness == null ? null : show(witness.get(0), p.type());
    }

    private static boolean isEnumerable(Type t) {
        if (t instanceof ScalarType s) {
            return s.kind() == Scalar.BOOL || s.kind() == Scalar.UNIT || s.kind() == Scalar.NAT;
        }
        return t instanceof AdtType || t instanceof TupleType || t instanceof ListType;
    }

    // ---- conversion ----

    private static Pat convert(Pattern p) {
        if (p instanceof Pattern.Wildcard || p instanceof Pattern.Bind) {
            return Pat.WILD;
        } else if (p instanceof Pattern.Literal l) {
            Scalar kind = p.type() instanceof ScalarType s ? s.kind() : Scalar.UNIT;
            return switch (kind) {
                case BOOL -> new Pat(l.word() != 0, new Pat[0]);
                case UNIT -> new Pat(Shape.UNIT, new Pat[0]);
                case NAT -> new Pat(new NatRange(l.word(), l.word()), new Pat[0]);
                default -> new Pat(new Lit(equalityWord(kind, l.word())), new Pat[0]);
            };
        } else if (p instanceof Pattern.StringLit s) {
            return new Pat(new Lit(s.value()), new Pat[0]);
        } else if (p instanceof Pattern.NatPlus n) {
            NatRange r = natRange(n.k(), n.rest());
            return r == null ? NOTHING : new Pat(r, new Pat[0]);
        } else if (p instanceof Pattern.Ctor c) {
            return withArgs(c.constructor(), convertAll(c.fields()));
        } else if (p instanceof Pattern.Tuple t) {
            return withArgs(Shape.TUPLE, convertAll(t.elements()));
        } else if (p instanceof Pattern.Nil) {
            return new Pat(Shape.NIL, new Pat[0]);
        }
        Pattern.Cons c = (Pattern.Cons) p;
        return withArgs(Shape.CONS, new Pat[] {convert(c.head()), convert(c.tail())});
    }

    /** A pattern with these sub-patterns: one that matches nothing if any of them does. */
    private static Pat withArgs(Object key, Pat[] args) {
        for (Pat a : args) {
            if (a == NOTHING) {
                return NOTHING;
            }
        }
        return new Pat(key, args);
    }

    /**
     * A float literal's word as the match's {@code ==} sees it: {@code -0.0} is {@code 0.0}
     * (a case of {@code -0.0} after one of {@code 0.0} is unreachable). Other words as written.
     */
    private static long equalityWord(Scalar kind, long word) {
        if (kind == Scalar.F64 && Double.longBitsToDouble(word) == 0.0) {
            return Double.doubleToRawLongBits(0.0);
        }
        if (kind == Scalar.F32 && Float.intBitsToFloat((int) word) == 0f) {
            return Float.floatToRawIntBits(0f) & 0xFFFF_FFFFL;
        }
        return word;
    }

    /**
     * {@code kn+rest} as a range: {@code kn+_} is {@code k..}, {@code kn+3n} is the point
     * {@code k+3}; null when the parts add up past the largest Nat, so that no value matches.
     */
    private static NatRange natRange(long k, Pattern rest) {
        if (rest instanceof Pattern.NatPlus n) {
            return k + n.k() < 0 ? null : natRange(k + n.k(), n.rest());
        }
        if (rest instanceof Pattern.Literal l) {
            long point = k + l.word();
            return point < 0 ? null : new NatRange(point, point);
        }
        return new NatRange(k, Long.MAX_VALUE);
    }

    private static Pat[] convertAll(List<Pattern> ps) {
        Pat[] out = new Pat[ps.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = convert(ps.get(i));
        }
        return out;
    }

    // ---- signatures ----

    private static boolean isNat(Type t) {
        return t instanceof ScalarType s && s.kind() == Scalar.NAT;
    }

    /**
     * Every head a value of {@code t} can have, or null when there are too many to list. For
     * Nat: the ranges cut at every bound of {@code ranges}.
     */
    private static List<Object> signature(Type t, Set<Object> heads) {
        if (t instanceof ScalarType s) {
            return switch (s.kind()) {
                case BOOL -> List.of(false, true);
                case UNIT -> List.of(Shape.UNIT);
                case NAT -> natSegments(heads);
                default -> null;
            };
        }
        if (t instanceof AdtType a) {
            return new ArrayList<>(a.decl().constructors());
        }
        if (t instanceof TupleType) {
            return List.of(Shape.TUPLE);
        }
        if (t instanceof ListType) {
            return List.of(Shape.NIL, Shape.CONS);
        }
        return null;
    }

    private static List<Object> natSegments(Set<Object> heads) {
        TreeSet<Long> cuts = new TreeSet<>();
        cuts.add(0L);
        for (Object h : heads) {
            if (h instanceof NatRange r) {
                cuts.add(r.lo());
                if (r.hi() != Long.MAX_VALUE) {
                    cuts.add(r.hi() + 1);
                }
            }
        }
        List<Object> segments = new ArrayList<>();
        Long previous = null;
        for (long c : cuts) {
            if (previous != null) {
                segments.add(new NatRange(previous, c - 1));
            }
            previous = c;
        }
        segments.add(new NatRange(previous, Long.MAX_VALUE));
        return segments;
    }

    private static List<Type> argTypes(Type t, Object key) {
        if (key instanceof Constructor c && t instanceof AdtType a) {
            return a.fieldTypes(c);
        }
        if (key == Shape.TUPLE && t instanceof TupleType tt) {
            return tt.elements();
        }
        if (key == Shape.CONS && t instanceof ListType l) {
            return List.of(l.element(), l);
        }
        return List.of();
    }

    // ---- the algorithm ----

    private static Set<Object> heads(List<Pat[]> rows) {
        Set<Object> heads = new LinkedHashSet<>();
        for (Pat[] row : rows) {
            if (!row[0].isWild()) {
                heads.add(row[0].key);
            }
        }
        return heads;
    }

    private static boolean covers(Object head, Object key) {
        if (head instanceof NatRange r && key instanceof NatRange k) {
            return r.contains(k);
        }
        return head.equals(key);
    }

    /** The rows that match head {@code key}, with the head replaced by its {@code arity} arguments. */
    private static List<Pat[]> specialize(List<Pat[]> rows, Object key, int arity) {
        List<Pat[]> out = new ArrayList<>();
        for (Pat[] row : rows) {
            Pat head = row[0];
            if (head.isWild()) {
                Pat[] r = new Pat[arity + row.length - 1];
                java.util.Arrays.fill(r, 0, arity, Pat.WILD);
                System.arraycopy(row, 1, r, arity, row.length - 1);
                out.add(r);
            } else if (covers(head.key, key)) {
                Pat[] r = new Pat[head.args.length + row.length - 1];
                System.arraycopy(head.args, 0, r, 0, head.args.length);
                System.arraycopy(row, 1, r, head.args.length, row.length - 1);
                out.add(r);
            }
        }
        return out;
    }

    /** The rows whose head is a wildcard, without it. */
    private static List<Pat[]> defaults(List<Pat[]> rows) {
        List<Pat[]> out = new ArrayList<>();
        for (Pat[] row : rows) {
            if (row[0].isWild()) {
                out.add(java.util.Arrays.copyOfRange(row, 1, row.length));
            }
        }
        return out;
    }

    private static List<Type> concat(List<Type> a, List<Type> b) {
        List<Type> out = new ArrayList<>(a.size() + b.size());
        out.addAll(a);
        out.addAll(b);
        return out;
    }

    /**
     * A head of {@code signature} that no row's head covers, or null when the rows name them
     * all. When one is absent, a wildcard is useful exactly when it is useful against the rows
     * that start with a wildcard (Maranget's rule for an incomplete signature): one branch
     * instead of one per head, which keeps a column-per-case match over many columns linear.
     */
    private static Object absentHead(List<Object> signature, Set<Object> heads) {
        // A head covers a key it equals (a set lookup) or, for Nat, a segment inside its
        // range: only the heads that are ranges wider than a point need a look at each key.
        List<Object> ranges = new ArrayList<>();
        for (Object head : heads) {
            if (head instanceof NatRange r && r.lo() != r.hi()) {
                ranges.add(head);
            }
        }
        for (Object key : signature) {
            boolean covered = heads.contains(key);
            for (int i = 0; !covered && i < ranges.size(); i++) {
                covered = covers(ranges.get(i), key);
            }
            if (!covered) {
                return key;
            }
        }
        return null;
    }

    /**
     * Whether some row is wildcards only, and so matches every value: no vector is useful then,
     * and nothing is missing. Without this early answer the search went on branching over the
     * columns that other rows name: a match of 200 cases on a tuple of 20 Bools, each case
     * naming two of them, took 70 s to check; it now ends as soon as the cases above cover the
     * branch.
     */
    private static boolean anyMatchesEverything(List<Pat[]> rows) {
        for (Pat[] row : rows) {
            boolean all = true;
            for (int i = 0; all && i < row.length; i++) {
                all = row[i].isWild();
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    private static Pat[] wildcards(int n) {
        Pat[] out = new Pat[n];
        java.util.Arrays.fill(out, Pat.WILD);
        return out;
    }

    /** Whether some value matches {@code q} but no row. */
    private static boolean useful(List<Pat[]> rows, Pat[] q, List<Type> types) {
        if (types.isEmpty() || anyMatchesEverything(rows)) {
            return rows.isEmpty();
        }
        Type t = types.get(0);
        List<Type> rest = types.subList(1, types.size());
        Pat head = q[0];
        if (!head.isWild() && !isNat(t)) {
            List<Type> sub = concat(argTypes(t, head.key), rest);
            return useful(specialize(rows, head.key, head.args.length),
                    specialize(List.<Pat[]>of(q), head.key, head.args.length).get(0), sub);
        }
        Set<Object> heads = heads(rows);
        if (isNat(t)) {
            NatRange range = head.key instanceof NatRange r ? r : new NatRange(0, Long.MAX_VALUE);
            heads.add(range);
            for (Object segment : natSegments(heads)) {
                if (range.contains((NatRange) segment)
                        && useful(specialize(rows, segment, 0), java.util.Arrays.copyOfRange(q, 1, q.length), rest)) {
                    return true;
                }
            }
            return false;
        }
        List<Object> signature = heads.isEmpty() ? null : signature(t, heads);
        Pat[] tail = java.util.Arrays.copyOfRange(q, 1, q.length);
        if (signature == null || absentHead(signature, heads) != null) {
            return useful(defaults(rows), tail, rest);
        }
        for (Object key : signature) {
            List<Type> args = argTypes(t, key);
            Pat[] wilds = new Pat[args.size() + tail.length];
            java.util.Arrays.fill(wilds, 0, args.size(), Pat.WILD);
            System.arraycopy(tail, 0, wilds, args.size(), tail.length);
            if (useful(specialize(rows, key, args.size()), wilds, concat(args, rest))) {
                return true;
            }
        }
        return false;
    }

    /** Values (one pattern per column) that no row matches, or null when the rows cover everything. */
    private static List<Pat> missing(List<Pat[]> rows, List<Type> types) {
        if (types.isEmpty() || anyMatchesEverything(rows)) {
            return rows.isEmpty() ? new ArrayList<>() : null;
        }
        Type t = types.get(0);
        List<Type> rest = types.subList(1, types.size());
        Set<Object> heads = heads(rows);
        List<Object> signature = heads.isEmpty() ? null : signature(t, heads);
        Object absent = signature == null ? null : absentHead(signature, heads);
        if (signature == null || absent != null) {
            List<Pat> w = missing(defaults(rows), rest);
            if (w == null) {
                return null;
            }
            Pat value = heads.isEmpty() ? Pat.WILD
                    : absent == null ? new Pat(unlisted(t, heads), new Pat[0])
                    : new Pat(absent, wildcards(argTypes(t, absent).size()));
            w.add(0, value);
            return w;
        }
        for (Object key : signature) {
            List<Type> args = argTypes(t, key);
            List<Pat> w = missing(specialize(rows, key, args.size()), concat(args, rest));
            if (w != null) {
                List<Pat> fields = w.subList(0, args.size());
                Pat value = new Pat(key, fields.toArray(new Pat[0]));
                List<Pat> out = new ArrayList<>(w.subList(args.size(), w.size()));
                out.add(0, value);
                return out;
            }
        }
        return null;
    }

    /** A literal of {@code t} that none of {@code heads} names. */
    private static Object unlisted(Type t, Set<Object> heads) {
        if (t instanceof ScalarType s && s.kind().isFloat()) {
            for (int i = 0; ; i++) {
                long word = s.kind() == Scalar.F32 ? Float.floatToRawIntBits(i) & 0xFFFF_FFFFL
                        : Double.doubleToRawLongBits(i);
                if (!heads.contains(new Lit(word))) {
                    return new Lit(word);
                }
            }
        }
        if (t instanceof ScalarType) {
            for (long i = 0; ; i++) {
                if (!heads.contains(new Lit(i))) {
                    return new Lit(i);
                }
            }
        }
        for (String candidate : new String[] {"", "a", "b", "c", "d", "e", "f", "g"}) {
            if (!heads.contains(new Lit(candidate))) {
                return new Lit(candidate);
            }
        }
        for (int i = 0; ; i++) {
            if (!heads.contains(new Lit("x" + i))) {
                return new Lit("x" + i);
            }
        }
    }

    // ---- printing ----

    private static String show(Pat p, Type t) {
        if (p.isWild()) {
            return "_";
        }
        Object key = p.key;
        if (key instanceof Constructor c) {
            List<Type> fieldTypes = argTypes(t, c);
            StringBuilder s = new StringBuilder(c.name()).append('{');
            for (int i = 0; i < p.args.length; i++) {
                s.append(i > 0 ? ", " : "").append(show(p.args[i], i < fieldTypes.size() ? fieldTypes.get(i) : t));
            }
            return s.append('}').toString();
        }
        if (key instanceof Boolean b) {
            return b.toString();
        }
        if (key instanceof NatRange r) {
            return r.lo() + "n";
        }
        if (key instanceof Lit l) {
            return showLiteral(l.value(), t);
        }
        return switch ((Shape) key) {
            case UNIT -> "()";
            case NIL -> "[]";
            case TUPLE -> {
                List<Type> elements = argTypes(t, key);
                StringBuilder s = new StringBuilder("(");
                for (int i = 0; i < p.args.length; i++) {
                    s.append(i > 0 ? ", " : "").append(show(p.args[i], elements.get(i)));
                }
                yield s.append(')').toString();
            }
            case CONS -> showList(p, (ListType) t);
            case NOTHING -> throw new IllegalStateException("a pattern no value matches is never a missing value");
        };
    }

    /** A cons chain ending in {@code []} as {@code [a, b]}, else as {@code a <> b <> _}. */
    private static String showList(Pat p, ListType t) {
        List<Pat> heads = new ArrayList<>();
        Pat cur = p;
        while (!cur.isWild() && cur.key == Shape.CONS) {
            heads.add(cur.args[0]);
            cur = cur.args[1];
        }
        StringBuilder s = new StringBuilder();
        if (!cur.isWild() && cur.key == Shape.NIL) {
            s.append('[');
            for (int i = 0; i < heads.size(); i++) {
                s.append(i > 0 ? ", " : "").append(show(heads.get(i), t.element()));
            }
            return s.append(']').toString();
        }
        for (Pat h : heads) {
            String shown = show(h, t.element());
            boolean needsParens = !h.isWild() && h.key == Shape.CONS;
            s.append(needsParens ? "(" + shown + ")" : shown).append(" <> ");
        }
        return s.append(show(cur, t)).toString();
    }

    private static String showLiteral(Object value, Type t) {
        if (value instanceof String s) {
            StringBuilder out = new StringBuilder("\"");
            for (char c : s.toCharArray()) {
                out.append(c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : String.valueOf(c));
            }
            return out.append('"').toString();
        }
        long word = (Long) value;
        Scalar kind = t instanceof ScalarType s ? s.kind() : Scalar.U64;
        return switch (kind) {
            case F32 -> Float.toString(Float.intBitsToFloat((int) word));
            case F64 -> Double.toString(Double.longBitsToDouble(word));
            case U64 -> Long.toUnsignedString(word);
            default -> Long.toString(word);
        };
    }
}
