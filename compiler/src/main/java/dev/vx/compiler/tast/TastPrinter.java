package dev.vx.compiler.tast;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.Type;
import java.util.List;

/**
 * Prints a typed program compactly, one line per definition, with the decisions the checker
 * made visible: literal types ({@code 0.0:F64}), operations ({@code add.U32}), type arguments
 * ({@code List.map<U32, F64>}). A debugging aid for the front end's tests and the back end.
 */
public final class TastPrinter {
    private final StringBuilder out = new StringBuilder();

    private TastPrinter() {
    }

    /** Every function of {@code p} (Base's too when {@code withBase}), one per line. */
    public static String print(Program p, boolean withBase) {
        TastPrinter printer = new TastPrinter();
        for (FunctionDef f : p.functions()) {
            if (withBase || !f.fromBase()) {
                printer.function(f);
                printer.out.append('\n');
            }
        }
        return printer.out.toString();
    }

    public static String print(FunctionDef f) {
        TastPrinter printer = new TastPrinter();
        printer.function(f);
        return printer.out.toString();
    }

    public static String print(Expr e) {
        TastPrinter printer = new TastPrinter();
        printer.expr(e);
        return printer.out.toString();
    }

    private void function(FunctionDef f) {
        out.append("def ").append(f.name());
        if (!f.typeParams().isEmpty()) {
            out.append('<');
            for (int i = 0; i < f.typeParams().size(); i++) {
                out.append(i > 0 ? ", " : "").append(f.typeParams().get(i).name());
            }
            out.append('>');
        }
        out.append('(');
        for (int i = 0; i < f.params().size(); i++) {
            Local l = f.params().get(i);
            out.append(i > 0 ? ", " : "").append(l.name()).append(": ").append(l.type());
        }
        out.append(") -> ").append(f.resultType()).append(" = ");
        if (f.body() != null) {
            expr(f.body());
        }
    }

    private void exprs(List<Expr> es) {
        for (int i = 0; i < es.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            expr(es.get(i));
        }
    }

    private void typeArgs(List<Type> types) {
        if (!types.isEmpty()) {
            out.append('<');
            for (int i = 0; i < types.size(); i++) {
                out.append(i > 0 ? ", " : "").append(types.get(i));
            }
            out.append('>');
        }
    }

    static String word(Type type, long word) {
        Scalar kind = type instanceof ScalarType s ? s.kind() : Scalar.U64;
        return switch (kind) {
            case BOOL -> word != 0 ? "true" : "false";
            case UNIT -> "()";
            case F32 -> Float.toString(Float.intBitsToFloat((int) word));
            case F64 -> Double.toString(Double.longBitsToDouble(word));
            case U64 -> Long.toUnsignedString(word);
            default -> Long.toString(word);
        };
    }

    private void expr(Expr e) {
        if (e instanceof Expr.Literal l) {
            out.append(word(l.type(), l.word())).append(':').append(l.type());
        } else if (e instanceof Expr.StringLit s) {
            out.append('"').append(s.value().replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")).append('"');
        } else if (e instanceof Expr.LocalRef r) {
            out.append(r.local().name());
        } else if (e instanceof Expr.FunctionRef f) {
            out.append(f.function().name());
            typeArgs(f.typeArgs());
        } else if (e instanceof Expr.BuiltinRef b) {
            out.append(b.builtin().name());
            typeArgs(b.typeArgs());
        } else if (e instanceof Expr.Call c) {
            out.append(c.function().name());
            typeArgs(c.typeArgs());
            out.append('(');
            exprs(c.args());
            out.append(')');
        } else if (e instanceof Expr.BuiltinCall c) {
            out.append(c.builtin().name());
            typeArgs(c.typeArgs());
            out.append('(');
            exprs(c.args());
            out.append(')');
        } else if (e instanceof Expr.ClosureCall c) {
            out.append('(');
            expr(c.callee());
            out.append(")(");
            exprs(c.args());
            out.append(')');
        } else if (e instanceof Expr.Job j) {
            out.append(j.function().name()).append('!');
            typeArgs(j.typeArgs());
            out.append('(');
            exprs(j.args());
            out.append(')');
        } else if (e instanceof Expr.Construct c) {
            out.append(c.constructor().name());
            typeArgs(c.typeArgs());
            out.append('{');
            exprs(c.fields());
            out.append('}');
        } else if (e instanceof Expr.Tuple t) {
            out.append('(');
            exprs(t.elements());
            out.append(')');
        } else if (e instanceof Expr.ListLit l) {
            out.append('[');
            exprs(l.elements());
            out.append("]:").append(l.type());
        } else if (e instanceof Expr.Cons c) {
            out.append('(');
            expr(c.head());
            out.append(" <> ");
            expr(c.tail());
            out.append(')');
        } else if (e instanceof Expr.Unary u) {
            out.append('(').append(u.op().name().toLowerCase()).append('.').append(ScalarType.nameOf(u.kind())).append(' ');
            expr(u.operand());
            out.append(')');
        } else if (e instanceof Expr.Binary b) {
            out.append('(');
            expr(b.left());
            out.append(' ').append(b.op().name().toLowerCase()).append('.').append(ScalarType.nameOf(b.kind())).append(' ');
            expr(b.right());
            out.append(')');
        } else if (e instanceof Expr.And a) {
            binary(a.left(), "and", a.right());
        } else if (e instanceof Expr.Or o) {
            binary(o.left(), "or", o.right());
        } else if (e instanceof Expr.If i) {
            out.append("(if ");
            expr(i.cond());
            out.append(" then ");
            expr(i.then());
            out.append(" else ");
            expr(i.otherwise());
            out.append(')');
        } else if (e instanceof Expr.Match m) {
            out.append("(match ");
            expr(m.scrutinee());
            for (Case c : m.cases()) {
                out.append(" | ");
                pattern(c.pattern());
                out.append(" => ");
                expr(c.body());
            }
            out.append(')');
        } else if (e instanceof Expr.Lambda l) {
            out.append("(\\");
            for (int i = 0; i < l.params().size(); i++) {
                Local p = l.params().get(i);
                out.append(i > 0 ? ", " : "").append(p.name()).append(": ").append(p.type());
            }
            out.append(" -> ");
            expr(l.body());
            out.append(')');
        } else if (e instanceof Expr.Block b) {
            out.append("{ ");
            for (Stmt s : b.statements()) {
                stmt(s);
                out.append("; ");
            }
            expr(b.result());
            out.append(" }");
        } else if (e instanceof Expr.Do d) {
            out.append("do { ");
            for (DoStmt s : d.statements()) {
                doStmt(s);
                out.append("; ");
            }
            expr(d.last());
            out.append(" }");
        }
    }

    private void binary(Expr left, String op, Expr right) {
        out.append('(');
        expr(left);
        out.append(' ').append(op).append(' ');
        expr(right);
        out.append(')');
    }

    private void stmt(Stmt s) {
        if (s instanceof Stmt.Let l) {
            pattern(l.pattern());
            out.append(" = ");
            expr(l.value());
        } else if (s instanceof Stmt.ForkGroup g) {
            out.append("fork [");
            for (int i = 0; i < g.forks().size(); i++) {
                Stmt.Fork f = g.forks().get(i);
                out.append(i > 0 ? ", " : "").append(f.local().name()).append(" = ");
                expr(f.call());
            }
            out.append(']');
        }
    }

    private void doStmt(DoStmt s) {
        if (s instanceof DoStmt.Bind b) {
            pattern(b.pattern());
            out.append(" <- ");
            expr(b.action());
        } else if (s instanceof DoStmt.Run r) {
            out.append("run ");
            expr(r.action());
        } else if (s instanceof DoStmt.Pure p) {
            stmt(p.statement());
        } else if (s instanceof DoStmt.When w) {
            out.append("when ");
            expr(w.cond());
            out.append(' ');
            expr(w.action());
        }
    }

    private void pattern(Pattern p) {
        if (p instanceof Pattern.Wildcard) {
            out.append('_');
        } else if (p instanceof Pattern.Bind b) {
            out.append(b.local().name());
        } else if (p instanceof Pattern.Literal l) {
            out.append(word(l.type(), l.word())).append(':').append(l.type());
        } else if (p instanceof Pattern.StringLit s) {
            out.append('"').append(s.value()).append('"');
        } else if (p instanceof Pattern.NatPlus n) {
            out.append(n.k()).append("n+");
            pattern(n.rest());
        } else if (p instanceof Pattern.Ctor c) {
            out.append(c.constructor().name()).append('{');
            for (int i = 0; i < c.fields().size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                pattern(c.fields().get(i));
            }
            out.append('}');
        } else if (p instanceof Pattern.Tuple t) {
            out.append('(');
            for (int i = 0; i < t.elements().size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                pattern(t.elements().get(i));
            }
            out.append(')');
        } else if (p instanceof Pattern.Nil) {
            out.append("[]");
        } else if (p instanceof Pattern.Cons c) {
            out.append('(');
            pattern(c.head());
            out.append(" <> ");
            pattern(c.tail());
            out.append(')');
        }
    }
}
