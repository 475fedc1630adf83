package dev.vx.vm;

import dev.vx.bytecode.Layout;

import java.util.Arrays;

/**
 * The free blocks of large cells (more than {@link Allocator#SMALL_MAX} words), on lists by
 * size class (docs/vm.md, "Large cells"). A large cell always takes exactly its class's
 * words ({@link Allocator#largeClassWords}); a free block may be any multiple of 8 words of
 * at least the smallest class, and sits on the list of the largest class it can serve.
 *
 * <p>Taking a block splits it: the cell takes the front, and the rest goes back on a list;
 * a rest too small for any large cell (8 to 64 words) goes on the list of gaps, which serves
 * nothing but is merged with its neighbours like any block, so its words come back when they
 * are freed. (Given to the small cells' lists instead, such rests were lost to the large
 * blocks for good and kept their neighbours apart: random sizes of 66 to 1,000 words needed
 * 15-19 % more heap than without splitting.)
 * When no list can serve a request, neighbouring free blocks are merged first, if enough
 * blocks were freed since the last merge: a merge sorts every free block by address, so it
 * runs only after a quarter as many releases as there are blocks (and always before the heap
 * would run out). Without merging, a cell that grows a little each round left a block behind
 * in every class it passed through (a footprint of about 13 times the live peak).
 *
 * <p>The OpenCL engine's allocator (runtime.cl, {@code vx_large_*}) does exactly the same on
 * each lane, so that a job on one lane reuses memory as the CPU does. A free block is laid
 * out as {@code [free header, next block on the list, size in words]}.
 *
 * <p>Not thread-safe: {@link Heap} calls it under its lock.
 */
final class LargeBlocks {
    static final int CLASSES = Allocator.LARGE_CLASSES;
    /** The smallest large block: the first class. */
    static final long MIN_WORDS = Allocator.largeClassWords(0);

    /** The lists' heads by class, then the gaps' ({@link #GAPS}). */
    private final long[] heads = new long[CLASSES + 1];
    static final int GAPS = CLASSES;
    /** Blocks on the lists. */
    private long blocks;
    /** Blocks released since the last merge. */
    private long releases;

    /** Puts a large cell of class {@code cls}, now free, on its list. */
    void release(long[] h, long addr, int cls) {
        push(h, addr, Allocator.largeClassWords(cls));
        releases++;
    }

    /**
     * A block of exactly the words of class {@code cls} from the lists (the head of the first
     * non-empty list from that class up), or 0 when none can serve it. What the block has
     * beyond the cell stays free, on its list or the gaps'.
     */
    long take(long[] h, int cls) {
        if (blocks == 0) return 0;
        for (int c = cls; c < CLASSES; c++) {
            long a = heads[c];
            if (a == 0) continue;
            heads[c] = h[(int) a + 1];
            blocks--;
            long need = Allocator.largeClassWords(cls);
            long rest = h[(int) a + 2] - need;
            if (rest > 0) push(h, a + need, rest);
            return a;
        }
        return 0;
    }

    /**
     * Whether {@link #merge} should run before the heap grows for a large cell: some block was
     * freed since the last merge, and either enough were (a quarter of the blocks) to pay for
     * the sort, or the heap cannot grow by {@code lastResort}.
     */
    boolean mergeDue(boolean lastResort) {
        return releases > 0 && (lastResort || 4 * releases >= blocks);
    }

    /**
     * Merges every run of free blocks that touch into one block, and rebuilds the lists so
     * that each is in ascending address order (the blocks are pushed from the highest
     * address down). runtime.cl's {@code vx_large_merge} gives the same lists.
     */
    void merge(long[] h) {
        long[] all = new long[(int) blocks];
        int n = 0;
        for (int c = 0; c <= GAPS; c++) {
            for (long a = heads[c]; a != 0; a = h[(int) a + 1]) all[n++] = a;
            heads[c] = 0;
        }
        Arrays.sort(all, 0, n);
        blocks = 0;
        releases = 0;
        int i = n - 1;
        while (i >= 0) {
            // all[i] is the highest block of a run; walk down while the block below touches it.
            long start = all[i];
            long size = h[(int) start + 2];
            while (i > 0 && all[i - 1] + h[(int) all[i - 1] + 2] == start) {
                i--;
                start = all[i];
                size += h[(int) start + 2];
            }
            push(h, start, size);
            i--;
        }
    }

    private void push(long[] h, long addr, long size) {
        int c = floorClass(size);
        h[(int) addr] = Layout.header(0, Layout.KIND_FREE, 0);
        h[(int) addr + 1] = heads[c];
        h[(int) addr + 2] = size;
        heads[c] = addr;
        blocks++;
    }

    /** The largest class whose cells a free block of {@code size} words can hold; {@link #GAPS} when none. */
    static int floorClass(long size) {
        if (size < MIN_WORDS) return GAPS;
        int c = Allocator.largeClass((int) Math.min(size, Integer.MAX_VALUE));
        return Allocator.largeClassWords(c) > size ? c - 1 : c;
    }

    /** The lists' heads (by class, then the gaps'), then the releases since the last merge and the blocks (for a device job). */
    long[] state() {
        long[] s = Arrays.copyOf(heads, GAPS + 3);
        s[GAPS + 1] = releases;
        s[GAPS + 2] = blocks;
        return s;
    }

    /** Takes back what {@link #state} gave, as a device job left it; counts the blocks again (the last word is ignored). */
    void setState(long[] h, long[] s) {
        System.arraycopy(s, 0, heads, 0, GAPS + 1);
        releases = s[GAPS + 1];
        blocks = 0;
        for (int c = 0; c <= GAPS; c++) {
            for (long a = heads[c]; a != 0; a = h[(int) a + 1]) blocks++;
        }
    }
}
