package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Match coverage: the missing value shown, unreachable cases, and irrefutable bindings. */
class ExhaustivenessTest {
    private static final String TYPES = """
            type Tree:
              Leaf{x: U32}
              Node{l: Tree, r: Tree}

            type Three:
              A{}
              B{}
              C{}

            """;

    /** The diagnostics of {@code match v:} with the given cases, {@code v} of type {@code type}. */
    private static String check(String type, String... cases) {
        return TestBase.check(matchOf(type, cases)).diagnostics().render();
    }

    /** A program with {@code match v:} over the given cases, {@code v} of type {@code type}; case 0 is on line 12. */
    private static String matchOf(String type, String... cases) {
        StringBuilder s = new StringBuilder(TYPES).append("def f(v: ").append(type).append(") -> U32:\n  match v:\n");
        for (String c : cases) {
            s.append("    case ").append(c).append(": 0\n");
        }
        return s.append("\ndef main() -> U32:\n  1\n").toString();
    }

    private static void assertMissing(String witness, String type, String... cases) {
        String text = check(type, cases);
        assertTrue(text.contains("missing case `" + witness + "`"), () -> "expected missing `" + witness + "` in\n" + text);
    }

    private static void assertExhaustive(String type, String... cases) {
        assertEquals("", check(type, cases));
    }

    @Test
    void adtWitnessesNest() {
        assertMissing("Node{Leaf{_}, _}", "Tree", "Leaf{_}", "Node{Node{_, _}, _}");
        assertMissing("Node{Node{_, _}, Leaf{_}}", "Tree", "Leaf{_}", "Node{Leaf{_}, _}", "Node{_, Node{_, _}}");
        assertExhaustive("Tree", "Leaf{_}", "Node{Leaf{_}, _}", "Node{Node{_, _}, _}");
        assertMissing("C{}", "Three", "A{}", "B{}");
        assertExhaustive("Three", "A{}", "_");
    }

    /**
     * 200 cases on a tuple of 20 Bools, each naming two of them, then a catch-all: the cases
     * reported unreachable are exactly those a brute force over all 2^20 values finds. (The
     * search used to branch on every column under cases already covered: 70 s for this match.)
     */
    @Test
    void manyCasesOnManyBoolsAreCheckedByTheirValues() {
        int n = 20;
        java.util.Random random = new java.util.Random(3);
        int[] masks = new int[200];
        int[] bits = new int[masks.length];
        String[] cases = new String[masks.length + 1];
        for (int c = 0; c < masks.length; c++) {
            int a = random.nextInt(n);
            int b = (a + 1 + random.nextInt(n - 1)) % n;
            masks[c] = 1 << a | 1 << b;
            bits[c] = masks[c] & random.nextInt(1 << n);
            StringBuilder pattern = new StringBuilder("(");
            for (int i = 0; i < n; i++) {
                pattern.append(i > 0 ? ", " : "").append((masks[c] >> i & 1) == 0 ? "_" : (bits[c] >> i & 1) == 1 ? "true" : "false");
            }
            cases[c] = pattern.append(')').toString();
        }
        cases[masks.length] = "_";
        boolean[] reachable = new boolean[cases.length];
        for (int v = 0; v < 1 << n; v++) {
            int c = 0;
            while (c < masks.length && (v & masks[c]) != bits[c]) c++;
            reachable[c] = true; // the catch-all when no case above matches v
        }
        java.util.List<Integer> expected = new java.util.ArrayList<>();
        for (int c = 0; c < cases.length; c++) if (!reachable[c]) expected.add(c);
        var diagnostics = TestBase.check(matchOf("(" + String.join(", ", java.util.Collections.nCopies(n, "Bool")) + ")", cases))
                .diagnostics();
        java.util.List<Integer> warned = new java.util.ArrayList<>();
        for (var d : diagnostics.all()) {
            assertTrue(d.message().startsWith("unreachable case"), d.render());
            warned.add(d.span().line() - 12); // case c is on line 12 + c
        }
        assertEquals(expected, warned);
        assertTrue(!expected.isEmpty() && expected.size() < cases.length, "a test that tells reachable from not: " + expected);
    }

    /**
     * A scrutinee already reported as wrong (a constructor given too few fields) still has its
     * type: the match is checked against it, and the one mistake gives one error.
     */
    @Test
    void aWrongConstructorAsTheScrutineeIsOneError() {
        String[][] scrutineeAndError = {
                {"Node{Leaf{1}}", "`Node` has 2 fields"},
                {"Node{Leaf{1}, l: Leaf{2}}", "give the fields of `Node` either all by position or all by name"}};
        for (String[] s : scrutineeAndError) {
            String text = TestBase.check(TYPES + "def main() -> U32:\n  match " + s[0] + ":\n"
                    + "    case Leaf{x}: x\n    case Node{_, _}: 0\n").diagnostics().render();
            assertEquals(1, text.lines().filter(l -> l.contains("error:")).count(), text);
            assertTrue(text.contains(s[1]), text);
        }
        // Its cases are still checked: one missing is a second mistake.
        String text = TestBase.check(TYPES + "def main() -> U32:\n  match Node{Leaf{1}}:\n    case Leaf{x}: x\n")
                .diagnostics().render();
        assertTrue(text.contains("missing case `Node{_, _}`"), text);
    }

    @Test
    void omittedNamedFieldsMatchAnything() {
        assertExhaustive("Tree", "Leaf{}", "Node{l: _}");
        assertMissing("Node{Leaf{_}, _}", "Tree", "Leaf{}", "Node{l: Node{}}");
    }

    @Test
    void boolUnitTuples() {
        assertMissing("false", "Bool", "true");
        assertExhaustive("Bool", "true", "false");
        assertExhaustive("Unit", "()");
        assertMissing("(true, false)", "(Bool, Bool)", "(false, _)", "(_, true)");
        assertExhaustive("(Bool, Bool)", "(false, _)", "(_, true)", "(true, false)");
    }

    /**
     * One case per column, each naming one Bool: splitting every column on both values would
     * try 2^24 rows. A column whose cases do not name every value is decided by its wildcard
     * rows alone (one branch), which keeps this linear.
     */
    @Test
    void aCasePerColumnOverManyColumnsIsCheckedWithoutTryingEveryCombination() {
        int n = 24;
        String type = "(" + String.join(", ", java.util.Collections.nCopies(n, "Bool")) + ")";
        String[] cases = new String[n];
        for (int i = 0; i < n; i++) {
            String[] columns = java.util.Collections.nCopies(n, "_").toArray(new String[0]);
            columns[i] = "true";
            cases[i] = "(" + String.join(", ", columns) + ")";
        }
        assertMissing("(" + String.join(", ", java.util.Collections.nCopies(n, "false")) + ")", type, cases);
        String[] withDefault = java.util.Arrays.copyOf(cases, n + 1);
        withDefault[n] = "_";
        assertExhaustive(type, withDefault);
    }

    @Test
    void lists() {
        assertMissing("_ <> _", "List<U32>", "[]");
        assertMissing("[]", "List<U32>", "h <> t");
        assertMissing("[_, _]", "List<U32>", "[]", "[a]", "a <> b <> c <> rest");
        assertExhaustive("List<U32>", "[]", "[a]", "a <> b <> rest");
        assertMissing("[Leaf{_}]", "List<Tree>", "[]", "[Node{_, _}]", "a <> b <> rest");
    }

    @Test
    void natSplitsIntoPointsAndRanges() {
        assertMissing("1n", "Nat", "0n", "2n+p");
        assertMissing("0n", "Nat", "1n+p");
        assertExhaustive("Nat", "0n", "1n+p");
        assertExhaustive("Nat", "0n", "1n", "2n", "3n+p");
        assertMissing("3n", "Nat", "0n", "1n", "2n", "4n+p");
        assertExhaustive("Nat", "0n", "1n+0n", "2n+p");
    }

    @Test
    void literalsNeedACatchAll() {
        assertMissing("2", "U32", "0", "1");
        assertExhaustive("U32", "0", "n");
        assertMissing("\"a\"", "String", "\"\"", "\"b\"");
        assertMissing("0", "I32", "-1", "1");
        assertMissing("2.0", "F64", "0.0", "1.0");
        assertTrue(check("String", "\"x\"").contains("numbers and strings need a `_` or variable case"));
    }

    @Test
    void unreachableCasesAreWarnings() {
        String text = check("Three", "_", "A{}");
        assertTrue(text.contains("warning: unreachable case"), text);
        assertTrue(check("Nat", "0n", "1n+p", "5n").contains("prog.vx:14:10: warning: unreachable case"));
        assertTrue(check("Nat", "n", "5n").contains("prog.vx:13:10: warning: unreachable case"));
        assertTrue(check("U32", "1", "1", "_").contains("prog.vx:13:10: warning: unreachable case"));
        assertTrue(check("U32", "x", "_").contains("prog.vx:13:10: warning: unreachable case"));
        assertEquals("", check("List<U32>", "[a]", "a <> b", "[]"));
        String list = check("List<U32>", "_", "[a, b]");
        assertTrue(list.contains("prog.vx:13:10: warning: unreachable case"), list);
        assertTrue(list.contains("^^^^^^\n"), "the whole list pattern is underlined, brackets included: " + list);
    }

    /**
     * Thousands of single-value cases (a generated table) are decided without a search per
     * case: a repeated value, or any value after a wildcard, is unreachable, and nothing else.
     */
    @Test
    void manyLiteralCasesFindExactlyTheRepeatedOnes() {
        int n = 3000;
        for (String type : new String[] {"U32", "Nat", "String", "(U32, Bool)", "List<U32>"}) {
            String[] cases = new String[n + 3];
            for (int i = 0; i < n; i++) {
                cases[i] = literal(type, 7L * i);
            }
            cases[n] = literal(type, 7L * 1234); // repeated
            cases[n + 1] = "_";
            cases[n + 2] = literal(type, 1); // after the wildcard
            String text = check(type, cases);
            int first = 12; // the line of the first case
            assertTrue(text.contains("prog.vx:" + (first + n) + ":"), text);
            assertTrue(text.contains("prog.vx:" + (first + n + 2) + ":"), text);
            assertEquals(2, text.split("unreachable case", -1).length - 1, text);
            String witness = switch (type) { // the first value no case names
                case "String" -> "\"\"";
                case "(U32, Bool)" -> "(1, _)";
                case "List<U32>" -> "[]";
                default -> literal(type, 1);
            };
            assertTrue(check(type, java.util.Arrays.copyOf(cases, n)).contains("missing case `" + witness + "`"));
        }
    }

    private static String literal(String type, long v) {
        return switch (type) {
            case "Nat" -> v + "n";
            case "String" -> "\"s" + v + "\"";
            case "(U32, Bool)" -> "(" + v / 2 + ", " + (v % 2 == 1) + ")";
            case "List<U32>" -> "[" + v + ", " + v / 3 + "]";
            default -> Long.toString(v);
        };
    }

    /**
     * Warnings follow what a match does at run time: a Nat pattern whose parts add up past the
     * largest Nat matches nothing (and hides nothing below it), and float cases compare with
     * {@code ==}, so {@code -0.0} after {@code 0.0} can never run.
     */
    @Test
    void warningsFollowTheRunTimeMatch() {
        String max = "9223372036854775807n";
        String text = check("Nat", max + "+1n", max, "_");
        assertTrue(text.contains("prog.vx:12:10: warning: unreachable case: no value matches it"), text);
        assertEquals(1, text.split("warning", -1).length - 1, text);
        text = check("(Nat, U32)", "(" + max + "+(1n+p), 1)", "(" + max + ", 1)", "_");
        assertTrue(text.contains("prog.vx:12:") && text.contains("no value matches it"), text);
        assertEquals(1, text.split("warning", -1).length - 1, text);
        assertTrue(check("F64", "0.0", "-0.0", "_").contains("prog.vx:13:10: warning: unreachable case"));
        assertTrue(check("F32", "-0.0f32", "0.0f32", "_").contains("prog.vx:13:10: warning: unreachable case"));
        assertEquals("", check("F64", "-0.0", "1.0", "_"));
    }

    @Test
    void irrefutablePatterns() {
        String ok = "type P:\n  P{x: U32, y: U32}\n\ndef main() -> U32:\n  P{a, b} = P{1, 2}\n  (c, _) = (a, b)\n  c\n";
        assertEquals("", TestBase.check(ok).diagnostics().render());
        String bad = "def main() -> U32:\n  [a, b] = [1, 2]\n  a\n";
        assertTrue(TestBase.check(bad).diagnostics().render().contains("it does not match `[]`"));
        String lambda = "def main() -> U32:\n  f = \\(a, 1) -> a\n  f((1, 1))\n";
        assertTrue(TestBase.check(lambda).diagnostics().render()
                .contains("it does not match `(_, 0)`), but a lambda parameter must always match"));
    }
}
