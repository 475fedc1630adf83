package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.FunctionDef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Imports, Base's visibility, dotted names, shadowing, duplicates, internal builtins. */
class ModulesAndNamesTest {
    private static String errors(Map<String, String> files) {
        return TestBase.check(files).diagnostics().render();
    }

    @Test
    void importsResolveRelativeToTheImportingFile() {
        CheckResult r = TestBase.check(Map.of(
                "prog.vx", "import lib.geometry\n\ndef main() -> U32:\n  area(2) + twice(3)\n",
                "lib/geometry.vx", "import util\n\ndef area(x: U32) -> U32:\n  x * x\n",
                "lib/util.vx", "import geometry\n\ndef twice(x: U32) -> U32:\n  2 * x\n"));
        assertEquals("", r.diagnostics().render());
        assertTrue(r.program().sources().stream().anyMatch(f -> f.path().equals("lib/util.vx")));
    }

    /** A line broken after the module name still imports it: its names are not also "undefined". */
    @Test
    void aBrokenImportLineStillLoadsItsModule() {
        String text = errors(Map.of("prog.vx", "import util extra\n\ndef main() -> U32:\n  helper(1)\n",
                "util.vx", "def helper(n: U32) -> U32:\n  n + 1\n"));
        assertTrue(text.contains("prog.vx:1:13: error: unexpected `extra`; expected the end of the line"), text);
        assertEquals(1, text.lines().filter(l -> l.contains("error:")).count(), text);
    }

    @Test
    void importCyclesAndRepeatedImportsLoadEachFileOnce() {
        CheckResult r = TestBase.check(Map.of(
                "prog.vx", "import a\nimport b\nimport a\n\ndef main() -> U32:\n  fa() + fb()\n",
                "a.vx", "import b\nimport prog\n\ndef fa() -> U32:\n  fb()\n",
                "b.vx", "import a\n\ndef fb() -> U32:\n  1\n"));
        assertEquals("", r.diagnostics().render());
        assertEquals(List.of("base/core.vx", "base/list.vx", "base/io.vx", "prog.vx", "a.vx", "b.vx"),
                r.program().sources().stream().map(SourceFile::path).toList());
    }

    /**
     * Files on disk are known by their real paths: a folder linked into itself (`lib -> .`)
     * gives every import a new path to the same files, and a linked file is the file it leads
     * to. Each is loaded once, under the path that reached it first.
     */
    @Test
    void aFileReachedThroughSymbolicLinksIsLoadedOnce(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("prog.vx"), "import lib.other\nimport alias\n\ndef g(x: U32) -> U32:\n  x * 2\n\n"
                + "def main() -> U32:\n  f(1)\n");
        Files.writeString(dir.resolve("other.vx"), "import prog\nimport lib.lib.other\n\ndef f(x: U32) -> U32:\n  g(x) + 1\n");
        Files.createSymbolicLink(dir.resolve("lib"), Path.of("."));
        Files.createSymbolicLink(dir.resolve("alias.vx"), Path.of("other.vx"));
        CheckResult r = new FrontEnd().check(dir.resolve("prog.vx"), TestBase.sources());
        assertEquals("", r.diagnostics().render());
        List<String> program = r.program().sources().stream().map(SourceFile::path)
                .filter(f -> !f.startsWith("base/")).toList();
        assertEquals(List.of(dir.resolve("prog.vx").toString(), dir.resolve("lib/other.vx").toString()), program);
    }

    @Test
    void nestedImportPaths() {
        CheckResult r = TestBase.check(Map.of(
                "prog.vx", "import lib.shapes.circle\n\ndef main() -> F64:\n  circle_area(1.0)\n",
                "lib/shapes/circle.vx", "import square\n\ndef circle_area(r: F64) -> F64:\n  3.0 * square(r)\n",
                "lib/shapes/square.vx", "def square(x: F64) -> F64:\n  x * x\n"));
        assertEquals("", r.diagnostics().render());
    }

    @Test
    void dottedDefinitionNames() {
        String src = "type Tree:\n  Leaf{x: U32}\n  Node{l: Tree, r: Tree}\n\ndef Tree.sum(t: Tree) -> U32:\n"
                + "  match t:\n    case Leaf{x}: x\n    case Node{l, r}: Tree.sum(l) + Tree.sum(r)\n\n"
                + "def main() -> U32:\n  Tree.sum(Node{Leaf{1}, Leaf{2}})\n";
        CheckResult r = TestBase.check(src);
        assertEquals("", r.diagnostics().render());
        assertTrue(r.program().functions().stream().anyMatch(f -> f.name().equals("Tree.sum") && !f.fromBase()));
    }

    @Test
    void userDefinitionsMayReuseBaseNames() {
        String src = "type Option<T>:\n  None{}\n  Some{value: T}\n\ndef List.length(xs: List<U32>) -> U32:\n  7\n\n"
                + "def main() -> U32:\n  n = match Some{3}:\n    case Some{v}: v\n    case None{}: 0\n"
                + "  n + List.length([1]) + List.sum([1])\n";
        CheckResult r = TestBase.check(src);
        assertEquals("", r.diagnostics().render());
        FunctionDef length = r.program().functions().stream()
                .filter(f -> f.name().equals("List.length") && !f.fromBase()).findFirst().orElseThrow();
        FunctionDef baseLength = r.program().functions().stream()
                .filter(f -> f.name().equals("List.length") && f.fromBase()).findFirst().orElseThrow();
        assertTrue(r.program().main().body().toString().contains("function=List.length"));
        Expr.Binary sum = (Expr.Binary) ((Expr.Block) r.program().main().body()).result();
        Expr.Call userCall = (Expr.Call) ((Expr.Binary) sum.left()).right();
        assertEquals(length, userCall.function());
        assertTrue(length != baseLength);
    }

    /** A constructor of the program's own used where Base's one of that name was meant: the message says why. */
    @Test
    void aConstructorThatHidesBasesOneIsNamedInTheMismatch() {
        String src = "type Opt:\n  Some{v: U32}\n  Nope{}\n\ndef main() -> U32:\n  match U32.parse(\"3\"):\n"
                + "    case Some{v}: v\n    case None{}: 0\n\ndef f() -> Maybe<U32>:\n  Some{3}\n";
        String hint = "error: type mismatch: expected Maybe<U32>, found Opt; `Some` here is the constructor of Opt "
                + "(declared at prog.vx:1), which hides Base's Maybe.Some";
        List<String> headers = errors(Map.of("prog.vx", src)).lines().filter(l -> l.startsWith("prog.vx:")).toList();
        assertEquals(List.of("prog.vx:7:10: " + hint, "prog.vx:11:3: " + hint), headers);
        // A mismatch with a type that Base's constructor does not build either gets no such note.
        String other = "type Opt:\n  Some{v: U32}\n\ndef f() -> List<U32>:\n  Some{3}\n\ndef main() -> U32:\n  1\n";
        assertEquals("prog.vx:5:3: error: type mismatch: expected List<U32>, found Opt",
                errors(Map.of("prog.vx", other)).lines().findFirst().orElse(""));
    }

    @Test
    void localsShadowGlobals() {
        String src = "def f(x: U32) -> U32:\n  x\n\ndef main() -> U32:\n  f = \\y -> y + 1\n  f(1)\n";
        CheckResult r = TestBase.check(src);
        assertEquals("", r.diagnostics().render());
        Expr.Block b = (Expr.Block) r.program().main().body();
        assertTrue(b.result() instanceof Expr.ClosureCall);
    }

    @Test
    void internalBuiltinsAreBaseOnly() {
        assertTrue(errors(Map.of("prog.vx", "def main() -> U32:\n  __prim_str_len(\"abc\")\n"))
                .contains("error: undefined name `__prim_str_len`"));
        assertTrue(errors(Map.of("prog.vx", "def main() -> U32:\n  __panic(\"x\")\n"))
                .contains("error: undefined name `__panic`"));
    }

    @Test
    void publicBuiltinsAreEverywhere() {
        String src = "def main() -> F64:\n  a = Array.fill(2, 1.5)\n  Array.get(Array.set(a, 0, Nat.to_f64(3n)), Array.len(a) - 1)"
                + " + F64.from_bits(F64.to_bits(2.0))\n";
        assertEquals("", errors(Map.of("prog.vx", src)));
    }

    @Test
    void constructorNamesAreGlobal() {
        String text = errors(Map.of("prog.vx", "import a\n\ntype T:\n  Leaf{}\n\ndef main() -> U32:\n  1\n",
                "a.vx", "type U:\n  Leaf{}\n"));
        assertTrue(text.contains("a.vx:2:3: error: duplicate constructor `Leaf`; first defined at prog.vx:4:3"), text);
    }

    @Test
    void builtinTypeNamesAreReserved() {
        assertTrue(errors(Map.of("prog.vx", "type List:\n  Nil{}\n\ndef main() -> U32:\n  1\n"))
                .contains("`List` is a built-in type; choose another name"));
        String param = errors(Map.of("prog.vx", "def f<U32>(x: U32) -> U32:\n  x\n\ntype Box<List>:\n  B{v: List}\n\n"
                + "def main() -> U32:\n  f(1)\n"));
        assertTrue(param.contains("prog.vx:1:7: error: the type parameter `U32` has the name of a built-in type; choose "
                + "another name, such as `T`"), param);
        assertTrue(param.contains("prog.vx:4:10: error: the type parameter `List` has the name of a built-in type"), param);
        assertEquals(2, param.lines().filter(l -> l.contains("error:")).count(), param);
    }

    @Test
    void suggestionsComeFromLocalsAndGlobals() {
        assertTrue(errors(Map.of("prog.vx", "def main() -> U32:\n  count = 1\n  conut\n"))
                .contains("undefined name `conut`; did you mean `count`?"));
        assertTrue(errors(Map.of("prog.vx", "def main() -> Maybe<U32>:\n  Smoe{1}\n"))
                .contains("unknown constructor `Smoe`; did you mean `Some`?"));
        assertTrue(errors(Map.of("prog.vx", "def main() -> U32:\n  zzzzzz\n"))
                .contains("undefined name `zzzzzz`\n"));
    }

    @Test
    void brokenSignaturesDoNotCascade() {
        String text = errors(Map.of("prog.vx", "def f(x: Nope) -> U32:\n  x\n\ndef main() -> U32:\n  f(1, 2) + f(3)\n"));
        assertEquals(1, text.lines().filter(l -> l.contains("error:")).count(), text);
    }
}
