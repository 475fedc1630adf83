package dev.vx.conformance.gen;

import dev.vx.conformance.gen.Ast.Block;
import dev.vx.conformance.gen.Ast.Def;
import dev.vx.conformance.gen.Ast.Ex;
import dev.vx.conformance.gen.Ast.Stmt;
import dev.vx.conformance.gen.Ast.Tail;
import java.util.List;

/** Prints a generated {@link Ast.Program} as Vx source: two spaces per level, expressions parenthesised. */
final class Printer {
    private final StringBuilder out = new StringBuilder();

    private Printer() {
    }

    static String print(Ast.Program p) {
        Printer pr = new Printer();
        for (Ast.TypeDecl t : p.types()) {
            pr.out.append(t.text()).append('\n');
        }
        for (Def d : p.defs()) {
            pr.def(d);
        }
        return pr.out.toString();
    }

    static String expr(Ex e) {
        StringBuilder sb = new StringBuilder();
        ex(sb, e);
        return sb.toString();
    }

    private void def(Def d) {
        out.append("def ").append(d.name());
        if (!d.typeParams().isEmpty()) {
            out.append('<').append(String.join(", ", d.typeParams())).append('>');
        }
        out.append('(');
        for (int i = 0; i < d.params().size(); i++) {
            out.append(i > 0 ? ", " : "").append(d.params().get(i).name()).append(": ").append(d.params().get(i).type());
        }
        out.append(") -> ").append(d.result() == null ? "IO(Unit)" : d.result()).append(":\n");
        if (d.body() instanceof Block b) {
            block(b, 1);
        } else {
            doBody((Ast.DoBody) d.body(), 1);
        }
        out.append('\n');
    }

    private void indent(int level) {
        out.append("  ".repeat(level));
    }

    private void block(Block b, int level) {
        for (Stmt s : b.stmts()) {
            stmt(s, level);
        }
        tail(b.tail(), level, null);
    }

    private void stmt(Stmt s, int level) {
        if (s instanceof Ast.Let l) {
            tail(l.rhs(), level, l.name() + (l.annotation() != null ? ": " + l.annotation() : "") + " = ");
        } else if (s instanceof Ast.Destructure d) {
            indent(level);
            out.append('(').append(String.join(", ", d.names())).append(") = ");
            ex(out, d.value());
            out.append('\n');
        } else if (s instanceof Ast.ForkGroup g) {
            for (int i = 0; i < g.names().size(); i++) {
                indent(level);
                out.append(g.names().get(i)).append(" = fork ");
                ex(out, g.calls().get(i));
                out.append('\n');
            }
        }
    }

    /** A block's last line, or the right side of a binding ({@code prefix} is {@code "x = "}). */
    private void tail(Tail t, int level, String prefix) {
        indent(level);
        if (prefix != null) {
            out.append(prefix);
        }
        if (t instanceof Ast.ExTail e) {
            ex(out, e.expr());
            out.append('\n');
        } else if (t instanceof Ast.Match m) {
            out.append("match ");
            ex(out, m.scrutinee());
            out.append(":\n");
            for (Ast.Case c : m.cases()) {
                indent(level + 1);
                out.append("case ").append(c.pattern()).append(":\n");
                block(c.body(), level + 2);
            }
        } else if (t instanceof Ast.IfSt i) {
            for (int k = 0; k < i.conds().size(); k++) {
                if (k > 0) {
                    indent(level);
                    out.append("el");
                }
                out.append("if ");
                ex(out, i.conds().get(k));
                out.append(":\n");
                block(i.bodies().get(k), level + 1);
            }
            indent(level);
            out.append("else:\n");
            block(i.otherwise(), level + 1);
        }
    }

    private void doBody(Ast.DoBody d, int level) {
        indent(level);
        out.append("do:\n");
        for (Ast.DoLine line : d.lines()) {
            indent(level + 1);
            if (line instanceof Ast.Action a) {
                ex(out, a.action());
            } else if (line instanceof Ast.BindAction b) {
                out.append(b.name()).append(" <- ");
                ex(out, b.action());
            } else if (line instanceof Ast.PureLet p) {
                out.append(p.name()).append(" = ");
                ex(out, p.value());
            } else if (line instanceof Ast.When w) {
                out.append("if ");
                ex(out, w.cond());
                out.append(":\n");
                indent(level + 2);
                ex(out, w.action());
            }
            out.append('\n');
        }
    }

    private static void ex(StringBuilder sb, Ex e) {
        if (e instanceof Ast.Lit l) {
            sb.append(l.text());
        } else if (e instanceof Ast.Var v) {
            sb.append(v.name());
        } else if (e instanceof Ast.Call c) {
            sb.append(c.function()).append(c.job() ? "!(" : "(");
            list(sb, c.args());
            sb.append(')');
        } else if (e instanceof Ast.Bin b) {
            sb.append('(');
            ex(sb, b.left());
            sb.append(' ').append(b.op()).append(' ');
            ex(sb, b.right());
            sb.append(')');
        } else if (e instanceof Ast.Un u) {
            sb.append('(').append(u.op()).append(u.op().equals("not") ? " " : "");
            ex(sb, u.operand());
            sb.append(')');
        } else if (e instanceof Ast.IfEx i) {
            sb.append("(if ");
            ex(sb, i.cond());
            sb.append(" then ");
            ex(sb, i.then());
            sb.append(" else ");
            ex(sb, i.otherwise());
            sb.append(')');
        } else if (e instanceof Ast.Lambda l) {
            sb.append("(\\");
            for (int i = 0; i < l.params().size(); i++) {
                sb.append(i > 0 ? ", " : "");
                if (l.types() != null) {
                    sb.append('(').append(l.params().get(i)).append(": ").append(l.types().get(i)).append(')');
                } else {
                    sb.append(l.params().get(i));
                }
            }
            sb.append(" -> ");
            ex(sb, l.body());
            sb.append(')');
        } else if (e instanceof Ast.Construct c) {
            sb.append(c.ctor()).append('{');
            for (int i = 0; i < c.fields().size(); i++) {
                sb.append(i > 0 ? ", " : "");
                if (c.fieldNames() != null) {
                    sb.append(c.fieldNames().get(i)).append(": ");
                }
                ex(sb, c.fields().get(i));
            }
            sb.append('}');
        } else if (e instanceof Ast.Tuple t) {
            sb.append('(');
            list(sb, t.items());
            sb.append(')');
        } else if (e instanceof Ast.ListLit l) {
            sb.append('[');
            list(sb, l.items());
            sb.append(']');
        } else if (e instanceof Ast.Index x) {
            ex(sb, x.array());
            sb.append('[');
            ex(sb, x.index());
            sb.append(']');
        } else if (e instanceof Ast.Ascribe a) {
            sb.append('(');
            ex(sb, a.expr());
            sb.append(" : ").append(a.type()).append(')');
        }
    }

    private static void list(StringBuilder sb, List<Ex> items) {
        for (int i = 0; i < items.size(); i++) {
            sb.append(i > 0 ? ", " : "");
            ex(sb, items.get(i));
        }
    }
}
