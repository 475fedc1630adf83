package dev.vx.conformance.gen;

import dev.vx.conformance.gen.Ast.Block;
import dev.vx.conformance.gen.Ast.Ex;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Finds the expressions of a program that satisfy a predicate (in a fixed order) and rebuilds
 * the program with the k-th of them replaced. The mutation generators use it.
 */
final class Rewriter {
    private final Predicate<Ex> target;
    private final int k;
    private final UnaryOperator<Ex> replacement;
    private int seen;

    private Rewriter(Predicate<Ex> target, int k, UnaryOperator<Ex> replacement) {
        this.target = target;
        this.k = k;
        this.replacement = replacement;
    }

    /** How many expressions satisfy {@code target}. */
    static int count(Ast.Program p, Predicate<Ex> target) {
        Rewriter r = new Rewriter(target, -1, UnaryOperator.identity());
        r.program(p);
        return r.seen;
    }

    /** The program with the k-th expression satisfying {@code target} replaced. */
    static Ast.Program replace(Ast.Program p, Predicate<Ex> target, int k, UnaryOperator<Ex> replacement) {
        return new Rewriter(target, k, replacement).program(p);
    }

    private Ast.Program program(Ast.Program p) {
        List<Ast.Def> defs = new ArrayList<>();
        for (Ast.Def d : p.defs()) {
            Ast.Body body = d.body() instanceof Block b ? block(b) : doBody((Ast.DoBody) d.body());
            defs.add(new Ast.Def(d.name(), d.typeParams(), d.params(), d.result(), body));
        }
        return new Ast.Program(p.types(), defs);
    }

    private Ast.DoBody doBody(Ast.DoBody d) {
        List<Ast.DoLine> lines = new ArrayList<>();
        for (Ast.DoLine l : d.lines()) {
            if (l instanceof Ast.Action a) {
                lines.add(new Ast.Action(ex(a.action())));
            } else if (l instanceof Ast.BindAction b) {
                lines.add(new Ast.BindAction(b.name(), ex(b.action())));
            } else if (l instanceof Ast.PureLet p) {
                lines.add(new Ast.PureLet(p.name(), ex(p.value())));
            } else if (l instanceof Ast.When w) {
                Ex cond = ex(w.cond());
                lines.add(new Ast.When(cond, ex(w.action())));
            }
        }
        return new Ast.DoBody(lines);
    }

    private Block block(Block b) {
        List<Ast.Stmt> stmts = new ArrayList<>();
        for (Ast.Stmt s : b.stmts()) {
            if (s instanceof Ast.Let l) {
                stmts.add(new Ast.Let(l.name(), l.annotation(), tail(l.rhs())));
            } else if (s instanceof Ast.Destructure d) {
                stmts.add(new Ast.Destructure(d.names(), ex(d.value())));
            } else if (s instanceof Ast.ForkGroup g) {
                List<Ast.Call> calls = new ArrayList<>();
                for (Ast.Call c : g.calls()) {
                    Ex e = ex(c);
                    calls.add(e instanceof Ast.Call call ? call : c);
                }
                stmts.add(new Ast.ForkGroup(g.names(), calls));
            }
        }
        return new Block(stmts, tail(b.tail()));
    }

    private Ast.Tail tail(Ast.Tail t) {
        if (t instanceof Ast.ExTail e) {
            return new Ast.ExTail(ex(e.expr()));
        } else if (t instanceof Ast.Match m) {
            Ex scrutinee = ex(m.scrutinee());
            List<Ast.Case> cases = new ArrayList<>();
            for (Ast.Case c : m.cases()) {
                cases.add(new Ast.Case(c.pattern(), block(c.body())));
            }
            return new Ast.Match(scrutinee, cases);
        }
        Ast.IfSt i = (Ast.IfSt) t;
        List<Ex> conds = new ArrayList<>();
        List<Block> bodies = new ArrayList<>();
        for (int n = 0; n < i.conds().size(); n++) {
            conds.add(ex(i.conds().get(n)));
            bodies.add(block(i.bodies().get(n)));
        }
        return new Ast.IfSt(conds, bodies, block(i.otherwise()));
    }

    private List<Ex> exs(List<Ex> es) {
        List<Ex> out = new ArrayList<>();
        for (Ex e : es) {
            out.add(ex(e));
        }
        return out;
    }

    private Ex ex(Ex e) {
        if (target.test(e)) {
            if (seen++ == k) {
                return replacement.apply(e);
            }
        }
        if (e instanceof Ast.Call c) {
            return new Ast.Call(c.function(), exs(c.args()), c.job());
        } else if (e instanceof Ast.Bin b) {
            Ex l = ex(b.left());
            return new Ast.Bin(b.op(), l, ex(b.right()));
        } else if (e instanceof Ast.Un u) {
            return new Ast.Un(u.op(), ex(u.operand()));
        } else if (e instanceof Ast.IfEx i) {
            Ex c = ex(i.cond());
            Ex t = ex(i.then());
            return new Ast.IfEx(c, t, ex(i.otherwise()));
        } else if (e instanceof Ast.Lambda l) {
            return new Ast.Lambda(l.params(), l.types(), ex(l.body()));
        } else if (e instanceof Ast.Construct c) {
            return new Ast.Construct(c.ctor(), c.fieldNames(), exs(c.fields()));
        } else if (e instanceof Ast.Tuple t) {
            return new Ast.Tuple(exs(t.items()));
        } else if (e instanceof Ast.ListLit l) {
            return new Ast.ListLit(exs(l.items()));
        } else if (e instanceof Ast.Index x) {
            Ex a = ex(x.array());
            return new Ast.Index(a, ex(x.index()));
        } else if (e instanceof Ast.Ascribe a) {
            return new Ast.Ascribe(ex(a.expr()), a.type());
        }
        return e;
    }
}
