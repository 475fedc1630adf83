package dev.vx.compiler.check;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.diag.Diagnostics;
import dev.vx.compiler.syntax.Ast;
import dev.vx.compiler.types.AdtDecl;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Resolves written types ({@link Ast.TypeExpr}) to {@link Ty}s, reporting unknown names and wrong arities. */
final class TypeResolver {
    /** Names of the built-in types, which a declaration may not reuse. */
    static final List<String> BUILTIN_TYPES =
            List.of("Bool", "U32", "I32", "U64", "I64", "F32", "F64", "Nat", "Unit", "String", "List", "Array", "IO");

    private final Globals globals;
    private final Diagnostics diags;
    private final boolean inBase;

    TypeResolver(Globals globals, Diagnostics diags, boolean inBase) {
        this.globals = globals;
        this.diags = diags;
        this.inBase = inBase;
    }

    /**
     * The type written as {@code t}, with the type parameters in scope given by {@code params}.
     * An unresolvable type is reported and becomes an error variable.
     */
    Ty resolve(Ast.TypeExpr t, Map<String, Ty> params) {
        if (t instanceof Ast.UnitType) {
            return Tys.UNIT;
        } else if (t instanceof Ast.TupleType tt) {
            Ty[] elements = new Ty[tt.elements().size()];
            for (int i = 0; i < elements.length; i++) {
                elements[i] = resolve(tt.elements().get(i), params);
            }
            return Tys.tuple(elements);
        } else if (t instanceof Ast.FunctionType f) {
            List<Ty> ps = new ArrayList<>();
            for (Ast.TypeExpr p : f.params()) {
                ps.add(resolve(p, params));
            }
            return Tys.function(ps, resolve(f.result(), params));
        } else if (t instanceof Ast.IoType io) {
            return Tys.io(resolve(io.result(), params));
        }
        return named((Ast.NamedType) t, params);
    }

    private Ty named(Ast.NamedType t, Map<String, Ty> params) {
        String name = t.name().name();
        List<Ast.TypeExpr> args = t.args();
        Ty param = params.get(name);
        if (param != null) {
            return noArgs(t, param);
        }
        Scalar scalar = scalarNamed(name);
        if (scalar != null) {
            return noArgs(t, Tys.scalar(scalar));
        }
        switch (name) {
            case "String":
                return noArgs(t, Tys.STRING);
            case "List":
            case "Array": {
                if (args.size() != 1) {
                    return arityError(t, 1);
                }
                Ty element = resolve(args.get(0), params);
                return name.equals("List") ? Tys.list(element) : Tys.array(element);
            }
            case "IO":
                diags.error(t.span(), "write the action type as `IO(T)`, with parentheses");
                return new TVar(TVar.Kind.ERROR);
            default:
                break;
        }
        AdtDecl decl = globals.type(name, inBase);
        if (decl == null && globals.explainedByFailedImport(t.name().span())) {
            for (Ast.TypeExpr a : args) {
                resolve(a, params);
            }
            return DefContext.error();
        }
        if (decl == null) {
            List<String> candidates = new ArrayList<>(globals.typeNames(inBase));
            candidates.addAll(BUILTIN_TYPES);
            candidates.addAll(params.keySet());
            String suggestion = diags.fewShownYet() ? Suggest.closest(name, candidates) : null;
            diags.error(t.name().span(), "undefined type `" + name + "`"
                    + (suggestion != null ? "; did you mean `" + suggestion + "`?" : ""));
            for (Ast.TypeExpr a : args) {
                resolve(a, params);
            }
            return new TVar(TVar.Kind.ERROR);
        }
        if (args.size() != decl.typeParams().size()) {
            return arityError(t, decl.typeParams().size());
        }
        Ty[] resolved = new Ty[args.size()];
        for (int i = 0; i < resolved.length; i++) {
            resolved[i] = resolve(args.get(i), params);
        }
        return Tys.adt(decl, resolved);
    }

    static Scalar scalarNamed(String name) {
        return switch (name) {
            case "Bool" -> Scalar.BOOL;
            case "U32" -> Scalar.U32;
            case "I32" -> Scalar.I32;
            case "U64" -> Scalar.U64;
            case "I64" -> Scalar.I64;
            case "F32" -> Scalar.F32;
            case "F64" -> Scalar.F64;
            case "Nat" -> Scalar.NAT;
            case "Unit" -> Scalar.UNIT;
            default -> null;
        };
    }

    private Ty noArgs(Ast.NamedType t, Ty type) {
        if (!t.args().isEmpty()) {
            return arityError(t, 0);
        }
        return type;
    }

    private Ty arityError(Ast.NamedType t, int expected) {
        String name = t.name().name();
        String message = expected == 0
                ? "`" + name + "` takes no type arguments"
                : "`" + name + "` takes " + expected + " type argument" + (expected == 1 ? "" : "s") + ", but "
                  + (t.args().isEmpty() ? "none were" : t.args().size() + (t.args().size() == 1 ? " was" : " were"))
                  + " given";
        diags.error(t.span(), message);
        return new TVar(TVar.Kind.ERROR);
    }
}
