package dev.vx.conformance.ref;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.CheckResult;
import dev.vx.compiler.SourceFile;
import dev.vx.conformance.RunResult;
import dev.vx.conformance.Toolchain;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the reference evaluator ends runs, and that it says "not modelled" instead of guessing. */
class ReferenceEvaluatorTest {

    private static RefResult run(String source, Duration limit, long stack) {
        CheckResult c = Toolchain.check(new SourceFile("t.vx", source));
        assertTrue(c.ok(), c.diagnostics().render());
        return ReferenceEvaluator.run(c.program(), List.of("a1", "b2"), limit, stack);
    }

    private static RunResult ran(String source) {
        RefResult r = run(source, Duration.ofSeconds(30), ReferenceEvaluator.STACK_BYTES);
        return assertInstanceOf(RefResult.Ran.class, r).result();
    }

    @Test
    void printsMainsValueInLiteralSyntax() {
        RunResult r = ran("def main() -> (List<String>, Maybe<I32>, F64, Array<U64>):\n"
                + "  ([\"a\\n\", \"\\u{1b}\"], Some{-3}, 0.1 + 0.2, Array.from_list([18446744073709551615]))\n");
        assertEquals(new RunResult(0, "([\"a\\n\", \"\\u{1b}\"], Some{-3}, 0.30000000000000004, "
                + "Array.from_list([18446744073709551615]))\n", ""), r);
    }

    @Test
    void runtimeErrorsAndExitStatuses() {
        assertEquals(new RunResult(1, "", "vxvm: error: division by zero\n"),
                ran("def f(x: U32) -> U32:\n  10 / x\n\ndef main() -> U32:\n  f(0)\n"));
        assertEquals(new RunResult(1, "", "vxvm: error: Nat overflow\n"),
                ran("def main() -> Nat:\n  9223372036854775807n + 1n\n"));
        assertEquals(new RunResult(7, "a1 b2\n", "vxvm: IO.exit(7): the program ended with status 7\n"),
                ran("def main() -> IO(Unit):\n  do:\n    xs <- IO.args()\n    IO.print(String.join(xs, \" \"))\n"
                        + "    IO.exit(7)\n    IO.print(\"never\")\n"));
    }

    @Test
    void tailCallsRunInConstantStack() {
        RunResult r = ran("def loop(n: Nat, acc: U64) -> U64:\n  match n:\n    case 0n:\n      acc\n    case 1n+p:\n"
                + "      loop(p, acc + 1)\n\ndef main() -> U64:\n  loop(3000000n, 0)\n");
        assertEquals("3000000\n", r.stdout());
    }

    @Test
    void tooDeepIsNotModelledNotWrong() {
        String deep = "def deep(n: Nat) -> U32:\n  match n:\n    case 0n:\n      0\n    case 1n+p:\n      deep(p) + 1\n\n"
                + "def main() -> U32:\n  deep(1000000n)\n";
        RefResult r = run(deep, Duration.ofSeconds(30), 1 << 20);
        assertTrue(assertInstanceOf(RefResult.NotModelled.class, r).reason().startsWith("too deep"), r.toString());
    }

    @Test
    void tooSlowIsNotModelledNotWrong() {
        String slow = "def spin(n: U64) -> U64:\n  if n == 0 then 0 else spin(n + 1)\n\ndef main() -> U64:\n  spin(1)\n";
        RefResult r = run(slow, Duration.ofMillis(300), ReferenceEvaluator.STACK_BYTES);
        assertTrue(assertInstanceOf(RefResult.NotModelled.class, r).reason().startsWith("too slow"), r.toString());
    }
}
