package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.tast.Expr;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Host safety: absurdly nested source is compiled on the front end's big-stack thread, and
 * when even that stack runs out the result is a diagnostic, never a StackOverflowError.
 */
class DeepNestingTest {
    private static String nestedParens(int n) {
        return "def main() -> U32:\n  " + "(".repeat(n) + "1" + ")".repeat(n) + "\n";
    }

    /** {@code n} matches, each in the last case of the one before, indented one space deeper. */
    private static String nestedMatches(int n) {
        StringBuilder s = new StringBuilder("def f(n: Nat) -> U32:\n");
        for (int i = 0; i < n; i++) {
            String indent = " ".repeat(i + 1);
            if (i == 0) {
                s.append(indent).append("match n:\n");
            }
            s.append(indent).append(" case 0n: ").append(i).append('\n');
            s.append(indent).append(" case 1n+p").append(i).append(": ").append(i == n - 1 ? "7\n" : "match p" + i + ":\n");
        }
        return s.append("def main() -> U32:\n  f(3n)\n").toString();
    }

    @Test
    void hundredThousandNestedParenthesesCompile() {
        CheckResult r = TestBase.check(nestedParens(100_000));
        assertEquals("", r.diagnostics().render());
        Expr body = r.program().main().body();
        assertEquals(1L, ((Expr.Literal) body).word());
    }

    @Test
    void tenThousandNestedMatchesCompile() {
        CheckResult r = TestBase.check(nestedMatches(10_000));
        assertEquals("", r.diagnostics().render());
    }

    @Test
    void millionElementListLiteralCompiles() {
        StringBuilder s = new StringBuilder("def main() -> U32:\n  List.length([");
        for (int i = 0; i < 1_000_000; i++) {
            s.append(i == 0 ? "" : ", ").append(i % 1000);
        }
        CheckResult r = TestBase.check(s.append("])\n").toString());
        assertEquals("", r.diagnostics().render());
        Expr.Call call = (Expr.Call) r.program().main().body();
        assertEquals(1_000_000, ((Expr.ListLit) call.args().get(0)).elements().size());
    }

    @Test
    void stackExhaustionBecomesADiagnostic() {
        SourceLoader none = path -> {
            throw new java.nio.file.NoSuchFileException(path);
        };
        FrontEnd small = new FrontEnd(256 * 1024, none);
        CheckResult r = small.check("prog.vx", nestedParens(100_000), TestBase.sources());
        assertNull(r.program());
        String text = r.diagnostics().render();
        assertTrue(text.startsWith("prog.vx:2:"), text);
        assertTrue(text.contains("error: this is nested too deeply to compile"), text);
    }

    @Test
    void stackExhaustionOnNestedMatchesBecomesADiagnostic() {
        FrontEnd small = new FrontEnd(1024 * 1024, path -> Map.<String, String>of().get(path));
        CheckResult r = small.check("prog.vx", nestedMatches(10_000), TestBase.sources());
        assertNull(r.program());
        String text = r.diagnostics().render();
        assertTrue(text.startsWith("prog.vx:") && text.contains("error: this is nested too deeply"), text);
    }
}
