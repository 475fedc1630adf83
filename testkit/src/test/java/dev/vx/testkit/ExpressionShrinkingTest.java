package dev.vx.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The planted-bug test: a toy expression language whose "fast" evaluator forgets the sign of a
 * negative left operand of Mul. The property "both evaluators agree" must fail, and the shrinker
 * must reduce whatever random tree it found to the one true minimum.
 */
@ExtendWith(IsolatedSettings.class)
class ExpressionShrinkingTest {

    sealed interface Expr permits Lit, Neg, Add, Mul, If {
    }

    record Lit(long value) implements Expr {
        @Override
        public String toString() {
            return "Lit(" + value + ")";
        }
    }

    record Neg(Expr operand) implements Expr {
        @Override
        public String toString() {
            return "Neg(" + operand + ")";
        }
    }

    record Add(Expr left, Expr right) implements Expr {
        @Override
        public String toString() {
            return "Add(" + left + ", " + right + ")";
        }
    }

    record Mul(Expr left, Expr right) implements Expr {
        @Override
        public String toString() {
            return "Mul(" + left + ", " + right + ")";
        }
    }

    /** Non-zero condition selects {@code then}. */
    record If(Expr condition, Expr then, Expr otherwise) implements Expr {
        @Override
        public String toString() {
            return "If(" + condition + ", " + then + ", " + otherwise + ")";
        }
    }

    static long eval(Expr expr) {
        if (expr instanceof Lit lit) {
            return lit.value();
        } else if (expr instanceof Neg neg) {
            return -eval(neg.operand());
        } else if (expr instanceof Add add) {
            return eval(add.left()) + eval(add.right());
        } else if (expr instanceof Mul mul) {
            return eval(mul.left()) * eval(mul.right());
        } else if (expr instanceof If branch) {
            return eval(branch.condition()) != 0 ? eval(branch.then()) : eval(branch.otherwise());
        }
        throw new IllegalArgumentException("unknown expression " + expr);
    }

    /** The planted bug: Mul uses |left|, so it is wrong exactly when left < 0 and right != 0. */
    static long buggyEval(Expr expr) {
        if (expr instanceof Neg neg) {
            return -buggyEval(neg.operand());
        } else if (expr instanceof Add add) {
            return buggyEval(add.left()) + buggyEval(add.right());
        } else if (expr instanceof Mul mul) {
            return Math.abs(buggyEval(mul.left())) * buggyEval(mul.right());
        } else if (expr instanceof If branch) {
            return buggyEval(branch.condition()) != 0 ? buggyEval(branch.then()) : buggyEval(branch.otherwise());
        }
        return eval(expr);
    }

    /**
     * Literals are 0..10, so a negative operand needs a Neg. Node layout: [branch flag][alternative]
     * [children...], a literal is [0][value]. The shortest failing sequence is therefore a Mul (flag 1,
     * alternative 2) of Neg(Lit(1)) ([1, 0, 0, 1]: a leaf has no negative values, so four choices are
     * the least) and Lit(1) ([0, 1]: the right operand must be non-zero).
     */
    static final Gen<Expr> EXPRESSIONS = Gens.recursive(Gens.longs(0, 10).map(Lit::new), 5,
            self -> Gens.oneOf(
                    self.map(Neg::new),
                    Gens.zip(self, self, Add::new),
                    Gens.zip(self, self, Mul::new),
                    Gens.zip(self, self, self, If::new)));

    static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    static final String MINIMAL = "Mul(Neg(Lit(1)), Lit(1))";
    static final long[] MINIMAL_CHOICES = {1, 2, 1, 0, 0, 1, 0, 1};

    private static Property<Expr> agreement(long seed) {
        return Property.forAll(EXPRESSIONS).named("evaluators agree").seed(seed).runs(1_000)
                .printTo(QUIET);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 0xdeadbeefL, -7, 0x1234abcdL, 2024})
    void plantedBugShrinksToTheMinimalExpression(long seed) {
        PropertyResult<Expr> result = agreement(seed).run(e -> assertEquals(eval(e), buggyEval(e), e::toString));

        assertTrue(result.failed(), "the planted bug must be found");
        Counterexample<Expr> example = result.counterexample();
        assertEquals(MINIMAL, example.shrunk().toString(), () -> "original: " + example.original());
        assertArrayEquals(MINIMAL_CHOICES, example.shrunkChoices());
        assertFalse(example.shrinkCutShort(), "shrinking should converge well inside its limits");
    }

    /** Much bigger trees (depth up to 12, hundreds of nodes) still shrink to the same minimum. */
    @ParameterizedTest
    @ValueSource(longs = {9, 20, 32, 37})
    void deepTreesShrinkToTheMinimalExpressionToo(long seed) {
        Gen<Expr> deepTrees = Gens.recursive(Gens.longs(0, 10).map(Lit::new), 12, 0.62,
                self -> Gens.oneOf(
                        self.map(Neg::new),
                        Gens.zip(self, self, Add::new),
                        Gens.zip(self, self, Mul::new),
                        Gens.zip(self, self, self, If::new)));
        PropertyResult<Expr> result = Property.forAll(deepTrees).seed(seed).runs(1_000).printTo(QUIET)
                .run(e -> assertEquals(eval(e), buggyEval(e)));

        assertTrue(result.failed());
        assertTrue(result.counterexample().original().toString().length() > 1_000, "the original should be big");
        assertEquals(MINIMAL, result.counterexample().shrunk().toString());
    }

    @Test
    void failureReportNamesEverythingNeededToReplay() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> agreement(42).check(e -> assertEquals(eval(e), buggyEval(e), e::toString)));
        String message = error.getMessage();
        PropertyResult<Expr> result = agreement(42).run(e -> assertEquals(eval(e), buggyEval(e), e::toString));
        Counterexample<Expr> example = result.counterexample();

        assertTrue(message.contains("'evaluators agree'"), message);
        assertTrue(message.contains("seed=0x2a"), message);
        assertTrue(message.contains("failed on case " + example.caseNumber() + " of 1000"), message);
        assertTrue(message.contains("original:  " + example.original()), message);
        assertTrue(message.contains("shrunk:    " + MINIMAL), message);
        assertTrue(message.contains("choices:   1,2,1,0,0,1,0,1"), message);
        assertTrue(message.contains("-Dvx.prop.seed=0x2a"), message);
        assertTrue(message.contains("-Dvx.prop.choices=1,2,1,0,0,1,0,1"), message);
        // The cause is the shrunk case's own failure.
        assertInstanceOf(AssertionError.class, error.getCause());
        assertTrue(error.getCause().getMessage().contains(MINIMAL), error.getCause().getMessage());
    }

    /** A correct rewrite must not be reported: the property only fails for real disagreements. */
    @Test
    void correctSimplifierPasses() {
        PropertyResult<Expr> result = agreement(42).runs(300).run(e -> assertEquals(eval(e), eval(simplify(e))));
        assertFalse(result.failed(), result::failureMessage);
        assertEquals(300, result.passed());
    }

    /** Constant folding, correct: what the buggy evaluator should have been compared against. */
    static Expr simplify(Expr expr) {
        if (expr instanceof Neg neg) {
            return new Lit(-eval(simplify(neg.operand())));
        } else if (expr instanceof Mul mul) {
            Expr left = simplify(mul.left());
            Expr right = simplify(mul.right());
            return left.equals(new Lit(0)) || right.equals(new Lit(0)) ? new Lit(0) : new Mul(left, right);
        } else if (expr instanceof Add add) {
            return new Add(simplify(add.left()), simplify(add.right()));
        } else if (expr instanceof If branch) {
            Expr condition = simplify(branch.condition());
            return condition instanceof Lit lit ? simplify(lit.value() != 0 ? branch.then() : branch.otherwise())
                    : new If(condition, simplify(branch.then()), simplify(branch.otherwise()));
        }
        return expr;
    }

    @Test
    void treesRespectTheDepthBudgetAndVary() {
        var trees = EXPRESSIONS.samples(7, 500);
        assertTrue(trees.stream().allMatch(tree -> depth(tree) <= 5));
        assertTrue(trees.stream().anyMatch(tree -> depth(tree) == 5), "the budget should be reached sometimes");
        assertTrue(trees.stream().anyMatch(tree -> tree instanceof If));
        assertTrue(trees.stream().distinct().count() > 200, "trees should be diverse");
    }

    private static int depth(Expr expr) {
        if (expr instanceof Neg neg) {
            return 1 + depth(neg.operand());
        } else if (expr instanceof Add add) {
            return 1 + Math.max(depth(add.left()), depth(add.right()));
        } else if (expr instanceof Mul mul) {
            return 1 + Math.max(depth(mul.left()), depth(mul.right()));
        } else if (expr instanceof If branch) {
            return 1 + Math.max(depth(branch.condition()), Math.max(depth(branch.then()), depth(branch.otherwise())));
        }
        return 0;
    }
}
