package dev.vx.vm;

import dev.vx.testkit.Gen;
import dev.vx.testkit.Gens;
import dev.vx.testkit.Property;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Small free cells move between workers in batches through the shared pool (Allocator's
 * free lists): a list of 2 * BATCH cells hands its oldest BATCH to the pool, an empty one
 * takes a batch back, and a device job's lists are taken back as a free would have left them.
 * No cell is ever lost, handed out twice, or handed out while live.
 */
class FreeListBatchTest {
    private static final int BATCH = Allocator.batchCells();

    private final Heap heap = new Heap(1L << 28);
    private final SharedPool pool = new SharedPool();
    private final Allocator a = new Allocator(heap, new Shapes(HandModules.deep(1, false)), pool);
    private final Allocator b = new Allocator(heap, new Shapes(HandModules.deep(1, false)), pool);

    @Test
    void aFullListHandsItsOldestCellsToThePool() {
        List<Long> freed = new ArrayList<>();
        for (int i = 0; i < 2 * BATCH; i++) freed.add(a.allocate(3));
        for (long c : freed) a.release(c, 3);
        // b has no free cells of 3 words: it takes the batch a gave, the first cells a freed,
        // the last of them on top.
        for (int i = BATCH - 1; i >= 0; i--) assertEquals(freed.get(i), b.allocate(3), "b's cell " + i);
        // a kept its newest cells, in the order it freed them (last freed, first reused).
        for (int i = 2 * BATCH - 1; i >= BATCH; i--) assertEquals(freed.get(i), a.allocate(3), "a's cell " + i);
    }

    @Test
    void aBatchTakenBackLiesBelowTheCellsFreedAfterIt() {
        List<Long> first = new ArrayList<>();
        for (int i = 0; i < 2 * BATCH; i++) first.add(b.allocate(2));
        for (long c : first) b.release(c, 2); // the oldest BATCH go to the pool
        for (int i = 0; i < BATCH; i++) b.allocate(2); // b's own list is empty again
        long fresh = b.allocate(2); // from the pool's batch: its top cell
        assertEquals(first.get(BATCH - 1), fresh);
        b.release(fresh, 2);
        assertEquals(fresh, b.allocate(2), "the cell freed last is reused first");
    }

    /** What a step does, on worker a or b, with cells of {@code words} words. */
    enum Kind { ALLOCATE, NEW_CELL, RELEASE, RECYCLE, DEVICE_JOB_RERUN_ON_CPU, DEVICE_JOB }

    /** {@code count}: cells allocated or freed; for a device job, cells its lane pops and pushes. */
    record Op(boolean onB, Kind kind, int words, int count) {}

    private static final Gen<Op> OP = Gens.zip(Gens.ints(0, 2 * Kind.values().length - 1), Gens.ints(2, 4),
            Gens.frequency(Gens.weight(2, Gens.ints(1, 50)), Gens.weight(1, Gens.ints(500, 3000))),
            (k, words, count) -> new Op(k % 2 == 1, Kind.values()[k / 2], words, count));

    @Test
    void noCellIsLostOrHandedOutTwice() {
        Property.forAll(Gens.lists(OP, 1, 40))
                .named("free lists and pool: every small cell freed is on exactly one list or in the pool")
                .runs(200)
                .check(ops -> {
                    Heap h = new Heap(1L << 28);
                    SharedPool p = new SharedPool();
                    Shapes shapes = new Shapes(HandModules.deep(1, false));
                    Allocator[] workers = {new Allocator(h, shapes, p), new Allocator(h, shapes, p)};
                    List<List<Long>> live = new ArrayList<>();
                    List<Set<Long>> free = new ArrayList<>(); // the model: freed and not handed out since
                    for (int w = 0; w <= 4; w++) {
                        live.add(new ArrayList<>());
                        free.add(new HashSet<>());
                    }
                    Set<Long> everAllocated = new HashSet<>();
                    for (Op op : ops) {
                        Allocator w = workers[op.onB() ? 1 : 0];
                        List<Long> cells = live.get(op.words());
                        Set<Long> freeOfSize = free.get(op.words());
                        switch (op.kind()) {
                            case ALLOCATE, NEW_CELL -> {
                                for (int i = 0; i < op.count(); i++) {
                                    long c = op.kind() == Kind.ALLOCATE ? w.allocate(op.words())
                                            : w.newCell(20, op.words() - 1);
                                    // A free cell of this size, or a cell never handed out before.
                                    assertTrue(freeOfSize.remove(c) || everAllocated.add(c),
                                            "cell " + c + " handed out while live");
                                    cells.add(c);
                                }
                            }
                            case RELEASE, RECYCLE -> {
                                // Either worker frees any cell, as with fork children's results.
                                for (int i = 0; i < op.count() && !cells.isEmpty(); i++) {
                                    long c = cells.remove((i * 7919) % cells.size());
                                    if (op.kind() == Kind.RELEASE) w.release(c, op.words());
                                    else w.recycle(c, op.words());
                                    freeOfSize.add(c);
                                }
                            }
                            // The job's state is exported and, the CPU running it instead, taken back as it was.
                            case DEVICE_JOB_RERUN_ON_CPU -> w.importFreeState(w.exportFreeState());
                            case DEVICE_JOB -> {
                                long[] state = w.exportFreeState();
                                laneWork(h, state, op, live, free);
                                w.importFreeState(state);
                            }
                        }
                        for (int words = 2; words <= 4; words++) {
                            Set<Long> seen = new HashSet<>();
                            for (Allocator x : workers) seen.addAll(checkedList(h, x, words));
                            for (long[] batch : p.batches(words)) {
                                List<Long> b = walk(h, batch[0]);
                                assertEquals(BATCH, b.size(), "a batch's length");
                                assertEquals(batch[1], b.get(b.size() - 1), "a batch's last cell");
                                seen.addAll(b);
                            }
                            assertEquals(free.get(words), seen, "the free cells of " + words + " words after " + op);
                        }
                    }
                });
    }

    /** A device lane's work on an exported state: pops {@code count} cells of its list, then frees as many live ones. */
    private static void laneWork(Heap h, long[] state, Op op, List<List<Long>> live, List<Set<Long>> free) {
        int small = Allocator.smallMax();
        int words = op.words();
        for (int i = 0; i < op.count() && state[2 + words] != 0; i++) {
            long c = state[2 + words];
            state[2 + words] = h.words[(int) c + 1];
            state[3 + small + words]--;
            assertTrue(free.get(words).remove(c));
            live.get(words).add(c);
        }
        List<Long> cells = live.get(words);
        for (int i = 0; i < op.count() && !cells.isEmpty(); i++) {
            long c = cells.remove((i * 7919) % cells.size());
            h.words[(int) c + 1] = state[2 + words];
            state[2 + words] = c;
            state[3 + small + words]++;
            free.get(words).add(c);
        }
    }

    /** A worker's list of {@code words}-word cells, its count and marks checked against a walk. */
    private static List<Long> checkedList(Heap h, Allocator a, int words) {
        long[] s = a.freeListState(words);
        List<Long> cells = walk(h, s[0]);
        assertEquals(s[1], cells.size(), "the list's count");
        assertEquals(cells.size(), new HashSet<>(cells).size(), "a cell twice on a list");
        if (!cells.isEmpty()) assertEquals(cells.get(cells.size() - 1), s[2], "the list's bottom cell");
        if (cells.size() > BATCH) assertEquals(cells.get(cells.size() - 1 - BATCH), s[3], "the cell above the oldest batch");
        assertTrue(cells.size() < 2 * BATCH, "a list of " + cells.size() + " cells gave no batch");
        return cells;
    }

    private static List<Long> walk(Heap h, long head) {
        List<Long> cells = new ArrayList<>();
        for (long c = head; c != 0; c = h.words[(int) c + 1]) {
            cells.add(c);
            assertTrue(cells.size() <= 1 << 20, "a cycle");
        }
        return cells;
    }

    @Test
    void aDeviceJobsListIsTakenBackAsFreesWouldLeaveIt() {
        List<Long> cells = new ArrayList<>();
        for (int i = 0; i < 5000; i++) cells.add(a.allocate(2));
        long[] state = a.exportFreeState();
        // A device lane freed them all, in order: its list, the last freed on top.
        int small = Allocator.smallMax();
        long head = 0;
        for (long c : cells) {
            heap.words[(int) c + 1] = head;
            head = c;
        }
        state[2 + 2] = head;
        state[3 + small + 2] = cells.size();
        a.importFreeState(state);
        // Pushed again from the bottom: the frees would have given three batches of the oldest
        // cells to the pool, and 1,928 stay, the newest on top, in order.
        List<Long> kept = checkedList(heap, a, 2);
        assertEquals(5000 - 3 * BATCH, kept.size(), "the cells that stay");
        for (int i = 0; i < kept.size(); i++) {
            assertEquals(cells.get(4999 - i), kept.get(i), "the newest cells stay on top, in order");
        }
        Set<Long> pooled = new HashSet<>();
        for (long[] batch : pool.batches(2)) pooled.addAll(walk(heap, batch[0]));
        assertEquals(new HashSet<>(cells.subList(0, 3 * BATCH)), pooled, "the oldest cells went to the pool");
    }
}
