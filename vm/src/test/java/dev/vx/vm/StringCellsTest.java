package dev.vx.vm;

import dev.vx.testkit.Gens;
import dev.vx.testkit.Property;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Strings#slice} and {@link Strings#concat} copy packed UTF-8 a word at a time (they
 * once decoded whole strings into Java strings: a slice cost the length of the whole string);
 * their cells must hold exactly what Java's own string operations give, with zeros past the
 * end of the last word (equality compares whole words).
 */
class StringCellsTest {
    private final Heap heap = new Heap(1L << 26);
    private final Allocator alloc = new Allocator(heap, new Shapes(HandModules.deep(1, false)), new SharedPool());

    /** Strings from the tricky generator, or ASCII only (the direct-index path), up to 40 code points. */
    private static final dev.vx.testkit.Gen<String> TEXT = Gens.oneOf(Gens.strings(40), Gens.strings(Gens.ints(0x20, 0x7e), 40));

    record Slice(String text, int from, int to) {}

    @Test
    void slicesAreTheCodePointsAskedFor() {
        Property.forAll(Gens.zip(TEXT, Gens.ints(0, 40), Gens.ints(0, 40), Slice::new))
                .named("Strings.slice equals the Java substring by code points")
                .runs(3000)
                .check(c -> {
                    String s = c.text();
                    int cps = s.codePointCount(0, s.length());
                    int from = Math.min(c.from(), cps);
                    int to = Math.max(from, Math.min(c.to(), cps));
                    long cell = Strings.make(alloc, s);
                    long sliced = Strings.slice(alloc, cell, from, to);
                    String want = s.substring(s.offsetByCodePoints(0, from), s.offsetByCodePoints(0, to));
                    assertCell(want, sliced);
                });
    }

    @Test
    void concatenationsAreBothStringsInTurn() {
        Property.forAll(Gens.pairs(TEXT, TEXT))
                .named("Strings.concat equals Java's +")
                .runs(3000)
                .check(p -> {
                    long a = Strings.make(alloc, p.first());
                    long b = Strings.make(alloc, p.second());
                    assertCell(p.first() + p.second(), Strings.concat(alloc, a, b));
                });
    }

    /** The cell holds {@code want}: same text, same length word, and equal (word by word) to a fresh cell of it. */
    private void assertCell(String want, long cell) {
        long[] h = heap.words;
        assertEquals(want, Strings.toJava(h, cell));
        assertEquals(want.codePointCount(0, want.length()), Strings.length(h, cell));
        long fresh = Strings.make(alloc, want);
        assertTrue(Strings.equal(heap.words, cell, fresh), "the words past the end are not zero: " + want);
    }
}
