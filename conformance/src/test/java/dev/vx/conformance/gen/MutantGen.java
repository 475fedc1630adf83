package dev.vx.conformance.gen;

import dev.vx.conformance.gen.Ast.Ex;
import dev.vx.testkit.Choices;
import dev.vx.testkit.Gen;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ill-typed and garbled programs: a generated valid program with one mutation. Mutations of
 * the syntax tree (a literal of another type, a call with one argument too few or too many, an
 * undefined name) and of the text (a deleted token, inserted random characters, a tab in the
 * indentation, truncation). Some mutations always make the program invalid ({@link
 * Mutant#mustFail()}); the others usually do, but may leave it valid.
 */
public record MutantGen(double scale) implements Gen<MutantGen.Mutant> {

    public enum Kind {
        OTHER_LITERAL_TYPE(false), WRONG_ARGUMENT_COUNT(true), UNDEFINED_NAME(true), DELETED_TOKEN(false),
        RANDOM_CHARACTERS(false), TAB_INDENTATION(true), TRUNCATED(false);

        /** Whether every program with this mutation is invalid. */
        public final boolean alwaysInvalid;

        Kind(boolean alwaysInvalid) {
            this.alwaysInvalid = alwaysInvalid;
        }
    }

    /** The mutated source; {@code mustFail} when the mutation always makes a program invalid. */
    public record Mutant(Kind kind, boolean mustFail, String source) {
        @Override
        public String toString() {
            return kind + (mustFail ? " (must be rejected)" : "") + "\n" + source;
        }

        /**
         * Where programs/README.md says the diagnostic goes, as {@code LINE:COL} (from 1, columns
         * in code points), when this mutation determines it: the undefined name; the tab itself.
         * Null otherwise.
         */
        public String expectedPlace() {
            int at = switch (kind) {
                case UNDEFINED_NAME -> source.indexOf("undefined_");
                case TAB_INDENTATION -> source.indexOf('\t');
                default -> -1;
            };
            if (at < 0) {
                return null;
            }
            int lineStart = source.lastIndexOf('\n', at - 1) + 1;
            int line = (int) source.substring(0, lineStart).chars().filter(ch -> ch == '\n').count() + 1;
            int col = source.codePointCount(lineStart, at) + 1;
            return line + ":" + col;
        }
    }

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*|[0-9][0-9a-z_.]*|\"(\\\\.|[^\"\\\\])*\""
            + "|<>|->|<-|==|!=|<=|>=|<<|>>|\\+\\+|\\S");

    @Override
    public Mutant generate(Choices c) {
        Ast.Program program = new Session(c, scale).program();
        Kind kind = Kind.values()[(int) c.draw(Kind.values().length - 1)];
        Mutant m = switch (kind) {
            case OTHER_LITERAL_TYPE -> onTree(c, kind, program, e -> e instanceof Ast.Lit, e -> otherLiteral(c, (Ast.Lit) e));
            case WRONG_ARGUMENT_COUNT -> onTree(c, kind, program, e -> e instanceof Ast.Call, e -> wrongArity(c, (Ast.Call) e));
            case UNDEFINED_NAME -> onTree(c, kind, program, e -> e instanceof Ast.Var,
                    e -> new Ast.Var("undefined_" + ((Ast.Var) e).name()));
            default -> onText(c, kind, Printer.print(program));
        };
        return m;
    }

    private static Mutant onTree(Choices c, Kind kind, Ast.Program p, java.util.function.Predicate<Ex> target,
                                 java.util.function.UnaryOperator<Ex> mutation) {
        int n = Rewriter.count(p, target);
        if (n == 0) {
            return onText(c, Kind.TRUNCATED, Printer.print(p));
        }
        int k = (int) c.draw(n - 1);
        return new Mutant(kind, kind.alwaysInvalid, Printer.print(Rewriter.replace(p, target, k, mutation)));
    }

    private static Ex otherLiteral(Choices c, Ast.Lit lit) {
        List<Ex> others = new ArrayList<>(List.of(Literals.integer(GType.Kind.U32, 5), Literals.integer(GType.Kind.I64, -5),
                Literals.integer(GType.Kind.NAT, 5), Literals.floating(GType.Kind.F64, 2.5), Literals.floating(GType.Kind.F32, 2.5),
                Literals.bool(true), Literals.string("s"), Literals.unit(), new Ast.ListLit(List.of(Literals.integer(GType.Kind.U32, 1)))));
        others.removeIf(o -> o instanceof Ast.Lit l && l.type().equals(lit.type()));
        return others.get((int) c.draw(others.size() - 1));
    }

    private static Ex wrongArity(Choices c, Ast.Call call) {
        List<Ex> args = new ArrayList<>(call.args());
        if (!args.isEmpty() && c.weighted(0.5)) {
            args.remove((int) c.draw(args.size() - 1));
        } else {
            args.add(args.isEmpty() ? Literals.integer(GType.Kind.U32, 1) : args.get(0));
        }
        return new Ast.Call(call.function(), args, call.job());
    }

    private static Mutant onText(Choices c, Kind kind, String text) {
        switch (kind) {
            case DELETED_TOKEN -> {
                List<int[]> tokens = new ArrayList<>();
                Matcher m = TOKEN.matcher(text);
                while (m.find()) {
                    tokens.add(new int[] {m.start(), m.end()});
                }
                int[] t = tokens.get((int) c.draw(tokens.size() - 1));
                return new Mutant(kind, false, text.substring(0, t[0]) + text.substring(t[1]));
            }
            case RANDOM_CHARACTERS -> {
                int at = (int) c.draw(text.length());
                StringBuilder junk = new StringBuilder();
                int n = 1 + (int) c.draw(5);
                for (int i = 0; i < n; i++) {
                    int cp = switch ((int) c.draw(3)) {
                        case 0 -> "{}()[]:,\"\\#<>=-+!~|&^\n ".charAt((int) c.draw(22));
                        case 1 -> (int) c.draw(0x7F);
                        case 2 -> (int) c.draw(0xFF);
                        default -> {
                            int v = (int) c.draw(0x10FFFF);
                            yield v >= 0xD800 && v <= 0xDFFF ? 0xFFFD : v;
                        }
                    };
                    junk.appendCodePoint(cp);
                }
                return new Mutant(kind, false, text.substring(0, at) + junk + text.substring(at));
            }
            case TAB_INDENTATION -> {
                List<Integer> indented = new ArrayList<>();
                for (int i = text.indexOf("\n  "); i >= 0; i = text.indexOf("\n  ", i + 1)) {
                    indented.add(i + 1);
                }
                int at = indented.get((int) c.draw(indented.size() - 1));
                return new Mutant(kind, true, text.substring(0, at) + "\t" + text.substring(at + 2));
            }
            default -> {
                int at = (int) c.draw(text.length() - 1);
                return new Mutant(Kind.TRUNCATED, false, text.substring(0, at));
            }
        }
    }
}
