package dev.vx.compiler.check;

import dev.vx.compiler.diag.Span;
import dev.vx.compiler.syntax.Ast;
import dev.vx.compiler.types.Constructor;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts the fields written in {@code Name{...}} (an expression or a pattern) into declaration
 * order, whether they were given by position or by name, and reports unknown, repeated,
 * missing and surplus fields.
 *
 * @param <A> the written field (an expression or a pattern)
 * @param <R> what checking a field gives (an {@link Elab} or a {@link PatElab})
 */
abstract class FieldMatcher<A, R> {
    private final DefContext cx;
    private final Constructor ctor;
    private final Span span;
    private final boolean isPattern;

    FieldMatcher(DefContext cx, Constructor ctor, Span span, boolean isPattern) {
        this.cx = cx;
        this.ctor = ctor;
        this.span = span;
        this.isPattern = isPattern;
    }

    abstract R checkField(A written, Ty type);

    /** A field left out: a wildcard in a pattern; in an expression, a placeholder (an error was reported). */
    abstract R missing(Ty type);

    /**
     * Appends one result per declared field to {@code out}. Returns false when the written
     * fields do not fit the constructor (an error has been reported).
     */
    boolean match(List<Ast.Ident> names, List<A> written, Instance inst, List<R> out) {
        int arity = ctor.arity();
        List<Ty> types = new ArrayList<>(arity);
        // A constructor whose declaration has an undefined type was reported there: its fields
        // take any type here, so that its uses do not repeat the mistake as mismatches.
        boolean broken = cx.globals.brokenConstructors.contains(ctor);
        for (int i = 0; i < arity; i++) {
            types.add(broken ? DefContext.error() : inst.of(ctor.fieldTypes().get(i)));
        }
        boolean anyNamed = false;
        boolean anyPositional = false;
        for (Ast.Ident n : names) {
            anyNamed |= n != null;
            anyPositional |= n == null;
        }
        if (anyNamed && anyPositional) {
            cx.diags.error(span, "give the fields of `" + ctor.name() + "` either all by position or all by name");
            checkLoosely(written);
            return false;
        }
        if (written.isEmpty() && (isPattern || arity == 0)) {
            for (Ty t : types) {
                out.add(missing(t));
            }
            return true;
        }
        if (!anyNamed) {
            if (written.size() != arity) {
                cx.diags.error(span, "`" + ctor.name() + "` has " + ExprChecker.count(arity, "field") + describeFields()
                        + ", but " + written.size() + (written.size() == 1 ? " was" : " were") + " given"
                        + (isPattern ? "; give all of them, none (`" + ctor.name() + "{}`), or name the ones to match"
                           : ""));
                checkLoosely(written);
                return false;
            }
            for (int i = 0; i < arity; i++) {
                out.add(checkField(written.get(i), types.get(i)));
            }
            return true;
        }
        List<R> byField = new ArrayList<>(arity);
        for (int i = 0; i < arity; i++) {
            byField.add(null);
        }
        boolean ok = true;
        for (int i = 0; i < written.size(); i++) {
            Ast.Ident name = names.get(i);
            int index = ctor.fieldNames().indexOf(name.name());
            if (index < 0) {
                String suggestion = Suggest.closest(name.name(), ctor.fieldNames());
                cx.diags.error(name.span(), "`" + ctor.name() + "` has no field `" + name.name() + "`"
                        + (suggestion != null ? "; did you mean `" + suggestion + "`?"
                           : arity == 0 ? "; it has no fields" : "; its fields are " + String.join(", ", ctor.fieldNames())));
                checkField(written.get(i), DefContext.error());
                ok = false;
            } else if (byField.get(index) != null) {
                cx.diags.error(name.span(), "the field `" + name.name() + "` is given twice");
                checkField(written.get(i), DefContext.error());
                ok = false;
            } else {
                byField.set(index, checkField(written.get(i), types.get(index)));
            }
        }
        List<String> missingNames = new ArrayList<>();
        for (int i = 0; i < arity; i++) {
            if (byField.get(i) == null) {
                missingNames.add(ctor.fieldNames().get(i));
                byField.set(i, missing(types.get(i)));
            }
        }
        // An unknown field is most likely a misspelt missing one: one message is enough.
        if (!missingNames.isEmpty() && !isPattern && ok) {
            cx.diags.error(span, "missing field" + (missingNames.size() == 1 ? " `" : "s `")
                    + String.join("`, `", missingNames) + "` in `" + ctor.name() + "{...}`");
            ok = false;
        }
        out.addAll(byField);
        return ok;
    }

    private String describeFields() {
        if (ctor.arity() == 0) {
            return "";
        }
        return " (" + ExprChecker.listed(ctor.arity(), i -> ctor.fieldNames().get(i) + ": " + ctor.fieldTypes().get(i)) + ")";
    }

    private void checkLoosely(List<A> written) {
        for (A a : written) {
            checkField(a, DefContext.error());
        }
    }
}
