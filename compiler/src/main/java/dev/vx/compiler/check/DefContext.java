package dev.vx.compiler.check;

import dev.vx.compiler.diag.Diagnostics;
import dev.vx.compiler.diag.Progress;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.syntax.Ast;
import dev.vx.compiler.types.Constructor;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state of checking one definition: its inference variables, the checks that must wait
 * until every variable is solved, the local scope, and the error reporting helpers shared by
 * the expression, block and pattern checkers.
 */
final class DefContext {
    final Globals globals;
    final Diagnostics diags;
    final Progress progress;
    final boolean inBase;
    final TypeResolver types;
    /** The enclosing definition's type parameters, by name (rigid types). */
    final Map<String, Ty> typeParams;
    final Scope scope = new Scope();
    /** Locals bound without an annotation to a lambda ({@code id = \x -> x}): of one type, which may surprise. */
    final Set<Binder> lambdaLocals = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The definition's name, where a problem without a better place is reported. */
    private final Span where;
    /** Every name bound in the definition, in source order. */
    private final List<Binder> bound = new ArrayList<>();
    private boolean reportedTooLarge;
    private int unreportedErrors;

    private final List<TVar> vars = new ArrayList<>();
    /** Checks that need solved types (operator domains); run before open variables become Unit. */
    private final List<Runnable> deferred = new ArrayList<>();
    private final List<Elab> discarded = new ArrayList<>();
    private final int errorsAtStart;

    DefContext(Globals globals, Diagnostics diags, Progress progress, boolean inBase, Map<String, Ty> typeParams,
            Span where) {
        this.globals = globals;
        this.where = where;
        this.diags = diags;
        this.progress = progress;
        this.inBase = inBase;
        this.typeParams = typeParams;
        this.types = new TypeResolver(globals, diags, inBase);
        this.errorsAtStart = diags.errorCount();
    }

    TVar fresh() {
        return fresh(TVar.Kind.ANY);
    }

    TVar fresh(TVar.Kind kind) {
        TVar v = new TVar(kind);
        vars.add(v);
        return v;
    }

    /** A generic definition's type parameters replaced by fresh variables. */
    Instance instantiate(List<TypeParam> params) {
        if (params.isEmpty()) {
            return new Instance(List.of(), Map.of());
        }
        List<Ty> args = new ArrayList<>(params.size());
        Map<TypeParam, Ty> subst = new HashMap<>();
        for (TypeParam p : params) {
            Ty v = fresh();
            args.add(v);
            subst.put(p, v);
        }
        return new Instance(args, subst);
    }

    static TVar error() {
        return new TVar(TVar.Kind.ERROR);
    }

    Ty resolveType(Ast.TypeExpr t) {
        return types.resolve(t, typeParams);
    }

    /** Makes a name visible from here to the end of its block. */
    void bind(Binder b) {
        scope.bind(b);
        bound.add(b);
    }

    void defer(Runnable check) {
        deferred.add(check);
    }

    /**
     * Keeps the elaboration of an expression whose value is not used because something around
     * it is wrong: it is still built with the definition, since building reports what only
     * solved types show (a literal out of range, a refutable lambda parameter), errors of
     * their own that the one around them must not hide.
     */
    void discard(Elab e) {
        discarded.add(e);
    }

    /** Builds what {@link #discard} kept, for its errors; after the definition's body. */
    void buildDiscarded() {
        for (Elab e : discarded) {
            e.build();
        }
    }

    /**
     * Errors so far, counting those explained elsewhere and so not reported here (a constructor
     * of a failed import, or one whose declaration cannot be used): a pattern with one must not
     * be taken for a wildcard by the coverage check.
     */
    int errorMark() {
        return diags.errorCount() + unreportedErrors;
    }

    boolean hasNewErrors() {
        return errorMark() > errorsAtStart;
    }

    /**
     * Ends inference: open literal types take their defaults (U32, F32), the deferred checks
     * run, and whatever is still open becomes Unit (it can never be observed). In a definition
     * with errors, what is open takes the error type instead.
     */
    void solve() {
        if (hasNewErrors()) {
            // After an error, what is still unknown is likely unknown because of it: a literal
            // that met the broken part would be range-checked as a U32, a parameter would be
            // "of unknown type". The open variables take the error type instead, and the
            // deferred checks pass over it (rustc, tainted by errors, likewise stays quiet).
            TVar error = new TVar(TVar.Kind.ERROR);
            for (TVar v : vars) {
                if (v.binding == null && v.kind != TVar.Kind.ERROR) {
                    v.binding = error;
                }
            }
        }
        for (TVar v : vars) {
            if (v.binding == null && v.kind == TVar.Kind.INT) {
                v.binding = Tys.U32;
            } else if (v.binding == null && v.kind == TVar.Kind.FLOAT) {
                v.binding = Tys.scalar(dev.vx.bytecode.Scalar.F32);
            }
        }
        for (Runnable check : deferred) {
            check.run();
        }
        for (TVar v : vars) {
            if (v.binding == null && v.kind == TVar.Kind.ANY) {
                v.binding = Tys.UNIT;
            }
        }
        for (Binder b : bound) {
            if (Tys.tooLarge(b.type)) {
                reportTooLarge(b.span, "`" + b.name + "` has");
                return;
            }
        }
    }

    /**
     * A type the bytecode cannot describe, reported once per definition (the rest of it would
     * repeat the message): at the first name that has it, else at the definition.
     */
    private void reportTooLarge(Span span, String subject) {
        if (!reportedTooLarge) {
            reportedTooLarge = true;
            diags.error(span, subject + " a type of more than " + Tys.MAX_PARTS + " parts (counting every repeated "
                    + "part, as in a pair of pairs of pairs …); the bytecode cannot describe so large a type");
        }
    }

    /** The final type of {@code t}, once solved ("zonking" in type-checker jargon). */
    Type zonk(Ty t) {
        if (Tys.tooLarge(t)) {
            reportTooLarge(where, "a value in this definition has");
            return ScalarType.UNIT;
        }
        return Tys.toType(t);
    }

    List<Type> zonkAll(List<Ty> ts) {
        List<Type> out = new ArrayList<>(ts.size());
        for (Ty t : ts) {
            out.add(zonk(t));
        }
        return out;
    }

    /** Reports an unknown constructor name, suggesting the closest known one. */
    void unknownConstructor(String name, Span span) {
        if (globals.explainedByFailedImport(span) || globals.uncheckable(name, inBase)) {
            unreportedErrors++;
            return;
        }
        String suggestion = diags.fewShownYet() ? Suggest.closest(name, globals.constructorNames(inBase)) : null;
        diags.error(span, "unknown constructor `" + name + "`" + (suggestion != null ? "; did you mean `" + suggestion
                + "`?" : ""));
    }

    /** Unifies the type a construct has with the type its context expects, reporting a mismatch. */
    void expect(Ty expected, Ty actual, Span span) {
        if (!Tys.unify(expected, actual)) {
            mismatch(expected, actual, span);
        }
    }

    void mismatch(Ty expected, Ty actual, Span span) {
        mismatch(expected, actual, span, "");
    }

    /**
     * A constructor of type {@code actual} where {@code expected} was wanted. When it is the
     * program's own constructor and hides Base's one of that name, whose type is the expected
     * one (a user's {@code Some} matched against a {@code Maybe}), the message says so.
     */
    void constructorMismatch(Ty expected, Ty actual, Constructor used, Span span) {
        String hint = "";
        Constructor hidden = inBase || used.decl().fromBase() ? null : globals.constructor(used.name(), true);
        if (hidden != null && Tys.resolve(expected) instanceof TCon e && e.head.kind == Head.Kind.ADT
                && e.head.decl == hidden.decl()) {
            Span at = used.decl().span();
            hint = "; `" + used.name() + "` here is the constructor of " + used.decl().name() + " (declared at "
                    + at.file().path() + ":" + at.line() + "), which hides Base's " + hidden.decl().name() + "."
                    + used.name();
        }
        mismatch(expected, actual, span, hint);
    }

    private void mismatch(Ty expected, Ty actual, Span span, String extra) {
        Ty a = Tys.resolve(actual);
        Ty e = Tys.resolve(expected);
        if (e instanceof TVar v && Tys.occursIn(v, a) || a instanceof TVar w && Tys.occursIn(w, e)) {
            // The occurs check: "expected _, found _ -> _" would read as if anything had fitted.
            Ty unknown = e instanceof TVar ? e : a;
            Ty containing = unknown == e ? a : e;
            diags.error(span, "type mismatch: this would need an infinite type: `" + Tys.show(unknown)
                    + "` would have to be `" + Tys.show(containing) + "`, a type that contains itself (for example, "
                    + "a function applied to itself, or a list that is its own element)" + extra);
            return;
        }
        String found = OpenNumbers.describe(a, span);
        if (found == null) {
            found = Tys.show(a);
        }
        String hint = "";
        if (OpenNumbers.isOpenInteger(a) && OpenNumbers.isFloat(e)) {
            hint = OpenNumbers.integerAsFloatHint(span, e);
        }
        String wanted = Tys.show(e);
        if (e instanceof TVar v && v.kind == TVar.Kind.INT) {
            wanted = "an integer type";
        } else if (e instanceof TVar v && v.kind == TVar.Kind.FLOAT) {
            wanted = "a float type";
        }
        diags.error(span, "type mismatch: expected " + wanted + ", found " + found + hint + twoTypesNamed(e, a) + extra);
    }

    /**
     * When both sides are data types of one name but different declarations (a user type that
     * reuses a Base name, e.g. its own {@code Maybe}), where each was declared: the message
     * would otherwise read "expected Maybe<U32>, found Maybe<_>".
     */
    private static String twoTypesNamed(Ty expected, Ty actual) {
        if (expected instanceof TCon e && actual instanceof TCon a && e.head.kind == Head.Kind.ADT
                && a.head.kind == Head.Kind.ADT && e.head.decl != a.head.decl
                && e.head.decl.name().equals(a.head.decl.name())) {
            return "; these are two types named " + e.head.decl.name() + ": the expected one " + declared(e.head.decl)
                    + ", the other " + declared(a.head.decl);
        }
        return "";
    }

    private static String declared(dev.vx.compiler.types.AdtDecl d) {
        return d.fromBase() ? "is Base's" : "is declared at " + d.span().file().path() + ":" + d.span().line();
    }
}
