package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One mistake gives one message (docs/compiler.md, "Diagnostics"): what a mistake leaves
 * unknown or wrong is not reported again, and errors of their own inside a wrong expression
 * are not hidden by it. Each case lists, by hand, every error the program has.
 */
class ErrorRecoveryTest {

    /** The position and message of each error, in order ({@code 2:4: type mismatch...}). */
    private static List<String> errors(String source) {
        return Arrays.stream(TestBase.check(source).diagnostics().render().split("\n"))
                .filter(line -> line.startsWith("prog.vx:"))
                .map(line -> line.substring("prog.vx:".length()).replace(": error:", ":"))
                .toList();
    }

    private static void assertErrors(String source, String... expected) {
        List<String> actual = errors(source);
        assertEquals(expected.length, actual.size(), () -> "errors: " + actual);
        for (int i = 0; i < expected.length; i++) {
            String want = expected[i];
            String got = actual.get(i);
            assertTrue(got.startsWith(want), () -> "expected <" + want + "...> but was <" + got + ">");
        }
    }

    @Test
    void aListAppendOfATypeTooLargeIsTheSizeErrorOnly() {
        StringBuilder src = new StringBuilder("def f(x0: U32) -> U32:\n");
        for (int i = 1; i <= 11; i++) {
            src.append("  x").append(i).append(" = (x").append(i - 1).append(", x").append(i - 1).append(")\n");
        }
        src.append("  ys = [x11] ++ [x11]\n  0\n\ndef main() -> U32:\n  f(1)\n");
        assertErrors(src.toString(), "12:3: `x11` has a type of more than 2048 parts");
    }

    @Test
    void aNegatedListAppendedIsOneError() {
        assertErrors("def f(a: List<U32>, b: List<U32>) -> List<U32>:\n  (-a ++ b)\n\ndef main() -> U32:\n  0\n",
                "2:4: unary `-` is not defined on List<U32>");
    }

    @Test
    void aLiteralThatMeetsAnErrorIsNotRangeCheckedAsAU32() {
        assertErrors("def main() -> List<I64>:\n  [\"a\", -1]\n", "2:4: type mismatch: expected I64, found String");
        assertErrors("def main() -> U32:\n  v: I46 = -1\n  0\n", "2:6: undefined type `I46`; did you mean `I64`?");
        assertErrors("def main() -> U32:\n  v: F46 = 1e39\n  0\n", "2:6: undefined type `F46`; did you mean `F64`?");
        assertErrors("def f(x: I32) -> U32:\n  match nope:\n    case -1:\n      0\n    case _:\n      1\n\n"
                + "def main() -> U32:\n  0\n", "2:9: undefined name `nope`");
        assertErrors("def add(a: U32, b: U32) -> U32:\n  a + b\n\ndef main() -> U32:\n  add(1, 2, -1)\n",
                "5:3: `add` takes 2 arguments");
        assertErrors("type T:\n  A{x: Foo}\n\ndef f(t: T) -> U32:\n  match t:\n    case A{-1}:\n      0\n"
                + "    case _:\n      1\n\ndef main() -> U32:\n  0\n", "2:8: undefined type `Foo`");
        assertErrors("def main() -> List<I32>:\n  List.map([1, 2], \\a, b -> -1)\n", "2:20: this lambda takes 2 parameters");
    }

    @Test
    void whatAnErrorLeavesUnknownIsNotOfUnknownType() {
        assertErrors("def main() -> List<I32>:\n  List.mapp([1i32, 2i32], \\p -> -p)\n", "2:3: undefined name `List.mapp`");
        assertErrors("def main() -> List<Bool>:\n  List.map([(1, 2)], \\a, b -> a < b)\n",
                "2:22: this lambda takes 2 parameters");
        assertErrors("def main() -> Bool:\n  (a, b) = nope(1)\n  a < b\n", "2:12: undefined name `nope`");
        assertErrors("def main() -> Bool:\n  (a, b) = (1, 2, 3)\n  a < b\n", "2:3: type mismatch");
        assertErrors("type Shape:\n  Circle{r: F64}\n\ndef f(s: Shape) -> Bool:\n  match s:\n    case Some{v}:\n"
                + "      v < v\n    case _:\n      false\n\ndef main() -> U32:\n  0\n",
                "6:10: type mismatch: expected Shape, found Maybe<_>");
        assertErrors("def main() -> IO(Unit):\n  do:\n    (a, b) <- IO.read_pair()\n"
                + "    IO.print(if a < b then \"y\" else \"n\")\n", "3:15: undefined name `IO.read_pair`");
        assertErrors("def main() -> U32:\n  y = Nope{\\a, b -> a & b}\n  0\n", "2:7: unknown constructor `Nope`");
    }

    @Test
    void aCallOfABrokenFunctionChecksItsLambdaAgainstTheDeclaredTypes() {
        assertErrors("def g(f: (U32, U32) -> Bool, p: Pear) -> Bool:\n  f(1, 2)\n\ndef main() -> Bool:\n"
                + "  g(\\a, b -> a < b, 0)\n", "1:33: undefined type `Pear`");
    }

    @Test
    void aConstructorWithAnUndefinedFieldTypeHasNoCoverageToReport() {
        String type = "type T:\n  A{x: Lst<U32>}\n  B{}\n\n";
        assertErrors(type + "def f(t: T) -> U32:\n  match t:\n    case A{[]}:\n      0\n    case A{h <> r}:\n      h\n"
                + "    case B{}:\n      2\n\ndef main() -> U32:\n  0\n", "2:8: undefined type `Lst`");
        assertErrors(type + "def f(t: T) -> U32:\n  A{h <> r} = t\n  h\n\ndef main() -> U32:\n  0\n",
                "2:8: undefined type `Lst`");
    }

    @Test
    void usesOfWhatIsDeclaredTwiceAreNotReportedAgain() {
        assertErrors("type T:\n  A{}\n\ntype T:\n  B{v: U32}\n\ndef main() -> U32:\n  y = B{1}\n  0\n",
                "4:6: duplicate definition of type `T`");
        assertErrors("def g(x: U32) -> U32:\n  x\n\ndef g(x: String, y: String) -> String:\n  x ++ y\n\n"
                + "def main() -> U32:\n  String.len(g(\"a\", \"b\"))\n", "4:5: duplicate definition of `g`");
        assertErrors("type Color:\n  Red{}\n  Green{}\n\ntype Light:\n  Red{}\n  Off{}\n\ndef f(l: Light) -> U32:\n"
                + "  match l:\n    case Red{}:\n      1\n    case Off{}:\n      0\n\ndef main() -> U32:\n  f(Off{})\n",
                "6:3: duplicate constructor `Red`");
    }

    @Test
    void aConstructorWhoseFieldsAreBrokenKeepsItsName() {
        String uses = "\ndef area(s: Shape) -> U32:\n  match s:\n    case Sq{side}:\n      side * side\n"
                + "    case Rect{w, h}:\n      w * h\n\ndef main() -> U32:\n  area(Rect{2, 5}) + area(Sq{3})\n";
        assertErrors("type Shape:\n  Sq{side: U32}\n  Rect{w: U32 h: U32}\n" + uses, "3:15: unexpected `h`; expected `,` or `}`");
        assertErrors("type Shape:\n  Sq{side: U32}\n  Rect{w: U32, h: U32)\n" + uses,
                "3:7: unclosed `{`", "3:22: `)` does not match the `{` opened at 3:7");
    }

    @Test
    void aLineTheLexerFoundBrokenIsOneError() {
        String add = "def add(a: U32, b: U32) -> U32:\n  a + b\n\ndef main() -> U32:\n";
        assertErrors(add + "  add(1, @)\n", "5:10: unexpected character `@`");
        assertErrors("def main() -> U32:\n  x = 1 $ 2\n  x\n", "2:9: unexpected character `$`");
        assertErrors(add + "  add((1, 2)\n", "5:6: unclosed `(` at the end of the file");
        assertErrors(add + "  add(\"abc, 2)\n", "5:6: unclosed `(` at the end of the file", "5:7: unterminated string");
        assertErrors("def main() -> List<U32>:\n  [1, 2)\n", "2:3: unclosed `[` at the end of the file",
                "2:8: `)` does not match the `[` opened at 2:3");
        // First on its line, a stray character is dropped: the declaration after it stands.
        assertErrors("\u2028def g() -> U32:\n  1\n\ndef main() -> U32:\n  g()\n", "1:1: unexpected character");
    }

    @Test
    void aMatchWhoseValueTookTheCasesIsReportedWhereTheValueIs() {
        assertErrors("def f(n: U32) -> U32:\n  match match n:\n    case 1:\n      1\n    case _:\n      3\n\n"
                + "def main() -> U32:\n  f(1)\n", "2:9: the value to match ends with an indented block");
    }

    @Test
    void aNameBoundToAValueWithAnErrorTakesNoTypeFromIt() {
        assertErrors("def f(n: U32) -> U32:\n  x = if n == 0 then \"zero\" else 1\n  x + 1\n\ndef main() -> U32:\n  f(0)\n",
                "2:34: type mismatch: expected String, found an integer literal");
    }

    @Test
    void errorsInsideAWrongExpressionAreStillReported() {
        assertErrors("def f(n: U32) -> U32:\n  -(5000000000 + n)\n\ndef main() -> U32:\n  0\n",
                "2:3: unary `-` is not defined on U32", "2:5: integer literal `5000000000` is out of range for U32");
        assertErrors("def f(k: Nat) -> Nat:\n  (-1n + k) & k\n\ndef main() -> U32:\n  0\n",
                "2:4: integer literal `-1n` is out of range for Nat", "2:13: `&` is not defined on Nat");
        assertErrors("def f(xs: List<Maybe<U32>>) -> List<U32>:\n  -List.map(xs, \\(Some{v}) -> v)\n\n"
                + "def main() -> U32:\n  0\n", "2:3: unary `-` is not defined on List<U32>", "2:19: this pattern can fail to match");
        assertErrors("type Shape:\n  Rect{w: F64, h: F64}\n\ndef f(xs: List<Maybe<F64>>) -> Shape:\n"
                + "  Rect{w: List.fold(xs, 1.0, \\acc, (Some{v}) -> acc + v)}\n\ndef main() -> U32:\n  0\n",
                "5:3: missing field `h`", "5:37: this pattern can fail to match");
    }

    @Test
    void anErrorAtTheEndOfACrlfLineIsShownWithItsLine() {
        String rendered = TestBase.check("def main() -> U32:\r\n  1 +\r\n").diagnostics().render();
        assertEquals("prog.vx:2:6: error: unexpected end of line; expected an expression (an expression does not go on "
                + "past the end of its line; to spread one over lines, put it in parentheses)\n"
                + "    2 |   1 +\n"
                + "      |      ^\n", rendered);
    }

    /** A trailing `if` without `else` is one error, about the missing branch, not two type mismatches. */
    @Test
    void aLastActionWithoutElseThatMustGiveAValueIsOneError() {
        String head = "def main() -> IO(U32):\n  do:\n    IO.print(\"a\")\n";
        assertErrors(head + "    if 1 == 1:\n      IO.pure(3)\n",
                "4:5: this `if` has no `else`, so it does nothing when its condition is false and is an IO(Unit) "
                        + "action, but it gives the result of its `do` block, which must be IO(U32): add an `else`");
        assertErrors(head + "    if 1 == 1:\n      IO.pure(3)\n    elif 2 == 2:\n      IO.pure(4)\n",
                "6:5: this `if` has no `else`");
        assertErrors(head + "    if 1 == 1:\n      IO.pure(\"x\")\n", "4:5: this `if` has no `else`");
    }

    /** Cases written at the level of their `match` are one error, and a broken one among them its own. */
    @Test
    void casesNotIndentedUnderTheirMatchAreOneError() {
        String unindented = "def f(n: U32) -> U32:\n  match n:\n  case 0:\n    1\n  case 1: 2\n  case _:\n    3\n\n";
        assertErrors(unindented + "def main() -> U32:\n  f(1)\n",
                "3:3: the cases of a `match` go on the lines below it, indented further than the line with `match`");
        assertErrors(unindented + "def main() -> U32:\n  f(\"x\")\n", "3:3: the cases of a `match` go on the lines",
                "10:5: type mismatch: expected U32, found String");
        assertErrors("def f(n: U32) -> U32:\n  x = match n:\n  case 0: 1\n  case 1 2\n  case _:\n    3\n  x + 1\n"
                        + "  y y\n\ndef main() -> U32:\n  f(1)\n",
                "3:3: the cases of a `match` go on the lines", "4:10: unexpected `2`; expected `:` after the pattern",
                "8:5: unexpected `y`");
    }

    /** A dotted constructor name is reported once; the constructor keeps it, so its uses are not "unknown". */
    @Test
    void aDottedConstructorNameIsOneError() {
        assertErrors("type T:\n  C.D{x: U32}\n  E{}\n\ndef f(t: T) -> U32:\n  match t:\n    case C.D{x}:\n      x\n"
                        + "    case E{}:\n      0\n\ndef main() -> U32:\n  f(C.D{x: 1})\n",
                "2:3: a constructor name cannot contain `.`");
    }

    /** A parameter of a `def` is a local name, one word, like a lambda's; the signature survives the error. */
    @Test
    void aDottedParameterNameIsRejected() {
        assertErrors("def f(List.length: U32) -> U32:\n  List.length + 1\n\ndef main() -> U32:\n  f(\"x\")\n",
                "1:7: a parameter name cannot contain `.` (a dotted name such as `List.length` names a definition)",
                "5:5: type mismatch: expected U32, found String");
    }
}
