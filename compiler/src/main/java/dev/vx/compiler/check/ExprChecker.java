package dev.vx.compiler.check;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.syntax.Ast;
import dev.vx.compiler.tast.Builtin;
import dev.vx.compiler.tast.Builtins;
import dev.vx.compiler.tast.Case;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.FunctionDef;
import dev.vx.compiler.tast.Local;
import dev.vx.compiler.tast.Pattern;
import dev.vx.compiler.tast.Stmt;
import dev.vx.compiler.tast.UnaryOp;
import dev.vx.compiler.types.AdtDecl;
import dev.vx.compiler.types.Constructor;
import dev.vx.compiler.types.FunctionType;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Checks expressions bidirectionally: each is checked against the type its context expects
 * (a variable when the context does not know), unifying as it goes; see {@link Elab}.
 */
final class ExprChecker {
    private final DefContext cx;
    final PatternChecker patterns;
    final BlockChecker blocks;
    private final Operators operators;
    /** While a fork call is checked: the binders of its group, which the call may not use. */
    Set<Binder> forkGroup;

    /** How the bodies of an {@code if} or {@code match} are checked: as values or as actions. */
    @FunctionalInterface
    interface BodyCheck {
        Elab check(Ast.Expr body, Ty expected);
    }

    ExprChecker(DefContext cx) {
        this.cx = cx;
        this.patterns = new PatternChecker(cx);
        this.blocks = new BlockChecker(cx, this);
        this.operators = new Operators(cx, this);
    }

    Elab check(Ast.Expr e, Ty expected) {
        cx.progress.at(e.span());
        if (e instanceof Ast.IntLit l) {
            return intLiteral(l.value(), l.span(), expected);
        } else if (e instanceof Ast.FloatLit l) {
            return floatLiteral(l, expected);
        } else if (e instanceof Ast.StringLit s) {
            cx.expect(expected, Tys.STRING, s.span());
            return () -> new Expr.StringLit(dev.vx.compiler.types.StringType.INSTANCE, s.span(), s.value());
        } else if (e instanceof Ast.BoolLit b) {
            cx.expect(expected, Tys.BOOL, b.span());
            return () -> new Expr.Literal(ScalarType.BOOL, b.span(), b.value() ? 1 : 0);
        } else if (e instanceof Ast.UnitLit u) {
            cx.expect(expected, Tys.UNIT, u.span());
            return () -> new Expr.Literal(ScalarType.UNIT, u.span(), 0);
        } else if (e instanceof Ast.Name n) {
            return name(n, expected);
        } else if (e instanceof Ast.Call c) {
            return call(c, expected);
        } else if (e instanceof Ast.JobCall j) {
            return job(j, expected);
        } else if (e instanceof Ast.Construct c) {
            return construct(c, expected);
        } else if (e instanceof Ast.Tuple t) {
            return tuple(t, expected);
        } else if (e instanceof Ast.ListLit l) {
            return list(l, expected);
        } else if (e instanceof Ast.Binary b) {
            return operators.binary(b, expected);
        } else if (e instanceof Ast.Unary u) {
            return operators.unary(u, expected);
        } else if (e instanceof Ast.Index i) {
            return index(i, expected);
        } else if (e instanceof Ast.If i) {
            return ifExpr(i, expected, this::check);
        } else if (e instanceof Ast.Match m) {
            return match(m, expected, this::check);
        } else if (e instanceof Ast.Lambda l) {
            return lambda(l, expected);
        } else if (e instanceof Ast.Ascribe a) {
            Ty t = cx.resolveType(a.type());
            Elab inner = check(a.expr(), t);
            cx.expect(expected, t, a.span());
            return inner;
        } else if (e instanceof Ast.Block b) {
            return blocks.block(b, expected);
        } else if (e instanceof Ast.Do d) {
            return blocks.doBlock(d.statements(), d.span(), expected);
        }
        return failed(e.span(), expected);
    }

    /**
     * The result of an expression already reported as wrong: its context's type becomes an
     * error type, so that nothing else is reported about it.
     */
    static Elab failed(Span span, Ty expected) {
        Tys.unify(expected, DefContext.error());
        return errorElab(span);
    }

    /** A placeholder for an expression already reported as wrong (the program is not emitted). */
    static Elab errorElab(Span span) {
        return () -> new Expr.Literal(ScalarType.UNIT, span, 0);
    }

    static List<Expr> buildAll(List<Elab> elabs) {
        List<Expr> out = new ArrayList<>(elabs.size());
        for (Elab e : elabs) {
            out.add(e.build());
        }
        return out;
    }

    // ---- literals ----

    Elab intLiteral(dev.vx.compiler.syntax.IntValue value, Span span, Ty expected) {
        Scalar fixed = Literals.suffixType(value.suffix());
        Ty t = fixed != null ? Tys.scalar(fixed) : cx.fresh(TVar.Kind.INT);
        cx.expect(expected, t, span);
        return () -> {
            Type type = cx.zonk(t);
            return new Expr.Literal(type, span, Literals.intWord(value, type, span, cx.diags));
        };
    }

    private Elab floatLiteral(Ast.FloatLit l, Ty expected) {
        Scalar fixed = Literals.suffixType(l.value().suffix());
        Ty t = fixed != null ? Tys.scalar(fixed) : cx.fresh(TVar.Kind.FLOAT);
        cx.expect(expected, t, l.span());
        return () -> {
            Type type = cx.zonk(t);
            return new Expr.Literal(type, l.span(), Literals.floatWord(l.value(), type, l.span(), cx.diags));
        };
    }

    // ---- names and calls ----

    private Binder local(String name, Span span) {
        Binder b = cx.scope.lookup(name);
        if (b != null && forkGroup != null && forkGroup.contains(b)) {
            cx.diags.error(span, "this `fork` call uses `" + name + "`, which is bound by the same fork group; the "
                    + "calls of a group run in parallel, so put a statement that is not a `fork` between them");
        }
        return b;
    }

    private Elab name(Ast.Name n, Ty expected) {
        Binder b = local(n.name(), n.span());
        if (b != null) {
            cx.expect(expected, b.type, n.span());
            return () -> new Expr.LocalRef(cx.zonk(b.type), n.span(), b.local());
        }
        Object g = cx.globals.function(n.name(), cx.inBase);
        if (g instanceof FunctionDef f) {
            Instance inst = cx.instantiate(f.typeParams());
            Ty t = inst.of(f.type());
            cx.expect(expected, t, n.span());
            return () -> new Expr.FunctionRef(cx.zonk(t), n.span(), f, cx.zonkAll(inst.typeArgs()));
        }
        if (g instanceof Builtin bi) {
            Instance inst = cx.instantiate(bi.typeParams());
            Ty t = inst.of(bi.type());
            cx.expect(expected, t, n.span());
            return () -> new Expr.BuiltinRef(cx.zonk(t), n.span(), bi, cx.zonkAll(inst.typeArgs()));
        }
        if (g == null) {
            undefined(n.name(), n.span());
        }
        return failed(n.span(), expected);
    }

    /** Reports a name that is neither local nor global, with the closest name as a suggestion. */
    void undefined(String name, Span span) {
        if (cx.globals.constructor(name, cx.inBase) != null || cx.globals.uncheckable(name, cx.inBase)) {
            cx.diags.error(span, "`" + name + "` is a constructor: build a value with `" + name + "{...}`");
            return;
        }
        if (cx.globals.type(name, cx.inBase) != null || TypeResolver.BUILTIN_TYPES.contains(name)) {
            cx.diags.error(span, "`" + name + "` is a type, not a value");
            return;
        }
        int dot = name.indexOf('.');
        if (dot > 0 && cx.scope.lookup(name.substring(0, dot)) != null) {
            cx.diags.error(span, "undefined name `" + name + "`: Vx has no field access with `.`; take a value apart "
                    + "with a pattern, e.g. `match " + name.substring(0, dot) + ":` or `(a, b) = " + name.substring(0, dot)
                    + "`");
            return;
        }
        if (cx.globals.explainedByFailedImport(span)) {
            return;
        }
        String suggestion = null;
        if (cx.diags.fewShownYet()) { // past that, a search over every name per error is wasted
            List<String> candidates = new ArrayList<>(cx.scope.names());
            candidates.addAll(cx.globals.functionNames(cx.inBase));
            suggestion = Suggest.closest(name, candidates);
        }
        cx.diags.error(span, "undefined name `" + name + "`"
                + (suggestion != null ? "; did you mean `" + suggestion + "`?" : ""));
    }

    private Elab call(Ast.Call c, Ty expected) {
        if (c.callee() instanceof Ast.Name n && cx.scope.lookup(n.name()) == null) {
            Object g = cx.globals.function(n.name(), cx.inBase);
            if (g instanceof FunctionDef f) {
                Instance inst = cx.instantiate(f.typeParams());
                Arguments a = arguments(c.args(), c.span(), n.name(), f.type(), i -> f.params().get(i).name(), inst,
                        expected);
                return () -> new Expr.Call(cx.zonk(a.result), c.span(), f, cx.zonkAll(inst.typeArgs()), a.build());
            }
            if (g instanceof Builtin b) {
                Instance inst = cx.instantiate(b.typeParams());
                Arguments a = arguments(c.args(), c.span(), n.name(), b.type(), b.paramNames()::get, inst, expected);
                return () -> new Expr.BuiltinCall(cx.zonk(a.result), c.span(), b, cx.zonkAll(inst.typeArgs()),
                        a.build());
            }
            if (g == null) {
                undefined(n.name(), n.span());
            }
            checkLoosely(c.args());
            return failed(c.span(), expected);
        }
        return closureCall(c, expected);
    }

    /** The checked arguments of a call, and the type of its result. */
    private record Arguments(List<Elab> args, Ty result) {
        List<Expr> build() {
            return buildAll(args);
        }
    }

    /**
     * Checks the arguments of a call of a known signature ({@code paramName} names the
     * parameters for a message). The expected result is unified first, so that what the
     * context knows flows into the arguments (lambdas, empty lists), but a mismatch there is
     * reported after the arguments, against the final types.
     */
    private Arguments arguments(List<Ast.Expr> argExprs, Span span, String name, FunctionType signature,
                                IntFunction<String> paramName, Instance inst, Ty expected) {
        List<Type> paramTypes = signature.params();
        Ty result = inst.of(signature.result());
        boolean resultOk = Tys.unify(expected, result);
        if (argExprs.size() != paramTypes.size()) {
            String sig = listed(paramTypes.size(), i -> paramName.apply(i) + ": " + paramTypes.get(i));
            cx.diags.error(span, "`" + name + "` takes " + count(paramTypes.size(), "argument") + " (" + sig
                    + "), but " + argExprs.size() + (argExprs.size() == 1 ? " was" : " were") + " given");
        }
        List<Elab> args = new ArrayList<>(argExprs.size());
        for (int i = 0; i < argExprs.size(); i++) {
            Ty param = i < paramTypes.size() ? inst.of(paramTypes.get(i)) : cx.fresh();
            args.add(check(argExprs.get(i), param));
        }
        if (!resultOk) {
            cx.mismatch(expected, result, span);
        }
        return new Arguments(args, result);
    }

    static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** Items to show of a long list in a message (a signature, a constructor's fields). */
    private static final int LISTED = 10;

    /** {@code item(0), item(1), ...}, the first {@link #LISTED} of {@code n} and a count of the rest. */
    static String listed(int n, IntFunction<String> item) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(n, LISTED); i++) s.append(i > 0 ? ", " : "").append(item.apply(i));
        if (n > LISTED) s.append(", ... (").append(n - LISTED).append(" more)");
        return s.toString();
    }

    void checkLoosely(List<Ast.Expr> exprs) {
        for (Ast.Expr e : exprs) {
            cx.discard(check(e, DefContext.error()));
        }
    }

    private Elab closureCall(Ast.Call c, Ty expected) {
        Ty calleeType = cx.fresh();
        Elab callee = check(c.callee(), calleeType);
        Ty resolved = Tys.resolve(calleeType);
        int n = c.args().size();
        List<Ty> params = new ArrayList<>(n);
        Ty result;
        if (resolved instanceof TCon fn && fn.head.kind == Head.Kind.FUNCTION) {
            int arity = fn.args.length - 1;
            if (arity != n) {
                cx.diags.error(c.span(), "this function takes " + count(arity, "argument") + ", but " + n
                        + (n == 1 ? " was" : " were") + " given");
            }
            for (int i = 0; i < n; i++) {
                params.add(i < arity ? fn.args[i] : cx.fresh());
            }
            result = fn.args[arity];
        } else if (resolved instanceof TVar v && v.kind == TVar.Kind.ANY) {
            for (int i = 0; i < n; i++) {
                params.add(cx.fresh());
            }
            result = cx.fresh();
            Tys.unify(calleeType, Tys.function(params, result));
        } else {
            if (!Tys.isError(resolved)) {
                String what = resolved instanceof TVar v ? (v.kind == TVar.Kind.INT ? "an integer" : "a float")
                        : "of type " + Tys.show(resolved);
                cx.diags.error(c.callee().span(), "this is not a function: it is " + what);
            }
            checkLoosely(c.args());
            return failed(c.span(), expected);
        }
        boolean resultOk = Tys.unify(expected, result);
        List<Elab> args = new ArrayList<>(n);
        String lambdaLocal = c.callee() instanceof Ast.Name name && cx.lambdaLocals.contains(cx.scope.lookup(name.name()))
                ? name.name() : null;
        for (int i = 0; i < n; i++) {
            int mark = cx.diags.all().size();
            args.add(check(c.args().get(i), params.get(i)));
            if (lambdaLocal != null) {
                cx.diags.explainLast(mark, "type mismatch", "; `" + lambdaLocal + "` is a lambda bound to a name, "
                        + "which has one type in all its uses: to use it at several types, make it a generic `def`");
            }
        }
        if (!resultOk) {
            cx.mismatch(expected, result, c.span());
        }
        return () -> new Expr.ClosureCall(cx.zonk(result), c.span(), callee.build(), buildAll(args));
    }

    private Elab job(Ast.JobCall j, Ty expected) {
        String name = j.callee().name();
        Span span = j.callee().span();
        Object g = cx.scope.lookup(name) != null ? null : cx.globals.function(name, cx.inBase);
        if (g instanceof FunctionDef f) {
            Instance inst = cx.instantiate(f.typeParams());
            Arguments a = arguments(j.args(), j.span(), name, f.type(), i -> f.params().get(i).name(), inst, expected);
            return () -> new Expr.Job(cx.zonk(a.result), j.span(), f, cx.zonkAll(inst.typeArgs()), a.build());
        }
        if (cx.scope.lookup(name) != null) {
            cx.diags.error(span, "`" + name + "!(...)` needs a function defined with `def`, but `" + name
                    + "` is a local variable");
        } else if (g instanceof Builtin) {
            cx.diags.error(span, "`" + name + "!(...)` needs a function defined with `def`, but `" + name
                    + "` is a builtin; call it without `!` or wrap it in a `def`");
        } else if (g == null) {
            undefined(name, span);
        }
        checkLoosely(j.args());
        return failed(j.span(), expected);
    }

    // ---- constructors, tuples, lists ----

    private Elab construct(Ast.Construct c, Ty expected) {
        String name = c.ctor().name();
        Constructor ctor = cx.globals.constructor(name, cx.inBase);
        if (ctor == null) {
            cx.unknownConstructor(name, c.ctor().span());
            for (Ast.FieldArg f : c.fields()) {
                cx.discard(check(f.value(), DefContext.error()));
            }
            return failed(c.span(), expected);
        }
        AdtDecl decl = ctor.decl();
        Instance inst = cx.instantiate(decl.typeParams());
        Ty type = Tys.adt(decl, inst.typeArgs().toArray(new Ty[0]));
        boolean ok = Tys.unify(expected, type);
        List<Ast.Expr> values = new ArrayList<>(c.fields().size());
        List<Ast.Ident> names = new ArrayList<>(c.fields().size());
        for (Ast.FieldArg f : c.fields()) {
            values.add(f.value());
            names.add(f.name());
        }
        List<Elab> fields = new ArrayList<>();
        boolean complete = new FieldMatcher<Ast.Expr, Elab>(cx, ctor, c.span(), false) {
            @Override
            Elab checkField(Ast.Expr value, Ty type) {
                return check(value, type);
            }

            @Override
            Elab missing(Ty type) {
                return errorElab(c.span());
            }
        }.match(names, values, inst, fields);
        if (!ok) {
            cx.constructorMismatch(expected, type, ctor, c.span());
        }
        if (!complete || cx.globals.brokenConstructors.contains(ctor)) {
            fields.forEach(cx::discard);
            return errorElab(c.span());
        }
        return () -> new Expr.Construct(cx.zonk(type), c.span(), ctor, cx.zonkAll(inst.typeArgs()), buildAll(fields));
    }

    private Elab tuple(Ast.Tuple t, Ty expected) {
        int n = t.elements().size();
        Ty[] parts = new Ty[n];
        for (int i = 0; i < n; i++) {
            parts[i] = cx.fresh();
        }
        TCon shape = Tys.tuple(parts);
        boolean ok = Tys.unify(expected, shape);
        List<Elab> elements = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            elements.add(check(t.elements().get(i), parts[i]));
        }
        if (!ok) {
            cx.mismatch(expected, shape, t.span());
        }
        return () -> new Expr.Tuple(cx.zonk(shape), t.span(), buildAll(elements));
    }

    private Elab list(Ast.ListLit l, Ty expected) {
        Ty element = cx.fresh();
        TCon shape = Tys.list(element);
        boolean ok = Tys.unify(expected, shape);
        List<Elab> elements = new ArrayList<>(l.elements().size());
        Ty against = element;
        for (Ast.Expr e : l.elements()) {
            int errorsBefore = cx.diags.errorCount();
            elements.add(check(e, against));
            if (cx.diags.errorCount() > errorsBefore) {
                // One wrongly typed element is reported; the next ones would most likely
                // repeat it (`[1, 2, 3]` where strings are expected): they are still checked,
                // against any type.
                against = DefContext.error();
            }
        }
        if (!ok) {
            cx.mismatch(expected, shape, l.span());
        }
        return () -> new Expr.ListLit(cx.zonk(shape), l.span(), buildAll(elements));
    }

    private Elab index(Ast.Index i, Ty expected) {
        Ty element = cx.fresh();
        Elab array = check(i.array(), Tys.array(element));
        Elab idx = check(i.index(), Tys.U32);
        cx.expect(expected, element, i.span());
        Builtin get = Builtins.lookup("Array.get");
        return () -> new Expr.BuiltinCall(cx.zonk(element), i.span(), get, List.of(cx.zonk(element)),
                List.of(array.build(), idx.build()));
    }

    // ---- control ----

    Elab ifExpr(Ast.If i, Ty expected, BodyCheck bodies) {
        Elab cond = check(i.cond(), Tys.BOOL);
        if (i.otherwise() == null) {
            cx.diags.error(i.span(), "this `if` has no `else`, but its value is used: add an `else` branch (only a "
                    + "line of a `do` block may leave it out)");
            cx.discard(cond);
            cx.discard(bodies.check(i.then(), cx.fresh()));
            return failed(i.span(), expected);
        }
        Elab then = bodies.check(i.then(), expected);
        Elab otherwise = bodies.check(i.otherwise(), expected);
        return () -> new Expr.If(cx.zonk(expected), i.span(), cond.build(), then.build(), otherwise.build());
    }

    Elab match(Ast.Match m, Ty expected, BodyCheck bodies) {
        Ty scrutineeType = cx.fresh();
        Elab scrutinee = check(m.scrutinee(), scrutineeType);
        List<PatElab> pats = new ArrayList<>();
        List<Elab> bodyElabs = new ArrayList<>();
        boolean patternErrors = false;
        for (Ast.Case c : m.cases()) {
            int mark = cx.scope.mark();
            int before = cx.errorMark();
            pats.add(patterns.bind(c.pattern(), scrutineeType));
            patternErrors |= cx.errorMark() > before;
            bodyElabs.add(bodies.check(c.body(), expected));
            cx.scope.restore(mark);
        }
        boolean checkCoverage = !patternErrors;
        return () -> {
            Expr s = scrutinee.build();
            List<Case> cases = new ArrayList<>(pats.size());
            boolean literalErrors = false;
            for (int i = 0; i < pats.size(); i++) {
                // A pattern's literals are checked against its type only now: one out of range
                // was reported and stands for 0, which must not make other cases look unreachable.
                int before = cx.diags.errorCount();
                Pattern p = pats.get(i).build();
                literalErrors |= cx.diags.errorCount() > before;
                cases.add(new Case(p, bodyElabs.get(i).build(), m.cases().get(i).span()));
            }
            // A type too large was reported, and is Unit here: no coverage to check. The
            // scrutinee's type, not its expression's: a scrutinee already reported as wrong
            // (`R{1}` for a constructor of two fields) is a Unit placeholder of the right type.
            if (checkCoverage && !literalErrors && !Tys.containsError(scrutineeType) && !Tys.tooLarge(scrutineeType)
                    && cases.stream().noneMatch(c -> patterns.hasBrokenConstructor(c.pattern()))) {
                Exhaustiveness.checkMatch(cx.diags, m.span(), cx.zonk(scrutineeType), cases, !cx.inBase);
            }
            return new Expr.Match(cx.zonk(expected), m.span(), s, cases);
        };
    }

    // ---- lambdas ----

    private Elab lambda(Ast.Lambda l, Ty expected) {
        int n = l.params().size();
        List<Ty> params = new ArrayList<>(n);
        for (Ast.LambdaParam p : l.params()) {
            params.add(p.type() != null ? cx.resolveType(p.type()) : cx.fresh());
        }
        Ty result = cx.fresh();
        TCon shape = Tys.function(params, result);
        Ty wanted = Tys.resolve(expected);
        int wantedArity = wanted instanceof TCon wc && wc.head.kind == Head.Kind.FUNCTION ? wc.args.length - 1 : n;
        boolean ok = Tys.unify(expected, shape);
        int mark = cx.scope.mark();
        List<Binder> binders = new ArrayList<>(n);
        // A parameter written as a pattern, e.g. \(a, b) -> ..., becomes a hidden parameter
        // destructured by a `let` at the start of the body.
        List<PatElab> destructure = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Ast.Pattern p = l.params().get(i).pattern();
            if (p instanceof Ast.VarPat v) {
                Binder b = new Binder(v.name(), params.get(i), v.span());
                if (binders.stream().anyMatch(o -> o.name.equals(v.name()))) {
                    cx.diags.error(v.span(), "the parameter `" + v.name() + "` appears twice");
                }
                binders.add(b);
                cx.bind(b);
                destructure.add(null);
            } else {
                binders.add(new Binder(p instanceof Ast.WildPat ? "_" : "$param" + i, params.get(i), p.span()));
                destructure.add(p instanceof Ast.WildPat ? null
                        : patterns.irrefutable(p, params.get(i), "a lambda parameter"));
            }
        }
        Elab body = check(l.body(), result);
        cx.scope.restore(mark);
        if (!ok && wantedArity != n) {
            // Said in words: "expected (U32, U32) -> U32, found _ -> _" hides the count.
            cx.diags.error(l.span(), "this lambda takes " + n + " parameter" + (n == 1 ? "" : "s")
                    + ", but the function expected here, " + Tys.show(wanted) + ", takes " + wantedArity);
        } else if (!ok) {
            cx.mismatch(expected, shape, l.span());
        }
        return () -> {
            List<Local> locals = new ArrayList<>(n);
            for (Binder b : binders) {
                locals.add(b.local());
            }
            List<Stmt> lets = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (destructure.get(i) != null) {
                    Local arg = locals.get(i);
                    Span span = arg.span();
                    lets.add(new Stmt.Let(destructure.get(i).build(), new Expr.LocalRef(arg.type(), span, arg), span));
                }
            }
            Expr b = body.build();
            if (!lets.isEmpty()) {
                b = new Expr.Block(b.type(), b.span(), lets, b);
            }
            return new Expr.Lambda(cx.zonk(shape), l.span(), locals, b);
        };
    }

    /** The action that does nothing ({@code __io} of a lambda returning {@code ()}), for an {@code if} without {@code else} in a {@code do}. */
    static Expr unitAction(Span span) {
        Builtin io = Builtins.lookup("__io");
        Local u = new Local("_", ScalarType.UNIT, span);
        Expr unit = new Expr.Literal(ScalarType.UNIT, span, 0);
        Type thunk = new dev.vx.compiler.types.FunctionType(List.of(ScalarType.UNIT), ScalarType.UNIT);
        Expr lambda = new Expr.Lambda(thunk, span, List.of(u), unit);
        return new Expr.BuiltinCall(new dev.vx.compiler.types.IoType(ScalarType.UNIT), span, io,
                List.of(ScalarType.UNIT), List.of(lambda));
    }

    /** The {@code not} of a Bool expression, for {@code !=} on strings. */
    static Expr not(Expr e) {
        return new Expr.Unary(ScalarType.BOOL, e.span(), UnaryOp.NOT, Scalar.BOOL, e);
    }
}
