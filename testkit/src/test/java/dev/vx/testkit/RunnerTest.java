package dev.vx.testkit;

import static dev.vx.testkit.ExpressionShrinkingTest.QUIET;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Runs, invalid cases, system properties, time budget and the printed seed line. */
@ExtendWith(IsolatedSettings.class)
class RunnerTest {

    @Test
    void passingPropertyRunsTheRequestedNumberOfCases() {
        AtomicInteger calls = new AtomicInteger();
        PropertyResult<Integer> result = Property.forAll(Gens.ints()).seed(1).runs(37).printTo(QUIET)
                .run(x -> calls.incrementAndGet());
        assertFalse(result.failed());
        assertEquals(37, result.passed());
        assertEquals(37, calls.get());
        assertNull(result.counterexample());
        assertDoesNotThrow(() -> Property.forAll(Gens.ints()).runs(10).printTo(QUIET).check(x -> { }));
    }

    @Test
    void assumeSkipsAndCountsInvalidCases() {
        PropertyResult<Integer> result = Property.forAll(Gens.ints(0, 99)).seed(2).runs(50).printTo(QUIET).run(x -> {
            Property.assume(x % 2 == 0);
            assertEquals(0, x % 2);
        });
        assertFalse(result.failed(), result::failureMessage);
        assertEquals(50, result.passed(), "invalid cases do not count as runs");
        assertTrue(result.invalid() > 10, "about half the cases are odd: " + result.invalid());
    }

    @Test
    void tooManyInvalidCasesFailTheProperty() {
        PropertyResult<Integer> filtered = Property.forAll(Gens.ints().filter(x -> false)).named("impossible")
                .seed(3).runs(20).printTo(QUIET).run(x -> { });
        assertTrue(filtered.failed());
        assertNull(filtered.counterexample());
        assertTrue(filtered.failureMessage().contains("'impossible' gave up"), filtered.failureMessage());
        assertTrue(filtered.failureMessage().contains("invalid"), filtered.failureMessage());
        assertEquals(0, filtered.passed());

        AssertionError error = assertThrows(AssertionError.class, () -> Property.forAll(Gens.ints()).seed(3).runs(20)
                .printTo(QUIET).check(x -> Property.assume(false)));
        assertTrue(error.getMessage().contains("invalid"), error.getMessage());
    }

    @Test
    void scaleMultipliesTheNumberOfRuns() throws Exception {
        SystemProperties.with(Settings.SCALE, "0.5", () -> {
            AtomicInteger calls = new AtomicInteger();
            PropertyResult<Integer> result = Property.forAll(Gens.ints()).runs(40).printTo(QUIET).run(x -> calls.incrementAndGet());
            assertEquals(20, result.plannedRuns());
            assertEquals(20, calls.get());
        });
        SystemProperties.with(Settings.SCALE, "0.0001", () ->
                assertEquals(1, Property.forAll(Gens.ints()).runs(40).printTo(QUIET).run(x -> { }).plannedRuns(),
                        "at least one run"));
    }

    @Test
    void runsPropertyOverridesTheCountAndTheScale() throws Exception {
        SystemProperties.with(Settings.SCALE, "10", () -> SystemProperties.with(Settings.RUNS, "7", () -> {
            AtomicInteger calls = new AtomicInteger();
            Property.forAll(Gens.ints()).runs(500).printTo(QUIET).check(x -> calls.incrementAndGet());
            assertEquals(7, calls.get());
        }));
        SystemProperties.with(Settings.RUNS, "seven", () ->
                assertThrows(IllegalArgumentException.class, () -> Property.forAll(Gens.ints()).printTo(QUIET).check(x -> { })));
    }

    @Test
    void timeBudgetStopsEarlyWithANote() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PropertyResult<Integer> result = Property.forAll(Gens.ints()).named("slow").seed(4).runs(10_000)
                .maxDuration(Duration.ofMillis(60))
                .printTo(new PrintStream(printed, true, StandardCharsets.UTF_8))
                .run(x -> Thread.sleep(5));
        assertFalse(result.failed());
        assertTrue(result.stoppedByTime());
        assertTrue(result.passed() > 0 && result.passed() < 10_000, "passed " + result.passed());
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("slow: time budget PT0.06S used up after "),
                printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void printsOneSeedLineWithReplayInstructions() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Property.forAll(Gens.ints()).named("seed line").seed(0x1234abcdL).runs(3)
                .printTo(new PrintStream(printed, true, StandardCharsets.UTF_8)).check(x -> { });
        assertEquals("[property] seed line: seed=0x1234abcd runs=3 (replay: -Dvx.prop.seed=0x1234abcd)"
                + System.lineSeparator(), printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void nameDefaultsToTheCallingTestMethod() {
        PropertyResult<Integer> result = Property.forAll(Gens.ints()).runs(1).printTo(QUIET).run(x -> { });
        assertEquals("RunnerTest.nameDefaultsToTheCallingTestMethod", result.name());
    }

    @Test
    void randomSeedsDifferBetweenRuns() {
        Set<Long> seeds = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            seeds.add(Property.forAll(Gens.ints()).runs(1).printTo(QUIET).run(x -> { }).seed());
        }
        assertTrue(seeds.size() > 1);
    }

    @Test
    void exceptionsOfAnyKindAreFailures() {
        PropertyResult<Integer> result = Property.forAll(Gens.ints(0, 1_000)).seed(5).runs(200).printTo(QUIET)
                .run(x -> {
                    if (x >= 300) {
                        throw new IllegalStateException("boom " + x);
                    }
                });
        assertTrue(result.failed());
        assertEquals(300, result.counterexample().shrunk());
        assertInstanceOf(IllegalStateException.class, result.counterexample().failure());
        assertEquals("boom 300", result.counterexample().failure().getMessage());
    }

    @Test
    void generatorExceptionsAreFailuresToo() {
        Gen<Integer> broken = Gens.ints(0, 100).map(x -> 100 / (x - 50));
        PropertyResult<Integer> result = Property.forAll(broken).seed(6).runs(1_000).printTo(QUIET).run(x -> { });
        assertTrue(result.failed());
        assertInstanceOf(ArithmeticException.class, result.counterexample().failure());
        assertEquals("50", result.counterexample().shrunkChoicesText());
    }

    @Test
    void nonDeterministicFailuresAreReportedAsFlaky() {
        AtomicInteger calls = new AtomicInteger();
        PropertyResult<Integer> result = Property.forAll(Gens.ints()).seed(7).runs(10).printTo(QUIET).run(x -> {
            if (calls.incrementAndGet() == 3) {
                throw new AssertionError("only once");
            }
        });
        assertTrue(result.failed());
        assertTrue(result.counterexample().flaky());
        assertEquals(3, result.counterexample().caseNumber());
        assertTrue(result.failureMessage().contains("not deterministic"), result.failureMessage());
    }

    @Test
    void shrinkLimitsCutShrinkingShortAndSaySo() {
        PropertyResult<Integer> result = Property.forAll(Gens.ints(0, 1_000_000)).seed(8).runs(100).maxShrinkAttempts(3)
                .printTo(QUIET).run(x -> assertTrue(x < 1000));
        assertTrue(result.counterexample().shrinkCutShort());
        assertTrue(result.counterexample().shrinkAttempts() <= 3);
        assertTrue(result.failureMessage().contains("stopped by the shrink limit"), result.failureMessage());
    }
}
