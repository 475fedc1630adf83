package dev.vx.testkit;

import static dev.vx.testkit.ExpressionShrinkingTest.EXPRESSIONS;
import static dev.vx.testkit.ExpressionShrinkingTest.QUIET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Generation is deterministic from a seed and covers the values bugs hide behind. */
@ExtendWith(IsolatedSettings.class)
class GenerationTest {

    private static final List<Gen<?>> GENERATORS = List.of(
            Gens.longs(), Gens.ints(-5, 5), Gens.doubles(), Gens.strings(10), Gens.booleans(),
            Gens.lists(Gens.ints(), 8), Gens.pairs(Gens.ints(), Gens.strings(3)), EXPRESSIONS,
            Gens.frequency(Gens.weight(1, Gens.constant("x")), Gens.weight(3, Gens.strings(2))),
            Gens.ints(0, 100).filter(x -> x % 2 == 0), Gens.ints(1, 4).flatMap(n -> Gens.lists(Gens.booleans(), n, n)));

    @Test
    void sameSeedGivesTheSameValues() {
        for (Gen<?> gen : GENERATORS) {
            assertEquals(gen.samples(99, 50), gen.samples(99, 50));
            assertNotEquals(gen.samples(99, 50), gen.samples(100, 50));
        }
    }

    /** Dogfood: recorded choices replay to an equal value, for every generator and many seeds. */
    @Test
    void recordedChoicesReplayToTheSameValue() {
        for (Gen<?> gen : GENERATORS) {
            Property.forAll(Gens.longs()).named("replay round trip").seed(1).runs(200).printTo(QUIET).check(seed -> {
                Choices generated = Choices.random(seed);
                Object value = generated.draw(gen);
                Choices replayed = Choices.replay(generated.recorded());
                assertEquals(value, replayed.draw(gen));
                assertEquals(generated.count(), replayed.count());
            });
        }
    }

    @Test
    void integersStayInRangeAndHitTheEdges() {
        List<Long> longs = Gens.longs().samples(1, 3_000);
        assertTrue(longs.containsAll(List.of(0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE)), "edges missing");
        assertTrue(longs.stream().anyMatch(x -> Math.abs(x) < 1_000 && x != 0 && Math.abs(x) != 1), "small values missing");
        assertTrue(longs.stream().anyMatch(GenerationTest::nearLargePowerOfTwo), "powers of two missing");

        List<Integer> ints = Gens.ints(-3, 1_000).samples(2, 2_000);
        assertTrue(ints.stream().allMatch(x -> x >= -3 && x <= 1_000));
        assertTrue(ints.containsAll(List.of(-3, 0, 1_000)));
        assertTrue(Gens.ints().samples(3, 3_000).containsAll(List.of(Integer.MIN_VALUE, Integer.MAX_VALUE)));

        assertTrue(Gens.longs(-20, -10).samples(4, 500).stream().allMatch(x -> x >= -20 && x <= -10));
        assertEquals(Set.of(7L), Set.copyOf(Gens.longs(7, 7).samples(5, 20)));
        assertThrows(IllegalArgumentException.class, () -> Gens.longs(2, 1));
    }

    @Test
    void doublesIncludeTheSpecialValues() {
        List<Double> doubles = Gens.doubles().samples(1, 3_000);
        assertTrue(doubles.stream().anyMatch(d -> Double.isNaN(d)), "NaN");
        assertTrue(doubles.stream().anyMatch(d -> Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(-0.0)), "-0.0");
        assertTrue(doubles.stream().anyMatch(d -> Double.doubleToRawLongBits(d) == 0), "+0.0");
        assertTrue(doubles.contains(Double.POSITIVE_INFINITY), "+Infinity");
        assertTrue(doubles.contains(Double.NEGATIVE_INFINITY), "-Infinity");
        assertTrue(doubles.stream().anyMatch(d -> d != 0 && Math.abs(d) < Double.MIN_NORMAL), "subnormals");
        assertTrue(doubles.contains(Double.MAX_VALUE) || doubles.contains(-Double.MAX_VALUE), "MAX_VALUE");
        assertTrue(doubles.stream().anyMatch(d -> d == Math.rint(d) && Math.abs(d) > 1 && Math.abs(d) < 1e6), "whole numbers");
    }

    @Test
    void stringsIncludeNonAsciiAndAreWellFormed() {
        List<String> strings = Gens.strings(20).samples(1, 1_000);
        assertTrue(strings.contains(""));
        assertTrue(strings.stream().allMatch(s -> s.codePointCount(0, s.length()) <= 20));
        assertTrue(strings.stream().anyMatch(s -> s.chars().anyMatch(c -> c > 0x7f && c < 0xd800)), "BMP non-ASCII");
        assertTrue(strings.stream().anyMatch(s -> s.codePoints().anyMatch(Character::isSupplementaryCodePoint)), "supplementary");
        assertTrue(strings.stream().anyMatch(s -> s.chars().anyMatch(Character::isISOControl)), "control characters");
        for (String s : strings) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (Character.isHighSurrogate(c)) {
                    assertTrue(i + 1 < s.length() && Character.isLowSurrogate(s.charAt(++i)), "lone high surrogate");
                } else {
                    assertTrue(!Character.isLowSurrogate(c), "lone low surrogate");
                }
            }
        }
    }

    @Test
    void listsRespectTheirSizeBounds() {
        List<List<Integer>> lists = Gens.lists(Gens.ints(0, 9), 2, 4).samples(1, 500);
        assertTrue(lists.stream().allMatch(l -> l.size() >= 2 && l.size() <= 4));
        assertEquals(Set.of(2, 3, 4), lists.stream().map(List::size).collect(Collectors.toSet()));
        List<List<Integer>> unbounded = Gens.lists(Gens.ints(0, 9), 100).samples(2, 500);
        assertTrue(unbounded.stream().mapToInt(List::size).max().orElseThrow() > 10);
        assertTrue(unbounded.stream().anyMatch(List::isEmpty));
    }

    @Test
    void choosingCombinatorsCoverEveryAlternativeInProportion() {
        Map<String, Long> counts = count(Gens.frequency(Gens.weight(1, Gens.constant("rare")),
                Gens.weight(9, Gens.constant("common"))).samples(1, 2_000));
        assertTrue(counts.get("rare") > 100 && counts.get("rare") < 350, counts::toString);
        assertEquals(Set.of("a", "b", "c"), count(Gens.elements("a", "b", "c").samples(2, 100)).keySet());
        assertEquals(Set.of(1, 2), count(Gens.oneOf(Gens.constant(1), Gens.constant(2)).samples(3, 100)).keySet());
        assertEquals(Set.of(false, true), count(Gens.booleans().samples(4, 100)).keySet());
    }

    @Test
    void filterAndFlatMapKeepTheirPromises() {
        // Some cases may be invalid (10 rejections in a row); a property skips those.
        PropertyResult<Integer> filtered = Property.forAll(Gens.ints().filter(x -> x % 3 == 0)).seed(1).runs(300)
                .printTo(QUIET).run(x -> assertEquals(0, x % 3));
        assertEquals(300, filtered.passed(), filtered::failureMessage);
        Gen<List<Integer>> sized = Gens.ints(0, 5).flatMap(n -> Gens.lists(Gens.constant(n), n, n));
        assertTrue(sized.samples(2, 300).stream().allMatch(l -> l.stream().allMatch(x -> x == l.size())));
        assertThrows(Invalid.class, () -> Gens.ints().filter(x -> false).sample(3));
    }

    /** Mutually recursive generators via lazy() and an explicit depth parameter. */
    @Test
    void lazySupportsMutualRecursion() {
        Gen<String> statements = statement(3);
        List<String> samples = statements.samples(1, 300);
        assertTrue(samples.stream().anyMatch(s -> s.contains("{") && s.contains("(")), samples::toString);
        assertTrue(samples.stream().allMatch(s -> nesting(s) <= 8), "depth budget exceeded");
    }

    private static Gen<String> statement(int depth) {
        Gen<String> expression = expression(depth);
        Gen<String> assignment = expression.map(e -> "x = " + e + ";");
        if (depth == 0) {
            return assignment;
        }
        Gen<String> block = Gens.lists(Gens.lazy(() -> statement(depth - 1)), 3).map(list -> "{" + String.join(" ", list) + "}");
        return Gens.oneOf(assignment, block);
    }

    private static Gen<String> expression(int depth) {
        Gen<String> literal = Gens.ints(0, 9).map(String::valueOf);
        if (depth == 0) {
            return literal;
        }
        Gen<String> lambda = Gens.lazy(() -> statement(depth - 1)).map(body -> "(() -> " + body + ")");
        return Gens.oneOf(literal, lambda);
    }

    private static int nesting(String text) {
        int depth = 0;
        int max = 0;
        for (char c : text.toCharArray()) {
            depth += c == '{' || c == '(' ? 1 : c == '}' || c == ')' ? -1 : 0;
            max = Math.max(max, depth);
        }
        return max;
    }

    @Test
    void runawayGeneratorsBecomeInvalidInsteadOfExhaustingMemory() {
        Gen<Long> forever = choices -> {
            while (true) {
                choices.draw(10);
            }
        };
        assertThrows(Invalid.class, () -> forever.sample(1));
    }

    /** |x| is 2^k - 1, 2^k or 2^k + 1 for some k >= 8. */
    private static boolean nearLargePowerOfTwo(long x) {
        long magnitude = x == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(x);
        for (long candidate = magnitude - 1; candidate <= magnitude + 1; candidate++) {
            if (candidate >= 256 && Long.bitCount(candidate) == 1) {
                return true;
            }
        }
        return false;
    }

    private static <T> Map<T, Long> count(Collection<T> values) {
        return values.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }
}
