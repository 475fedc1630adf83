package dev.vx.testkit;

import static dev.vx.testkit.ExpressionShrinkingTest.QUIET;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.ExtendWith;

/** The shrinker finds the exact minimal counterexample for the standard generators. */
@ExtendWith(IsolatedSettings.class)
class ShrinkingTest {

    private static <T> Counterexample<T> counterexample(Gen<T> gen, long seed, Property.Check<T> check) {
        PropertyResult<T> result = Property.forAll(gen).seed(seed).runs(500).printTo(QUIET).run(check);
        assertTrue(result.failed(), "the property should fail");
        return result.counterexample();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void integersShrinkToTheBoundary(long seed) {
        Counterexample<Integer> example = counterexample(Gens.ints(0, 1_000_000), seed,
                x -> assertTrue(x < 1000));
        assertEquals(1000, example.shrunk());
        assertArrayEquals(new long[] {1000}, example.shrunkChoices());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void negativeIntegersShrinkToTheBoundaryNearestZero(long seed) {
        Counterexample<Long> example = counterexample(Gens.longs(), seed, x -> assertTrue(x > -1000));
        assertEquals(-1000L, example.shrunk());
        assertArrayEquals(new long[] {1, 999}, example.shrunkChoices()); // sign, then magnitude - 1
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void listsShrinkToASingleMinimalElement(long seed) {
        Counterexample<List<Integer>> example = counterexample(Gens.lists(Gens.ints(0, 100), 20), seed,
                list -> assertTrue(list.stream().mapToInt(Integer::intValue).sum() < 10));
        assertEquals(List.of(10), example.shrunk());
        assertArrayEquals(new long[] {1, 10, 0}, example.shrunkChoices()); // continue, element, stop
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void listsShrinkToMinimalLength(long seed) {
        Counterexample<List<Integer>> example = counterexample(Gens.lists(Gens.ints(-50, 50), 30), seed,
                list -> assertTrue(list.size() < 4));
        assertEquals(List.of(0, 0, 0, 0), example.shrunk());
    }

    /**
     * Two bugs: lists of 3+ elements fail an assertion (common, so found first), and the list
     * {@code [0]} throws IllegalStateException. {@code [0]} is the shorter sequence, and deleting two
     * elements of {@code [0, 0, 0]} reaches it, but the shrinker must not slip to that other bug.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void shrinkingKeepsTheExceptionClass(long seed) {
        Counterexample<List<Integer>> example = counterexample(Gens.lists(Gens.ints(0, 20), 10), seed, list -> {
            if (list.equals(List.of(0))) {
                throw new IllegalStateException("the other bug");
            }
            assertTrue(list.size() < 3, "too long");
        });
        assertInstanceOf(AssertionError.class, example.originalFailure());
        assertInstanceOf(AssertionError.class, example.failure());
        assertEquals(List.of(0, 0, 0), example.shrunk());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void doublesShrinkToSmallWholeNumbers(long seed) {
        Counterexample<Double> example = counterexample(Gens.doubles(), seed, d -> assertTrue(!(d > 1.0)));
        assertEquals(2.0, example.shrunk());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void stringsShrinkToTheSimplestCharacters(long seed) {
        Counterexample<String> example = counterexample(Gens.strings(20), seed,
                s -> assertTrue(s.codePointCount(0, s.length()) < 3));
        assertEquals("aaa", example.shrunk());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void pairsShrinkBothSides(long seed) {
        Counterexample<Gens.Pair<Integer, Boolean>> example = counterexample(
                Gens.pairs(Gens.ints(), Gens.booleans()), seed,
                pair -> assertTrue(pair.first() < 7 || !pair.second()));
        assertEquals("(7, true)", example.shrunk().toString());
    }
}
