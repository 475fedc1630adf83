package dev.vx.compiler;

import static dev.vx.compiler.InferenceTest.errors;
import static dev.vx.compiler.InferenceTest.function;
import static dev.vx.compiler.InferenceTest.printed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.tast.DoStmt;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.Stmt;
import dev.vx.compiler.types.IoType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fork groups, jobs, {@code do} blocks and {@code main}. */
class ParallelAndIoTest {
    private static final String FIB = "def fib(n: U32) -> U32:\n  if n < 2 then n else fib(n - 1) + fib(n - 2)\n\n";

    @Test
    void consecutiveForksFormOneGroup() {
        Expr.Block b = (Expr.Block) function(FIB + "def main() -> U32:\n  a = fork fib(20)\n  b = fork fib(21)\n"
                + "  c: U32 = fork fib(3)\n  x = 1\n  d = fork fib(b)\n  a + b + c + d + x\n", "main").body();
        List<Class<?>> kinds = b.statements().stream().<Class<?>>map(Object::getClass).toList();
        assertEquals(List.of(Stmt.ForkGroup.class, Stmt.Let.class, Stmt.ForkGroup.class), kinds);
        assertEquals(3, ((Stmt.ForkGroup) b.statements().get(0)).forks().size());
        assertEquals(1, ((Stmt.ForkGroup) b.statements().get(2)).forks().size());
    }

    @Test
    void aForkMayNotUseItsGroupsNames() {
        String text = errors(FIB + "def main() -> U32:\n  a = fork fib(20)\n  b = fork fib(21)\n  c = fork fib(a + b)\n  c\n");
        assertEquals(2, text.lines().filter(l -> l.contains("bound by the same fork group")).count(), text);
        assertTrue(errors(FIB + "def main() -> U32:\n  f = \\x -> x\n  a = fork fib(1)\n  g = fork List.map([a], f)\n  1\n")
                .contains("this `fork` call uses `a`"));
    }

    @Test
    void forksOfClosuresAndInDoBlocks() {
        String p = printed("def main() -> IO(U32):\n  f = \\x -> x + 1\n  do:\n    a = fork f(1)\n    b = fork f(2)\n"
                + "    IO.pure(a + b)\n", "main");
        assertTrue(p.contains("do { fork [a = (f)(1:U32), b = (f)(2:U32)]; IO.pure<U32>((a add.U32 b)) }"), p);
    }

    @Test
    void jobsNeedADef() {
        assertTrue(errors("def main() -> U32:\n  Array.len!(Array.fill(1, 1))\n")
                .contains("`Array.len!(...)` needs a function defined with `def`, but `Array.len` is a builtin"));
        assertTrue(printed(FIB + "def main() -> U32:\n  fib!(30)\n", "main").contains("fib!(30:U32)"));
    }

    @Test
    void doBlockLines() {
        Expr.Do d = (Expr.Do) function("def main() -> IO(Unit):\n  do:\n    args <- IO.args()\n    n = List.length(args)\n"
                + "    IO.print(\"a\")\n    if n > 1:\n      IO.print(\"b\")\n      IO.print(\"c\")\n    IO.print(\"d\")\n", "main").body();
        List<Class<?>> kinds = d.statements().stream().<Class<?>>map(Object::getClass).toList();
        assertEquals(List.of(DoStmt.Bind.class, DoStmt.Pure.class, DoStmt.Run.class, DoStmt.When.class), kinds);
        DoStmt.When when = (DoStmt.When) d.statements().get(3);
        assertEquals(2, ((Expr.Do) when.action()).statements().size() + 1);
        assertEquals(new IoType(dev.vx.compiler.types.ScalarType.UNIT), d.type());
    }

    @Test
    void elifWithoutElseInDoDoesNothingOtherwise() {
        String p = printed("def main() -> IO(Unit):\n  do:\n    if true:\n      IO.print(\"a\")\n    elif false:\n"
                + "      IO.print(\"b\")\n    IO.print(\"c\")\n", "main");
        assertTrue(p.contains("run (if true:Bool then IO.print(\"a\") else (if false:Bool then IO.print(\"b\") else "
                + "__io<Unit>((\\_: Unit -> ():Unit))))"), p);
    }

    @Test
    void aDoBlockMayEndWithAnIfWithoutElse() {
        String p = printed("def main() -> IO(Unit):\n  do:\n    IO.print(\"a\")\n    if true:\n      IO.print(\"b\")\n", "main");
        assertTrue(p.endsWith("when true:Bool IO.print(\"b\"); __io<Unit>((\\_: Unit -> ():Unit)) }"), p);
    }

    @Test
    void matchBranchesInDoAreDoBlocks() {
        String p = printed("def main() -> IO(Unit):\n  do:\n    args <- IO.args()\n    match args:\n      case []:\n"
                + "        IO.print(\"none\")\n      case a <> _:\n        x = 1\n        IO.print(a)\n        IO.print(a)\n", "main");
        assertTrue(p.contains("(a <> _) => do { x = 1:U32; run IO.print(a); IO.print(a) }"), p);
    }

    @Test
    void actionsMustBeActions() {
        assertTrue(errors("def main() -> IO(Unit):\n  do:\n    x <- 5\n    IO.print(\"a\")\n")
                .contains("type mismatch: expected IO(_), found an integer literal"));
        assertTrue(errors("def main() -> IO(Unit):\n  do:\n    List.length([1])\n    IO.print(\"a\")\n")
                .contains("type mismatch: expected IO(_), found U32"));
        assertTrue(errors("def main() -> U32:\n  do:\n    IO.print(\"a\")\n")
                .contains("type mismatch: expected U32, found IO(Unit)"));
    }

    @Test
    void mainMayReturnAnything() {
        assertEquals("", errors("def main() -> (U32, List<String>):\n  (1, [\"a\"])\n"));
        assertEquals("", errors("def main() -> IO(U32):\n  IO.pure(3)\n"));
        assertEquals("", errors("def main() -> U32 -> U32:\n  \\x -> x\n"));
    }
}
