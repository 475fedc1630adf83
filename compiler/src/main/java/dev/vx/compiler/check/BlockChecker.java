package dev.vx.compiler.check;

import dev.vx.compiler.diag.Span;
import dev.vx.compiler.syntax.Ast;
import dev.vx.compiler.tast.DoStmt;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.Stmt;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Blocks and {@code do} blocks: their statements, fork groups and bindings. Inside a
 * {@code do} block, the branches of an {@code if} or {@code match} line are {@code do} blocks
 * too, so that they may run several actions.
 */
final class BlockChecker {
    private final DefContext cx;
    private final ExprChecker exprs;

    BlockChecker(DefContext cx, ExprChecker exprs) {
        this.cx = cx;
        this.exprs = exprs;
    }

    /** A statement waiting to be built. */
    @FunctionalInterface
    private interface StmtElab {
        Stmt build();
    }

    @FunctionalInterface
    private interface DoElab {
        DoStmt build();
    }

    /** A pure block: statements that bind names, then the expression that is its value. */
    Elab block(Ast.Block b, Ty expected) {
        int mark = cx.scope.mark();
        List<Ast.Stmt> stmts = b.statements();
        List<StmtElab> built = new ArrayList<>();
        Elab result = null;
        int i = 0;
        while (i < stmts.size()) {
            Ast.Stmt s = stmts.get(i);
            boolean last = i == stmts.size() - 1;
            if (s instanceof Ast.Fork) {
                int end = forkGroupEnd(stmts, i);
                built.add(forkGroup(stmts.subList(i, end)));
                i = end;
                if (i == stmts.size()) {
                    cx.diags.error(s.span(), "a block must end with an expression giving its value, not a `fork`");
                }
                continue;
            }
            if (last && s instanceof Ast.ExprStmt e) {
                result = exprs.check(e.expr(), expected);
            } else if (s instanceof Ast.Let let) {
                built.add(let(let));
                if (last) {
                    cx.diags.error(s.span(), "a block must end with an expression giving its value, not a binding");
                }
            } else if (s instanceof Ast.Bind bind) {
                cx.diags.error(bind.span(), "`<-` runs an action, which only a `do` block can do");
                cx.discard(exprs.check(bind.action(), cx.fresh()));
                // Its names are still bound (to any type), so that their uses below are not
                // reported as undefined: one mistake, one message.
                Ty type = bind.type() != null ? cx.resolveType(bind.type()) : cx.fresh();
                exprs.patterns.irrefutable(bind.pattern(), type, "the left side of `<-`");
            } else if (s instanceof Ast.ExprStmt e) {
                cx.diags.error(e.span(), "the value of this expression is not used: only the last line of a block "
                        + "gives its value (to run actions one after another, use a `do` block)");
                cx.discard(exprs.check(e.expr(), cx.fresh()));
            }
            i++;
        }
        cx.scope.restore(mark);
        if (result == null) {
            return ExprChecker.failed(b.span(), expected);
        }
        Elab value = result;
        return () -> {
            List<Stmt> statements = new ArrayList<>(built.size());
            for (StmtElab s : built) {
                statements.add(s.build());
            }
            Expr v = value.build();
            return statements.isEmpty() ? v : new Expr.Block(cx.zonk(expected), b.span(), statements, v);
        };
    }

    private static int forkGroupEnd(List<Ast.Stmt> stmts, int start) {
        int end = start;
        while (end < stmts.size() && stmts.get(end) instanceof Ast.Fork) {
            end++;
        }
        return end;
    }

    private StmtElab let(Ast.Let let) {
        Ty type = let.type() != null ? cx.resolveType(let.type()) : cx.fresh();
        int errorsBefore = cx.diags.errorCount();
        Elab value = exprs.check(let.value(), type);
        // Without an annotation, a value with an error has no type to trust (`if c then "a"
        // else 1` is String only because its first branch came first): its names take the
        // error type, so their uses are not reported again.
        Ty bound = let.type() == null && cx.diags.errorCount() > errorsBefore ? DefContext.error() : type;
        PatElab pattern = exprs.patterns.irrefutable(let.pattern(), bound, "the left side of `=`");
        if (let.type() == null && let.value() instanceof Ast.Lambda && let.pattern() instanceof Ast.VarPat v
                && cx.scope.lookup(v.name()) != null) {
            cx.lambdaLocals.add(cx.scope.lookup(v.name()));
        }
        return () -> new Stmt.Let(pattern.build(), value.build(), let.span());
    }

    /**
     * A fork group: each call is checked while the names bound by earlier members of the
     * group are marked, so that a use of one of them is reported.
     */
    private StmtElab forkGroup(List<Ast.Stmt> group) {
        Set<Binder> bound = new HashSet<>();
        List<Binder> binders = new ArrayList<>();
        List<Elab> calls = new ArrayList<>();
        for (Ast.Stmt s : group) {
            Ast.Fork fork = (Ast.Fork) s;
            Ty type = fork.type() != null ? cx.resolveType(fork.type()) : cx.fresh();
            Elab call;
            // `x = fork f!(args)` means `x = f!(args)` (LANGUAGE.md 7): a job call is a call too.
            if (fork.call() instanceof Ast.Call || fork.call() instanceof Ast.JobCall) {
                Set<Binder> outer = exprs.forkGroup;
                exprs.forkGroup = bound;
                call = exprs.check(fork.call(), type);
                exprs.forkGroup = outer;
            } else {
                cx.diags.error(fork.call().span(), "`fork` needs a function call: write `" + fork.name().name()
                        + " = fork f(args)`");
                call = exprs.check(fork.call(), type);
            }
            Binder b = new Binder(fork.name().name(), type, fork.name().span());
            bound.add(b);
            binders.add(b);
            cx.bind(b);
            calls.add(call);
        }
        Span span = group.get(0).span().to(group.get(group.size() - 1).span());
        return () -> {
            List<Stmt.Fork> forks = new ArrayList<>(group.size());
            for (int i = 0; i < group.size(); i++) {
                forks.add(new Stmt.Fork(binders.get(i).local(), calls.get(i).build(), group.get(i).span()));
            }
            return new Stmt.ForkGroup(forks, span);
        };
    }

    // ---- do blocks ----

    /** A {@code do} block: lines that run actions or bind names, ending in the action that gives its result. */
    Elab doBlock(List<Ast.Stmt> stmts, Span span, Ty expected) {
        Ty result = cx.fresh();
        TCon io = Tys.io(result);
        boolean ok = Tys.unify(expected, io);
        int mark = cx.scope.mark();
        List<DoElab> built = new ArrayList<>();
        Elab last = null;
        int i = 0;
        while (i < stmts.size()) {
            Ast.Stmt s = stmts.get(i);
            boolean isLast = i == stmts.size() - 1;
            if (s instanceof Ast.Fork) {
                int end = forkGroupEnd(stmts, i);
                StmtElab group = forkGroup(stmts.subList(i, end));
                built.add(() -> new DoStmt.Pure(group.build()));
                i = end;
                if (i == stmts.size()) {
                    cx.diags.error(s.span(), "the last line of a `do` block must be an action, not a `fork`");
                }
                continue;
            }
            if (s instanceof Ast.Let let) {
                StmtElab l = let(let);
                built.add(() -> new DoStmt.Pure(l.build()));
            } else if (s instanceof Ast.Bind bind) {
                built.add(bind(bind));
            } else if (s instanceof Ast.ExprStmt e && isWhen(e.expr())
                       && (!isLast || Tys.unify(io, Tys.io(Tys.UNIT)))) {
                // A last line that must give something else is reported by action(), as one error.
                Ast.If when = (Ast.If) e.expr();
                Elab cond = exprs.check(when.cond(), Tys.BOOL);
                Elab action = action(when.then(), Tys.io(Tys.UNIT));
                built.add(() -> new DoStmt.When(cond.build(), action.build(), e.span()));
                if (isLast) {
                    last = () -> ExprChecker.unitAction(e.span());
                }
            } else if (s instanceof Ast.ExprStmt e) {
                if (isLast) {
                    last = action(e.expr(), io);
                } else {
                    Elab run = action(e.expr(), Tys.io(cx.fresh()));
                    built.add(() -> new DoStmt.Run(run.build(), e.span()));
                }
            }
            if (isLast && last == null) {
                cx.diags.error(s.span(), "the last line of a `do` block must be an action, whose result is the "
                        + "block's (for example `IO.pure(x)`)");
            }
            i++;
        }
        cx.scope.restore(mark);
        if (!ok) {
            cx.mismatch(expected, io, span);
        }
        if (last == null) {
            return ExprChecker.failed(span, expected);
        }
        if (built.isEmpty()) {
            return last;
        }
        Elab finalAction = last;
        return () -> {
            List<DoStmt> statements = new ArrayList<>(built.size());
            for (DoElab d : built) {
                statements.add(d.build());
            }
            return new Expr.Do(cx.zonk(io), span, statements, finalAction.build());
        };
    }

    /** {@code if c:} without {@code else} or {@code elif}: runs its action only when c holds. */
    private static boolean isWhen(Ast.Expr e) {
        return e instanceof Ast.If i && i.otherwise() == null;
    }

    private DoElab bind(Ast.Bind bind) {
        Ty type = bind.type() != null ? cx.resolveType(bind.type()) : cx.fresh();
        Elab action = action(bind.action(), Tys.io(type));
        PatElab pattern = exprs.patterns.irrefutable(bind.pattern(), type, "the left side of `<-`");
        return () -> new DoStmt.Bind(pattern.build(), action.build(), bind.span());
    }

    /**
     * An action on a line of a {@code do} block. The indented branches of an {@code if} or
     * {@code match} there are {@code do} blocks themselves, and an {@code elif} chain may
     * leave out its {@code else} (nothing happens then).
     */
    Elab action(Ast.Expr e, Ty expected) {
        if (e instanceof Ast.Block b) {
            return doBlock(b.statements(), b.span(), expected);
        }
        if (e instanceof Ast.If i) {
            return i.otherwise() == null ? actionWithoutElse(i, expected) : exprs.ifExpr(i, expected, this::action);
        }
        if (e instanceof Ast.Match m) {
            return exprs.match(m, expected, this::action);
        }
        return exprs.check(e, expected);
    }

    /**
     * An {@code if} action without {@code else}: when its condition is false it does nothing,
     * so it is an {@code IO(Unit)}. Where its result is the block's and that must be something
     * else, the missing branch is the error, not the types of the branch that is there.
     */
    private Elab actionWithoutElse(Ast.If i, Ty expected) {
        Elab cond = exprs.check(i.cond(), Tys.BOOL);
        if (!Tys.unify(expected, Tys.io(Tys.UNIT))) {
            cx.diags.error(i.span(), "this `if` has no `else`, so it does nothing when its condition is false and "
                    + "is an IO(Unit) action, but it gives the result of its `do` block, which must be "
                    + Tys.show(expected) + ": add an `else` branch");
            cx.discard(cond);
            cx.discard(action(i.then(), Tys.io(cx.fresh())));
            return ExprChecker.failed(i.span(), expected);
        }
        Elab then = action(i.then(), expected);
        return () -> new Expr.If(cx.zonk(expected), i.span(), cond.build(), then.build(),
                ExprChecker.unitAction(i.span()));
    }
}
