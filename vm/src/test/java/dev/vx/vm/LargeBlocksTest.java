package dev.vx.vm;

import dev.vx.testkit.Gen;
import dev.vx.testkit.Gens;
import dev.vx.testkit.Property;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Free large blocks are split when taken and merged with their neighbours (LargeBlocks): cells
 * never overlap and keep their contents whatever the order of allocations and releases, and a
 * cell that grows a little each round no longer leaves a block behind in every class.
 */
class LargeBlocksTest {
    private final Heap heap = new Heap(1L << 27);
    private final Allocator alloc = new Allocator(heap, new Shapes(HandModules.deep(1, false)), new SharedPool());

    /** Allocate a cell of {@code words} (small or large), or release the live cell at {@code index} modulo the count. */
    record Op(boolean allocate, int words, int index) {}

    private static final Gen<Op> OP = Gens.zip(Gens.booleans(),
            Gens.frequency(Gens.weight(1, Gens.ints(2, 64)), Gens.weight(4, Gens.ints(65, 3000))),
            Gens.ints(0, 1000), Op::new);

    record Cell(long addr, int words, long stamp) {}

    @Test
    void cellsNeverOverlapAndKeepTheirContents() {
        Property.forAll(Gens.lists(OP, 1, 300))
                .named("large blocks: cells are disjoint and intact under any allocations and releases")
                .runs(300)
                .check(ops -> {
                    List<Cell> live = new ArrayList<>();
                    long stamp = 0;
                    for (Op op : ops) {
                        if (op.allocate() || live.isEmpty()) {
                            long a = alloc.allocate(op.words());
                            Cell c = new Cell(a, op.words(), ++stamp);
                            for (Cell o : live) {
                                assertTrue(a + c.words() <= o.addr() || o.addr() + o.words() <= a,
                                        "cell " + c + " overlaps " + o);
                            }
                            fill(c);
                            live.add(c);
                        } else {
                            Cell c = live.remove(op.index() % live.size());
                            assertIntact(c);
                            alloc.release(c.addr(), c.words());
                        }
                    }
                    for (Cell c : live) {
                        assertIntact(c);
                        alloc.release(c.addr(), c.words());
                    }
                });
    }

    private void fill(Cell c) {
        for (int i = 0; i < c.words(); i++) heap.words[(int) c.addr() + i] = c.stamp() * 1_000_003L + i;
    }

    private void assertIntact(Cell c) {
        for (int i = 0; i < c.words(); i++) {
            assertEquals(c.stamp() * 1_000_003L + i, heap.words[(int) c.addr() + i], "word " + i + " of " + c);
        }
    }

    @Test
    void aGrowingCellReusesTheBlocksItLeft() {
        // One cell alive at a time after each round (the new one is built while the old one
        // lives), one word larger each round, as an array rebuilt larger. Without merging every
        // class the cell passes through kept a block: the footprint was the sum of the classes
        // from 100 to 20,100 words, 11.8 times the last cell's block; merged, 3.5 times.
        long start = heap.topWords();
        int words = 100;
        long old = alloc.allocate(words);
        for (int round = 0; round < 20_000; round++) {
            long next = alloc.allocate(words + 1);
            alloc.release(old, words);
            old = next;
            words++;
        }
        long used = heap.topWords() - start;
        assertTrue(used <= 4L * Allocator.largeClassWords(Allocator.largeClass(words)),
                "footprint " + used + " words for a cell of " + words);
    }

    @Test
    void aSplitBlockServesSmallerCellsAndMergesBack() {
        long start = heap.topWords();
        long big = alloc.allocate(4096);
        alloc.release(big, 4096);
        // Four cells of 1,000 words (class 1,024) come out of the one free block, then go back.
        long[] cells = new long[4];
        for (int i = 0; i < 4; i++) cells[i] = alloc.allocate(1000);
        for (long c : cells) assertTrue(c >= big && c < big + 4096, "cell at " + c + " outside the free block");
        assertEquals(start + 4096, heap.topWords());
        for (long c : cells) alloc.release(c, 1000);
        // Merged again, the block serves the whole size without growing the heap.
        assertEquals(big, alloc.allocate(4096));
        assertEquals(start + 4096, heap.topWords());
    }

    @Test
    void aFreeBlockServesTheLargestClassThatFits() {
        assertEquals(0, LargeBlocks.floorClass(LargeBlocks.MIN_WORDS));
        for (int c = 0; c < Allocator.LARGE_CLASSES; c++) {
            long w = Allocator.largeClassWords(c);
            assertEquals(c, LargeBlocks.floorClass(w));
            if (c + 1 < Allocator.LARGE_CLASSES) {
                assertEquals(c, LargeBlocks.floorClass(Allocator.largeClassWords(c + 1) - 8));
            }
        }
    }
}
