package dev.vx.compiler.syntax;

import dev.vx.compiler.syntax.Ast.*;
import java.util.List;

/**
 * Prints a parse tree back as Vx source in a canonical form: every compound expression in
 * parentheses, blocks indented by two spaces. Parsing the output gives the same tree, which
 * is what the round-trip tests check.
 */
final class AstPrinter {
    private final StringBuilder out = new StringBuilder();

    static String print(FileAst file) {
        AstPrinter p = new AstPrinter();
        for (Import i : file.imports()) {
            p.out.append("import ").append(i.name()).append('\n');
        }
        for (TypeDecl t : file.types()) {
            p.typeDecl(t);
        }
        for (FunDecl f : file.functions()) {
            p.function(f);
        }
        return p.out.toString();
    }

    static String expression(Expr e) {
        AstPrinter p = new AstPrinter();
        p.expr(e);
        return p.out.toString();
    }

    private void indent(int level) {
        out.append("  ".repeat(level));
    }

    private void typeDecl(TypeDecl t) {
        out.append("type ").append(t.name().name());
        names(t.typeParams());
        out.append(":\n");
        for (CtorDecl c : t.constructors()) {
            indent(1);
            out.append(c.name().name()).append('{');
            if (c.fields() == null) {
                out.append("<broken>}\n");
                continue;
            }
            for (int i = 0; i < c.fields().size(); i++) {
                out.append(i > 0 ? ", " : "").append(c.fields().get(i).name().name()).append(": ");
                type(c.fields().get(i).type());
            }
            out.append("}\n");
        }
    }

    private void names(List<Ident> names) {
        if (!names.isEmpty()) {
            out.append('<');
            for (int i = 0; i < names.size(); i++) {
                out.append(i > 0 ? ", " : "").append(names.get(i).name());
            }
            out.append('>');
        }
    }

    private void function(FunDecl f) {
        out.append("def ").append(f.name().name());
        names(f.typeParams());
        out.append('(');
        for (int i = 0; i < f.params().size(); i++) {
            out.append(i > 0 ? ", " : "").append(f.params().get(i).name().name()).append(": ");
            type(f.params().get(i).type());
        }
        out.append(") -> ");
        type(f.result());
        out.append(":\n");
        block(f.body(), 1);
    }

    private void type(TypeExpr t) {
        if (t instanceof NamedType n) {
            out.append(n.name().name());
            if (!n.args().isEmpty()) {
                out.append('<');
                types(n.args());
                out.append('>');
            }
        } else if (t instanceof TupleType tt) {
            out.append('(');
            types(tt.elements());
            out.append(')');
        } else if (t instanceof FunctionType f) {
            out.append('(');
            types(f.params());
            out.append(") -> ");
            type(f.result());
        } else if (t instanceof IoType io) {
            out.append("IO(");
            type(io.result());
            out.append(')');
        } else {
            out.append("()");
        }
    }

    private void types(List<TypeExpr> ts) {
        for (int i = 0; i < ts.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            type(ts.get(i));
        }
    }

    /** The lines of a block body at {@code level}, or its single expression on one line. */
    private void block(Expr e, int level) {
        List<Stmt> statements = e instanceof Block b ? b.statements() : List.of(new ExprStmt(e, e.span()));
        for (Stmt s : statements) {
            indent(level);
            statement(s, level);
        }
    }

    private void statement(Stmt s, int level) {
        if (s instanceof Let l) {
            binding(l.pattern(), l.type(), " = ");
            value(l.value(), level);
        } else if (s instanceof Fork f) {
            binding(new VarPat(f.name().name(), f.span()), f.type(), " = fork ");
            value(f.call(), level);
        } else if (s instanceof Bind b) {
            binding(b.pattern(), b.type(), " <- ");
            value(b.action(), level);
        } else {
            value(((ExprStmt) s).expr(), level);
        }
    }

    private void binding(Pattern p, TypeExpr type, String op) {
        pattern(p);
        if (type != null) {
            out.append(": ");
            type(type);
        }
        out.append(op);
    }

    private static boolean isBlockForm(Expr e) {
        return e instanceof Match || e instanceof Do || e instanceof Block
                || e instanceof If i && (isBlockForm(i.then()) || i.otherwise() == null
                                         || i.otherwise() instanceof If || isBlockForm(i.otherwise()));
    }

    /** An expression that ends a line; block forms continue on the following lines. */
    private void value(Expr e, int level) {
        if (e instanceof Match m) {
            out.append("match ");
            expr(m.scrutinee());
            out.append(":\n");
            for (Case c : m.cases()) {
                indent(level + 1);
                out.append("case ");
                pattern(c.pattern());
                out.append(":\n");
                block(c.body(), level + 2);
            }
        } else if (e instanceof Do d) {
            out.append("do:\n");
            for (Stmt s : d.statements()) {
                indent(level + 1);
                statement(s, level + 1);
            }
        } else if (e instanceof If i && isBlockForm(e)) {
            out.append("if ");
            expr(i.cond());
            out.append(":\n");
            block(i.then(), level + 1);
            Expr rest = i.otherwise();
            while (rest instanceof If elif && isBlockForm(elif)) {
                indent(level);
                out.append("elif ");
                expr(elif.cond());
                out.append(":\n");
                block(elif.then(), level + 1);
                rest = elif.otherwise();
            }
            if (rest != null) {
                indent(level);
                out.append("else:\n");
                block(rest, level + 1);
            }
        } else {
            expr(e);
            out.append('\n');
        }
    }

    private void expr(Expr e) {
        if (e instanceof IntLit l) {
            out.append(l.value().text()).append(l.value().suffix() != null ? l.value().suffix() : "");
        } else if (e instanceof FloatLit f) {
            out.append(f.value().text()).append(f.value().suffix() != null ? f.value().suffix() : "");
        } else if (e instanceof StringLit s) {
            string(s.value());
        } else if (e instanceof BoolLit b) {
            out.append(b.value());
        } else if (e instanceof UnitLit) {
            out.append("()");
        } else if (e instanceof Name n) {
            out.append(n.name());
        } else if (e instanceof Call c) {
            expr(c.callee());
            out.append('(');
            exprs(c.args());
            out.append(')');
        } else if (e instanceof JobCall j) {
            out.append(j.callee().name()).append("!(");
            exprs(j.args());
            out.append(')');
        } else if (e instanceof Construct c) {
            out.append(c.ctor().name()).append('{');
            for (int i = 0; i < c.fields().size(); i++) {
                FieldArg f = c.fields().get(i);
                out.append(i > 0 ? ", " : "").append(f.name() != null ? f.name().name() + ": " : "");
                expr(f.value());
            }
            out.append('}');
        } else if (e instanceof Tuple t) {
            out.append('(');
            exprs(t.elements());
            out.append(')');
        } else if (e instanceof ListLit l) {
            out.append('[');
            exprs(l.elements());
            out.append(']');
        } else if (e instanceof Binary b) {
            out.append('(');
            expr(b.left());
            out.append(' ').append(b.op().symbol).append(' ');
            expr(b.right());
            out.append(')');
        } else if (e instanceof Unary u) {
            out.append(u.op() == UnOp.NOT ? "(not (" : u.op().symbol + "(");
            expr(u.operand());
            out.append(u.op() == UnOp.NOT ? "))" : ")");
        } else if (e instanceof Index i) {
            out.append('(');
            expr(i.array());
            out.append(")[");
            expr(i.index());
            out.append(']');
        } else if (e instanceof If i) {
            out.append("(if ");
            expr(i.cond());
            out.append(" then ");
            expr(i.then());
            out.append(" else ");
            expr(i.otherwise());
            out.append(')');
        } else if (e instanceof Lambda l) {
            out.append("(\\");
            if (l.params().isEmpty()) {
                out.append("()");
            }
            for (int i = 0; i < l.params().size(); i++) {
                LambdaParam p = l.params().get(i);
                out.append(i > 0 ? ", " : "");
                if (p.type() != null) {
                    out.append('(');
                    pattern(p.pattern());
                    out.append(": ");
                    type(p.type());
                    out.append(')');
                } else {
                    pattern(p.pattern());
                }
            }
            out.append(" -> ");
            expr(l.body());
            out.append(')');
        } else if (e instanceof Ascribe a) {
            out.append('(');
            expr(a.expr());
            out.append(" : ");
            type(a.type());
            out.append(')');
        } else {
            throw new IllegalArgumentException("not printable inline: " + e);
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

    private void string(String s) {
        out.append('"');
        s.codePoints().forEach(c -> {
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case 0 -> out.append("\\0");
                default -> out.appendCodePoint(c);
            }
        });
        out.append('"');
    }

    private void pattern(Pattern p) {
        if (p instanceof WildPat) {
            out.append('_');
        } else if (p instanceof VarPat v) {
            out.append(v.name());
        } else if (p instanceof IntPat i) {
            out.append(i.value().text()).append(i.value().suffix() != null ? i.value().suffix() : "");
        } else if (p instanceof FloatPat f) {
            out.append(f.value().text()).append(f.value().suffix() != null ? f.value().suffix() : "");
        } else if (p instanceof StringPat s) {
            string(s.value());
        } else if (p instanceof BoolPat b) {
            out.append(b.value());
        } else if (p instanceof UnitPat) {
            out.append("()");
        } else if (p instanceof NatPlusPat n) {
            out.append(n.k().text()).append("n+");
            pattern(n.rest());
        } else if (p instanceof CtorPat c) {
            out.append(c.ctor().name()).append('{');
            for (int i = 0; i < c.fields().size(); i++) {
                FieldPat f = c.fields().get(i);
                out.append(i > 0 ? ", " : "").append(f.name() != null ? f.name().name() + ": " : "");
                pattern(f.pattern());
            }
            out.append('}');
        } else if (p instanceof TuplePat t) {
            out.append('(');
            patterns(t.elements());
            out.append(')');
        } else if (p instanceof ListPat l) {
            out.append('[');
            patterns(l.elements());
            out.append(']');
        } else if (p instanceof ConsPat c) {
            out.append('(');
            pattern(c.head());
            out.append(" <> ");
            pattern(c.tail());
            out.append(')');
        }
    }

    private void patterns(List<Pattern> ps) {
        for (int i = 0; i < ps.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            pattern(ps.get(i));
        }
    }
}
