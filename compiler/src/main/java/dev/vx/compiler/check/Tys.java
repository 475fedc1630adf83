package dev.vx.compiler.check;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.types.AdtDecl;
import dev.vx.compiler.types.AdtType;
import dev.vx.compiler.types.ArrayType;
import dev.vx.compiler.types.FunctionType;
import dev.vx.compiler.types.IoType;
import dev.vx.compiler.types.ListType;
import dev.vx.compiler.types.ParamType;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.StringType;
import dev.vx.compiler.types.TupleType;
import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Construction, unification, printing and conversion of {@link Ty}s. */
final class Tys {
    private Tys() {
    }

    private static final TCon[] SCALARS = new TCon[Scalar.values().length];

    static {
        for (Scalar s : Scalar.values()) {
            SCALARS[s.ordinal()] = new TCon(Head.scalar(s));
        }
    }

    static final TCon BOOL = scalar(Scalar.BOOL);
    static final TCon U32 = scalar(Scalar.U32);
    static final TCon UNIT = scalar(Scalar.UNIT);
    static final TCon NAT = scalar(Scalar.NAT);
    static final TCon STRING = new TCon(Head.STRING);

    static TCon scalar(Scalar s) {
        return SCALARS[s.ordinal()];
    }

    static TCon list(Ty element) {
        return new TCon(Head.LIST, element);
    }

    static TCon array(Ty element) {
        return new TCon(Head.ARRAY, element);
    }

    static TCon io(Ty result) {
        return new TCon(Head.IO, result);
    }

    static TCon tuple(Ty... elements) {
        return new TCon(Head.TUPLE, elements);
    }

    static TCon function(List<Ty> params, Ty result) {
        Ty[] args = params.toArray(new Ty[params.size() + 1]);
        args[params.size()] = result;
        return new TCon(Head.FUNCTION, args);
    }

    static TCon adt(AdtDecl decl, Ty... args) {
        return new TCon(Head.adt(decl), args);
    }

    /** Follows bindings to a representative, compressing the path. */
    static Ty resolve(Ty t) {
        Ty r = t;
        while (r instanceof TVar v && v.binding != null) {
            r = v.binding;
        }
        while (t instanceof TVar v && v.binding != null && v.binding != r) {
            t = v.binding;
            v.binding = r;
        }
        return r;
    }

    static boolean isError(Ty t) {
        return resolve(t) instanceof TVar v && v.kind == TVar.Kind.ERROR;
    }

    /** True when {@code t} mentions an error variable anywhere. */
    static boolean containsError(Ty t) {
        return containsError(t, new Visits());
    }

    private static boolean containsError(Ty t, Visits visits) {
        t = resolve(t);
        if (t instanceof TVar v) {
            return v.kind == TVar.Kind.ERROR;
        }
        TCon c = (TCon) t;
        if (c.args.length > 0 && visits.first(c)) {
            for (Ty a : c.args) {
                if (containsError(a, visits)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The most parts (type constructors, counted in the tree) a type of the checker may have:
     * four times what the back end can describe ({@code TypeTable}), so the checker never
     * refuses a type the back end would take. It is there for types that share parts, whose
     * trees double at each step ({@code x2 = (x1, x1)}): converting or hashing such a tree
     * would never end, so it is refused first, by a count that stops at this bound.
     */
    static final int MAX_PARTS = 2048;

    /** Whether the tree of {@code t} has more than {@link #MAX_PARTS} parts; at most that many steps. */
    static boolean tooLarge(Ty t) {
        return partsUpTo(t, 0) > MAX_PARTS;
    }

    private static int partsUpTo(Ty t, int counted) {
        t = resolve(t);
        counted++;
        if (t instanceof TCon c) {
            for (Ty a : c.args) {
                if (counted > MAX_PARTS) {
                    break;
                }
                counted = partsUpTo(a, counted);
            }
        }
        return counted;
    }

    /** Makes {@code a} and {@code b} equal, binding variables; false when they cannot be. */
    static boolean unify(Ty a, Ty b) {
        return unify(a, b, new Visits());
    }

    private static boolean unify(Ty a, Ty b, Visits visits) {
        a = resolve(a);
        b = resolve(b);
        if (a == b) {
            return true;
        }
        if (a instanceof TVar va) {
            return bind(va, b);
        }
        if (b instanceof TVar vb) {
            return bind(vb, a);
        }
        TCon ca = (TCon) a;
        TCon cb = (TCon) b;
        if (!ca.head.same(cb.head) || ca.args.length != cb.args.length) {
            return false;
        }
        if (ca.args.length == 0 || !visits.first(new Pair(ca, cb))) {
            // A pair met before is being unified or was: its result is already in the answer.
            return true;
        }
        boolean ok = true;
        for (int i = 0; i < ca.args.length; i++) {
            ok &= unify(ca.args[i], cb.args[i], visits);
        }
        return ok;
    }

    /** Two types by identity ({@link TCon} keeps Object's equality). */
    private record Pair(TCon a, TCon b) {
    }

    /**
     * The parts a walk over a type has met. Types share parts: in {@code x1 = (x0, x0)},
     * {@code x2 = (x1, x1)}, … the tree of {@code x40} has 2^41 parts but the graph 41, so a
     * walk that visits each shared part once stays linear. Small walks, nearly all of them,
     * allocate nothing: parts are recorded from the {@value #UNRECORDED}th step on, which walks
     * a part at most twice.
     */
    private static final class Visits {
        private static final int UNRECORDED = 64;
        private int steps;
        private Set<Object> seen;

        boolean first(Object part) {
            if (++steps <= UNRECORDED) {
                return true;
            }
            if (seen == null) {
                seen = new HashSet<>();
            }
            return seen.add(part);
        }
    }

    private static boolean bind(TVar v, Ty t) {
        if (v.kind == TVar.Kind.ERROR) {
            // What meets a wrong type takes no type of its own: its unknown parts become wrong
            // too, so a literal there is not range-checked as a U32 by default, nor a variable
            // found "of unknown type" later.
            poison(t, v, new Visits());
            return true;
        }
        if (t instanceof TVar w) {
            if (w.kind == TVar.Kind.ERROR) {
                // What was unknown is now known to be wrong: later uses stay quiet.
                v.binding = w;
                return true;
            }
            TVar.Kind merged = merge(v.kind, w.kind);
            if (merged == null) {
                return false;
            }
            w.kind = merged;
            v.binding = w;
            return true;
        }
        TCon c = (TCon) t;
        if (!admits(v.kind, c) || occurs(v, c, new Visits())) {
            return false;
        }
        v.binding = c;
        return true;
    }

    /** Binds every open variable in {@code t} to {@code error}. */
    private static void poison(Ty t, TVar error, Visits visits) {
        t = resolve(t);
        if (t instanceof TVar w) {
            if (w.kind != TVar.Kind.ERROR) {
                w.binding = error;
            }
            return;
        }
        TCon c = (TCon) t;
        if (c.args.length > 0 && visits.first(c)) {
            for (Ty a : c.args) {
                poison(a, error, visits);
            }
        }
    }

    private static TVar.Kind merge(TVar.Kind a, TVar.Kind b) {
        if (a == TVar.Kind.ANY) {
            return b;
        }
        if (b == TVar.Kind.ANY || a == b) {
            return a;
        }
        return null;
    }

    static boolean admits(TVar.Kind kind, TCon c) {
        return switch (kind) {
            case ANY, ERROR -> true;
            case INT -> c.head.kind == Head.Kind.SCALAR && isIntegerLike(c.head.scalar);
            case FLOAT -> c.head.kind == Head.Kind.SCALAR && c.head.scalar.isFloat();
        };
    }

    /** The types an integer literal may take: the fixed-width integers and Nat. */
    static boolean isIntegerLike(Scalar s) {
        return s.isInteger();
    }

    /** Whether {@code v} is a part of the constructed type {@code t} (so binding it would make an infinite type). */
    static boolean occursIn(TVar v, Ty t) {
        t = resolve(t);
        return t instanceof TCon c && occurs(v, c, new Visits());
    }

    private static boolean occurs(TVar v, Ty t, Visits visits) {
        t = resolve(t);
        if (t == v) {
            return true;
        }
        if (t instanceof TCon c && c.args.length > 0 && visits.first(c)) {
            for (Ty a : c.args) {
                if (occurs(v, a, visits)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The {@link Ty} of a public type, with type parameters in {@code subst} replaced (others stay rigid). */
    static Ty from(Type type, Map<TypeParam, Ty> subst) {
        if (type instanceof ScalarType s) {
            return scalar(s.kind());
        } else if (type instanceof StringType) {
            return STRING;
        } else if (type instanceof ListType l) {
            return list(from(l.element(), subst));
        } else if (type instanceof ArrayType a) {
            return array(from(a.element(), subst));
        } else if (type instanceof TupleType t) {
            return new TCon(Head.TUPLE, fromAll(t.elements(), subst));
        } else if (type instanceof FunctionType f) {
            Ty[] args = new Ty[f.params().size() + 1];
            for (int i = 0; i < f.params().size(); i++) {
                args[i] = from(f.params().get(i), subst);
            }
            args[f.params().size()] = from(f.result(), subst);
            return new TCon(Head.FUNCTION, args);
        } else if (type instanceof IoType io) {
            return io(from(io.result(), subst));
        } else if (type instanceof AdtType a) {
            return new TCon(Head.adt(a.decl()), fromAll(a.args(), subst));
        } else {
            TypeParam p = ((ParamType) type).param();
            Ty t = subst.get(p);
            return t != null ? t : new TCon(Head.param(p));
        }
    }

    private static Ty[] fromAll(List<Type> types, Map<TypeParam, Ty> subst) {
        Ty[] out = new Ty[types.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = from(types.get(i), subst);
        }
        return out;
    }

    /**
     * The public type of a solved {@code Ty}. Variables left open here are error variables
     * (the definition already has an error) and become Unit. Its cost is the size of the
     * type's tree: a declared type is as large as its source text, an inferred one must be
     * checked against {@link #MAX_PARTS} first ({@link DefContext#zonk}).
     */
    static Type toType(Ty t) {
        t = resolve(t);
        if (t instanceof TVar) {
            return ScalarType.UNIT;
        }
        TCon c = (TCon) t;
        return switch (c.head.kind) {
            case SCALAR -> ScalarType.of(c.head.scalar);
            case STRING -> StringType.INSTANCE;
            case LIST -> new ListType(toType(c.args[0]));
            case ARRAY -> new ArrayType(toType(c.args[0]));
            case IO -> new IoType(toType(c.args[0]));
            case TUPLE -> new TupleType(toTypes(c.args, c.args.length));
            case FUNCTION -> new FunctionType(toTypes(c.args, c.args.length - 1), toType(c.args[c.args.length - 1]));
            case ADT -> new AdtType(c.head.decl, toTypes(c.args, c.args.length));
            case PARAM -> new ParamType(c.head.param);
        };
    }

    private static List<Type> toTypes(Ty[] args, int n) {
        List<Type> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(toType(args[i]));
        }
        return out;
    }

    /**
     * Vx syntax for a type in a message. Open variables print as {@code _}, open literal types
     * as {@code {integer}} / {@code {float}}.
     */
    static String show(Ty t) {
        StringBuilder s = new StringBuilder();
        show(t, s);
        return s.length() > MAX_SHOWN ? s.substring(0, MAX_SHOWN) + "…" : s.toString();
    }

    /** Where a message stops spelling out a type: one that shares parts can be too large to print. */
    private static final int MAX_SHOWN = 500;

    private static void show(Ty t, StringBuilder s) {
        if (s.length() > MAX_SHOWN) {
            return;
        }
        t = resolve(t);
        if (t instanceof TVar v) {
            s.append(switch (v.kind) {
                case INT -> "{integer}";
                case FLOAT -> "{float}";
                default -> "_";
            });
            return;
        }
        TCon c = (TCon) t;
        switch (c.head.kind) {
            case SCALAR -> s.append(ScalarType.nameOf(c.head.scalar));
            case STRING -> s.append("String");
            case LIST -> showArgs(s.append("List"), c.args, c.args.length, "<", ">");
            case ARRAY -> showArgs(s.append("Array"), c.args, c.args.length, "<", ">");
            case IO -> showArgs(s.append("IO"), c.args, 1, "(", ")");
            case TUPLE -> showArgs(s, c.args, c.args.length, "(", ")");
            case ADT -> {
                s.append(c.head.decl.name());
                if (c.args.length > 0) {
                    showArgs(s, c.args, c.args.length, "<", ">");
                }
            }
            case PARAM -> s.append(c.head.param.name());
            case FUNCTION -> {
                int n = c.args.length - 1;
                Ty only = n == 1 ? resolve(c.args[0]) : null;
                boolean bare = only != null && !(only instanceof TCon oc
                        && (oc.head.kind == Head.Kind.FUNCTION || oc.head.kind == Head.Kind.TUPLE));
                if (bare) {
                    show(only, s);
                } else {
                    showArgs(s, c.args, n, "(", ")");
                }
                s.append(" -> ");
                show(c.args[n], s);
            }
        }
    }

    private static void showArgs(StringBuilder s, Ty[] args, int n, String open, String close) {
        s.append(open);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                s.append(", ");
            }
            show(args[i], s);
        }
        s.append(close);
    }

    /** The scalar kind of a solved type, or null when it is not a scalar. */
    static Scalar scalarOf(Ty t) {
        t = resolve(t);
        return t instanceof TCon c && c.head.kind == Head.Kind.SCALAR ? c.head.scalar : null;
    }

    static boolean is(Ty t, Head.Kind kind) {
        t = resolve(t);
        return t instanceof TCon c && c.head.kind == kind;
    }
}
