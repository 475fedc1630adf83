package dev.vx.compiler.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Diagnostics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ParserTest {
    static Ast.FileAst parse(String text) {
        Diagnostics diags = new Diagnostics();
        Ast.FileAst file = Parser.parse(new SourceFile("t.vx", text), diags);
        assertEquals("", diags.render(), text);
        return file;
    }

    static String errors(String text) {
        Diagnostics diags = new Diagnostics();
        Parser.parse(new SourceFile("t.vx", text), diags);
        return diags.render();
    }

    /** The canonical form of the body of {@code def f() -> U32:} with one line, {@code expr}. */
    static String expr(String expr) {
        return AstPrinter.expression(body(parse("def f() -> U32:\n  " + expr + "\n")));
    }

    /** The body of the first function, without the block around a single expression. */
    static Ast.Expr body(Ast.FileAst file) {
        Ast.Expr body = file.functions().get(0).body();
        if (body instanceof Ast.Block b && b.statements().size() == 1 && b.statements().get(0) instanceof Ast.ExprStmt e) {
            return e.expr();
        }
        return body;
    }

    static Stream<Path> corpus() throws IOException {
        return Stream.of("examples", "programs", "testbase").flatMap(dir -> {
            try {
                return Files.walk(Path.of("src/test/resources/vx", dir)).filter(p -> p.toString().endsWith(".vx"))
                        .sorted().toList().stream();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void printedSourceParsesToTheSameTree(Path file) throws IOException {
        String once = AstPrinter.print(parse(Files.readString(file)));
        String twice = AstPrinter.print(parse(once));
        assertEquals(once, twice);
    }

    @Test
    void precedence() {
        assertEquals("((a or (b and (not ((c == d))))) or e)", expr("a or b and not c == d or e"));
        assertEquals("((a + b) <> (c <> d))", expr("a + b <> c <> d"));
        assertEquals("(a | (b ^ (c & (d << 1))))", expr("a | b ^ c & d << 1"));
        assertEquals("((a + (b * c)) - ((d / e) % f))", expr("a + b * c - d / e % f"));
        assertEquals("((a ++ b) ++ c)", expr("a ++ b ++ c"));
        assertEquals("(-(a) * ~(b))", expr("-a * ~b"));
        assertEquals("(a - -1)", expr("a - -1"));
        assertEquals("(a - 1)", expr("a-1"));
        assertEquals("-2147483648", expr("-2147483648"));
        assertEquals("(f(x))[(i + 1)]", expr("f(x)[i + 1]"));
        assertEquals("f(1)(2)", expr("f(1)(2)"));
    }

    @Test
    void lambdasAndIfExtendAsFarAsPossible() {
        assertEquals("(\\x -> (x + 1))", expr("\\x -> x + 1"));
        assertEquals("f((\\a, b -> (a * b)), 3)", expr("f(\\a, b -> a * b, 3)"));
        assertEquals("(\\(x: U32), (y: U32) -> x)", expr("\\(x: U32), (y: U32) -> x"));
        assertEquals("(\\() -> 7)", expr("\\() -> 7"));
        assertEquals("(\\(a, b) -> a)", expr("\\(a, b) -> a"));
        assertEquals("(1 + (if c then 2 else (3 + 4)))", expr("1 + if c then 2 else 3 + 4"));
    }

    @Test
    void constructorsTuplesListsAscriptions() {
        assertEquals("Rect{w: 1.0, h: 2.0}", expr("Rect{w: 1.0, h: 2.0}"));
        assertEquals("Node{Leaf{1}, Leaf{2}}", expr("Node{Leaf{1}, Leaf{2}}"));
        assertEquals("(1, (2, 3))", expr("(1, (2, 3))"));
        assertEquals("()", expr("()"));
        assertEquals("[]", expr("[]"));
        assertEquals("[1, 2]", expr("[1, 2,]"));
        assertEquals("(x : List<List<U32>>)", expr("(x : List<List<U32>>)"));
        assertEquals("(x : (U32, F64) -> IO(Unit))", expr("(x : (U32, F64) -> IO(Unit))"));
        assertEquals("f!(1, 2)", expr("f!(1, 2)"));
    }

    @Test
    void statementFormsNest() {
        Ast.FileAst file = parse("def f() -> U32:\n  x = match y:\n    case 1n+p: p\n    case _:\n      0\n  x\n");
        Ast.Block body = (Ast.Block) body(file);
        assertEquals(2, body.statements().size());
        Ast.Match m = (Ast.Match) ((Ast.Let) body.statements().get(0)).value();
        assertTrue(m.cases().get(0).pattern() instanceof Ast.NatPlusPat);
    }

    @Test
    void ifElifElse() {
        Ast.FileAst file = parse("def f() -> U32:\n  if a:\n    1\n  elif b: 2\n  else:\n    3\n");
        Ast.If i = (Ast.If) body(file);
        assertTrue(i.otherwise() instanceof Ast.If elif && elif.otherwise() != null);
    }

    @Test
    void elseIfReadsAsElif() {
        Ast.FileAst file = parse("def f() -> U32:\n  if a:\n    1\n  else if b:\n    2\n  else:\n    3\n");
        Ast.If i = (Ast.If) body(file);
        assertTrue(i.otherwise() instanceof Ast.If elif && elif.otherwise() instanceof Ast.Block);
    }

    @Test
    void patterns() {
        Ast.FileAst file = parse("def f() -> U32:\n  match x:\n    case -1: 0\n    case [a, _]: 0\n    case h <> t: 0\n"
                + "    case (1, \"s\", true, ()): 0\n    case Node{left: Leaf{}, right: r}: 0\n    case 2.5: 0\n");
        Ast.Match m = (Ast.Match) body(file);
        List<Class<?>> kinds = m.cases().stream().<Class<?>>map(c -> c.pattern().getClass()).toList();
        assertEquals(List.of(Ast.IntPat.class, Ast.ListPat.class, Ast.ConsPat.class, Ast.TuplePat.class,
                Ast.CtorPat.class, Ast.FloatPat.class), kinds);
    }

    @Test
    void errorsAreReportedOncePerStatementAndParsingGoesOn() {
        String text = errors("def f() -> U32:\n  x = 1 +\n  y = 2 2\n  z = ]\n  w\n\ndef g( -> U32:\n  1\n\ntype T:\n"
                + "  A{x U32}\n  B{}\n");
        assertEquals(6, text.lines().filter(l -> l.contains(": error: ")).count(), text);
        assertTrue(text.contains("t.vx:7:6: error: unclosed `(`"), text);
        assertTrue(text.contains("t.vx:2:10: error: unexpected end of line; expected an expression"), text);
        assertTrue(text.contains("t.vx:3:9: error: unexpected `2`; expected the end of the line"), text);
        assertTrue(text.contains("t.vx:4:7: error: unexpected `]`; expected an expression"), text);
        assertTrue(text.contains("t.vx:7:8: error: unexpected `->`; expected a parameter name"), text);
        assertTrue(text.contains("t.vx:11:7: error: unexpected `U32`; expected `:` and the type of field `x`"), text);
    }

    @Test
    void aBrokenDefinitionKeepsItsNameButLosesItsBody() {
        Diagnostics diags = new Diagnostics();
        Ast.FileAst file = Parser.parse(new SourceFile("t.vx", "def f(x: U32) -> U32:\n  x +\n\ndef g(\n"), diags);
        assertEquals(2, file.functions().size());
        assertNull(file.functions().get(0).body());
        assertNull(file.functions().get(1).params());
        // A `def` line with no block after it still declares the function.
        Ast.FileAst empty = Parser.parse(new SourceFile("t.vx", "def main() -> U32:\n\ndef g() -> U32:\n  1\n"), diags);
        assertEquals(List.of("main", "g"), empty.functions().stream().map(f -> f.name().name()).toList());
        assertNull(empty.functions().get(0).body());
    }

    @Test
    void typeArgumentsWrittenAtACallAreExplained() {
        String text = errors("def f() -> U32:\n  g<U32>(1)\n");
        assertTrue(text.startsWith("t.vx:2:4: error: type arguments are not written at a call: they are inferred"), text);
        // A comparison of lower-case names stays a comparison that does not chain.
        assertTrue(errors("def f() -> Bool:\n  a < b > (c)\n").contains("comparisons do not chain"));
    }

    @Test
    void topLevelGarbage() {
        assertTrue(errors("x = 1\ndef f() -> U32:\n  1\n")
                .contains("t.vx:1:1: error: unexpected `x`; expected `def`, `type` or `import` at the top level"));
        assertTrue(errors("def f() -> U32\n  1\n").contains("expected `:` at the end of the `def` line"));
        assertTrue(errors("def f() -> U32:\n1\n").contains("expected an indented block on the line after `:`"));
        assertTrue(errors("def f(x: U32):\n  1\n").contains("expected `->` and the result type of `f`"));
        assertTrue(errors("def f() -> U32:\n  (1,)\n").contains("t.vx:2:3: error: a tuple has at least two elements"));
    }

    /** Operators of other languages get Vx's spelling, not just "unexpected". */
    @Test
    void otherLanguagesOperatorsAreNamed() {
        String head = "def f(x: Bool, y: Bool) -> Bool:\n  ";
        assertTrue(errors(head + "!x\n").contains("t.vx:2:3: error: `!` only follows a function's name, to run a call as a "
                + "job (`f!(x)`); negation is `not x`"), errors(head + "!x\n"));
        assertTrue(errors(head + "x && y\n").contains("t.vx:2:6: error: Vx writes `and`, not `&&`"), errors(head + "x && y\n"));
        assertTrue(errors(head + "x || y\n").contains("t.vx:2:6: error: Vx writes `or`, not `||`"), errors(head + "x || y\n"));
    }
}
