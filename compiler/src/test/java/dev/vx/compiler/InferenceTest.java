package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.FunctionDef;
import dev.vx.compiler.tast.Stmt;
import dev.vx.compiler.tast.TastPrinter;
import org.junit.jupiter.api.Test;

/** Type inference: literal types, defaults, lambdas, generic instantiation, operator resolution. */
class InferenceTest {
    static FunctionDef function(String source, String name) {
        CheckResult r = TestBase.check(source);
        assertEquals("", r.diagnostics().render());
        return r.program().functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    static String printed(String source, String name) {
        return TastPrinter.print(function(source, name));
    }

    static String errors(String source) {
        return TestBase.check(source).diagnostics().render();
    }

    private static void assertContains(String text, String part) {
        assertTrue(text.contains(part), () -> "expected <" + part + "> in\n" + text);
    }

    @Test
    void minI32LiteralFits() {
        Expr e = function("def main() -> I32:\n  -2147483648\n", "main").body();
        assertEquals(-2147483648L, ((Expr.Literal) e).word());
    }

    @Test
    void literalTypeFixedByLaterUse() {
        assertContains(printed("def f(x: U64) -> U64:\n  x\n\ndef main() -> U64:\n  a = 5\n  f(a)\n", "main"),
                "a = 5:U64");
    }

    @Test
    void openLiteralTypesTakeDefaults() {
        String p = printed("def main() -> U32:\n  x = 1.5\n  y = 7\n  1\n", "main");
        assertContains(p, "x = 1.5:F32");
        assertContains(p, "y = 7:U32");
    }

    @Test
    void openTypeVariablesBecomeUnit() {
        assertContains(printed("def main() -> U32:\n  xs = []\n  List.length(xs)\n", "main"), "List.length<Unit>(xs)");
    }

    @Test
    void lambdaParameterTypedByLaterUse() {
        assertContains(printed("def main() -> U64:\n  f = \\x -> x + 1\n  f(2u64)\n", "main"),
                "f = (\\x: U64 -> (x add.U64 1:U64))");
    }

    @Test
    void genericTypeArgumentsInferred() {
        assertContains(printed("def main() -> List<F64>:\n  List.map([1, 2], \\x -> U32.to_f64(x))\n", "main"),
                "List.map<U32, F64>([1:U32, 2:U32]:List<U32>, (\\x: U32 -> U32.to_f64(x)))");
    }

    @Test
    void functionValueInstantiatedByUse() {
        assertContains(printed("def main() -> U32:\n  f = List.length\n  f([\"a\"])\n", "main"),
                "f = List.length<String>");
    }

    @Test
    void ascriptionFixesTypeAndIsErased() {
        assertEquals("def main() -> U64 = (5:U64 add.U64 1:U64)",
                printed("def main() -> U64:\n  (5 : U64) + 1\n", "main"));
    }

    @Test
    void floatLiteralBits() {
        assertEquals(0x3f800000L, ((Expr.Literal) function("def main() -> F32:\n  1.0f32\n", "main").body()).word());
        assertEquals(Double.doubleToRawLongBits(-0.0),
                ((Expr.Literal) function("def main() -> F64:\n  -0.0\n", "main").body()).word());
        assertEquals(0xFFFF_FFFFL, ((Expr.Literal) function("def main() -> U32:\n  0xFFFF_FFFF\n", "main").body()).word());
        assertEquals(-1L, ((Expr.Literal) function("def main() -> I64:\n  -1\n", "main").body()).word());
        assertEquals(-1L, ((Expr.Literal) function("def main() -> U64:\n  18446744073709551615\n", "main").body()).word());
    }

    @Test
    void stringOperatorsBecomePrimitives() {
        String p = printed("def main() -> Bool:\n  a = \"x\" ++ \"y\"\n  a == \"xy\" and a != \"z\" and a < \"b\"\n", "main");
        assertContains(p, "a = __prim_str_concat(\"x\", \"y\")");
        assertContains(p, "__prim_str_eq(a, \"xy\")");
        assertContains(p, "(not.Bool __prim_str_eq(a, \"z\"))");
        assertContains(p, "(__prim_str_cmp(a, \"b\") lt.I32 0:I32)");
    }

    @Test
    void listConcatenationCallsListAppend() {
        assertContains(printed("def main() -> List<U32>:\n  [1] ++ [2]\n", "main"),
                "List.append<U32>([1:U32]:List<U32>, [2:U32]:List<U32>)");
    }

    @Test
    void namedFieldsArriveInDeclarationOrder() {
        String src = "type S:\n  Rect{w: F64, h: F64}\n\ndef main() -> S:\n  Rect{h: 1.0, w: 2.0}\n";
        assertEquals("def main() -> S = Rect{2.0:F64, 1.0:F64}", printed(src, "main"));
    }

    @Test
    void operatorsResolveByOperandType() {
        String p = printed("def f(a: U64, b: I32, c: F64) -> Bool:\n  x = a << 2\n  y = b >> 1\n  z = -b\n  w = c % 2.0\n"
                + "  x > 0 and y < z and w == 0.0 and not true\n\ndef main() -> U32:\n  1\n", "f");
        assertContains(p, "x = (a shl.U64 2:U64)");
        assertContains(p, "y = (b shr.I32 1:I32)");
        assertContains(p, "z = (neg.I32 b)");
        assertContains(p, "w = (c rem.F64 2.0:F64)");
        assertContains(p, "(w eq.F64 0.0:F64)");
        assertContains(p, "(not.Bool true:Bool)");
    }

    @Test
    void indexingIsArrayGet() {
        assertContains(printed("def main() -> U32:\n  a = Array.fill(3, 7)\n  a[1]\n", "main"),
                "Array.get<U32>(a, 1:U32)");
    }

    @Test
    void unitAndBoolEquality() {
        assertContains(printed("def main() -> Bool:\n  () == () and true != false\n", "main"),
                "(():Unit eq.Unit ():Unit)");
    }

    @Test
    void shadowingCreatesNewLocals() {
        Expr.Block b = (Expr.Block) function("def main() -> U32:\n  x = 1\n  x = x + 1\n  x\n", "main").body();
        Stmt.Let first = (Stmt.Let) b.statements().get(0);
        Stmt.Let second = (Stmt.Let) b.statements().get(1);
        var firstLocal = ((dev.vx.compiler.tast.Pattern.Bind) first.pattern()).local();
        var secondLocal = ((dev.vx.compiler.tast.Pattern.Bind) second.pattern()).local();
        assertNotSame(firstLocal, secondLocal);
        Expr.Binary sum = (Expr.Binary) second.value();
        assertSame(firstLocal, ((Expr.LocalRef) sum.left()).local());
        assertSame(secondLocal, ((Expr.LocalRef) b.result()).local());
    }

    @Test
    void parametersAreTheDefinitionsLocals() {
        FunctionDef f = function("def f(x: U32) -> U32:\n  x\n\ndef main() -> U32:\n  f(1)\n", "f");
        assertSame(f.params().get(0), ((Expr.LocalRef) f.body()).local());
    }

    @Test
    void integerLiteralIsNeverAFloat() {
        assertContains(errors("def main() -> F64:\n  y: F64 = 12\n  y\n"),
                "error: type mismatch: expected F64, found an integer literal; an integer literal is never a float: "
                        + "write it with a decimal point, `12.0`");
        assertContains(errors("def main() -> F32:\n  y: F32 = -3\n  y\n"), "write it with a decimal point, `-3.0`");
    }

    /** A lambda bound to a name has one type; a mismatch at its second use says so. */
    @Test
    void aLambdaBoundToANameIsOfOneType() {
        String hint = "`id` is a lambda bound to a name, which has one type in all its uses: to use it at several "
                + "types, make it a generic `def`";
        String two = errors("def main() -> U32:\n  id = \\x -> x\n  a = id(1)\n  b = id(\"s\")\n  a\n");
        assertContains(two, "prog.vx:4:10: error: type mismatch: expected an integer type, found String; " + hint);
        // Not for a function value that is not such a lambda, nor for an error inside the argument.
        assertFalse(errors("def main() -> U32:\n  id: (U32) -> U32 = \\x -> x\n  id(\"s\")\n").contains("lambda bound"));
        assertFalse(errors("def main() -> U32:\n  id = \\x -> x\n  id(nope)\n").contains("lambda bound"));
    }

    /** Only a literal is called one, and only a decimal literal is told to take a decimal point. */
    @Test
    void anOpenIntegerThatIsNotALiteralIsNotCalledOne() {
        String variable = errors("def main() -> F64:\n  x = 1\n  y: F64 = x\n  y\n");
        assertContains(variable, "type mismatch: expected F64, found an integer of open type (`{integer}`); an integer "
                + "is never converted to a float implicitly: convert it, e.g. with `U32.to_f64`");
        assertFalse(variable.contains("literal is never"), variable);
        String expression = errors("def main() -> F64:\n  2 * 3\n");
        assertContains(expression, "found an integer of open type (`{integer}`)");
        assertFalse(expression.contains("decimal point"), expression);
        String hex = errors("def main() -> F64:\n  0x10\n");
        assertContains(hex, "found an integer literal; an integer is never converted to a float implicitly");
        assertContains(errors("def main() -> F64:\n  x = 1\n  x + 2.5\n"),
                "the operands of `+` have different types: an integer of open type (`{integer}`) and a float literal; "
                        + "an integer is never converted to a float implicitly: convert it, e.g. with `U32.to_f32` or "
                        + "`U32.to_f64`");
        assertContains(errors("def main() -> F64:\n  y = 2.5\n  4 + y\n"),
                "have different types: an integer literal and a float of open type (`{float}`); an integer literal "
                        + "is never a float: write it with a decimal point, `4.0`");
    }

    /** The occurs check names the infinite type, with the unknown part first, whichever side it is on. */
    @Test
    void anInfiniteTypeIsNamedAsOne() {
        String tail = "a type that contains itself (for example, a function applied to itself, or a list that is its own element)";
        assertContains(errors("def main() -> U32:\n  f = \\x -> x(x)\n  1\n"),
                "prog.vx:2:15: error: type mismatch: this would need an infinite type: `_` would have to be `_ -> _`, " + tail);
        assertContains(errors("def main() -> U32:\n  g = \\xs -> xs <> xs\n  1\n"),
                "prog.vx:2:20: error: type mismatch: this would need an infinite type: `_` would have to be `List<_>`, " + tail);
    }

    @Test
    void shiftCountHasTheValuesType() {
        assertContains(errors("def f(a: U64, b: U32) -> U64:\n  a << b\n\ndef main() -> U32:\n  1\n"),
                "the operands of `<<` have different types: U64 and U32");
    }

    @Test
    void operatorDomains() {
        assertContains(errors("def f(c: F64) -> F64:\n  ~c\n\ndef main() -> U32:\n  1\n"),
                "`~` is not defined on F64: it works on U32, I32, U64 and I64");
        assertContains(errors("def f(a: Bool) -> Bool:\n  a < a\n\ndef main() -> U32:\n  1\n"),
                "`<` is not defined on Bool: it compares numbers and strings");
        assertContains(errors("def f(a: (U32, U32)) -> Bool:\n  a == a\n\ndef main() -> U32:\n  1\n"),
                "`==` is not defined on (U32, U32)");
        assertContains(errors("def f(a: U32 -> U32) -> Bool:\n  a == a\n\ndef main() -> U32:\n  1\n"),
                "`==` is not defined on U32 -> U32");
    }

    @Test
    void operandTypeMustBeKnown() {
        assertContains(errors("def main() -> U32:\n  f = \\a, b -> a + b\n  1\n"),
                "cannot tell the type of the operands of `+`; add a type annotation");
    }

    @Test
    void jobsCarryTypeArguments() {
        assertContains(printed("def id<T>(x: T) -> T:\n  x\n\ndef main() -> U32:\n  id!(3)\n", "main"), "id!<U32>(3:U32)");
    }

    @Test
    void matchOnNatBindsThePredecessor() {
        assertEquals("def f(n: Nat) -> Nat = (match n | 0:Nat => 0:Nat | 1n+p => p)",
                printed("def f(n: Nat) -> Nat:\n  match n:\n    case 0n: 0n\n    case 1n+p: p\n\ndef main() -> U32:\n  1\n", "f"));
    }

    @Test
    void recursionAcrossDefinitionsInAnyOrder() {
        String src = "def main() -> Bool:\n  even(10)\n\ndef even(n: U32) -> Bool:\n  if n == 0 then true else odd(n - 1)\n\n"
                + "def odd(n: U32) -> Bool:\n  if n == 0 then false else even(n - 1)\n";
        assertContains(printed(src, "even"), "odd((n sub.U32 1:U32))");
    }
}
