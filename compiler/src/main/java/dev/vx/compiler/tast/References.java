package dev.vx.compiler.tast;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * The functions an expression refers to: the targets of its calls and jobs and the
 * functions it uses as values, each reported once per occurrence. Iterative, so that deeply
 * nested bodies need no deep recursion.
 */
public final class References {
    private References() {
    }

    public static void forEach(Expr root, Consumer<FunctionDef> action) {
        Deque<Object> work = new ArrayDeque<>();
        work.push(root);
        while (!work.isEmpty()) {
            Object node = work.pop();
            if (node instanceof Expr e) {
                expr(e, work, action);
            } else if (node instanceof Stmt s) {
                stmt(s, work);
            } else if (node instanceof DoStmt d) {
                doStmt(d, work);
            }
        }
    }

    private static void expr(Expr e, Deque<Object> work, Consumer<FunctionDef> action) {
        if (e instanceof Expr.FunctionRef f) {
            action.accept(f.function());
        } else if (e instanceof Expr.Call c) {
            action.accept(c.function());
            pushAll(c.args(), work);
        } else if (e instanceof Expr.Job j) {
            action.accept(j.function());
            pushAll(j.args(), work);
        } else if (e instanceof Expr.BuiltinCall b) {
            pushAll(b.args(), work);
        } else if (e instanceof Expr.ClosureCall c) {
            work.push(c.callee());
            pushAll(c.args(), work);
        } else if (e instanceof Expr.Construct c) {
            pushAll(c.fields(), work);
        } else if (e instanceof Expr.Tuple t) {
            pushAll(t.elements(), work);
        } else if (e instanceof Expr.ListLit l) {
            pushAll(l.elements(), work);
        } else if (e instanceof Expr.Cons c) {
            work.push(c.head());
            work.push(c.tail());
        } else if (e instanceof Expr.Unary u) {
            work.push(u.operand());
        } else if (e instanceof Expr.Binary b) {
            work.push(b.left());
            work.push(b.right());
        } else if (e instanceof Expr.And a) {
            work.push(a.left());
            work.push(a.right());
        } else if (e instanceof Expr.Or o) {
            work.push(o.left());
            work.push(o.right());
        } else if (e instanceof Expr.If i) {
            work.push(i.cond());
            work.push(i.then());
            work.push(i.otherwise());
        } else if (e instanceof Expr.Match m) {
            work.push(m.scrutinee());
            for (Case c : m.cases()) {
                work.push(c.body());
            }
        } else if (e instanceof Expr.Lambda l) {
            work.push(l.body());
        } else if (e instanceof Expr.Block b) {
            pushAll(b.statements(), work);
            work.push(b.result());
        } else if (e instanceof Expr.Do d) {
            pushAll(d.statements(), work);
            work.push(d.last());
        }
    }

    private static void pushAll(List<?> nodes, Deque<Object> work) {
        for (Object n : nodes) {
            work.push(n);
        }
    }

    private static void stmt(Stmt s, Deque<Object> work) {
        if (s instanceof Stmt.Let l) {
            work.push(l.value());
        } else if (s instanceof Stmt.ForkGroup g) {
            for (Stmt.Fork f : g.forks()) {
                work.push(f.call());
            }
        }
    }

    private static void doStmt(DoStmt d, Deque<Object> work) {
        if (d instanceof DoStmt.Bind b) {
            work.push(b.action());
        } else if (d instanceof DoStmt.Run r) {
            work.push(r.action());
        } else if (d instanceof DoStmt.Pure p) {
            work.push(p.statement());
        } else if (d instanceof DoStmt.When w) {
            work.push(w.cond());
            work.push(w.action());
        }
    }
}
