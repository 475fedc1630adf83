package dev.vx.compiler.backend;

import dev.vx.compiler.tast.Case;
import dev.vx.compiler.tast.DoStmt;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.Local;
import dev.vx.compiler.tast.Pattern;
import dev.vx.compiler.tast.Stmt;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The locals an expression uses but does not bind: what a lambda or a {@code do} block
 * captures. Locals are unique objects, so "used and not bound inside" needs no scopes.
 * The order is first use, so closure layouts are deterministic.
 */
final class FreeVars {
    private final Set<Local> used = new LinkedHashSet<>();
    private final Set<Local> bound = new HashSet<>();

    static List<Local> of(Expr e) {
        FreeVars f = new FreeVars();
        f.expr(e);
        List<Local> out = new ArrayList<>();
        for (Local l : f.used) if (!f.bound.contains(l)) out.add(l);
        return out;
    }

    private void expr(Expr e) {
        if (e instanceof Expr.LocalRef r) {
            used.add(r.local());
        } else if (e instanceof Expr.Call c) {
            c.args().forEach(this::expr);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(this::expr);
        } else if (e instanceof Expr.ClosureCall c) {
            expr(c.callee());
            c.args().forEach(this::expr);
        } else if (e instanceof Expr.Job j) {
            j.args().forEach(this::expr);
        } else if (e instanceof Expr.Construct c) {
            c.fields().forEach(this::expr);
        } else if (e instanceof Expr.Tuple t) {
            t.elements().forEach(this::expr);
        } else if (e instanceof Expr.ListLit l) {
            l.elements().forEach(this::expr);
        } else if (e instanceof Expr.Cons c) {
            expr(c.head());
            expr(c.tail());
        } else if (e instanceof Expr.Unary u) {
            expr(u.operand());
        } else if (e instanceof Expr.Binary b) {
            expr(b.left());
            expr(b.right());
        } else if (e instanceof Expr.And a) {
            expr(a.left());
            expr(a.right());
        } else if (e instanceof Expr.Or o) {
            expr(o.left());
            expr(o.right());
        } else if (e instanceof Expr.If i) {
            expr(i.cond());
            expr(i.then());
            expr(i.otherwise());
        } else if (e instanceof Expr.Match m) {
            expr(m.scrutinee());
            for (Case c : m.cases()) {
                pattern(c.pattern());
                expr(c.body());
            }
        } else if (e instanceof Expr.Lambda l) {
            bound.addAll(l.params());
            expr(l.body());
        } else if (e instanceof Expr.Block b) {
            b.statements().forEach(this::stmt);
            expr(b.result());
        } else if (e instanceof Expr.Do d) {
            for (DoStmt s : d.statements()) {
                if (s instanceof DoStmt.Bind b) {
                    expr(b.action());
                    pattern(b.pattern());
                } else if (s instanceof DoStmt.Run r) {
                    expr(r.action());
                } else if (s instanceof DoStmt.Pure p) {
                    stmt(p.statement());
                } else if (s instanceof DoStmt.When w) {
                    expr(w.cond());
                    expr(w.action());
                }
            }
            expr(d.last());
        }
        // Literal, StringLit, FunctionRef, BuiltinRef: no locals.
    }

    private void stmt(Stmt s) {
        if (s instanceof Stmt.Let l) {
            expr(l.value());
            pattern(l.pattern());
        } else if (s instanceof Stmt.ForkGroup g) {
            for (Stmt.Fork f : g.forks()) {
                expr(f.call());
                bound.add(f.local());
            }
        }
    }

    private void pattern(Pattern p) {
        if (p instanceof Pattern.Bind b) {
            bound.add(b.local());
        } else if (p instanceof Pattern.NatPlus n) {
            pattern(n.rest());
        } else if (p instanceof Pattern.Ctor c) {
            c.fields().forEach(this::pattern);
        } else if (p instanceof Pattern.Tuple t) {
            t.elements().forEach(this::pattern);
        } else if (p instanceof Pattern.Cons c) {
            pattern(c.head());
            pattern(c.tail());
        }
    }
}
