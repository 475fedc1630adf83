package dev.vx.compiler.check;

import dev.vx.compiler.diag.Span;
import dev.vx.compiler.syntax.Ast;
import dev.vx.compiler.tast.Pattern;
import dev.vx.compiler.types.AdtDecl;
import dev.vx.compiler.types.Constructor;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.StringType;
import dev.vx.compiler.types.Type;
import java.util.ArrayList;
import java.util.List;

/** Checks patterns against the type of the value they match and binds their names. */
final class PatternChecker {
    private final DefContext cx;

    PatternChecker(DefContext cx) {
        this.cx = cx;
    }

    /**
     * Whether {@code p} takes apart a constructor whose declaration names an undefined type.
     * Its fields match anything (the declaration's error stands for them), so coverage cannot be
     * told: `A{[]}` on a field declared `Lst<U32>` must not be reported as missing `A{()}`.
     */
    boolean hasBrokenConstructor(Pattern p) {
        if (p instanceof Pattern.Ctor c) {
            return cx.globals.brokenConstructors.contains(c.constructor())
                    || c.fields().stream().anyMatch(this::hasBrokenConstructor);
        } else if (p instanceof Pattern.Tuple t) {
            return t.elements().stream().anyMatch(this::hasBrokenConstructor);
        } else if (p instanceof Pattern.Cons c) {
            return hasBrokenConstructor(c.head()) || hasBrokenConstructor(c.tail());
        } else if (p instanceof Pattern.NatPlus n) {
            return hasBrokenConstructor(n.rest());
        }
        return false;
    }

    /** Checks {@code p} against {@code type} and adds the names it binds to the scope. */
    PatElab bind(Ast.Pattern p, Ty type) {
        List<Binder> bound = new ArrayList<>();
        PatElab elab = check(p, type, bound);
        for (Binder b : bound) {
            cx.bind(b);
        }
        return elab;
    }

    /**
     * As {@link #bind}, for a pattern that must always match ({@code where} says where it is,
     * for the message): once types are solved, a refutable pattern is an error.
     */
    PatElab irrefutable(Ast.Pattern p, Ty type, String where) {
        if (p instanceof Ast.VarPat || p instanceof Ast.WildPat) {
            return bind(p, type);
        }
        int errorsBefore = cx.errorMark();
        PatElab elab = bind(p, type);
        boolean clean = cx.errorMark() == errorsBefore;
        return () -> {
            Pattern built = elab.build();
            if (clean && !Tys.containsError(type) && !Tys.tooLarge(type) && !hasBrokenConstructor(built)) {
                String missing = Exhaustiveness.missing(built);
                if (missing != null) {
                    cx.diags.error(p.span(), "this pattern can fail to match (it does not match `" + missing + "`), but "
                            + where + " must always match; use `match` to handle the other cases");
                }
            }
            return built;
        };
    }

    private PatElab check(Ast.Pattern p, Ty type, List<Binder> bound) {
        Span span = p.span();
        if (p instanceof Ast.WildPat) {
            return () -> new Pattern.Wildcard(cx.zonk(type), span);
        } else if (p instanceof Ast.VarPat v) {
            return variable(v, type, bound);
        } else if (p instanceof Ast.IntPat i) {
            Ty t = literalType(i.value().suffix(), TVar.Kind.INT);
            cx.expect(type, t, span);
            return () -> {
                Type tt = cx.zonk(t);
                return new Pattern.Literal(tt, span, Literals.intWord(i.value(), tt, span, cx.diags));
            };
        } else if (p instanceof Ast.FloatPat f) {
            Ty t = literalType(f.value().suffix(), TVar.Kind.FLOAT);
            cx.expect(type, t, span);
            return () -> {
                Type tt = cx.zonk(t);
                return new Pattern.Literal(tt, span, Literals.floatWord(f.value(), tt, span, cx.diags));
            };
        } else if (p instanceof Ast.StringPat s) {
            cx.expect(type, Tys.STRING, span);
            return () -> new Pattern.StringLit(StringType.INSTANCE, span, s.value());
        } else if (p instanceof Ast.BoolPat b) {
            cx.expect(type, Tys.BOOL, span);
            return () -> new Pattern.Literal(ScalarType.BOOL, span, b.value() ? 1 : 0);
        } else if (p instanceof Ast.UnitPat) {
            cx.expect(type, Tys.UNIT, span);
            return () -> new Pattern.Literal(ScalarType.UNIT, span, 0);
        } else if (p instanceof Ast.NatPlusPat n) {
            cx.expect(type, Tys.NAT, span);
            PatElab rest = check(n.rest(), Tys.NAT, bound);
            return () -> new Pattern.NatPlus(ScalarType.NAT, span,
                    Literals.intWord(n.k(), ScalarType.NAT, n.kSpan(), cx.diags), rest.build());
        } else if (p instanceof Ast.CtorPat c) {
            return constructor(c, type, bound);
        } else if (p instanceof Ast.TuplePat t) {
            return tuple(t, type, bound);
        } else if (p instanceof Ast.ListPat l) {
            return list(l, type, bound);
        }
        Ast.ConsPat c = (Ast.ConsPat) p;
        Ty element = cx.fresh();
        TCon shape = Tys.list(element);
        boolean ok = Tys.unify(type, shape);
        PatElab head = check(c.head(), element, bound);
        PatElab tail = check(c.tail(), shape, bound);
        if (!ok) {
            cx.mismatch(type, shape, span);
        }
        return () -> new Pattern.Cons(cx.zonk(shape), span, head.build(), tail.build());
    }

    private Ty literalType(String suffix, TVar.Kind kind) {
        var fixed = Literals.suffixType(suffix);
        return fixed != null ? Tys.scalar(fixed) : cx.fresh(kind);
    }

    private PatElab variable(Ast.VarPat v, Ty type, List<Binder> bound) {
        if (cx.globals.constructor(v.name(), cx.inBase) != null || cx.globals.uncheckable(v.name(), cx.inBase)) {
            cx.diags.error(v.span(), "`" + v.name() + "` is a constructor: write `" + v.name()
                    + "{}` to match it (a bare name binds a new variable)");
        }
        if (bound.stream().anyMatch(b -> b.name.equals(v.name()))) {
            cx.diags.error(v.span(), "`" + v.name() + "` is bound twice in this pattern");
        }
        Binder b = new Binder(v.name(), type, v.span());
        bound.add(b);
        return () -> new Pattern.Bind(cx.zonk(type), v.span(), b.local());
    }

    private PatElab constructor(Ast.CtorPat c, Ty type, List<Binder> bound) {
        Constructor ctor = cx.globals.constructor(c.ctor().name(), cx.inBase);
        List<Ast.Pattern> written = new ArrayList<>(c.fields().size());
        List<Ast.Ident> names = new ArrayList<>(c.fields().size());
        for (Ast.FieldPat f : c.fields()) {
            written.add(f.pattern());
            names.add(f.name());
        }
        if (ctor == null) {
            cx.unknownConstructor(c.ctor().name(), c.ctor().span());
            for (Ast.Pattern f : written) {
                check(f, DefContext.error(), bound);
            }
            return () -> new Pattern.Wildcard(cx.zonk(type), c.span());
        }
        AdtDecl decl = ctor.decl();
        Instance inst = cx.instantiate(decl.typeParams());
        TCon shape = Tys.adt(decl, inst.typeArgs().toArray(new Ty[0]));
        boolean ok = Tys.unify(type, shape);
        List<PatElab> fields = new ArrayList<>();
        new FieldMatcher<Ast.Pattern, PatElab>(cx, ctor, c.span(), true) {
            @Override
            PatElab checkField(Ast.Pattern written, Ty t) {
                return check(written, t, bound);
            }

            @Override
            PatElab missing(Ty t) {
                return () -> new Pattern.Wildcard(cx.zonk(t), c.span());
            }
        }.match(names, written, inst, fields);
        if (!ok) {
            cx.constructorMismatch(type, shape, ctor, c.span());
        }
        while (fields.size() < ctor.arity()) {
            fields.add(() -> new Pattern.Wildcard(ScalarType.UNIT, c.span()));
        }
        return () -> {
            List<Pattern> built = new ArrayList<>(fields.size());
            for (PatElab f : fields) {
                built.add(f.build());
            }
            return new Pattern.Ctor(cx.zonk(shape), c.span(), ctor, built);
        };
    }

    private PatElab tuple(Ast.TuplePat t, Ty type, List<Binder> bound) {
        int n = t.elements().size();
        Ty[] parts = new Ty[n];
        for (int i = 0; i < n; i++) {
            parts[i] = cx.fresh();
        }
        TCon shape = Tys.tuple(parts);
        boolean ok = Tys.unify(type, shape);
        List<PatElab> elements = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            elements.add(check(t.elements().get(i), parts[i], bound));
        }
        if (!ok) {
            cx.mismatch(type, shape, t.span());
        }
        return () -> {
            List<Pattern> built = new ArrayList<>(n);
            for (PatElab e : elements) {
                built.add(e.build());
            }
            return new Pattern.Tuple(cx.zonk(shape), t.span(), built);
        };
    }

    /** {@code [a, b]} becomes {@code a <> (b <> [])}. */
    private PatElab list(Ast.ListPat l, Ty type, List<Binder> bound) {
        Ty element = cx.fresh();
        TCon shape = Tys.list(element);
        boolean ok = Tys.unify(type, shape);
        List<PatElab> elements = new ArrayList<>();
        for (Ast.Pattern e : l.elements()) {
            elements.add(check(e, element, bound));
        }
        if (!ok) {
            cx.mismatch(type, shape, l.span());
        }
        return () -> {
            Type listType = cx.zonk(shape);
            List<Pattern> heads = new ArrayList<>(elements.size());
            for (PatElab e : elements) {
                heads.add(e.build());
            }
            Pattern result = new Pattern.Nil(listType, l.span());
            for (int i = heads.size() - 1; i >= 0; i--) {
                // The whole pattern, brackets included, is the outermost cons: what a message about it shows.
                Span span = i == 0 ? l.span() : heads.get(i).span().to(l.span());
                result = new Pattern.Cons(listType, span, heads.get(i), result);
            }
            return result;
        };
    }
}
