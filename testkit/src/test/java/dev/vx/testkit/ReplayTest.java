package dev.vx.testkit;

import static dev.vx.testkit.ExpressionShrinkingTest.EXPRESSIONS;
import static dev.vx.testkit.ExpressionShrinkingTest.MINIMAL;
import static dev.vx.testkit.ExpressionShrinkingTest.QUIET;
import static dev.vx.testkit.ExpressionShrinkingTest.buggyEval;
import static dev.vx.testkit.ExpressionShrinkingTest.eval;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.testkit.ExpressionShrinkingTest.Expr;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A failure is reproduced from its seed alone, and a choice sequence from itself alone. */
@ExtendWith(IsolatedSettings.class)
class ReplayTest {

    private static final Property.Check<Expr> AGREE = e -> assertEquals(eval(e), buggyEval(e));

    private static PropertyResult<Expr> runWithSeed(long seed) {
        return Property.forAll(EXPRESSIONS).seed(seed).runs(1_000).printTo(QUIET).run(AGREE);
    }

    @Test
    void sameSeedReproducesTheSameFailureAndShrunkResult() {
        for (long seed : new long[] {5, 77, 0x5eedL}) {
            Counterexample<Expr> first = runWithSeed(seed).counterexample();
            Counterexample<Expr> second = runWithSeed(seed).counterexample();
            assertEquals(first.caseNumber(), second.caseNumber());
            assertEquals(first.original().toString(), second.original().toString());
            assertEquals(first.shrunk().toString(), second.shrunk().toString());
            assertArrayEquals(first.shrunkChoices(), second.shrunkChoices());
            assertEquals(first.shrinkAttempts(), second.shrinkAttempts());
        }
    }

    @Test
    void differentSeedsFindDifferentOriginals() {
        assertTrue(List.of(5L, 77L, 0x5eedL).stream()
                .map(seed -> runWithSeed(seed).counterexample().original().toString())
                .distinct().count() > 1);
    }

    @Test
    void seedFromSystemPropertyIsUsedAndPrinted() throws Exception {
        SystemProperties.with(Settings.SEED, "0xfeed", () -> {
            PropertyResult<Expr> fromProperty = Property.forAll(EXPRESSIONS).runs(1_000).printTo(QUIET).run(AGREE);
            assertEquals(0xfeedL, fromProperty.seed());
            assertEquals("0xfeed", fromProperty.seedText());
            assertEquals(runWithSeed(0xfeed).counterexample().original().toString(),
                    fromProperty.counterexample().original().toString());
            // A seed given to the builder wins over the system property.
            assertEquals(12L, runWithSeed(12).seed());
        });
    }

    @Test
    void derandomizedRunsTakeTheSeedOfTheirPropertysName() throws Exception {
        SystemProperties.with(Settings.DERANDOMIZE, "true", () -> {
            PropertyResult<Expr> first = Property.forAll(EXPRESSIONS).named("one").runs(1_000).printTo(QUIET).run(AGREE);
            PropertyResult<Expr> again = Property.forAll(EXPRESSIONS).named("one").runs(1_000).printTo(QUIET).run(AGREE);
            PropertyResult<Expr> other = Property.forAll(EXPRESSIONS).named("two").runs(1_000).printTo(QUIET).run(AGREE);
            assertEquals(first.seed(), again.seed());
            assertEquals(first.counterexample().original().toString(), again.counterexample().original().toString());
            assertNotEquals(first.seed(), other.seed());
            // A given seed still wins, so a printed seed replays a derandomized run.
            SystemProperties.with(Settings.SEED, "0xfeed", () -> assertEquals(0xfeedL,
                    Property.forAll(EXPRESSIONS).named("one").runs(1_000).printTo(QUIET).run(AGREE).seed()));
        });
        PropertyResult<Expr> fresh = Property.forAll(EXPRESSIONS).named("one").runs(1_000).printTo(QUIET).run(AGREE);
        PropertyResult<Expr> freshAgain = Property.forAll(EXPRESSIONS).named("one").runs(1_000).printTo(QUIET).run(AGREE);
        assertNotEquals(fresh.seed(), freshAgain.seed());
    }

    @Test
    void aDerandomizeValueOtherThanTrueOrFalseIsRefusedByName() throws Exception {
        SystemProperties.with(Settings.DERANDOMIZE, "yes", () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Property.forAll(EXPRESSIONS).named("one").printTo(QUIET).run(AGREE));
            assertTrue(e.getMessage().contains("vx.prop.derandomize"), e.getMessage());
        });
    }

    @Test
    void shrunkChoicesReplayToTheShrunkValue() {
        Counterexample<Expr> example = runWithSeed(5).counterexample();
        assertEquals(MINIMAL, Choices.replay(example.shrunkChoices()).draw(EXPRESSIONS).toString());
        assertEquals(MINIMAL, EXPRESSIONS.generate(Choices.replay(ChoiceSequences.parse(example.shrunkChoicesText()))).toString());
    }

    @Test
    void builderReplaysOneChoiceSequenceWithoutShrinking() {
        // Mul(Neg(Lit(3)), Lit(2)): not minimal, and replay must report it exactly as given.
        long[] choices = {1, 2, 1, 0, 0, 3, 0, 2};
        PropertyResult<Expr> result = Property.forAll(EXPRESSIONS).replay(choices).printTo(QUIET).run(AGREE);
        assertTrue(result.failed());
        assertEquals("Mul(Neg(Lit(3)), Lit(2))", result.counterexample().shrunk().toString());
        assertEquals(0, result.counterexample().caseNumber());
        assertTrue(result.failureMessage().contains("Mul(Neg(Lit(3)), Lit(2))"), result.failureMessage());

        PropertyResult<Expr> passing = Property.forAll(EXPRESSIONS).replay(0, 4).printTo(QUIET).run(AGREE);
        assertFalse(passing.failed());
        assertEquals(1, passing.passed());
    }

    @Test
    void systemPropertyReplaysOneChoiceSequence() throws Exception {
        SystemProperties.with(Settings.CHOICES, "1,2,1,0,0,1,0,1", () -> {
            AssertionError error = assertThrows(AssertionError.class,
                    () -> Property.forAll(EXPRESSIONS).printTo(QUIET).check(AGREE));
            assertTrue(error.getMessage().contains(MINIMAL), error.getMessage());
        });
    }

    @Test
    void replayReadsZerosPastTheEndAndReducesOversizedValues() {
        Choices choices = Choices.replay(7, 25);
        assertEquals(7, choices.draw(10));
        assertEquals(25 % 11, choices.draw(10)); // 25 > 10: reduced modulo bound + 1
        assertEquals(0, choices.draw(10));       // past the end
        assertArrayEquals(new long[] {7, 3, 0}, choices.recorded());
        assertEquals(Long.MAX_VALUE, Choices.replay(Long.MAX_VALUE).draw(Long.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> Choices.replay(1, -1));
    }

    @Test
    void seedsAndChoicesParseAsPrinted() {
        assertEquals(0xdeadbeefL, Settings.parseSeed("0xdeadbeef"));
        assertEquals(-1L, Settings.parseSeed(Settings.formatSeed(-1)));
        assertEquals(-42L, Settings.parseSeed("-42"));
        assertArrayEquals(new long[] {1, 0, 3}, ChoiceSequences.parse("1,0,3"));
        assertArrayEquals(new long[] {1, 0, 3}, ChoiceSequences.parse("[1, 0, 3]"));
        assertArrayEquals(new long[0], ChoiceSequences.parse(""));
        assertThrows(IllegalArgumentException.class, () -> Settings.parseSeed("0xnope"));
    }
}
