package dev.vx.conformance.ref;

import dev.vx.compiler.tast.Case;
import dev.vx.compiler.tast.DoStmt;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.FunctionDef;
import dev.vx.compiler.tast.Local;
import dev.vx.compiler.tast.Pattern;
import dev.vx.compiler.tast.Stmt;
import java.util.List;

/**
 * A direct evaluator of the checked typed program: strict, left to right, one Java call per
 * Vx call except in tail position (tail calls loop in {@link #invoke}). Values are plain Java
 * objects (see {@link Num}, {@link VList}, {@link VArray}, ...). Forks and jobs are ordinary
 * sequential calls: the language says they mean exactly that.
 */
final class Evaluator {
    private final BuiltinOps builtins;
    private final long deadlineNanos;
    private long ticks;

    Evaluator(BuiltinOps builtins, long deadlineNanos) {
        this.builtins = builtins;
        this.deadlineNanos = deadlineNanos;
    }

    /** Calls a top-level function, a function value or a builtin, following tail calls. */
    Object invoke(Object target, Object[] args) {
        while (true) {
            tick();
            Object result;
            if (target instanceof FunctionDef f) {
                result = eval(f.body(), bindAll(Env.EMPTY, f.params(), args), true);
            } else if (target instanceof VFunction.Named n) {
                target = n.function();
                continue;
            } else if (target instanceof VFunction.Closure c) {
                result = eval(c.lambda().body(), bindAll(c.env(), c.lambda().params(), args), true);
            } else if (target instanceof VFunction.BuiltinFn b) {
                result = builtins.apply(b.builtin(), args);
            } else {
                throw new IllegalStateException("not callable: " + target);
            }
            if (result instanceof TailCall tc) {
                target = tc.target();
                args = tc.args();
                continue;
            }
            return result;
        }
    }

    private void tick() {
        if ((++ticks & 0xFFF) == 0 && System.nanoTime() > deadlineNanos) {
            throw new Unsupported("too slow for the reference evaluator (time limit reached)");
        }
    }

    private static Env bindAll(Env env, List<Local> params, Object[] args) {
        if (params.size() != args.length) {
            throw new IllegalStateException("arity mismatch: " + params + " vs " + args.length + " arguments");
        }
        for (int i = 0; i < args.length; i++) {
            env = env.bind(params.get(i), args[i]);
        }
        return env;
    }

    private Object[] evalAll(List<Expr> exprs, Env env) {
        Object[] out = new Object[exprs.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = eval(exprs.get(i), env, false);
        }
        return out;
    }

    /** The value of {@code e}; in tail position ({@code tail}) a call may come back as a {@link TailCall}. */
    Object eval(Expr e, Env env, boolean tail) {
        if (e instanceof Expr.Literal l) {
            return Arith.scalar(l.kind(), l.word());
        } else if (e instanceof Expr.StringLit s) {
            return s.value();
        } else if (e instanceof Expr.LocalRef r) {
            return env.lookup(r.local());
        } else if (e instanceof Expr.FunctionRef f) {
            return new VFunction.Named(f.function());
        } else if (e instanceof Expr.BuiltinRef b) {
            return new VFunction.BuiltinFn(b.builtin());
        } else if (e instanceof Expr.Call c) {
            return call(c.function(), evalAll(c.args(), env), tail);
        } else if (e instanceof Expr.Job j) {
            return call(j.function(), evalAll(j.args(), env), tail);
        } else if (e instanceof Expr.ClosureCall c) {
            Object callee = eval(c.callee(), env, false);
            return call(callee, evalAll(c.args(), env), tail);
        } else if (e instanceof Expr.BuiltinCall c) {
            return builtins.apply(c.builtin(), evalAll(c.args(), env));
        } else if (e instanceof Expr.Construct c) {
            return new VCtor(c.constructor(), evalAll(c.fields(), env));
        } else if (e instanceof Expr.Tuple t) {
            return new VTuple(evalAll(t.elements(), env));
        } else if (e instanceof Expr.ListLit l) {
            return VList.of(List.of(evalAll(l.elements(), env)));
        } else if (e instanceof Expr.Cons c) {
            Object head = eval(c.head(), env, false);
            return new VList.Cons(head, (VList) eval(c.tail(), env, false));
        } else if (e instanceof Expr.Unary u) {
            return Arith.unary(u.op(), u.kind(), eval(u.operand(), env, false));
        } else if (e instanceof Expr.Binary b) {
            Object left = eval(b.left(), env, false);
            return Arith.binary(b.op(), b.kind(), left, eval(b.right(), env, false));
        } else if (e instanceof Expr.And a) {
            return (Boolean) eval(a.left(), env, false) ? eval(a.right(), env, tail) : Boolean.FALSE;
        } else if (e instanceof Expr.Or o) {
            return (Boolean) eval(o.left(), env, false) ? Boolean.TRUE : eval(o.right(), env, tail);
        } else if (e instanceof Expr.If i) {
            return eval((Boolean) eval(i.cond(), env, false) ? i.then() : i.otherwise(), env, tail);
        } else if (e instanceof Expr.Match m) {
            Object v = eval(m.scrutinee(), env, false);
            for (Case c : m.cases()) {
                Env bound = match(c.pattern(), v, env);
                if (bound != null) {
                    return eval(c.body(), bound, tail);
                }
            }
            throw new IllegalStateException("no case of the match at " + m.span() + " matches " + ValueText.literal(v));
        } else if (e instanceof Expr.Lambda l) {
            return new VFunction.Closure(l, env);
        } else if (e instanceof Expr.Block b) {
            for (Stmt s : b.statements()) {
                env = exec(s, env);
            }
            return eval(b.result(), env, tail);
        } else if (e instanceof Expr.Do d) {
            return new VIo.DoBlock(d, env);
        }
        throw new IllegalStateException("unknown expression " + e.getClass().getSimpleName());
    }

    private Object call(Object target, Object[] args, boolean tail) {
        return tail ? new TailCall(target, args) : invoke(target, args);
    }

    private Env exec(Stmt s, Env env) {
        if (s instanceof Stmt.Let l) {
            Object v = eval(l.value(), env, false);
            return irrefutable(l.pattern(), v, env);
        } else if (s instanceof Stmt.ForkGroup g) {
            // The group's calls may run in parallel, so the parent evaluates every call's callee
            // and arguments (left to right) before any call starts; then the calls run, in order.
            // This fixes which runtime error a group reports when several of its parts would fail.
            int n = g.forks().size();
            Object[] targets = new Object[n];
            Object[][] args = new Object[n][];
            for (int i = 0; i < n; i++) {
                Expr call = g.forks().get(i).call();
                if (call instanceof Expr.Call c) {
                    targets[i] = c.function();
                    args[i] = evalAll(c.args(), env);
                } else if (call instanceof Expr.ClosureCall c) {
                    targets[i] = eval(c.callee(), env, false);
                    args[i] = evalAll(c.args(), env);
                } else if (call instanceof Expr.BuiltinCall c) {
                    targets[i] = new VFunction.BuiltinFn(c.builtin());
                    args[i] = evalAll(c.args(), env);
                } else if (call instanceof Expr.Job c) {
                    // `x = fork f!(args)` is `x = f!(args)`: the job's value is that of the call.
                    targets[i] = c.function();
                    args[i] = evalAll(c.args(), env);
                } else {
                    throw new IllegalStateException("a fork of " + call.getClass().getSimpleName());
                }
            }
            for (int i = 0; i < n; i++) {
                env = env.bind(g.forks().get(i).local(), invoke(targets[i], args[i]));
            }
            return env;
        }
        throw new IllegalStateException("unknown statement " + s.getClass().getSimpleName());
    }

    private Env irrefutable(Pattern p, Object v, Env env) {
        Env bound = match(p, v, env);
        if (bound == null) {
            throw new IllegalStateException("an irrefutable pattern failed at " + p.span());
        }
        return bound;
    }

    /** {@code env} extended with the pattern's variables when {@code v} matches, else null. */
    Env match(Pattern p, Object v, Env env) {
        if (p instanceof Pattern.Wildcard) {
            return env;
        } else if (p instanceof Pattern.Bind b) {
            return env.bind(b.local(), v);
        } else if (p instanceof Pattern.Literal l) {
            Object lit = Arith.scalar(l.kind(), l.word());
            return (Boolean) Arith.binary(dev.vx.compiler.tast.BinaryOp.EQ, l.kind(), v, lit) ? env : null;
        } else if (p instanceof Pattern.StringLit s) {
            return s.value().equals(v) ? env : null;
        } else if (p instanceof Pattern.NatPlus n) {
            long value = ((Num.Nat) v).value();
            return value >= n.k() ? match(n.rest(), new Num.Nat(value - n.k()), env) : null;
        } else if (p instanceof Pattern.Ctor c) {
            VCtor value = (VCtor) v;
            if (value.ctor() != c.constructor()) {
                return null;
            }
            for (int i = 0; i < c.fields().size() && env != null; i++) {
                env = match(c.fields().get(i), value.fields()[i], env);
            }
            return env;
        } else if (p instanceof Pattern.Tuple t) {
            Object[] items = ((VTuple) v).items();
            for (int i = 0; i < t.elements().size() && env != null; i++) {
                env = match(t.elements().get(i), items[i], env);
            }
            return env;
        } else if (p instanceof Pattern.Nil) {
            return v instanceof VList.Nil ? env : null;
        } else if (p instanceof Pattern.Cons c) {
            if (!(v instanceof VList.Cons cell)) {
                return null;
            }
            Env h = match(c.head(), cell.head(), env);
            return h == null ? null : match(c.tail(), cell.tail(), h);
        }
        throw new IllegalStateException("unknown pattern " + p.getClass().getSimpleName());
    }

    /** Runs an IO action and returns what it yields. The last action of a do block is run by the same loop. */
    Object runIo(Object action) {
        while (true) {
            tick();
            if (action instanceof VIo.Thunk t) {
                return invoke(t.function(), new Object[] {Unit.UNIT});
            }
            VIo.DoBlock d = (VIo.DoBlock) action;
            Env env = d.env();
            for (DoStmt s : d.block().statements()) {
                if (s instanceof DoStmt.Bind b) {
                    env = irrefutable(b.pattern(), runIo(eval(b.action(), env, false)), env);
                } else if (s instanceof DoStmt.Run r) {
                    runIo(eval(r.action(), env, false));
                } else if (s instanceof DoStmt.Pure p) {
                    env = exec(p.statement(), env);
                } else if (s instanceof DoStmt.When w) {
                    if ((Boolean) eval(w.cond(), env, false)) {
                        runIo(eval(w.action(), env, false));
                    }
                } else {
                    throw new IllegalStateException("unknown do statement " + s.getClass().getSimpleName());
                }
            }
            action = eval(d.block().last(), env, false);
        }
    }
}
