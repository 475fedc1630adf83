package dev.vx.conformance.gen;

import dev.vx.conformance.gen.Ast.Block;
import dev.vx.conformance.gen.Ast.Ex;
import dev.vx.conformance.gen.GType.AdtT;
import dev.vx.conformance.gen.GType.ArrayT;
import dev.vx.conformance.gen.GType.FnT;
import dev.vx.conformance.gen.GType.Kind;
import dev.vx.conformance.gen.GType.ListT;
import dev.vx.conformance.gen.GType.MaybeT;
import dev.vx.conformance.gen.GType.Prim;
import dev.vx.conformance.gen.GType.TupleT;
import dev.vx.testkit.Choices;
import dev.vx.testkit.Distribution;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One program being generated. Programs are built <em>by type</em>: every expression is
 * generated for a type it must have, from the variables in scope, so programs are well typed
 * by construction. Integer literals always carry their suffix. Evaluation is bounded by
 * construction: helper functions only call earlier helpers; the only recursion is structural
 * (on a {@code Nat} depth given as a literal, on a tree built to a literal depth, on tree
 * values), and sizes of lists, arrays and repetitions are literals or {@code n % k}.
 *
 * <p>Contents: a declared record-like type {@code Rec} (several constructors, one of them
 * recursive) and the generic {@code Tree<T>}; a few helper functions with parameters of any
 * type (functions included); sometimes a deep non-tail recursion on a {@code Nat} (up to a
 * few thousand levels at scale 1), sometimes a tree built and folded with fork groups, and a
 * generic tree function; and {@code main}, printing a value or running a {@code do} block.
 * Expressions cover arithmetic at edge values (division by zero possible), conversions,
 * strings, lists, arrays (index errors possible), tuples, Maybe, constructors, lambdas with
 * captures, Base's higher-order functions, if/match (nested, exhaustive), jobs.
 */
final class Session {
    private final Choices c;
    private final double scale;
    private int counter;
    private final List<Fn> fns = new ArrayList<>();
    private final List<Ast.Def> defs = new ArrayList<>();
    private final List<Ctor> recCtors = new ArrayList<>();
    /** What each generated statement binds, for callers that extend a block. */
    private final java.util.Map<Ast.Stmt, List<Binding>> lastBindings = new java.util.IdentityHashMap<>();
    /** Inside the body of a recursive template: no calls of user functions, shallow expressions. */
    private boolean cheap;
    /** Generating main: the recursive templates may be called (with literal depths). */
    private boolean inMain;
    /** An arithmetic battery: only scalar operations, so each printed line checks many of them. */
    private boolean arith;

    enum FnKind { PLAIN, DEEP, CONS, MUTUAL, BUILD, FOLD, TSIZE, UPDATE, SHARE, ALIAS }

    /** A callable user function; {@code typeParams} name the {@link GType.TypeVar}s of a generic one. */
    record Fn(String name, List<String> typeParams, List<GType> params, GType result, FnKind kind) {
        Fn(String name, List<GType> params, GType result, FnKind kind) {
            this(name, List.of(), params, result, kind);
        }
    }

    record Ctor(String name, List<String> fieldNames, List<GType> fieldTypes) {
    }

    record Binding(String name, GType type) {
    }

    record Pat(String text, List<Binding> binds, boolean irrefutable) {
        Pat refutable() {
            return new Pat(text, binds, false);
        }
    }

    /** Variables in scope (immutable; newest last). */
    record Env(List<Binding> vars) {
        static final Env EMPTY = new Env(List.of());

        Env with(String name, GType type) {
            List<Binding> v = new ArrayList<>(vars);
            v.add(new Binding(name, type));
            return new Env(List.copyOf(v));
        }

        Env with(List<Binding> bs) {
            Env e = this;
            for (Binding b : bs) {
                e = e.with(b.name(), b.type());
            }
            return e;
        }

        List<String> ofType(GType t) {
            return vars.stream().filter(b -> b.type().equals(t)).map(Binding::name).toList();
        }
    }

    static final GType REC = new AdtT("Rec", List.of());

    static GType tree(GType element) {
        return new AdtT("Tree", List.of(element));
    }

    Session(Choices c, double scale) {
        this.c = c;
        this.scale = scale;
    }

    // ------------------------------------------------------------------ choices

    private int pick(int n) {
        return (int) c.draw(n - 1);
    }

    /** An index by weight; index 0 is the simplest alternative. */
    private int choose(int... weights) {
        return weights.length == 1 ? (int) c.draw(0) : (int) c.draw(weights.length - 1, Distribution.weights(weights));
    }

    private boolean chance(double p) {
        return c.weighted(p);
    }

    private <T> T span(Supplier<T> s) {
        return c.draw(ch -> s.get());
    }

    private String fresh(String prefix) {
        return prefix + counter++;
    }

    private record Alt(int weight, Supplier<Ex> make) {
    }

    private Ex chooseAlt(List<Alt> alts) {
        int[] w = alts.stream().mapToInt(Alt::weight).toArray();
        return alts.get(choose(w)).make().get();
    }

    // ------------------------------------------------------------------ program

    Ast.Program program() {
        List<Ast.TypeDecl> types = new ArrayList<>();
        types.add(new Ast.TypeDecl("type Tree<T>:\n  Leaf{value: T}\n  Node{left: Tree<T>, right: Tree<T>}\n  Empty{}\n"));
        types.add(new Ast.TypeDecl(recDecl()));
        // Each part draws its "present?" flag inside its own span, so the shrinker deletes a part
        // (flag and contents) as a unit and what follows keeps its meaning.
        int maxHelpers = 3 + (int) Math.max(0, Math.min(3, scale - 1));
        for (int i = 0; i < maxHelpers; i++) {
            if (!optional(0.6, this::helper)) {
                break;
            }
        }
        optional(0.5, this::deep);
        optional(0.35, this::consBuilder);
        optional(0.4, this::treeTemplates);
        optional(0.25, this::mutual);
        optional(0.3, this::updater);
        optional(0.3, this::taker);
        optional(0.2, this::aliaser);
        optional(0.3, this::sharer);
        inMain = true;
        defs.add(chance(0.5) ? ioMain() : valueMain());
        return new Ast.Program(types, defs);
    }

    /**
     * An arithmetic battery: many scalar expressions (numbers of every type at edge values,
     * every operator, conversions, float functions, comparisons), printed one per line by an IO
     * main, or computed as one tuple by a job {@code battery!()} and printed by main.
     */
    Ast.Program arithmeticProgram() {
        arith = true;
        inMain = true;
        // a job battery costs a kernel build on a device engine (2 to 12 s): one battery in twenty
        boolean job = chance(0.05);
        List<GType> types = new ArrayList<>();
        List<Ex> exprs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Ex e = span(() -> {
                if (!chance(0.92)) {
                    return null;
                }
                GType t = chance(0.85) ? numericType() : GType.BOOL;
                types.add(t);
                return expr(t, Env.EMPTY, 4);
            });
            if (e == null) {
                break;
            }
            exprs.add(e);
        }
        if (job && exprs.size() >= 2) {
            // the values computed in a job (on a device engine, by its kernel), printed by the host
            GType t = new TupleT(types);
            Ast.Def battery = new Ast.Def("battery", List.of(), List.of(), t,
                    new Block(List.of(), new Ast.ExTail(new Ast.Tuple(exprs))));
            Ast.Def main = new Ast.Def("main", List.of(), List.of(), t,
                    new Block(List.of(), new Ast.ExTail(new Ast.Call("battery", List.of(), true))));
            return new Ast.Program(List.of(), List.of(battery, main));
        }
        List<Ast.DoLine> lines = new ArrayList<>();
        for (int i = 0; i < exprs.size(); i++) {
            GType t = types.get(i);
            Ex shown = t.equals(GType.BOOL) ? call("Bool.show", exprs.get(i)) : call(t + ".show", exprs.get(i));
            lines.add(new Ast.Action(call("IO.print", shown)));
        }
        lines.add(new Ast.Action(call("IO.print", Literals.string("end"))));
        return new Ast.Program(List.of(), List.of(new Ast.Def("main", List.of(), List.of(), null, new Ast.DoBody(lines))));
    }

    /** With probability p, runs part (in one span with its flag); says whether it ran. */
    private boolean optional(double p, Runnable part) {
        return span(() -> {
            if (!chance(p)) {
                return false;
            }
            part.run();
            return true;
        });
    }

    private String recDecl() {
        int n = 1 + pick(3);
        StringBuilder sb = new StringBuilder("type Rec:\n");
        for (int i = 0; i < n; i++) {
            int fields = pick(3);
            List<String> names = new ArrayList<>();
            List<GType> ts = new ArrayList<>();
            for (int f = 0; f < fields; f++) {
                names.add("f" + f);
                ts.add(fieldType());
            }
            recCtors.add(new Ctor("R" + (char) ('A' + i), names, ts));
        }
        if (chance(0.5)) {
            recCtors.add(new Ctor("RLink", List.of("next", "tag"), List.of(REC, GType.U32)));
        }
        for (Ctor k : recCtors) {
            sb.append("  ").append(k.name()).append('{');
            for (int f = 0; f < k.fieldNames().size(); f++) {
                sb.append(f > 0 ? ", " : "").append(k.fieldNames().get(f)).append(": ").append(k.fieldTypes().get(f));
            }
            sb.append("}\n");
        }
        return sb.toString();
    }

    private GType fieldType() {
        return switch (choose(4, 2, 2, 1, 1, 1, 2, 1, 1)) {
            case 0 -> GType.U32;
            case 1 -> GType.I64;
            case 2 -> GType.STRING;
            case 3 -> GType.BOOL;
            case 4 -> GType.NAT;
            case 5 -> GType.F32;
            case 6 -> GType.F64;
            case 7 -> new ListT(GType.U32);
            default -> new MaybeT(GType.I32);
        };
    }

    /** A random type; {@code nest} bounds how deeply type constructors nest. */
    GType type(int nest) {
        return span(() -> {
            int k = choose(6, 3, 2, 2, 2, 1, 2, 3, 3, nest > 0 ? 3 : 0, nest > 0 ? 2 : 0, nest > 0 ? 2 : 0,
                    nest > 0 ? 2 : 0, 2, nest > 0 ? 1 : 0, nest > 0 ? 1 : 0);
            return switch (k) {
                case 0 -> GType.U32;
                case 1 -> GType.I32;
                case 2 -> GType.U64;
                case 3 -> GType.I64;
                case 4 -> GType.NAT;
                case 5 -> GType.F32;
                case 6 -> GType.F64;
                case 7 -> GType.BOOL;
                case 8 -> GType.STRING;
                case 9 -> new ListT(type(nest - 1));
                case 10 -> new ArrayT(type(nest - 1));
                case 11 -> new TupleT(List.of(type(nest - 1), type(nest - 1)));
                case 12 -> new MaybeT(type(nest - 1));
                case 13 -> REC;
                case 14 -> tree(type(nest - 1));
                default -> new FnT(List.of(type(0)), type(nest - 1));
            };
        });
    }

    private GType numericType() {
        return GType.NUMERIC.get(choose(6, 3, 2, 2, 1, 2, 2));
    }

    private GType orderedType() {
        return chance(arith ? 0 : 0.2) ? GType.STRING : numericType();
    }

    private GType scalarType() {
        return switch (choose(6, 1, arith ? 0 : 1)) {
            case 0 -> numericType();
            case 1 -> GType.BOOL;
            default -> GType.STRING;
        };
    }

    // ------------------------------------------------------------------ definitions

    private void helper() {
        boolean generic = chance(0.3);
        String name = fresh(generic ? "g" : "f");
        GType a = new GType.TypeVar("A");
        int n = pick(4);
        List<Ast.Param> params = new ArrayList<>();
        Env env = Env.EMPTY;
        for (int i = 0; i < n || (generic && i == 0); i++) {
            String p = fresh("a");
            // a generic function's first parameter has type A, so a value of type A is always at hand
            GType t = generic && i == 0 ? a : generic && chance(0.4) ? withVar(a) : type(1);
            params.add(new Ast.Param(p, t));
            env = env.with(p, t);
        }
        GType result = generic && chance(0.7) ? withVar(a) : type(1);
        Block body = block(result, env, 2 + pick(2));
        List<String> tps = generic ? List.of("A") : List.of();
        defs.add(new Ast.Def(name, tps, params, result, body));
        fns.add(new Fn(name, tps, params.stream().map(Ast.Param::type).toList(), result, FnKind.PLAIN));
    }

    /** A type built around the type parameter a: a, List<a>, Maybe<a>, (a, U32), a -> a, Tree<a>. */
    private GType withVar(GType a) {
        return switch (choose(4, 2, 2, 1, 1, 1)) {
            case 0 -> a;
            case 1 -> new ListT(a);
            case 2 -> new MaybeT(a);
            case 3 -> new TupleT(List.of(a, GType.U32));
            case 4 -> new FnT(List.of(a), a);
            default -> tree(a);
        };
    }

    /** Two functions calling each other in tail position n times: constant stack at any n. */
    private void mutual() {
        String even = fresh("even");
        String odd = fresh("odd");
        GType x = numericType();
        boolean saved = cheap;
        cheap = true;
        for (int k = 0; k < 2; k++) {
            String self = k == 0 ? even : odd;
            String other = k == 0 ? odd : even;
            String n = fresh("n");
            String acc = fresh("acc");
            String p = fresh("p");
            Env env = Env.EMPTY.with(n, GType.NAT).with(acc, x);
            Block base = k == 0 ? new Block(List.of(), new Ast.ExTail(new Ast.Var(acc))) : block(x, env, 1);
            Block step = new Block(List.of(), new Ast.ExTail(new Ast.Call(other,
                    List.of(new Ast.Var(p), expr(x, env.with(p, GType.NAT), 1)), false)));
            Block body = new Block(List.of(), new Ast.Match(new Ast.Var(n), List.of(
                    new Ast.Case("0n", base), new Ast.Case("1n+" + p, step))));
            defs.add(new Ast.Def(self, List.of(), List.of(new Ast.Param(n, GType.NAT), new Ast.Param(acc, x)), x, body));
        }
        cheap = saved;
        fns.add(new Fn(even, List.of(GType.NAT, x), x, FnKind.MUTUAL));
    }

    /** {@code deep(n, a)}: non-tail recursion on a Nat, n levels deep. */
    private void deep() {
        String name = fresh("deep");
        GType a = numericType();
        GType r = chance(0.8) ? numericType() : GType.BOOL;
        String n = fresh("n");
        String av = fresh("a");
        Env env = Env.EMPTY.with(n, GType.NAT).with(av, a);
        boolean saved = cheap;
        cheap = true;
        Block base = block(r, env, 1);
        String p = fresh("p");
        Env env2 = env.with(p, GType.NAT);
        String res = fresh("r");
        Ast.Call rec = new Ast.Call(name, List.of(new Ast.Var(p), expr(a, env2, 1)), false);
        Ast.Stmt recStmt = chance(0.3)
                ? new Ast.ForkGroup(List.of(res), List.of(rec))
                : new Ast.Let(res, chance(0.3) ? r : null, new Ast.ExTail(rec));
        Block step = block(r, env2.with(res, r), 1);
        cheap = saved;
        Block body = new Block(List.of(), new Ast.Match(new Ast.Var(n), List.of(
                new Ast.Case("0n", base),
                new Ast.Case("1n+" + p, new Block(prepend(recStmt, step.stmts()), step.tail())))));
        defs.add(new Ast.Def(name, List.of(), List.of(new Ast.Param(n, GType.NAT), new Ast.Param(av, a)), r, body));
        fns.add(new Fn(name, List.of(GType.NAT, a), r, FnKind.DEEP));
    }

    /**
     * {@code cons(n, a)}: a list built by a recursion whose call is the tail of the list
     * returned, n levels deep, which the compiler turns into a loop that fills the tail of the
     * cell it built (TailModCons): one or two cells a level, sometimes only when a condition
     * holds, the other branch a tail call of itself (a filter) or another list (a second base
     * case).
     */
    private void consBuilder() {
        String name = fresh("cons");
        GType a = numericType();
        GType y = chance(0.7) ? numericType() : type(1);
        GType list = new ListT(y);
        String n = fresh("n");
        String av = fresh("a");
        String p = fresh("p");
        Env env = Env.EMPTY.with(n, GType.NAT).with(av, a);
        Env env2 = env.with(p, GType.NAT);
        boolean saved = cheap;
        cheap = true;
        Block base = block(list, env, 1);
        Ex rest = new Ast.Call(name, List.of(new Ast.Var(p), expr(a, env2, 1)), false);
        Ex built = new Ast.Bin("<>", expr(y, env2, 1), rest);
        if (chance(0.3)) built = new Ast.Bin("<>", expr(y, env2, 1), built);
        Block step = new Block(List.of(), new Ast.ExTail(built));
        if (chance(0.4)) {
            Ex other = chance(0.6) ? new Ast.Call(name, List.of(new Ast.Var(p), expr(a, env2, 1)), false)
                    : expr(list, env2, 1);
            step = new Block(List.of(), new Ast.IfSt(List.of(expr(GType.BOOL, env2, 1)), List.of(step),
                    new Block(List.of(), new Ast.ExTail(other))));
        }
        cheap = saved;
        Block body = new Block(List.of(), new Ast.Match(new Ast.Var(n), List.of(
                new Ast.Case("0n", base), new Ast.Case("1n+" + p, step))));
        defs.add(new Ast.Def(name, List.of(), List.of(new Ast.Param(n, GType.NAT), new Ast.Param(av, a)), list, body));
        fns.add(new Fn(name, List.of(GType.NAT, a), list, FnKind.CONS));
    }

    /**
     * {@code upd(a, i, j)}: two records of an array replaced by records built from both, the
     * shape the compiler updates in place when the array and the records are unique
     * ({@code InPlaceUpdate}); i and j may be equal, and the records are sometimes built in the
     * other order than they are stored.
     */
    private void updater() {
        String name = fresh("upd");
        List<GType> items = new ArrayList<>();
        for (int k = 0; k < 2 + pick(2); k++) items.add(chance(0.85) ? numericType() : GType.BOOL);
        GType element = new TupleT(items);
        GType array = new ArrayT(element);
        String a = fresh("a");
        String i = fresh("i");
        String j = fresh("j");
        Env env = Env.EMPTY.with(i, GType.U32).with(j, GType.U32);
        List<String> ps = new ArrayList<>();
        List<String> qs = new ArrayList<>();
        for (GType t : items) {
            String p = fresh("p");
            String q = fresh("q");
            ps.add(p);
            qs.add(q);
            env = env.with(p, t).with(q, t);
        }
        boolean saved = cheap;
        cheap = true;
        Env fields = env;
        // mostly fields and literals, so that most windows hold no call (which keeps the copy)
        Ex first = new Ast.Tuple(items.stream().map(t -> expr(t, fields, chance(0.7) ? 0 : 1)).toList());
        Ex second = new Ast.Tuple(items.stream().map(t -> expr(t, fields, chance(0.7) ? 0 : 1)).toList());
        cheap = saved;
        List<Ast.Stmt> stmts = new ArrayList<>();
        stmts.add(new Ast.Destructure(ps, new Ast.Index(new Ast.Var(a), new Ast.Var(i))));
        stmts.add(new Ast.Destructure(qs, new Ast.Index(new Ast.Var(a), new Ast.Var(j))));
        if (chance(0.3)) {
            String x = fresh("x");
            String y = fresh("y");
            stmts.add(new Ast.Let(y, null, new Ast.ExTail(second)));
            stmts.add(new Ast.Let(x, null, new Ast.ExTail(first)));
            first = new Ast.Var(x);
            second = new Ast.Var(y);
        }
        Ex body = call("Array.set", call("Array.set", new Ast.Var(a), new Ast.Var(i), first), new Ast.Var(j), second);
        defs.add(new Ast.Def(name, List.of(), List.of(new Ast.Param(a, array), new Ast.Param(i, GType.U32),
                new Ast.Param(j, GType.U32)), array, new Block(stmts, new Ast.ExTail(body))));
        fns.add(new Fn(name, List.of(array, GType.U32, GType.U32), array, FnKind.UPDATE));
    }

    /**
     * {@code take(a, i, j)}: an element replaced by a value computed from it, the shape the
     * compiler takes out of the array while it is computed ({@code ElementTake}: the element
     * stays unique when the array is): either {@code e = a[k]; Array.set(a, k, ..e..)} or a
     * map that keeps the element type ({@code Array.map} on the array where it lies). The
     * element type is any type, references included; {@code j} is there for the expressions.
     */
    private void taker() {
        String name = fresh("take");
        GType element = mostlyCellType();
        GType array = new ArrayT(element);
        String a = fresh("a");
        String i = fresh("i");
        String j = fresh("j");
        Env env = Env.EMPTY.with(a, array).with(i, GType.U32).with(j, GType.U32);
        Ast.Tail body;
        if (chance(0.5)) {
            body = new Ast.ExTail(call("Array.map", new Ast.Var(a), lambda(new FnT(List.of(element), element), env, 2, false)));
        } else {
            String k = fresh("k");
            String e = fresh("e");
            Ex alen = call("Array.len", new Ast.Var(a));
            Env inner = env.with(k, GType.U32).with(e, element);
            Ex value = newElement(element, e, inner);
            Block update = new Block(List.of(
                    new Ast.Let(k, null, new Ast.ExTail(new Ast.Bin("%", new Ast.Var(i), alen))),
                    new Ast.Let(e, null, new Ast.ExTail(new Ast.Index(new Ast.Var(a), new Ast.Var(k))))),
                    new Ast.ExTail(call("Array.set", new Ast.Var(a), new Ast.Var(k), value)));
            body = new Ast.IfSt(List.of(new Ast.Bin("==", alen, Literals.integer(Kind.U32, 0))),
                    List.of(new Block(List.of(), new Ast.ExTail(new Ast.Var(a)))), update);
        }
        defs.add(new Ast.Def(name, List.of(), List.of(new Ast.Param(a, array), new Ast.Param(i, GType.U32),
                new Ast.Param(j, GType.U32)), array, new Block(List.of(), body)));
        fns.add(new Fn(name, List.of(array, GType.U32, GType.U32), array, FnKind.UPDATE));
    }

    /** A type drawn mostly among those whose values are cells (lists, tuples, records): what a take moves. */
    private GType mostlyCellType() {
        GType t = type(1);
        for (int tries = 0; tries < 4 && t instanceof GType.Prim && chance(0.8); tries++) t = type(1);
        return t;
    }

    /** A new value for element {@code e}: any expression, or a function of the element, which consumes it. */
    private Ex newElement(GType element, String e, Env env) {
        return chance(0.4) ? expr(element, env, 2)
                : applyLambda(lambda(new FnT(List.of(element), element), env, 2, true), new Ast.Var(e));
    }

    /**
     * {@code alias(g, h, i)}, always called with one array as both g and h: g's element at
     * {@code i % len} is replaced by a value computed from it and from h, then h is listed. g
     * is consumed (updated in place when unique) and h only read, so the caller must keep a
     * count of its own across the call (docs/compiler.md, RcInsertion), or h would see the
     * update, or the hole an element taken out of g leaves.
     */
    private void aliaser() {
        String name = fresh("alias");
        GType element = mostlyCellType();
        GType array = new ArrayT(element);
        GType result = new TupleT(List.of(array, new ListT(element)));
        String g = fresh("g");
        String h = fresh("h");
        String i = fresh("i");
        String k = fresh("k");
        String e = fresh("e");
        Ex alen = call("Array.len", new Ast.Var(g));
        Ex listed = call("Array.to_list", new Ast.Var(h));
        Env inner = Env.EMPTY.with(h, array).with(i, GType.U32).with(k, GType.U32).with(e, element);
        Ex value = newElement(element, e, inner);
        Block update = new Block(List.of(
                new Ast.Let(k, null, new Ast.ExTail(new Ast.Bin("%", new Ast.Var(i), alen))),
                new Ast.Let(e, null, new Ast.ExTail(new Ast.Index(new Ast.Var(g), new Ast.Var(k))))),
                new Ast.ExTail(new Ast.Tuple(List.of(call("Array.set", new Ast.Var(g), new Ast.Var(k), value), listed))));
        Ast.Tail body = new Ast.IfSt(List.of(new Ast.Bin("==", alen, Literals.integer(Kind.U32, 0))),
                List.of(new Block(List.of(), new Ast.ExTail(new Ast.Tuple(List.of(new Ast.Var(g), listed))))), update);
        defs.add(new Ast.Def(name, List.of(), List.of(new Ast.Param(g, array), new Ast.Param(h, array),
                new Ast.Param(i, GType.U32)), result, new Block(List.of(), body)));
        fns.add(new Fn(name, List.of(array, array, GType.U32), result, FnKind.ALIAS));
    }

    /**
     * {@code share(a, k)}: two fork children get the array (one a copy), update it (the second
     * holds a shared-marked array alone: in place) and fork two readers that copy its
     * elements, which other workers may steal. The shape of a past race (docs/vm.md), here
     * checked for its values and heap balance on every engine; these workloads are too small
     * to hit such a race's window, which {@code SharedCellsTest} does on purpose.
     */
    private void sharer() {
        GType x = chance(0.5) ? type(1) : new TupleT(List.of(numericType(), numericType()));
        GType array = new ArrayT(x);
        GType list = new ListT(x);
        String read = fresh("share_read");
        String child = fresh("share_child");
        String top = fresh("share");
        boolean saved = cheap;
        cheap = true;
        // read(b, i) = b's elements, then b[i % len] twice (a copy of one element's reference)
        String b = fresh("b");
        String i = fresh("i");
        Ex len = call("Array.len", new Ast.Var(b));
        Ex elem = new Ast.Index(new Ast.Var(b), new Ast.Bin("%", new Ast.Var(i), len));
        Ex readBody = new Ast.IfEx(new Ast.Bin("==", len, Literals.integer(Kind.U32, 0)),
                new Ast.Ascribe(new Ast.ListLit(List.of()), list),
                new Ast.Bin("++", call("Array.to_list", new Ast.Var(b)), new Ast.ListLit(List.of(elem, elem))));
        defs.add(new Ast.Def(read, List.of(), List.of(new Ast.Param(b, array), new Ast.Param(i, GType.U32)), list,
                new Block(List.of(), new Ast.ExTail(readBody))));
        // child(a, k) = update a at k % len, then fork two readers of the result
        String a = fresh("a");
        String k = fresh("k");
        String c = fresh("c");
        Env env = Env.EMPTY.with(k, GType.U32);
        Ex value = expr(x, env, 1);
        Ex alen = call("Array.len", new Ast.Var(a));
        Ex updated = new Ast.IfEx(new Ast.Bin("==", alen, Literals.integer(Kind.U32, 0)), new Ast.Var(a),
                call("Array.set", new Ast.Var(a), new Ast.Bin("%", new Ast.Var(k), alen), value));
        String r1 = fresh("r");
        String r2 = fresh("r");
        List<Ast.Stmt> childStmts = List.of(
                new Ast.Let(c, null, new Ast.ExTail(updated)),
                new Ast.ForkGroup(List.of(r1, r2), List.of(
                        new Ast.Call(read, List.of(new Ast.Var(c), new Ast.Var(k)), false),
                        new Ast.Call(read, List.of(new Ast.Var(c), new Ast.Bin("+", new Ast.Var(k), Literals.integer(Kind.U32, 1))), false))));
        defs.add(new Ast.Def(child, List.of(), List.of(new Ast.Param(a, array), new Ast.Param(k, GType.U32)), list,
                new Block(childStmts, new Ast.ExTail(new Ast.Bin("++", new Ast.Var(r1), new Ast.Var(r2))))));
        // share(a, k) = two children: a copy for the first, the array itself for the second (a
        // published child: the fork marks the array shared, and the child then holds it alone)
        String a2 = fresh("a");
        String k2 = fresh("k");
        String s1 = fresh("s");
        String s2 = fresh("s");
        Ex copy = call("Array.from_list", call("Array.to_list", new Ast.Var(a2)));
        List<Ast.Stmt> topStmts = List.of(new Ast.ForkGroup(List.of(s1, s2), List.of(
                new Ast.Call(child, List.of(copy, new Ast.Var(k2)), false),
                new Ast.Call(child, List.of(new Ast.Var(a2), new Ast.Bin("+", new Ast.Var(k2), Literals.integer(Kind.U32, 1))), false))));
        defs.add(new Ast.Def(top, List.of(), List.of(new Ast.Param(a2, array), new Ast.Param(k2, GType.U32)), list,
                new Block(topStmts, new Ast.ExTail(new Ast.Bin("++", new Ast.Var(s1), new Ast.Var(s2))))));
        cheap = saved;
        fns.add(new Fn(top, List.of(array, GType.U32), list, FnKind.SHARE));
    }

    private static <T> List<T> prepend(T first, List<T> rest) {
        List<T> out = new ArrayList<>();
        out.add(first);
        out.addAll(rest);
        return out;
    }

    /** {@code build(d, s)} makes a tree of depth d with fork groups; {@code fold(t)} folds one with fork groups. */
    private void treeTemplates() {
        GType x = scalarType();
        GType tx = tree(x);
        boolean saved = cheap;
        cheap = true;
        String build = fresh("build");
        String d = fresh("d");
        String s = fresh("s");
        Env env = Env.EMPTY.with(d, GType.U32).with(s, x);
        String l = fresh("l");
        String r = fresh("r");
        Ast.Call left = new Ast.Call(build, List.of(new Ast.Bin("-", new Ast.Var(d), Literals.integer(Kind.U32, 1)),
                expr(x, env, 1)), false);
        Ast.Call right = new Ast.Call(build, List.of(new Ast.Bin("-", new Ast.Var(d), Literals.integer(Kind.U32, 1)),
                expr(x, env, 1)), false);
        Ex node = chance(0.5) ? new Ast.Construct("Node", null, List.of(new Ast.Var(l), new Ast.Var(r)))
                : new Ast.Construct("Node", List.of("right", "left"), List.of(new Ast.Var(r), new Ast.Var(l)));
        Block body = new Block(List.of(), new Ast.IfSt(
                List.of(new Ast.Bin("==", new Ast.Var(d), Literals.integer(Kind.U32, 0))),
                List.of(new Block(List.of(), new Ast.ExTail(new Ast.Construct("Leaf", null, List.of(expr(x, env, 1)))))),
                new Block(List.of(new Ast.ForkGroup(List.of(l, r), List.of(left, right))), new Ast.ExTail(node))));
        defs.add(new Ast.Def(build, List.of(), List.of(new Ast.Param(d, GType.U32), new Ast.Param(s, x)), tx, body));
        fns.add(new Fn(build, List.of(GType.U32, x), tx, FnKind.BUILD));

        GType y = scalarType();
        String fold = fresh("fold");
        String t = fresh("t");
        String v = fresh("p");
        String pl = fresh("p");
        String pr = fresh("p");
        String a = fresh("v");
        String b = fresh("v");
        Env leafEnv = Env.EMPTY.with(t, tx).with(v, x);
        Env nodeEnv = Env.EMPTY.with(t, tx).with(a, y).with(b, y);
        List<Ast.Case> cases = new ArrayList<>();
        cases.add(new Ast.Case("Leaf{" + v + "}", block(y, leafEnv, 1)));
        cases.add(new Ast.Case("Node{" + pl + ", " + pr + "}", new Block(
                List.of(new Ast.ForkGroup(List.of(a, b), List.of(new Ast.Call(fold, List.of(new Ast.Var(pl)), false),
                        new Ast.Call(fold, List.of(new Ast.Var(pr)), false)))),
                new Ast.ExTail(expr(y, nodeEnv, 2)))));
        cases.add(new Ast.Case(chance(0.5) ? "Empty{}" : "_", block(y, Env.EMPTY.with(t, tx), 1)));
        cheap = saved;
        defs.add(new Ast.Def(fold, List.of(), List.of(new Ast.Param(t, tx)), y,
                new Block(List.of(), new Ast.Match(new Ast.Var(t), cases))));
        fns.add(new Fn(fold, List.of(tx), y, FnKind.FOLD));

        if (chance(0.5)) {
            String size = fresh("tsize");
            GType ta = new AdtT("Tree", List.of(new GType.Prim(Kind.U32) /* placeholder, generic */));
            String q = fresh("q");
            String ql = fresh("q");
            String qr = fresh("q");
            String sa = fresh("v");
            String sb = fresh("v");
            Block sizeBody = new Block(List.of(), new Ast.Match(new Ast.Var(q), List.of(
                    new Ast.Case("Node{left: " + ql + ", right: " + qr + "}", new Block(
                            List.of(new Ast.ForkGroup(List.of(sa, sb), List.of(
                                    new Ast.Call(size, List.of(new Ast.Var(ql)), false),
                                    new Ast.Call(size, List.of(new Ast.Var(qr)), false)))),
                            new Ast.ExTail(new Ast.Bin("+", new Ast.Bin("+", new Ast.Var(sa), new Ast.Var(sb)),
                                    Literals.integer(Kind.U32, 1))))),
                    new Ast.Case("Leaf{}", new Block(List.of(), new Ast.ExTail(Literals.integer(Kind.U32, 1)))),
                    new Ast.Case("_", new Block(List.of(), new Ast.ExTail(Literals.integer(Kind.U32, 0)))))));
            defs.add(new Ast.Def(size, List.of("A"), List.of(new Ast.Param(q, new AdtT("Tree", List.of(new GType.TypeVar("A"))))),
                    GType.U32, sizeBody));
            fns.add(new Fn(size, List.of(ta), GType.U32, FnKind.TSIZE));
        }
    }

    /** main printing a value: often a tuple of several, so that much of what was computed is seen. */
    private Ast.Def valueMain() {
        if (chance(0.3)) {
            GType t = type(2);
            return new Ast.Def("main", List.of(), List.of(), t, block(t, Env.EMPTY, 3));
        }
        List<GType> items = new ArrayList<>();
        for (int i = 0; i < 2 || (i < 6 && chance(0.6)); i++) {
            items.add(type(2));
        }
        // an updater's or sharer's result is shown as one more item, so that its stores are seen
        List<Fn> updaters = fns.stream()
                .filter(f -> f.kind() == FnKind.UPDATE || f.kind() == FnKind.SHARE || f.kind() == FnKind.ALIAS).toList();
        updaters.forEach(f -> items.add(f.result()));
        GType t = new TupleT(items);
        Block b = block(t, Env.EMPTY, 1);
        Env env = Env.EMPTY;
        for (Ast.Stmt st : b.stmts()) {
            env = env.with(bindings(st));
        }
        Env fin = env;
        int plain = items.size() - updaters.size();
        List<Ex> values = new ArrayList<>(items.subList(0, plain).stream().map(i -> expr(i, fin, 3)).toList());
        updaters.forEach(f -> values.add(callOf(f, fin, 2, false)));
        Ex tuple = new Ast.Tuple(values);
        return new Ast.Def("main", List.of(), List.of(), t, new Block(b.stmts(), new Ast.ExTail(tuple)));
    }

    /** The variables a statement of {@link #block} binds (their types come from the generator's records). */
    private List<Binding> bindings(Ast.Stmt st) {
        return lastBindings.getOrDefault(st, List.of());
    }

    private Ast.Def ioMain() {
        List<Ast.DoLine> lines = new ArrayList<>();
        Env[] env = {Env.EMPTY};
        for (int i = 0; i < 8; i++) {
            boolean first = i == 0;
            Ast.DoLine line = span(() -> first || chance(0.7) ? doLine(env) : null);
            if (line == null) {
                break;
            }
            lines.add(line);
        }
        lines.add(new Ast.Action(call("IO.print", expr(GType.STRING, env[0], 2))));
        return new Ast.Def("main", List.of(), List.of(), null, new Ast.DoBody(lines));
    }

    /** One line of main's do block; a binding extends {@code env[0]}. */
    private Ast.DoLine doLine(Env[] env) {
        Env e = env[0];
        switch (choose(5, 3, 2, 2, 2, 1, 1, 1, 4)) {
            case 0 -> {
                return new Ast.Action(call("IO.print", expr(GType.STRING, e, 3)));
            }
            case 8 -> {
                GType n = numericType();
                return new Ast.Action(call("IO.print", call(n + ".show", expr(n, e, 3))));
            }
            case 1 -> {
                String name = fresh("v");
                GType t = type(1);
                env[0] = e.with(name, t);
                return new Ast.PureLet(name, expr(t, e, 3));
            }
            case 2 -> {
                String name = fresh("v");
                GType t = type(1);
                env[0] = e.with(name, t);
                // Nothing else fixes the type of a bound action's result (an untyped lambda's
                // parameters, say): it is ascribed, as a programmer would write it.
                return new Ast.BindAction(name, call("IO.pure", new Ast.Ascribe(expr(t, e, 2), t)));
            }
            case 3 -> {
                return new Ast.When(expr(GType.BOOL, e, 2), call("IO.print", expr(GType.STRING, e, 2)));
            }
            case 4 -> {
                return new Ast.Action(call("IO.write", expr(GType.STRING, e, 2)));
            }
            case 5 -> {
                String name = fresh("v");
                env[0] = e.with(name, new ListT(GType.STRING));
                return new Ast.BindAction(name, call("IO.args"));
            }
            case 6 -> {
                return new Ast.Action(call("IO.exit", Literals.integer(Kind.U32, pick(4))));
            }
            case 7 -> {
                return new Ast.Action(call("IO.die", expr(GType.STRING, e, 1)));
            }
            default -> throw new IllegalStateException();
        }
    }

    private static Ast.Call call(String f, Ex... args) {
        return new Ast.Call(f, List.of(args), false);
    }

    // ------------------------------------------------------------------ blocks

    Block block(GType t, Env env, int d) {
        return span(() -> {
            List<Ast.Stmt> stmts = new ArrayList<>();
            Env e = env;
            while (d > 0 && stmts.size() < 3) {
                Env before = e;
                List<Binding> bound = new ArrayList<>();
                // two fork groups in a row would be one group, whose calls may not use each other's names
                boolean forkAllowed = stmts.isEmpty() || !(stmts.get(stmts.size() - 1) instanceof Ast.ForkGroup);
                Ast.Stmt st = span(() -> chance(0.4) ? stmt(before, d, bound, forkAllowed) : null);
                if (st == null) {
                    break;
                }
                stmts.add(st);
                lastBindings.put(st, bound);
                e = e.with(bound);
            }
            Env fin = e;
            int k = d > 0 ? choose(6, 2, 2) : 0;
            Ast.Tail tail = switch (k) {
                case 0 -> new Ast.ExTail(expr(t, fin, d));
                case 1 -> match(t, fin, d);
                default -> ifSt(t, fin, d);
            };
            return new Block(stmts, tail);
        });
    }

    private Ast.Stmt stmt(Env env, int d, List<Binding> bound, boolean forkAllowed) {
        int k = choose(6, 2, 1, cheap || !forkAllowed ? 0 : 2);
        switch (k) {
            case 0 -> {
                String name = fresh("v");
                GType t = type(1);
                bound.add(new Binding(name, t));
                return new Ast.Let(name, chance(0.3) ? t : null, new Ast.ExTail(expr(t, env, d - 1 + pick(2))));
            }
            case 1 -> {
                String name = fresh("v");
                GType t = type(1);
                bound.add(new Binding(name, t));
                return new Ast.Let(name, null, chance(0.6) ? match(t, env, d - 1) : ifSt(t, env, d - 1));
            }
            case 2 -> {
                GType a = type(1);
                GType b = type(1);
                Ex value = expr(new TupleT(List.of(a, b)), env, d - 1);
                String x = fresh("v");
                String y = fresh("v");
                bound.add(new Binding(x, a));
                bound.add(new Binding(y, b));
                return new Ast.Destructure(List.of(x, y), value);
            }
            default -> {
                List<Fn> callable = callable();
                if (callable.isEmpty()) {
                    return stmt(env, 0, bound, false);
                }
                int n = 1 + pick(3);
                List<String> names = new ArrayList<>();
                List<Ast.Call> calls = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    Fn f = callable.get(pick(callable.size()));
                    String name = fresh("v");
                    names.add(name);
                    java.util.Map<String, GType> typeArgs = instantiate(f, null, null);
                    calls.add(callOf(f, typeArgs, env, d - 1, false));
                    bound.add(new Binding(name, Types.substitute(f.result(), typeArgs)));
                }
                return new Ast.ForkGroup(names, calls);
            }
        }
    }

    /** User functions callable here: none inside recursive templates; the templates only from main. */
    private List<Fn> callable() {
        if (cheap) {
            return List.of();
        }
        // an aliaser is called only as one item of main's result (its call is a lambda's, not a fork's)
        return fns.stream().filter(f -> f.kind() != FnKind.ALIAS && (inMain || f.kind() == FnKind.PLAIN || f.kind() == FnKind.FOLD))
                .toList();
    }

    private Ast.Call callOf(Fn f, Env env, int d, boolean job) {
        return callOf(f, instantiate(f, null, null), env, d, job);
    }

    /**
     * Type arguments for a call of f: those that make its result {@code want} (when given), the
     * rest random. Null when the result cannot be {@code want}.
     */
    private java.util.Map<String, GType> instantiate(Fn f, GType want, Void unused) {
        java.util.Map<String, GType> map = new java.util.HashMap<>();
        if (want != null && !Types.unify(f.result(), want, map)) {
            return null;
        }
        for (String v : f.typeParams()) {
            if (!map.containsKey(v)) {
                map.put(v, type(0));
            }
        }
        return map;
    }

    private Ast.Call callOf(Fn f, java.util.Map<String, GType> typeArgs, Env env, int d, boolean job) {
        if (f.kind() == FnKind.ALIAS) {
            // alias(v, v, i): one array as both parameters, through a lambda's parameter v
            String v = fresh("v");
            GType array = f.params().get(0);
            Ex inner = new Ast.Call(f.name(), List.of(new Ast.Var(v), new Ast.Var(v), index(env, d)), job);
            return applyLambda(new Ast.Lambda(List.of(v), List.of(array), inner), expr(array, env, d));
        }
        List<Ex> args = new ArrayList<>();
        switch (f.kind()) {
            case DEEP, CONS -> {
                args.add(Literals.integer(Kind.NAT, depth()));
                args.add(expr(f.params().get(1), env, d));
            }
            case MUTUAL -> {
                args.add(Literals.integer(Kind.NAT, chance(0.5) ? pick(100) : pick((int) (100_000 * scale))));
                args.add(expr(f.params().get(1), env, d));
            }
            case BUILD -> {
                args.add(Literals.integer(Kind.U32, pick(7)));
                args.add(expr(f.params().get(1), env, d));
            }
            case UPDATE -> {
                args.add(expr(f.params().get(0), env, d));
                args.add(index(env, d));
                args.add(index(env, d));
            }
            default -> {
                for (GType p : f.params()) {
                    args.add(expr(Types.substitute(p, typeArgs), env, d));
                }
            }
        }
        return new Ast.Call(f.name(), args, job);
    }

    /** Recursion depth of a deep call: mostly small, often past the lane stack, sometimes thousands of levels. */
    private long depth() {
        return switch (choose(6, 3, 2, 1)) {
            case 0 -> pick(11);
            case 1 -> 11 + pick(300);
            case 2 -> 1000 + pick((int) (4000 * scale));
            default -> 5000 + pick((int) (15000 * scale));
        };
    }

    private Ast.Match match(GType t, Env env, int d) {
        GType s = scrutineeType();
        List<String> vars = env.ofType(s);
        Ex scrutinee = !vars.isEmpty() && chance(0.5) ? new Ast.Var(vars.get(pick(vars.size()))) : expr(s, env, d - 1);
        List<Ast.Case> cases = new ArrayList<>();
        List<List<Pat>> complete = chance(0.4) ? completePatterns(s) : null;
        if (complete != null) {
            for (Pat p : complete.get(0)) {
                cases.add(new Ast.Case(p.text(), block(t, env.with(p.binds()), d - 1)));
            }
        } else {
            int n = 1 + pick(3);
            for (int i = 0; i < n; i++) {
                Pat p = pattern(s, 2, true);
                cases.add(new Ast.Case(p.text(), block(t, env.with(p.binds()), d - 1)));
            }
            Pat last = chance(0.5) ? new Pat("_", List.of(), true) : varPat(s);
            cases.add(new Ast.Case(last.text(), block(t, env.with(last.binds()), d - 1)));
        }
        return new Ast.Match(scrutinee, cases);
    }

    private GType scrutineeType() {
        return span(() -> switch (choose(3, 2, 2, 3, 2, 2, 2, 2, 1, 1)) {
            case 0 -> GType.NAT;
            case 1 -> GType.BOOL;
            case 2 -> new MaybeT(type(0));
            case 3 -> new ListT(type(0));
            case 4 -> REC;
            case 5 -> tree(type(0));
            case 6 -> new TupleT(List.of(type(0), type(0)));
            case 7 -> chance(0.5) ? GType.U32 : GType.I32;
            case 8 -> GType.STRING;
            default -> GType.F64;
        });
    }

    private Ast.IfSt ifSt(GType t, Env env, int d) {
        int n = 1 + pick(2);
        List<Ex> conds = new ArrayList<>();
        List<Block> bodies = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            conds.add(expr(GType.BOOL, env, d - 1));
            bodies.add(block(t, env, d - 1));
        }
        return new Ast.IfSt(conds, bodies, block(t, env, d - 1));
    }

    // ------------------------------------------------------------------ patterns

    private Pat varPat(GType t) {
        String name = fresh("p");
        return new Pat(name, List.of(new Binding(name, t)), true);
    }

    /** A pattern for values of type t (refutable ones only when allowed and nest > 0). */
    private Pat pattern(GType t, int nest, boolean refutable) {
        return span(() -> {
            int k = choose(2, 3, nest > 0 && refutable ? 6 : 0);
            if (k == 0) {
                return new Pat("_", List.of(), true);
            } else if (k == 1) {
                return varPat(t);
            }
            return structured(t, nest);
        });
    }

    private Pat structured(GType t, int nest) {
        if (t instanceof Prim p) {
            return switch (p.kind()) {
                case BOOL -> new Pat(chance(0.5) ? "true" : "false", List.of(), false);
                case UNIT -> new Pat("()", List.of(), true);
                case STRING -> new Pat(Literals.quote(List.of("", "a", "ab", "0", "é").get(pick(5))), List.of(), false);
                case NAT -> natPattern();
                case F32, F64 -> new Pat(Literals.pattern(Literals.floating(p.kind(),
                        List.of(0.0, 1.0, -1.0, 0.5, 2.0, -0.0).get(pick(6)))), List.of(), false);
                default -> new Pat(Literals.pattern(intLiteral(p.kind(), true)), List.of(), false);
            };
        } else if (t instanceof TupleT tt) {
            List<Pat> parts = new ArrayList<>();
            for (GType item : tt.items()) {
                parts.add(pattern(item, nest - 1, true));
            }
            return join("(", parts, ")");
        } else if (t instanceof ListT l) {
            return switch (pick(4)) {
                case 0 -> new Pat("[]", List.of(), false);
                case 1 -> {
                    // a cons head that is itself a cons would need parentheses: keep list heads simple
                    Pat h = pattern(l.element(), l.element() instanceof ListT ? 0 : nest - 1, true);
                    // a cons tail chains without parentheses: h <> x <> t
                    Pat tl = chance(0.3) && nest > 1 ? structured(t, nest - 1) : pattern(t, 0, false);
                    yield new Pat(h.text() + " <> " + tl.text(), concat(h.binds(), tl.binds()), false);
                }
                case 2 -> join("[", List.of(pattern(l.element(), nest - 1, true)), "]").refutable();
                default -> join("[", List.of(pattern(l.element(), nest - 1, true), pattern(l.element(), nest - 1, true)),
                        "]").refutable();
            };
        } else if (t instanceof MaybeT m) {
            return switch (pick(4)) {
                case 0 -> new Pat("None{}", List.of(), false);
                case 1 -> new Pat("Some{}", List.of(), false);
                case 2 -> join("Some{value: ", List.of(pattern(m.element(), nest - 1, true)), "}").refutable();
                default -> join("Some{", List.of(pattern(m.element(), nest - 1, true)), "}").refutable();
            };
        } else if (t instanceof AdtT a && a.name().equals("Rec")) {
            Ctor k = recCtors.get(pick(recCtors.size()));
            boolean only = recCtors.size() == 1;
            if (k.fieldNames().isEmpty() || chance(0.2)) {
                return new Pat(k.name() + "{}", List.of(), only);
            }
            if (chance(0.3)) {
                int f = pick(k.fieldNames().size());
                Pat sub = pattern(k.fieldTypes().get(f), nest - 1, true);
                return new Pat(k.name() + "{" + k.fieldNames().get(f) + ": " + sub.text() + "}", sub.binds(),
                        only && sub.irrefutable());
            }
            List<Pat> parts = new ArrayList<>();
            for (GType ft : k.fieldTypes()) {
                parts.add(pattern(ft, nest - 1, true));
            }
            Pat p = join(k.name() + "{", parts, "}");
            return only ? p : p.refutable();
        } else if (t instanceof AdtT a && a.name().equals("Tree")) {
            GType x = a.args().get(0);
            return switch (pick(5)) {
                case 0 -> new Pat("Empty{}", List.of(), false);
                case 1 -> join("Leaf{", List.of(pattern(x, nest - 1, true)), "}").refutable();
                case 2 -> join("Node{", List.of(pattern(t, nest - 1, true), pattern(t, nest - 1, true)), "}").refutable();
                case 3 -> join("Node{left: ", List.of(pattern(t, nest - 1, true)), "}").refutable();
                default -> new Pat("Leaf{}", List.of(), false);
            };
        }
        return varPat(t);
    }

    private Pat natPattern() {
        return switch (pick(3)) {
            case 0 -> new Pat(pick(4) + "n", List.of(), false);
            case 1 -> {
                Pat rest = varPat(GType.NAT);
                yield new Pat((1 + pick(3)) + "n+" + rest.text(), rest.binds(), false);
            }
            default -> new Pat("0n", List.of(), false);
        };
    }

    private static Pat join(String open, List<Pat> parts, String close) {
        StringBuilder sb = new StringBuilder(open);
        List<Binding> binds = new ArrayList<>();
        boolean irrefutable = true;
        for (int i = 0; i < parts.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(parts.get(i).text());
            binds.addAll(parts.get(i).binds());
            irrefutable &= parts.get(i).irrefutable();
        }
        return new Pat(sb.append(close).toString(), binds, irrefutable);
    }

    private static List<Binding> concat(List<Binding> a, List<Binding> b) {
        List<Binding> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** Patterns that cover every value of t together, each binding its parts, or null for types that need a catch-all. */
    private List<List<Pat>> completePatterns(GType t) {
        List<Pat> ps = new ArrayList<>();
        if (t.equals(GType.BOOL)) {
            ps.add(new Pat("true", List.of(), false));
            ps.add(new Pat("false", List.of(), false));
        } else if (t.equals(GType.NAT)) {
            ps.add(new Pat("0n", List.of(), false));
            Pat p = varPat(GType.NAT);
            ps.add(new Pat("1n+" + p.text(), p.binds(), false));
        } else if (t instanceof ListT l) {
            ps.add(new Pat("[]", List.of(), false));
            Pat h = pattern(l.element(), 0, false);
            Pat tl = pattern(t, 0, false);
            ps.add(new Pat(h.text() + " <> " + tl.text(), concat(h.binds(), tl.binds()), false));
        } else if (t instanceof MaybeT m) {
            ps.add(new Pat("None{}", List.of(), false));
            ps.add(join("Some{", List.of(pattern(m.element(), 0, false)), "}"));
        } else if (t.equals(REC)) {
            for (Ctor k : recCtors) {
                List<Pat> parts = new ArrayList<>();
                for (GType ft : k.fieldTypes()) {
                    parts.add(pattern(ft, 0, false));
                }
                ps.add(parts.isEmpty() ? new Pat(k.name() + "{}", List.of(), false) : join(k.name() + "{", parts, "}"));
            }
        } else if (t instanceof AdtT a && a.name().equals("Tree")) {
            ps.add(join("Leaf{", List.of(pattern(a.args().get(0), 0, false)), "}"));
            ps.add(join("Node{", List.of(pattern(t, 0, false), pattern(t, 0, false)), "}"));
            ps.add(new Pat("Empty{}", List.of(), false));
        } else if (t instanceof TupleT tt) {
            List<Pat> parts = new ArrayList<>();
            for (GType item : tt.items()) {
                parts.add(pattern(item, 0, false));
            }
            ps.add(join("(", parts, ")"));
        } else {
            return null;
        }
        if (ps.size() > 1 && chance(0.5)) { // any order covers
            ps.add(ps.remove(0));
        }
        return List.of(ps);
    }

    // ------------------------------------------------------------------ expressions

    Ex expr(GType t, Env env, int d) {
        return span(() -> exprNow(t, env, d));
    }

    private Ex exprNow(GType t, Env env, int d) {
        List<Alt> alts = new ArrayList<>();
        alts.add(new Alt(5, () -> leaf(t, env)));
        if (d > 0) {
            alts.add(new Alt(2, () -> new Ast.IfEx(expr(GType.BOOL, env, d - 1), expr(t, env, d - 1), expr(t, env, d - 1))));
            typed(alts, t, env, d);
            if (!arith) {
                generic(alts, t, env, d);
            }
        }
        return chooseAlt(alts);
    }

    private Ex leaf(GType t, Env env) {
        List<String> vars = env.ofType(t);
        if (!vars.isEmpty() && chance(0.6)) {
            return new Ast.Var(vars.get(pick(vars.size())));
        }
        return literal(t, env);
    }

    /** A simple value of type t (for functions: a small lambda). */
    private Ex literal(GType t, Env env) {
        if (t instanceof Prim p) {
            return switch (p.kind()) {
                case BOOL -> Literals.bool(chance(0.5));
                case UNIT -> Literals.unit();
                case STRING -> Literals.string(text());
                case F32, F64 -> Literals.floating(p.kind(), floatValue(p.kind()));
                default -> intLiteral(p.kind(), false);
            };
        } else if (t instanceof ListT l) {
            int n = pick(4);
            if (n == 0) {
                return new Ast.Ascribe(new Ast.ListLit(List.of()), t);
            }
            List<Ex> items = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                items.add(leaf(l.element(), env));
            }
            return new Ast.ListLit(items);
        } else if (t instanceof ArrayT a) {
            Ex list = literal(new ListT(a.element()), env);
            return chance(0.7) ? call("Array.from_list", list)
                    : call("Array.fill", Literals.integer(Kind.U32, chance(0.1) ? 0 : 1 + pick(3)), leaf(a.element(), env));
        } else if (t instanceof TupleT tt) {
            List<Ex> items = new ArrayList<>();
            for (GType item : tt.items()) {
                items.add(leaf(item, env));
            }
            return new Ast.Tuple(items);
        } else if (t instanceof MaybeT m) {
            return chance(0.3) ? new Ast.Ascribe(new Ast.Construct("None", null, List.of()), t)
                    : new Ast.Construct("Some", null, List.of(leaf(m.element(), env)));
        } else if (t.equals(REC)) {
            return construct(simplestCtor(), env, 0);
        } else if (t instanceof AdtT a && a.name().equals("Tree")) {
            return chance(0.2) ? new Ast.Ascribe(new Ast.Construct("Empty", null, List.of()), t)
                    : new Ast.Construct("Leaf", null, List.of(leaf(a.args().get(0), env)));
        } else if (t instanceof FnT f) {
            return lambda(f, env, 0, true);
        } else if (t instanceof GType.TypeVar) {
            List<String> vars = env.ofType(t);
            if (vars.isEmpty()) {
                throw new IllegalStateException("no value of type " + t + " in scope");
            }
            return new Ast.Var(vars.get(pick(vars.size())));
        }
        throw new IllegalArgumentException("no literal for " + t);
    }

    private Ctor simplestCtor() {
        List<Ctor> flat = recCtors.stream().filter(k -> !k.fieldTypes().contains(REC)).toList();
        return flat.get(pick(flat.size()));
    }

    private Ex construct(Ctor k, Env env, int d) {
        List<Ex> fields = new ArrayList<>();
        for (GType ft : k.fieldTypes()) {
            fields.add(d > 0 ? expr(ft, env, d - 1) : leaf(ft, env));
        }
        if (fields.size() > 1 && chance(0.3)) { // named, in reverse order (evaluated in declaration order)
            List<String> names = new ArrayList<>(k.fieldNames());
            java.util.Collections.reverse(names);
            List<Ex> rev = new ArrayList<>(fields);
            java.util.Collections.reverse(rev);
            return new Ast.Construct(k.name(), names, rev);
        }
        return new Ast.Construct(k.name(), null, fields);
    }

    private Ex lambda(FnT f, Env env, int d, boolean typed) {
        List<String> names = new ArrayList<>();
        Env e = env;
        for (GType p : f.params()) {
            String n = fresh("x");
            names.add(n);
            e = e.with(n, p);
        }
        return new Ast.Lambda(names, typed ? f.params() : null, d > 0 ? expr(f.result(), e, d - 1) : leaf(f.result(), e));
    }

    private String text() {
        String[] alphabet = {"a", "b", "c", "x", "y", "z", " ", ",", "0", "7", "é", "😀", "\n", "\t", "\"", "\\", "\u001b", "\0",
            "\u0085", "Ω"};
        int n = pick(6);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(alphabet[choose(6, 4, 3, 3, 2, 2, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)]);
        }
        return sb.toString();
    }

    private double floatValue(Kind kind) {
        return switch (choose(4, 4, 2, 1)) {
            case 0 -> pick(21) - 10;
            case 1 -> Literals.FLOAT_EDGES[pick(Literals.FLOAT_EDGES.length)];
            case 3 -> kind == Kind.F32 ? Math.scalb(1.0, pick(277) - 149) : Math.scalb(1.0, pick(2098) - 1074);
            default -> {
                double v = Double.longBitsToDouble(c.draw(Long.MAX_VALUE) * (chance(0.5) ? 1 : -1));
                yield Double.isNaN(v) ? 0.25 : v;
            }
        };
    }

    private Ex intLiteral(Kind kind, boolean small) {
        long[] edges = switch (kind) {
            case U32 -> Literals.U32_EDGES;
            case I32 -> Literals.I32_EDGES;
            case U64 -> Literals.U64_EDGES;
            case I64 -> Literals.I64_EDGES;
            default -> Literals.NAT_EDGES;
        };
        boolean fixed = kind != Kind.NAT;
        long v = switch (small ? 0 : fixed ? choose(4, 4, 2) : choose(8, 3, 1)) {
            case 0 -> pick(11) - (kind == Kind.I32 || kind == Kind.I64 ? pick(6) : 0);
            case 1 -> edges[pick(edges.length)];
            default -> kind == Kind.NAT ? c.draw(Long.MAX_VALUE) : c.draw(Long.MAX_VALUE) * (chance(0.5) ? 1 : -1);
        };
        return Literals.integer(kind, v);
    }

    /** Alternatives that produce a value of type t by an operation specific to t. */
    private void typed(List<Alt> alts, GType t, Env env, int d) {
        if (t instanceof Prim p && p.numeric()) {
            numeric(alts, p, env, d);
        } else if (t.equals(GType.BOOL)) {
            bool(alts, env, d);
        } else if (t.equals(GType.STRING)) {
            string(alts, env, d);
        } else if (t instanceof ListT l) {
            list(alts, l, env, d);
        } else if (t instanceof ArrayT a) {
            array(alts, a, env, d);
        } else if (t instanceof TupleT tt) {
            alts.add(new Alt(3, () -> new Ast.Tuple(tt.items().stream().map(i -> expr(i, env, d - 1)).toList())));
            if (tt.items().size() == 2) {
                alts.add(new Alt(1, () -> call("Tuple.swap", expr(new TupleT(List.of(tt.items().get(1), tt.items().get(0))),
                        env, d - 1))));
            }
        } else if (t instanceof MaybeT m) {
            maybe(alts, m, env, d);
        } else if (t.equals(REC)) {
            alts.add(new Alt(4, () -> construct(recCtors.get(pick(recCtors.size())), env, d)));
        } else if (t instanceof AdtT a && a.name().equals("Tree")) {
            alts.add(new Alt(2, () -> new Ast.Construct("Leaf", null, List.of(expr(a.args().get(0), env, d - 1)))));
            alts.add(new Alt(2, () -> chance(0.5)
                    ? new Ast.Construct("Node", null, List.of(expr(t, env, d - 1), expr(t, env, d - 1)))
                    : new Ast.Construct("Node", List.of("right", "left"), List.of(expr(t, env, d - 1), expr(t, env, d - 1)))));
        } else if (t instanceof FnT f) {
            // Here no type may flow into the lambda (`v = \x -> ~x`, or an argument of
            // List.length), and a body that uses its parameters only through operators does not
            // fix their types: the program would be ambiguous. So a lambda without parameter
            // types is ascribed, which still checks the unannotated form against a known type.
            alts.add(new Alt(4, () -> {
                boolean typed = chance(0.5);
                Ex lambda = lambda(f, env, d, typed);
                return typed ? lambda : new Ast.Ascribe(lambda, f);
            }));
            List<Fn> named = fns.stream().filter(fn -> fn.kind() == FnKind.PLAIN && fn.typeParams().isEmpty()
                    && fn.params().equals(f.params())
                    && fn.result().equals(f.result())).toList();
            if (!named.isEmpty() && !cheap) {
                alts.add(new Alt(2, () -> new Ast.Var(named.get(pick(named.size())).name())));
            }
        }
    }

    private void numeric(List<Alt> alts, Prim p, Env env, int d) {
        GType t = p;
        alts.add(new Alt(6, () -> new Ast.Bin(List.of("+", "-", "*").get(pick(3)), expr(t, env, d - 1), expr(t, env, d - 1))));
        alts.add(new Alt(3, () -> new Ast.Bin(chance(0.5) ? "/" : "%", expr(t, env, d - 1), divisor(p, env, d - 1))));
        if (p.fixedInt()) {
            alts.add(new Alt(3, () -> new Ast.Bin(List.of("&", "|", "^", "<<", ">>").get(pick(5)), expr(t, env, d - 1),
                    expr(t, env, d - 1))));
            alts.add(new Alt(1, () -> new Ast.Un("~", expr(t, env, d - 1))));
        }
        if (p.signed()) {
            alts.add(new Alt(1, () -> new Ast.Un("-", expr(t, env, d - 1))));
            alts.add(new Alt(1, () -> call(p + ".abs", expr(t, env, d - 1))));
        }
        alts.add(new Alt(4, () -> {
            GType from = numericType();
            if (from.equals(t)) {
                return expr(t, env, d - 1);
            }
            return call(from + ".to_" + p.suffix(), expr(from, env, d - 1));
        }));
        alts.add(new Alt(1, () -> call(p + (chance(0.5) ? ".min" : ".max"), expr(t, env, d - 1), expr(t, env, d - 1))));
        if (p.floating()) {
            alts.add(new Alt(2, () -> call(p + "." + List.of("sqrt", "floor", "ceil", "abs").get(pick(4)), expr(t, env, d - 1))));
            if (!cheap) {
                alts.add(new Alt(1, () -> {
                    String f = List.of("exp", "log", "sin", "cos", "tanh", "expm1", "pow").get(pick(7));
                    return f.equals("pow") ? call(p + ".pow", expr(t, env, d - 1), expr(t, env, d - 1))
                            : call(p + "." + f, expr(t, env, d - 1));
                }));
            }
        }
        if (arith) {
            return;
        }
        if (p.kind() == Kind.U32) {
            alts.add(new Alt(2, () -> call("List.length", expr(new ListT(type(0)), env, d - 1))));
            alts.add(new Alt(1, () -> call("Array.len", expr(new ArrayT(type(0)), env, d - 1))));
            alts.add(new Alt(1, () -> call("String.len", expr(GType.STRING, env, d - 1))));
            alts.add(new Alt(1, () -> call("List.sum", expr(new ListT(GType.U32), env, d - 1))));
        }
        if (p.kind() == Kind.I32) {
            alts.add(new Alt(1, () -> call("String.compare", expr(GType.STRING, env, d - 1), expr(GType.STRING, env, d - 1))));
        }
        if (p.kind() == Kind.U32 && !cheap) {
            fns.stream().filter(f -> f.kind() == FnKind.TSIZE).findFirst().ifPresent(f -> alts.add(new Alt(1, () ->
                    call(f.name(), expr(tree(type(0)), env, d - 1)))));
        }
    }

    /** A divisor: usually a non-zero literal, sometimes anything (so division by zero happens). */
    private Ex divisor(Prim p, Env env, int d) {
        if (chance(arith ? 0.05 : 0.3)) {
            return expr(p, env, d);
        }
        if (p.floating()) {
            return Literals.floating(p.kind(), 1 + pick(7));
        }
        return Literals.integer(p.kind(), 1 + pick(9));
    }

    private void bool(List<Alt> alts, Env env, int d) {
        alts.add(new Alt(5, () -> {
            GType s = orderedType();
            return new Ast.Bin(List.of("<", "<=", ">", ">=").get(pick(4)), expr(s, env, d - 1), expr(s, env, d - 1));
        }));
        alts.add(new Alt(3, () -> {
            GType s = chance(0.2) ? GType.BOOL : scalarType();
            return new Ast.Bin(chance(0.5) ? "==" : "!=", expr(s, env, d - 1), expr(s, env, d - 1));
        }));
        alts.add(new Alt(3, () -> new Ast.Bin(chance(0.5) ? "and" : "or", expr(GType.BOOL, env, d - 1),
                expr(GType.BOOL, env, d - 1))));
        alts.add(new Alt(1, () -> new Ast.Un("not", expr(GType.BOOL, env, d - 1))));
        alts.add(new Alt(1, () -> {
            GType f = chance(0.5) ? GType.F32 : GType.F64;
            return call(f + ".is_nan", expr(f, env, d - 1));
        }));
        if (arith) {
            return;
        }
        alts.add(new Alt(2, () -> {
            GType x = type(0);
            return call(chance(0.5) ? "List.any" : "List.all", expr(new ListT(x), env, d - 1),
                    lambda(new FnT(List.of(x), GType.BOOL), env, d, false));
        }));
        alts.add(new Alt(1, () -> call("List.is_empty", expr(new ListT(type(0)), env, d - 1))));
        alts.add(new Alt(1, () -> call(chance(0.5) ? "Maybe.is_some" : "Maybe.is_none", expr(new MaybeT(type(0)), env, d - 1))));
        alts.add(new Alt(1, () -> call("String.is_empty", expr(GType.STRING, env, d - 1))));
    }

    private void string(List<Alt> alts, Env env, int d) {
        alts.add(new Alt(5, () -> {
            GType n = numericType();
            return call(n + ".show", expr(n, env, d - 1));
        }));
        alts.add(new Alt(1, () -> call("Bool.show", expr(GType.BOOL, env, d - 1))));
        alts.add(new Alt(4, () -> new Ast.Bin("++", expr(GType.STRING, env, d - 1), expr(GType.STRING, env, d - 1))));
        alts.add(new Alt(1, () -> call("String.join", expr(new ListT(GType.STRING), env, d - 1), expr(GType.STRING, env, 0))));
        alts.add(new Alt(1, () -> call("String.concat", expr(new ListT(GType.STRING), env, d - 1))));
        alts.add(new Alt(1, () -> call("String.slice", expr(GType.STRING, env, d - 1), small(env, d - 1, 6), small(env, d - 1, 7))));
        alts.add(new Alt(1, () -> call("String.repeat", expr(GType.STRING, env, d - 1), small(env, d - 1, 4))));
        alts.add(new Alt(2, () -> {
            boolean f32 = chance(0.5);
            return call(f32 ? "F32.fmt" : "F64.fmt", expr(f32 ? GType.F32 : GType.F64, env, d - 1),
                    Literals.integer(Kind.U32, pick(7)));
        }));
        alts.add(new Alt(1, () -> call("String.from_code_points", expr(new ListT(GType.U32), env, d - 1))));
        alts.add(new Alt(1, () -> call("List.head_or", call("String.split", expr(GType.STRING, env, d - 1),
                expr(GType.STRING, env, 0)), Literals.string("-"))));
    }

    /** A U32 below {@code bound}, usually: {@code (e % bound)}. */
    private Ex small(Env env, int d, int bound) {
        if (chance(0.5)) {
            return Literals.integer(Kind.U32, pick(bound + 1));
        }
        return new Ast.Bin("%", expr(GType.U32, env, d), Literals.integer(Kind.U32, bound));
    }

    private void list(List<Alt> alts, ListT l, Env env, int d) {
        GType x = l.element();
        alts.add(new Alt(3, () -> {
            int n = pick(4);
            if (n == 0) {
                return new Ast.Ascribe(new Ast.ListLit(List.of()), l);
            }
            List<Ex> items = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                items.add(expr(x, env, d - 1));
            }
            return new Ast.ListLit(items);
        }));
        alts.add(new Alt(3, () -> new Ast.Bin("<>", expr(x, env, d - 1), expr(l, env, d - 1))));
        alts.add(new Alt(2, () -> new Ast.Bin("++", expr(l, env, d - 1), expr(l, env, d - 1))));
        alts.add(new Alt(3, () -> {
            GType y = type(0);
            return call("List.map", expr(new ListT(y), env, d - 1), lambda(new FnT(List.of(y), x), env, d, false));
        }));
        alts.add(new Alt(2, () -> call("List.filter", expr(l, env, d - 1), lambda(new FnT(List.of(x), GType.BOOL), env, d, false))));
        alts.add(new Alt(1, () -> call("List.reverse", expr(l, env, d - 1))));
        alts.add(new Alt(1, () -> call(chance(0.5) ? "List.take" : "List.drop", expr(l, env, d - 1), expr(GType.U32, env, 0))));
        alts.add(new Alt(1, () -> call("Array.to_list", expr(new ArrayT(x), env, d - 1))));
        // persistence: an array before and after an update, both used (an in-place update must not show);
        // the array is a variable in scope or a lambda parameter: (\(a: Array<X>) -> ...)(array)
        alts.add(new Alt(2, () -> {
            List<String> arrays = env.ofType(new ArrayT(x));
            boolean inScope = !arrays.isEmpty() && chance(0.5);
            String name = inScope ? arrays.get(pick(arrays.size())) : fresh("x");
            Ex a = new Ast.Var(name);
            Ex at = chance(0.8) ? Literals.integer(Kind.U32, 0) : index(env, d - 1);
            Ex body = new Ast.Bin("++", call("Array.to_list", call("Array.set", a, at, expr(x, env, d - 1))),
                    call("Array.to_list", a));
            return inScope ? body : applyLambda(new Ast.Lambda(List.of(name), List.of(new ArrayT(x)), body),
                    expr(new ArrayT(x), env, d - 1));
        }));
        alts.add(new Alt(1, () -> call("List.concat", new Ast.ListLit(List.of(expr(l, env, d - 1), expr(l, env, d - 1))))));
        alts.add(new Alt(1, () -> call("List.repeat", expr(x, env, d - 1), small(env, d - 1, 4))));
        if (GType.hasOrder(x)) {
            alts.add(new Alt(1, () -> {
                String a = fresh("x");
                String b = fresh("x");
                return call("List.sort_by", expr(l, env, d - 1), new Ast.Lambda(List.of(a, b), null,
                        new Ast.Bin(chance(0.5) ? "<" : ">=", new Ast.Var(a), new Ast.Var(b))));
            }));
        }
        if (x.equals(GType.U32)) {
            alts.add(new Alt(2, () -> call("List.range", small(env, d - 1, 9), small(env, d - 1, 9))));
            alts.add(new Alt(1, () -> call("List.sort", expr(l, env, d - 1))));
            alts.add(new Alt(1, () -> call("String.code_points", expr(GType.STRING, env, d - 1))));
        }
        if (x.equals(GType.STRING)) {
            alts.add(new Alt(2, () -> call("String.split", expr(GType.STRING, env, d - 1), expr(GType.STRING, env, 0))));
        }
        if (x instanceof TupleT tt && tt.items().size() == 2) {
            alts.add(new Alt(2, () -> call("List.zip", expr(new ListT(tt.items().get(0)), env, d - 1),
                    expr(new ListT(tt.items().get(1)), env, d - 1))));
        }
    }

    private void array(List<Alt> alts, ArrayT a, Env env, int d) {
        GType x = a.element();
        alts.add(new Alt(3, () -> call("Array.from_list", expr(new ListT(x), env, d - 1))));
        alts.add(new Alt(3, () -> {
            String i = fresh("x");
            return call("Array.gen", small(env, d - 1, 6), new Ast.Lambda(List.of(i), null, expr(x, env.with(i, GType.U32), d - 1)));
        }));
        alts.add(new Alt(1, () -> call("Array.fill", small(env, d - 1, 5), expr(x, env, d - 1))));
        alts.add(new Alt(3, () -> call("Array.set", expr(a, env, d - 1), index(env, d - 1), expr(x, env, d - 1))));
        alts.add(new Alt(2, () -> {
            GType y = type(0);
            return call("Array.map", expr(new ArrayT(y), env, d - 1), lambda(new FnT(List.of(y), x), env, d, false));
        }));
        alts.add(new Alt(1, () -> call("Array.slice", expr(a, env, d - 1), index(env, d - 1), index(env, d - 1))));
    }

    /** An array index: mostly in 0 .. 3 (arrays are small, so out of range happens), sometimes anything. */
    private Ex index(Env env, int d) {
        return switch (choose(7, 2, 1)) {
            case 0 -> Literals.integer(Kind.U32, chance(0.8) ? 0 : 1);
            case 1 -> new Ast.Bin("%", expr(GType.U32, env, d), Literals.integer(Kind.U32, 3));
            default -> expr(GType.U32, env, d);
        };
    }

    private void maybe(List<Alt> alts, MaybeT m, Env env, int d) {
        GType x = m.element();
        alts.add(new Alt(3, () -> new Ast.Construct("Some", null, List.of(expr(x, env, d - 1)))));
        alts.add(new Alt(2, () -> call("List.find", expr(new ListT(x), env, d - 1), lambda(new FnT(List.of(x), GType.BOOL),
                env, d, false))));
        alts.add(new Alt(2, () -> {
            GType y = type(0);
            return call("Maybe.map", expr(new MaybeT(y), env, d - 1), lambda(new FnT(List.of(y), x), env, d, false));
        }));
        alts.add(new Alt(1, () -> {
            GType y = type(0);
            return call("Maybe.and_then", expr(new MaybeT(y), env, d - 1), lambda(new FnT(List.of(y), m), env, d, false));
        }));
        if (x instanceof Prim p && p.numeric()) {
            alts.add(new Alt(2, () -> call(p + ".parse", chance(0.6) ? call(p + ".show", expr(x, env, d - 1))
                    : expr(GType.STRING, env, d - 1))));
        }
    }

    /** Alternatives for every type: folds, lookups, calls, closures. */
    private void generic(List<Alt> alts, GType t, Env env, int d) {
        alts.add(new Alt(2, () -> {
            GType y = type(0);
            String acc = fresh("x");
            String item = fresh("x");
            return call("List.fold", expr(new ListT(y), env, d - 1), expr(t, env, d - 1),
                    new Ast.Lambda(List.of(acc, item), null, expr(t, env.with(acc, t).with(item, y), d - 1)));
        }));
        alts.add(new Alt(1, () -> {
            GType y = type(0);
            String acc = fresh("x");
            String item = fresh("x");
            return call("Array.fold", expr(new ArrayT(y), env, d - 1), expr(t, env, d - 1),
                    new Ast.Lambda(List.of(acc, item), null, expr(t, env.with(acc, t).with(item, y), d - 1)));
        }));
        alts.add(new Alt(1, () -> call("List.head_or", expr(new ListT(t), env, d - 1), expr(t, env, d - 1))));
        alts.add(new Alt(1, () -> new Ast.Index(expr(new ArrayT(t), env, d - 1), index(env, d - 1))));
        alts.add(new Alt(1, () -> call("Maybe.with_default", expr(new MaybeT(t), env, d - 1), expr(t, env, d - 1))));
        alts.add(new Alt(1, () -> {
            boolean first = chance(0.5);
            GType other = type(0);
            return call(first ? "Tuple.fst" : "Tuple.snd", expr(new TupleT(first ? List.of(t, other) : List.of(other, t)),
                    env, d - 1));
        }));
        if (chance(0.1)) {
            alts.add(new Alt(1, () -> call("List.nth", expr(new ListT(t), env, d - 1), small(env, d - 1, 4))));
        }
        alts.add(new Alt(1, () -> new Ast.Ascribe(expr(t, env, d - 1), t)));
        List<Binding> closures = env.vars().stream().filter(b -> b.type() instanceof FnT f && f.result().equals(t)).toList();
        if (!closures.isEmpty()) {
            alts.add(new Alt(3, () -> {
                Binding b = closures.get(pick(closures.size()));
                FnT f = (FnT) b.type();
                return new Ast.Call(b.name(), f.params().stream().map(p -> expr(p, env, d - 1)).toList(), false);
            }));
        }
        alts.add(new Alt(1, () -> {
            GType y = type(0);
            return applyLambda(lambda(new FnT(List.of(y), t), env, d, true), expr(y, env, d - 1));
        }));
        List<Fn> callable = callable().stream().filter(f -> Types.unify(f.result(), t, new java.util.HashMap<>())).toList();
        if (!callable.isEmpty()) {
            alts.add(new Alt(4, () -> {
                Fn f = callable.get(pick(callable.size()));
                return callOf(f, instantiate(f, t, null), env, d - 1, chance(0.2));
            }));
        }
    }

    /** {@code (\(x: Y) -> e)(arg)}: printed as a call whose callee is the parenthesised lambda. */
    private static Ast.Call applyLambda(Ex lambda, Ex arg) {
        return new Ast.Call(Printer.expr(lambda), List.of(arg), false);
    }
}
