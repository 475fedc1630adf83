package dev.vx.vm;

import dev.vx.testkit.Gen;
import dev.vx.testkit.Gens;
import dev.vx.testkit.Property;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Strings#slice}, {@link Strings#concat} and {@link Strings#append} copy packed UTF-8 a word at a time (they
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
                .check(this::checkSlice);
    }

    @Test
    void slicesOfLongerMixedTextsAreTheCodePointsAskedFor() {
        // Long enough for the walk's whole-word steps, with characters of one to four bytes
        // straddling word boundaries anywhere.
        Gen<String> text = Gens.zip(TEXT, Gens.ints(1, 12), (t, k) -> t.repeat(k));
        Property.forAll(Gens.zip(text, Gens.ints(0, 500), Gens.ints(0, 500), Slice::new))
                .named("Strings.slice of longer texts equals the Java substring by code points")
                .runs(2000)
                .check(this::checkSlice);
    }

    /** The slice of c's text at c's bounds (clamped into it) is the Java substring by code points. */
    private void checkSlice(Slice c) {
        String s = c.text();
        int cps = s.codePointCount(0, s.length());
        int from = Math.min(c.from(), cps);
        int to = Math.max(from, Math.min(c.to(), cps));
        long cell = Strings.make(alloc, s);
        String want = s.substring(s.offsetByCodePoints(0, from), s.offsetByCodePoints(0, to));
        assertCell(want, Strings.slice(alloc, cell, from, to));
        alloc.drop(cell);
    }

    @Test
    void comparisonIsCodePointOrder() {
        // Pairs that share prefixes of every length, end inside a word or on its boundary, and
        // hold \0 characters (a zero byte, like the padding past a string's end).
        Gen<String> text = Gens.oneOf(TEXT, TEXT.map(t -> t + "\0"), Gens.zip(TEXT, Gens.ints(1, 6), (t, k) -> t.repeat(k)));
        Property.forAll(Gens.zip(text, text, Gens.ints(0, 30), (x, y, k) -> new String[]{x, y.isEmpty() ? y : x.substring(0, Math.min(k, x.length())) + y}))
                .named("Strings.compare is the code point order")
                .runs(3000)
                .check(p -> {
                    long x = Strings.make(alloc, p[0]);
                    long y = Strings.make(alloc, p[1]);
                    int want = Integer.signum(compareByCodePoints(p[0], p[1]));
                    assertEquals(want, Strings.compare(heap.words, x, y), p[0] + " / " + p[1]);
                    assertEquals(-want, Strings.compare(heap.words, y, x));
                    alloc.drop(x);
                    alloc.drop(y);
                });
    }

    private static int compareByCodePoints(String a, String b) {
        int[] x = a.codePoints().toArray();
        int[] y = b.codePoints().toArray();
        return java.util.Arrays.compare(x, y);
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

    record Growth(String start, List<String> pieces, List<Boolean> shared) {}

    /**
     * A string extended piece by piece, as {@code acc ++ piece} in a loop: some versions are
     * also held elsewhere (counted twice), which must make the append copy and leave them
     * as they were; the result is always the concatenation, with zeros past its end; and
     * every word counted as allocated (growth in place included) is counted as freed once
     * everything is dropped.
     */
    @Test
    void appendsAreTheConcatenationAndLeaveSharedVersionsAlone() {
        // Starts up to ~1,200 bytes long: small cells and large ones, whose blocks have room.
        Gen<String> start = Gens.zip(TEXT, Gens.ints(0, 30), (t, k) -> t.repeat(k));
        Property.forAll(Gens.zip(start, Gens.lists(TEXT, 40), Gens.lists(Gens.booleans(), 40), Growth::new))
                .named("Strings.append equals Java's + and copies a shared string")
                .runs(500)
                .check(g -> {
                    long allocatedBefore = alloc.allocatedWords - alloc.freedWords;
                    long acc = Strings.make(alloc, g.start());
                    String want = g.start();
                    List<Long> kept = new ArrayList<>();
                    List<String> keptText = new ArrayList<>();
                    for (int i = 0; i < g.pieces().size(); i++) {
                        if (i < g.shared().size() && g.shared().get(i)) {
                            alloc.dup(acc);
                            kept.add(acc);
                            keptText.add(want);
                        }
                        long piece = Strings.make(alloc, g.pieces().get(i));
                        acc = Strings.append(alloc, acc, piece);
                        alloc.drop(piece);
                        want += g.pieces().get(i);
                    }
                    assertCell(want, acc);
                    for (int i = 0; i < kept.size(); i++) {
                        assertEquals(keptText.get(i), Strings.toJava(heap.words, kept.get(i)), "a shared version changed");
                        alloc.drop(kept.get(i));
                    }
                    alloc.drop(acc);
                    assertEquals(allocatedBefore, alloc.allocatedWords - alloc.freedWords, "words counted live after dropping all");
                });
    }

    @Test
    void aStringHeldOnceGrowsInItsOwnBlockOnlyWhileItFits() {
        long acc = Strings.make(alloc, "x".repeat(1000)); // 127 words, a large class
        long piece = Strings.make(alloc, "abc");
        long grown = Strings.append(alloc, acc, piece);
        assertEquals(acc, grown, "room in the block: extended where it lies");
        alloc.dup(grown);
        long copied = Strings.append(alloc, grown, piece);
        assertNotEquals(grown, copied, "held twice: copied");
        assertEquals("x".repeat(1000) + "abc", Strings.toJava(heap.words, grown));
        assertTrue(alloc.isUnique(grown), "the append dropped its reference to the shared string");
        long small = Strings.make(alloc, "1234567"); // one payload word, one byte to spare
        long one = Strings.make(alloc, "8");
        assertEquals(small, Strings.append(alloc, small, one), "the same number of words");
        long nine = Strings.append(alloc, small, one);
        assertNotEquals(small, nine, "a small cell that needs a word more moves");
        assertEquals("123456788", Strings.toJava(heap.words, nine));
    }

    /** The cell holds {@code want}: same text, same length word, and equal (word by word) to a fresh cell of it. */
    private void assertCell(String want, long cell) {
        long[] h = heap.words;
        assertEquals(want, Strings.toJava(h, cell));
        assertEquals(want.codePointCount(0, want.length()), Strings.length(h, cell));
        long fresh = Strings.make(alloc, want);
        assertTrue(Strings.equal(heap.words, cell, fresh), "the words past the end are not zero: " + want);
        alloc.drop(fresh);
    }
}
