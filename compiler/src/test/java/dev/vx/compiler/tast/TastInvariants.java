package dev.vx.compiler.tast;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.types.AdtType;
import dev.vx.compiler.types.FunctionType;
import dev.vx.compiler.types.IoType;
import dev.vx.compiler.types.ListType;
import dev.vx.compiler.types.ParamType;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.StringType;
import dev.vx.compiler.types.TupleType;
import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import dev.vx.compiler.types.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Checks what the typed AST promises the back end: every node typed and placed, types
 * consistent between a node and its parts, every local bound before use, type arguments
 * matching type parameters, literal words in their type's range. Throws
 * {@link AssertionError} naming the function and the node.
 */
public final class TastInvariants {
    private final FunctionDef function;
    private final Set<Local> bound = Collections.newSetFromMap(new IdentityHashMap<>());

    private TastInvariants(FunctionDef function) {
        this.function = function;
        bound.addAll(function.params());
    }

    public static void check(Program program) {
        require(program.main() != null, "no main", null);
        for (FunctionDef f : program.functions()) {
            require(f.body() != null, "no body of " + f.name(), null);
            TastInvariants v = new TastInvariants(f);
            v.expr(f.body());
            v.same(f.resultType(), f.body().type(), f.body());
        }
    }

    private static void require(boolean ok, String what, Object node) {
        if (!ok) {
            throw new AssertionError(what + (node != null ? ": " + node : ""));
        }
    }

    private void fail(String what, Object node) {
        throw new AssertionError(function.name() + ": " + what + ": " + node);
    }

    private void same(Type expected, Type actual, Object node) {
        if (!expected.equals(actual)) {
            fail("expected " + expected + ", found " + actual, node);
        }
    }

    /** Only the enclosing function's type parameters may appear. */
    private void wellFormed(Type t, Object node) {
        if (t == null) {
            fail("no type", node);
        } else if (t instanceof ParamType p) {
            if (!function.typeParams().contains(p.param())) {
                fail("foreign type parameter " + p, node);
            }
        } else if (t instanceof ListType l) {
            wellFormed(l.element(), node);
        } else if (t instanceof dev.vx.compiler.types.ArrayType a) {
            wellFormed(a.element(), node);
        } else if (t instanceof TupleType tt) {
            if (tt.elements().size() < 2) {
                fail("tuple of fewer than two", node);
            }
            tt.elements().forEach(e -> wellFormed(e, node));
        } else if (t instanceof FunctionType f) {
            f.params().forEach(p -> wellFormed(p, node));
            wellFormed(f.result(), node);
        } else if (t instanceof IoType io) {
            wellFormed(io.result(), node);
        } else if (t instanceof AdtType a) {
            if (a.args().size() != a.decl().typeParams().size()) {
                fail("wrong number of type arguments", node);
            }
            a.args().forEach(e -> wellFormed(e, node));
        }
    }

    private Type instantiate(Type t, List<TypeParam> params, List<Type> args, Object node) {
        if (params.size() != args.size()) {
            fail("wrong number of type arguments", node);
        }
        args.forEach(a -> wellFormed(a, node));
        return Types.substitute(t, params, args);
    }

    private void call(FunctionType signature, List<Expr> args, Type result, Object node) {
        if (signature.params().size() != args.size()) {
            fail("wrong number of arguments", node);
        }
        for (int i = 0; i < args.size(); i++) {
            expr(args.get(i));
            same(signature.params().get(i), args.get(i).type(), node);
        }
        same(signature.result(), result, node);
    }

    private static boolean fits(Scalar kind, long word) {
        return switch (kind) {
            case BOOL -> word == 0 || word == 1;
            case UNIT -> word == 0;
            case U32, F32 -> word >>> 32 == 0;
            case I32 -> word == (int) word;
            case NAT -> word >= 0;
            default -> true;
        };
    }

    private void expr(Expr e) {
        require(e.span() != null, function.name() + ": no span", e);
        wellFormed(e.type(), e);
        if (e instanceof Expr.Literal l) {
            if (!(l.type() instanceof ScalarType s) || !fits(s.kind(), l.word())) {
                fail("bad literal", e);
            }
        } else if (e instanceof Expr.StringLit) {
            same(StringType.INSTANCE, e.type(), e);
        } else if (e instanceof Expr.LocalRef r) {
            if (!bound.contains(r.local())) {
                fail("unbound local " + r.local(), e);
            }
            same(r.local().type(), e.type(), e);
        } else if (e instanceof Expr.FunctionRef f) {
            same(instantiate(f.function().type(), f.function().typeParams(), f.typeArgs(), e), e.type(), e);
        } else if (e instanceof Expr.BuiltinRef b) {
            same(instantiate(b.builtin().type(), b.builtin().typeParams(), b.typeArgs(), e), e.type(), e);
        } else if (e instanceof Expr.Call c) {
            call((FunctionType) instantiate(c.function().type(), c.function().typeParams(), c.typeArgs(), e), c.args(),
                    e.type(), e);
        } else if (e instanceof Expr.Job j) {
            call((FunctionType) instantiate(j.function().type(), j.function().typeParams(), j.typeArgs(), e), j.args(),
                    e.type(), e);
        } else if (e instanceof Expr.BuiltinCall b) {
            call((FunctionType) instantiate(b.builtin().type(), b.builtin().typeParams(), b.typeArgs(), e), b.args(),
                    e.type(), e);
        } else if (e instanceof Expr.ClosureCall c) {
            expr(c.callee());
            if (!(c.callee().type() instanceof FunctionType f)) {
                fail("calling a non-function", e);
                return;
            }
            call(f, c.args(), e.type(), e);
        } else if (e instanceof Expr.Construct c) {
            AdtType t = (AdtType) e.type();
            if (t.decl() != c.constructor().decl() || !t.args().equals(c.typeArgs())) {
                fail("constructor of another type", e);
            }
            List<Type> fields = t.fieldTypes(c.constructor());
            if (fields.size() != c.fields().size()) {
                fail("wrong number of fields", e);
            }
            for (int i = 0; i < fields.size(); i++) {
                expr(c.fields().get(i));
                same(fields.get(i), c.fields().get(i).type(), e);
            }
        } else if (e instanceof Expr.Tuple t) {
            List<Type> types = new ArrayList<>();
            for (Expr x : t.elements()) {
                expr(x);
                types.add(x.type());
            }
            same(new TupleType(types), e.type(), e);
        } else if (e instanceof Expr.ListLit l) {
            Type element = ((ListType) e.type()).element();
            for (Expr x : l.elements()) {
                expr(x);
                same(element, x.type(), e);
            }
        } else if (e instanceof Expr.Cons c) {
            expr(c.head());
            expr(c.tail());
            same(new ListType(c.head().type()), e.type(), e);
            same(e.type(), c.tail().type(), e);
        } else if (e instanceof Expr.Unary u) {
            expr(u.operand());
            same(ScalarType.of(u.kind()), u.operand().type(), e);
            same(ScalarType.of(u.kind()), e.type(), e);
        } else if (e instanceof Expr.Binary b) {
            expr(b.left());
            expr(b.right());
            same(ScalarType.of(b.kind()), b.left().type(), e);
            same(ScalarType.of(b.kind()), b.right().type(), e);
            same(b.op().isComparison() ? ScalarType.BOOL : ScalarType.of(b.kind()), e.type(), e);
        } else if (e instanceof Expr.And a) {
            bools(e, a.left(), a.right());
        } else if (e instanceof Expr.Or o) {
            bools(e, o.left(), o.right());
        } else if (e instanceof Expr.If i) {
            expr(i.cond());
            same(ScalarType.BOOL, i.cond().type(), e);
            expr(i.then());
            expr(i.otherwise());
            same(e.type(), i.then().type(), e);
            same(e.type(), i.otherwise().type(), e);
        } else if (e instanceof Expr.Match m) {
            expr(m.scrutinee());
            require(!m.cases().isEmpty(), "empty match", e);
            for (Case c : m.cases()) {
                pattern(c.pattern(), m.scrutinee().type());
                expr(c.body());
                same(e.type(), c.body().type(), e);
            }
        } else if (e instanceof Expr.Lambda l) {
            FunctionType f = (FunctionType) e.type();
            for (int i = 0; i < l.params().size(); i++) {
                same(f.params().get(i), l.params().get(i).type(), e);
                bound.add(l.params().get(i));
            }
            expr(l.body());
            same(f.result(), l.body().type(), e);
        } else if (e instanceof Expr.Block b) {
            b.statements().forEach(this::stmt);
            expr(b.result());
            same(e.type(), b.result().type(), e);
        } else if (e instanceof Expr.Do d) {
            if (!(e.type() instanceof IoType)) {
                fail("do block is not an action", e);
            }
            for (DoStmt s : d.statements()) {
                doStmt(s);
            }
            expr(d.last());
            same(e.type(), d.last().type(), e);
        }
    }

    private void bools(Expr e, Expr left, Expr right) {
        expr(left);
        expr(right);
        same(ScalarType.BOOL, left.type(), e);
        same(ScalarType.BOOL, right.type(), e);
        same(ScalarType.BOOL, e.type(), e);
    }

    private void stmt(Stmt s) {
        if (s instanceof Stmt.Let l) {
            expr(l.value());
            pattern(l.pattern(), l.value().type());
        } else if (s instanceof Stmt.ForkGroup g) {
            for (Stmt.Fork f : g.forks()) {
                if (!(f.call() instanceof Expr.Call || f.call() instanceof Expr.ClosureCall
                      || f.call() instanceof Expr.BuiltinCall || f.call() instanceof Expr.Job)) {
                    fail("fork of something else than a call", f.call());
                }
                expr(f.call());
                same(f.local().type(), f.call().type(), f.call());
            }
            for (Stmt.Fork f : g.forks()) {
                bound.add(f.local());
            }
        }
    }

    private void doStmt(DoStmt s) {
        if (s instanceof DoStmt.Bind b) {
            expr(b.action());
            pattern(b.pattern(), ((IoType) b.action().type()).result());
        } else if (s instanceof DoStmt.Run r) {
            expr(r.action());
            if (!(r.action().type() instanceof IoType)) {
                fail("running a non-action", r.action());
            }
        } else if (s instanceof DoStmt.Pure p) {
            stmt(p.statement());
        } else if (s instanceof DoStmt.When w) {
            expr(w.cond());
            expr(w.action());
            same(ScalarType.BOOL, w.cond().type(), w.cond());
            same(new IoType(ScalarType.UNIT), w.action().type(), w.action());
        }
    }

    private void pattern(Pattern p, Type type) {
        require(p.span() != null, function.name() + ": no span", p);
        same(type, p.type(), p);
        if (p instanceof Pattern.Bind b) {
            same(type, b.local().type(), p);
            bound.add(b.local());
        } else if (p instanceof Pattern.Literal l) {
            if (!(type instanceof ScalarType s) || !fits(s.kind(), l.word())) {
                fail("bad literal pattern", p);
            }
        } else if (p instanceof Pattern.StringLit) {
            same(StringType.INSTANCE, type, p);
        } else if (p instanceof Pattern.NatPlus n) {
            same(ScalarType.NAT, type, p);
            pattern(n.rest(), ScalarType.NAT);
        } else if (p instanceof Pattern.Ctor c) {
            AdtType t = (AdtType) type;
            List<Type> fields = t.fieldTypes(c.constructor());
            if (t.decl() != c.constructor().decl() || fields.size() != c.fields().size()) {
                fail("constructor pattern does not fit its type", p);
            }
            for (int i = 0; i < fields.size(); i++) {
                pattern(c.fields().get(i), fields.get(i));
            }
        } else if (p instanceof Pattern.Tuple t) {
            List<Type> elements = ((TupleType) type).elements();
            for (int i = 0; i < elements.size(); i++) {
                pattern(t.elements().get(i), elements.get(i));
            }
        } else if (p instanceof Pattern.Cons c) {
            pattern(c.head(), ((ListType) type).element());
            pattern(c.tail(), type);
        }
    }
}
