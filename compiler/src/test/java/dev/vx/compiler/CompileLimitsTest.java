package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.diag.Diagnostics;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Programs that are valid Vx but that the compiler cannot or will not build end in one
 * located error, quickly, never in a hang, an exhausted JVM or a flood of output.
 */
class CompileLimitsTest {
    private static Compiler.Result compile(String src) {
        return Compiler.compile(new SourceFile("prog.vx", src), TestBase.sources());
    }

    /** Rejected with one error, {@code expected}, shown over its source line as every diagnostic is. */
    private static void rejectedWith(String src, String expected) {
        Compiler.Result r = compile(src);
        assertNull(r.module(), "compiled: " + src);
        String[] lines = r.diagnostics().split("\n");
        assertEquals(3, lines.length, r.diagnostics());
        assertEquals(expected, lines[0]);
        int line = Integer.parseInt(expected.split(":")[1]);
        assertTrue(lines[1].startsWith("    " + line + " | "), r.diagnostics());
        assertTrue(lines[2].trim().matches("\\| *\\^+"), r.diagnostics());
    }

    /** The first line of the diagnostics of a program that must not compile. */
    private static String firstLine(String src) {
        Compiler.Result r = compile(src);
        assertNull(r.module(), "compiled: " + src);
        return r.diagnostics().lines().findFirst().orElse("");
    }

    @Test
    void polymorphicRecursionIsAnErrorAtTheFunction() {
        String growing = "def f<T>(x: T, n: U32) -> U32:\n  if n == 0 then 0 else 1 + f(%s, n - 1)\n\n"
                + "def main() -> U32:\n  f(1, 3)\n";
        String expected = "prog.vx:1:5: error: f is instantiated at a type argument of more than 256 parts or 64 "
                + "levels of nesting; if it calls itself at ever larger types (polymorphic recursion), give its "
                + "recursive calls the same type arguments";
        // One level deeper per instance, and twice as large per instance (exponential types).
        rejectedWith(growing.formatted("[x]"), expected);
        rejectedWith(growing.formatted("(x, x)"), expected);
    }

    /**
     * A type too large for an instance of a Base function, passed by a program that does not
     * recurse: the error is at the program's own call that led there, not inside Base.
     */
    @Test
    void aTypeTooLargeForBaseIsAnErrorAtTheCallThatPassesIt() {
        String row = "(" + String.join(", ", java.util.Collections.nCopies(20, "1")) + ")";
        String wide = "(" + String.join(", ", java.util.Collections.nCopies(13, row)) + ")";
        String list = "[".repeat(70) + "1" + "]".repeat(70);
        String expected = "error: this needs %s at a type argument of more than 256 parts or 64 levels "
                + "of nesting, more than the compiler lays out: use smaller types here (a record of records instead of "
                + "one wide tuple, less nesting), or, if this function calls itself at ever larger types (polymorphic "
                + "recursion), give its recursive calls the same type arguments";
        rejectedWith("def main() -> U32:\n  x = 1\n  List.length([" + wide + "])\n",
                "prog.vx:3:3: " + expected.formatted("Base's List.length"));
        // A generic function of the program's own that does not recurse: at the call that needs it.
        rejectedWith("def count<T>(xs: List<T>) -> U32:\n  List.length(xs)\n\ndef main() -> U32:\n  count(" + list
                + ")\n", "prog.vx:5:3: " + expected.formatted("count"));
        // Within the bounds, the same programs compile.
        String fine = "(" + String.join(", ", java.util.Collections.nCopies(10, row)) + ")";
        assertTrue(compile("def main() -> U32:\n  List.length([" + fine + "])\n").module() != null);
    }

    @Test
    void aDataTypeThatGrowsItsOwnArgumentsIsAnErrorAtTheType() {
        String src = "type Nested<T>:\n  Flat{x: T}\n  Nest{x: Nested<List<T>>}\n\n"
                + "def main() -> U32:\n  n = Flat{1}\n  7\n";
        Compiler.Result r = compile(src);
        assertNull(r.module());
        assertTrue(r.diagnostics().startsWith("prog.vx:1:6: error: Nested is used at ever larger type arguments"),
                r.diagnostics());
    }

    /**
     * The type may hold itself wrapped in other types, or through another data type that holds
     * it: still the error at the type, naming the cycle, not a size limit at the function.
     */
    @Test
    void aDataTypeThatGrowsItsArgumentsThroughOtherTypesIsAnErrorAtTheType() {
        String use = "\ndef main() -> U32:\n  match Leaf{v: 1}:\n    case Leaf{v}:\n      v\n    case _:\n      0\n";
        String expected = "prog.vx:1:6: error: N is used at ever larger type arguments (its constructors hold it at a "
                + "larger type than its own parameters); every instance of a data type is laid out separately, so its "
                + "fields must use it at its own parameters";
        for (String field : List.of("Maybe<N<(T, T)>>", "(U32, N<List<T>>)", "List<N<Array<T>>>", "(T) -> N<(T, U32)>",
                "Maybe<N<Maybe<T>>>")) {
            rejectedWith("type N<T>:\n  Leaf{v: T}\n  Node{kids: " + field + "}\n" + use, expected);
        }
        String mutual = "type N<T>:\n  Leaf{v: T}\n  Node{b: B<T>}\n\ntype B<T>:\n  BN{a: Maybe<N<List<T>>>}\n" + use;
        rejectedWith(mutual, "prog.vx:1:6: error: N is used at ever larger type arguments (its constructors, through "
                + "B, hold it at a larger type than its own parameters); every instance of a data type is laid out "
                + "separately, so its fields must use it at its own parameters");
        // Holding itself at its own parameters, even swapped or through another type, is fine.
        for (String fine : List.of("type N<T>:\n  Leaf{v: T}\n  Node{kids: Maybe<N<T>>, p: Pair<T, N<T>>}\n\n"
                        + "type Pair<A, B>:\n  P{a: A, b: B}\n",
                "type N<T>:\n  Leaf{v: T}\n  Node{b: B<T, U32>}\n\ntype B<X, Y>:\n  BN{a: N<X>, y: B<Y, X>}\n")) {
            assertTrue(compile(fine + use).module() != null, fine);
        }
    }

    @Test
    void tooManyLiveValuesIsAnErrorAtTheFunctionWithoutBuildingTheWholeGraph() {
        // 17,000 heads of a cons chain, each a sum evaluated before the tail (source order),
        // are all live when the innermost cell is built.
        StringBuilder s = new StringBuilder("def main() -> U32:\n  List.length(");
        for (int i = 0; i < 17_000; i++) s.append("(1 + 1) <> ");
        rejectedWith(s.append("[])\n").toString(),
                "prog.vx:1:5: error: main needs more than 16384 registers (values live at once); "
                        + "at most 16384 are supported: split it into smaller functions");
    }

    @Test
    void aLongChainOfSimpleHeadsKeepsTwoValuesLive() {
        // A literal head cannot fail or have an effect, so it is evaluated after its tail, as
        // in a list literal: no register limit, and no graph of 17,000 values live at once.
        StringBuilder s = new StringBuilder("def main() -> U32:\n  x = 7\n  List.length(");
        for (int i = 0; i < 17_000; i++) s.append(i % 2 == 0 ? "1 <> " : "x <> ");
        Compiler.Result r = compile(s.append("[])\n").toString());
        assertTrue(r.module() != null, r.diagnostics());
    }

    @Test
    void aFunctionOfMoreThan255ParametersIsAnErrorAtTheFunction() {
        StringBuilder params = new StringBuilder();
        StringBuilder args = new StringBuilder();
        for (int i = 0; i < 256; i++) {
            params.append(i > 0 ? ", " : "").append("a").append(i).append(": U32");
            args.append(i > 0 ? ", " : "").append(i);
        }
        rejectedWith("def f(" + params + ") -> U32:\n  a0\n\ndef main() -> U32:\n  f(" + args + ")\n",
                "prog.vx:1:5: error: f takes 256 parameters; at most 255 are supported: pass some of them together "
                        + "in a record or tuple");
        // 255 is fine.
        assertTrue(compile("def f(" + params.substring(0, params.lastIndexOf(", a255")) + ") -> U32:\n  a254\n\n"
                + "def main() -> U32:\n  f(" + args.substring(0, args.lastIndexOf(", 255")) + ")\n").module() != null);
    }

    /** The data-constructor limit is met as types are laid out, with a location. */
    @Test
    void tooManyDataConstructorsIsAnErrorAtTheTypeOrTheFunction() {
        StringBuilder wide = new StringBuilder("type T:\n");
        for (int i = 0; i < 4081; i++) wide.append("  C").append(i).append("{}\n");
        assertEquals("prog.vx:1:6: error: T has 4081 constructors; a program has at most 4080 data constructors",
                firstLine(wide + "\ndef main() -> U32:\n  match C0{}:\n    case C0{}: 1\n    case _: 2\n"));
        // 41 types of 100 constructors: the one whose layout passes the limit names the function.
        StringBuilder many = new StringBuilder();
        StringBuilder uses = new StringBuilder("def main() -> U32:\n");
        for (int t = 0; t < 41; t++) {
            many.append("type T").append(t).append(":\n");
            for (int c = 0; c < 100; c++) many.append("  C").append(t).append('_').append(c).append("{}\n");
            uses.append("  x").append(t).append(" = C").append(t).append("_0{}\n");
        }
        String line = firstLine(many + "\n" + uses + "  1\n");
        assertTrue(line.matches("prog\\.vx:[0-9]+:5: error: main: the program needs more than 4080 data constructors .*"),
                line);
    }

    /** A data type that does not grow its arguments is not blamed for a large type written with it. */
    @Test
    void aLargeInstanceOfAPlainDataTypeIsAnErrorAtTheFunctionNotAtTheType() {
        String type = "Maybe<".repeat(130) + "U32" + ">".repeat(130);
        rejectedWith("def main() -> U32:\n  x: " + type + " = None{}\n  1\n",
                "prog.vx:1:5: error: main: a type has more than 512 parts or nests more than 128 levels deep");
    }

    /**
     * At most 255 values may wait across one call (docs/language.md, "Limits of the bytecode").
     * The literals of a table are built after its calls, so they never wait; 300 call results
     * do, and the error is at the line of the call that would save them.
     */
    @Test
    void valuesLiveAcrossACallAreBoundedAndTheErrorIsAtTheCall() {
        StringBuilder table = new StringBuilder();
        for (int i = 0; i < 300; i++) table.append(i).append(", ");
        String f = "def f(x: U32) -> U32:\n  x\n\n";
        assertTrue(compile(f + "def main() -> U32:\n  List.sum([" + table + "f(7)])\n").module() != null,
                "a table of 300 literals with one call");
        StringBuilder calls = new StringBuilder();
        for (int i = 0; i < 300; i++) calls.append(i == 0 ? "" : ", ").append("f(").append(i).append(")");
        rejectedWith(f + "def main() -> U32:\n  n = 1\n  List.sum([" + calls + "])\n",
                "prog.vx:6:3: error: main keeps 299 values live across a call here; at most 255 are supported: make the "
                        + "calls before computing the values that wait for them, or move part of the work into a helper "
                        + "function");
    }

    @Test
    void aTypeTooLargeInABodyIsAnErrorAtItsFunction() {
        String type = "List<".repeat(130) + "U32" + ">".repeat(130);
        rejectedWith("def main() -> U32:\n  x: " + type + " = []\n  1\n",
                "prog.vx:1:5: error: main: a type has more than 512 parts or nests more than 128 levels deep");
    }

    /**
     * Types that share parts double at each step: {@code x40}'s tree has 2^41 parts in a graph
     * of 41. The checker refuses a type over 2,048 parts at the first name that has one,
     * before anything walks its tree (unifying, converting, hashing or printing it).
     */
    @Test
    void aTypeThatRepeatsItselfIsAnErrorAtTheFirstNameThatHasOne() {
        StringBuilder pairs = new StringBuilder("def main() -> U32:\n  x0 = 1\n");
        for (int i = 1; i <= 40; i++) pairs.append("  x").append(i).append(" = (x").append(i - 1).append(", x")
                .append(i - 1).append(")\n");
        String tooLarge = "error: `x11` has a type of more than 2048 parts (counting every repeated part, as in a pair "
                + "of pairs of pairs …); the bytecode cannot describe so large a type";
        assertEquals("prog.vx:13:3: " + tooLarge, firstLine(pairs + "  0\n"));
        // Unifying two such types, and printing one in a mismatch, stay within bounds too.
        String same = pairs.toString().replace("x", "y").replace("def main() -> U32:\n", "");
        Compiler.Result r = compile(pairs + same + "  z = if true then x40 else y40\n  z\n");
        assertNull(r.module());
        String[] errors = r.diagnostics().lines().filter(l -> l.startsWith("prog.vx:")).toArray(String[]::new);
        assertEquals(2, errors.length, r.diagnostics());
        assertEquals("prog.vx:13:3: " + tooLarge, errors[0]);
        assertTrue(errors[1].startsWith("prog.vx:85:3: error: type mismatch: expected U32, found (((((("), errors[1]);
        assertTrue(errors[1].endsWith("…"), errors[1]);
        assertTrue(errors[1].length() < 600, errors[1]);
        // A generic function builds it as well, without a name on the way.
        assertEquals("prog.vx:5:3: " + tooLarge.replace("x11", "x"), firstLine("def f<T>(x: T) -> (T, T):\n  (x, x)\n\n"
                + "def main() -> U32:\n  x = " + "f(".repeat(30) + "1" + ")".repeat(30) + "\n  0\n"));
    }

    /** A declared type over the bound is an error at its name, never a silent Unit. */
    @Test
    void aDeclaredTypeOfMoreThan2048PartsIsAnErrorAtItsName() {
        String wide = "(" + String.join(", ", java.util.Collections.nCopies(1100, "Maybe<U32>")) + ")";
        String src = "def f(t: " + wide + ") -> U32:\n  match t:\n    case _: 1\n\ndef main() -> U32:\n  7\n";
        Compiler.Result r = compile(src);
        assertNull(r.module());
        String[] errors = r.diagnostics().lines().filter(l -> l.startsWith("prog.vx:")).toArray(String[]::new);
        assertEquals(1, errors.length, r.diagnostics());
        assertTrue(errors[0].startsWith("prog.vx:1:7: error: `t` has a type of more than 2048 parts"), errors[0]);
    }

    /**
     * Lifted functions are named after their enclosing ones, but past three levels the middle
     * ones are elided: 1,000 nested lambdas made names of thousands of characters each, a
     * module that grew with the square of the nesting (721 KB at 1,000, 72 MB at 4,000).
     */
    @Test
    void deeplyNestedLambdasHaveShortNames() {
        String src = "def main() -> U32:\n  " + "(\\x -> ".repeat(1000) + "x" + ")(1)".repeat(1000) + "\n";
        Compiler.Result r = compile(src);
        assertTrue(r.module() != null, r.diagnostics());
        int longest = r.module().functions().stream().mapToInt(f -> r.module().string(f.name()).length()).max().orElse(0);
        assertTrue(longest < 60, "a function name of " + longest + " characters");
        assertTrue(dev.vx.bytecode.ModuleWriter.write(r.module()).length < 100_000);
    }

    /** Suggestions are searched for the errors that can be shown, not for each of a flood. */
    @Test
    void aFloodOfUndefinedNamesKeepsSuggestionsWhereShown() {
        StringBuilder s = new StringBuilder("def main() -> U32:\n  total = 1\n");
        for (int i = 0; i < 20_000; i++) s.append("  x").append(i).append(" = totl + 1\n");
        Compiler.Result r = compile(s.append("  0\n").toString());
        assertNull(r.module());
        assertTrue(r.diagnostics().startsWith("prog.vx:3:8: error: undefined name `totl`; did you mean `total`?\n"),
                r.diagnostics().substring(0, 200));
        assertTrue(r.diagnostics().endsWith("prog.vx: note: 19900 more errors not shown (20000 errors in all)\n"));
    }

    @Test
    void aFloodOfErrorsShowsTheFirstHundredAndCountsTheRest() {
        String src = "def main() -> U32:\n  " + "-".repeat(5_000) + "1\n";
        CheckResult r = TestBase.check(src);
        Diagnostics d = r.diagnostics();
        assertTrue(d.errorCount() > 1000, "errors: " + d.errorCount());
        String out = d.render();
        long headers = out.lines().filter(l -> l.startsWith("prog.vx:2:")).count();
        assertEquals(100, headers);
        assertTrue(out.endsWith("prog.vx: note: " + (d.errorCount() - 100) + " more errors not shown ("
                + d.errorCount() + " errors in all)\n"), out.substring(out.length() - 200));
        // A line of 5,000 characters is shown as a window around each error, not whole.
        assertTrue(out.lines().allMatch(l -> l.length() < 200), "a line of the report is longer than 200 characters");
    }
}
