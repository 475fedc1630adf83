package dev.vx.vm;

import dev.vx.bytecode.Layout;

/**
 * One worker's allocator and reference-count operations (docs/vm.md, "Heap"). Small cells
 * come from exact-size free lists, then from a chunk of the heap taken by bump allocation;
 * large cells from the heap's global size-class lists ({@link LargeBlocks}). A free list
 * that grows long hands a batch to a global pool, and an empty one takes a batch back, so
 * memory freed by one worker is reused by another.
 *
 * <p>Reference counts live in the high half of a cell's header: positive, owned by one lane
 * (plain updates); negative, shared between lanes (atomic updates); zero, immortal.
 * Freeing never recurses on the JVM stack: it runs a work list.
 */
public final class Allocator {
    /** Cells of at most this many words use exact-size free lists. */
    static final int SMALL_MAX = 64;
    private static final int BATCH = 1024;
    private static final long RC_ONE = 1L << 32;

    private final Heap heap;
    private final Shapes shapes;
    private final SharedPool pool;
    private final long[] freeHead = new long[SMALL_MAX + 1];
    private final int[] freeCount = new int[SMALL_MAX + 1];
    /*
     * Where a list's oldest batch ends, so that a batch moves to or from the pool without
     * walking its 1,024 links (a walk of cold cells was 6 % of tree_sum): the bottom cell of
     * each list (its first pushed), valid while the list is not empty, and the cell BATCH + 1
     * from the bottom, valid while the list holds more than BATCH cells. Pushes and pops at the
     * top leave both where they are; the push that makes a list 1 or BATCH + 1 long sets them.
     */
    private final long[] freeBottom = new long[SMALL_MAX + 1];
    private final long[] aboveBatch = new long[SMALL_MAX + 1];
    private long bump;
    private long bumpEnd;
    private final LongStack pending = new LongStack();

    // Statistics (exact for this worker). The words live now are allocatedWords - freedWords.
    long allocatedWords;
    long freedWords;
    long peakLiveWords;
    /**
     * This worker's live words (allocated less freed here) when it last added them to the
     * heap's shared live count ({@link Heap#addLive}), which gives the peak of a run on several
     * threads: a worker's own count says nothing there, since a cell one worker allocates
     * another may free (a fork child's result), so one worker's count only grows. Shared at
     * every 64th of the engines' looks at the attention flag ({@link Worker#attend}), at the end of each
     * task, when a chunk is taken or a batch moved, and with every large cell: never on the
     * small cells' allocation path, where it cost 7 % (tree_sum).
     */
    private long sharedLive;
    /** {@link #peakLiveWords} when this worker last shared. */
    private long peakWhenShared;
    /**
     * Whether other workers run beside this one ({@link #sharesWithOthers}). Alone, a worker's
     * own count is the run's exact peak and the shared one is never read, so sharing it (an
     * atomic add and max with every large cell, at polls, chunks and batches) is skipped.
     */
    private boolean othersRun;

    public Allocator(Heap heap, Shapes shapes, SharedPool pool) {
        this.heap = heap;
        this.shapes = shapes;
        this.pool = pool;
    }

    /** Called by the scheduler: whether this worker's live count must be shared (several workers). */
    void sharesWithOthers(boolean others) {
        othersRun = others;
    }

    // ------------------------------------------------------------------ allocation

    /**
     * Returns the address of {@code words} free words (at least 2). May grow or exhaust the heap.
     * Counted once the words are found: a request the heap cannot meet (the run then ends out
     * of memory) allocated nothing, so the final statistics stay consistent.
     */
    public long allocate(int words) {
        if (words <= SMALL_MAX) {
            long a = freeHead[words];
            if (a == 0 && pool.hasBatch(words)) {
                takeBatch(words);
                a = freeHead[words];
            }
            if (a != 0) {
                freeHead[words] = heap.words[(int) a + 1];
                freeCount[words]--;
                countAllocation(words);
                return a;
            }
            if (bump + words > bumpEnd) {
                shareLive();
                Heap.Chunk c = heap.takeChunk(words);
                bump = c.start();
                bumpEnd = c.end();
            }
            long r = bump;
            bump += words;
            countAllocation(words);
            return r;
        }
        long a = heap.allocateLarge(largeClass(words));
        countAllocation(words);
        shareLive(); // a large cell may come and go between two looks at the scheduler
        return a;
    }

    private void countAllocation(int words) {
        long allocated = allocatedWords + words;
        allocatedWords = allocated;
        long live = allocated - freedWords;
        if (live > peakLiveWords) peakLiveWords = live;
    }

    /**
     * Adds what this worker allocated and freed since the last time to the heap's live count,
     * and, when its own count reached a new high since then, that high above what it has live
     * now: a worker whose cells came and went between two shares (a short run) would otherwise
     * leave no trace in the shared peak, which then said 0 for a run that allocated.
     */
    void shareLive() {
        if (!othersRun) return;
        long live = allocatedWords - freedWords;
        long peakAbove = peakLiveWords > peakWhenShared ? peakLiveWords - live : 0;
        if (live != sharedLive || peakAbove > 0) {
            heap.addLive(live - sharedLive, peakAbove);
            sharedLive = live;
            peakWhenShared = peakLiveWords;
        }
    }

    /** Returns a cell's memory (of {@code words} words, as allocated) to the free lists. */
    public void release(long addr, int words) {
        release(heap.words, addr, words);
    }

    /**
     * {@link #release(long, int)} with {@code h}, the current heap array; returns the heap
     * array after it (releasing a large cell may wait for a growth of the heap).
     */
    private long[] release(long[] h, long addr, int words) {
        freedWords += words;
        if (words <= SMALL_MAX) {
            h[(int) addr] = Layout.header(0, Layout.KIND_FREE, 0);
            pushFree(h, words, addr);
            return h;
        }
        heap.releaseLarge(largeClass(words), addr);
        shareLive();
        return heap.words;
    }

    /**
     * Size classes of cells larger than {@link #SMALL_MAX} words: each power of two is split
     * into this many steps, so a cell leaves at most an eighth of its block unused. (Whole
     * powers of two wasted up to half: a spill block of 1,026 words took 2,048, so a deep
     * recursion needed twice the heap its frames fill, and one array could use at most half
     * the heap.)
     */
    public static final int LARGE_STEPS_LOG = 3;
    private static final int LARGE_STEPS = 1 << LARGE_STEPS_LOG;
    /** Large classes: the steps of the powers of two from 2^6 (just above SMALL_MAX) to 2^31. */
    public static final int LARGE_CLASSES = (31 - 6) * LARGE_STEPS;

    /**
     * The class of a large cell of {@code words > SMALL_MAX} words: with {@code 2^k < words <=
     * 2^(k+1)}, the first of the steps {@code 2^k + j * 2^(k-3)} (j = 1 .. 8) that holds it.
     */
    public static int largeClass(int words) {
        int k = 63 - Long.numberOfLeadingZeros(words - 1L);
        long step = 1L << (k - LARGE_STEPS_LOG);
        int j = (int) ((words - (1L << k) + step - 1) / step);
        return (k - 6) * LARGE_STEPS + j - 1;
    }

    /** The words of every block of large class {@code cls}. */
    public static long largeClassWords(int cls) {
        int k = cls / LARGE_STEPS + 6;
        int j = cls % LARGE_STEPS + 1;
        return (1L << k) + ((long) j << (k - LARGE_STEPS_LOG));
    }

    /** Puts the free cell {@code addr} on top of its list; a list of 2 * BATCH cells gives a batch. */
    private void pushFree(long[] h, int words, long addr) {
        h[(int) addr + 1] = freeHead[words];
        freeHead[words] = addr;
        int c = ++freeCount[words];
        if ((c & (BATCH - 1)) <= 1) pushedAtMark(words, addr, c);
    }

    /** The rare pushes: the list's first cell, the cell above its oldest batch, a full list. */
    private void pushedAtMark(int words, long addr, int c) {
        if (c == 1) freeBottom[words] = addr;
        else if (c == BATCH + 1) aboveBatch[words] = addr;
        else if (c == 2 * BATCH) giveBatch(words);
    }

    /**
     * Hands BATCH cells of a full list (2 * BATCH cells) to the pool: the oldest, which are the
     * coldest, and without a walk. Only between {@link #exportFreeState} and the
     * {@link #importFreeState} that always follows it can a list be longer, and no cell is
     * freed on this allocator meanwhile.
     */
    private void giveBatch(int words) {
        shareLive();
        long[] h = heap.words;
        long keep = aboveBatch[words];
        long first = h[(int) keep + 1];
        h[(int) keep + 1] = 0;
        pool.put(words, first, freeBottom[words]);
        freeBottom[words] = keep;
        freeCount[words] -= BATCH;
    }

    /** Joins a batch from the pool to the bottom of the list, where it becomes the oldest batch. */
    private void takeBatch(int words) {
        shareLive();
        long[] batch = pool.take(words);
        if (batch == null) return;
        long first = batch[0];
        long last = batch[1];
        if (freeCount[words] == 0) {
            freeHead[words] = first;
        } else {
            heap.words[(int) freeBottom[words] + 1] = first;
            aboveBatch[words] = freeBottom[words];
        }
        freeBottom[words] = last;
        freeCount[words] += BATCH;
    }

    /**
     * Rebuilds the list of {@code words}-word cells, whose head and length a device job left,
     * by pushing its cells again from the bottom up: the same list, with its marks, less the
     * batches a free would have handed to the pool.
     */
    private void relist(int words) {
        long[] h = heap.words;
        long reversed = 0;
        for (long a = freeHead[words]; a != 0; ) {
            long next = h[(int) a + 1];
            h[(int) a + 1] = reversed;
            reversed = a;
            a = next;
        }
        freeHead[words] = 0;
        freeCount[words] = 0;
        for (long a = reversed; a != 0; ) {
            long next = h[(int) a + 1];
            pushFree(h, words, a);
            a = next;
        }
    }

    /**
     * The list of {@code words}-word cells as {@code [head, count, bottom, aboveBatch]}, for
     * FreeListBatchTest, which checks the marks against a walk of the list.
     */
    long[] freeListState(int words) {
        return new long[] {freeHead[words], freeCount[words], freeBottom[words], aboveBatch[words]};
    }

    /** Words a cell of {@code fields} fields occupies. */
    public static int cellWords(int fields) {
        return Math.max(2, 1 + fields);
    }

    /** Words the cell at {@code a} occupies, read from its header. */
    public static int cellWords(long[] h, long a) {
        long hd = h[(int) a];
        int kind = Layout.ctor(hd);
        return switch (kind) {
            case Layout.KIND_STRING -> 2 + (Strings.byteLength(h[(int) a + 1]) + 7 >>> 3);
            case Layout.KIND_SPILL -> 2 + (int) h[(int) a + 1];
            case Layout.KIND_ARRAY_SCALAR, Layout.KIND_ARRAY_REF, Layout.KIND_ARRAY_HALF ->
                    2 + Layout.arrayPayload(kind, (int) h[(int) a + 1]);
            default -> cellWords(Layout.size(hd));
        };
    }

    /** A new cell with count 1 and the given header fields; the caller writes the fields. */
    public long newCell(int ctor, int fields) {
        int words = cellWords(fields);
        long a = words <= SMALL_MAX ? freeHead[words] : 0; // larger cells: allocate's size classes
        if (a != 0) {
            // The common case of allocate (a free cell of the size at hand), with one read of
            // the heap array for the link and the header.
            countAllocation(words);
            long[] h = heap.words;
            freeHead[words] = h[(int) a + 1];
            freeCount[words]--;
            h[(int) a] = Layout.header(1, ctor, fields);
            return a;
        }
        a = allocate(words);
        heap.words[(int) a] = Layout.header(1, ctor, fields);
        return a;
    }

    /** A new cell of one field, {@code a} (count 1). */
    public long new1(int ctor, long a) {
        long c = newCell(ctor, 1);
        heap.words[(int) c + 1] = a;
        return c;
    }

    /** A new cell of two fields. */
    public long new2(int ctor, long a, long b) {
        long c = newCell(ctor, 2);
        long[] h = heap.words;
        h[(int) c + 1] = a;
        h[(int) c + 2] = b;
        return c;
    }

    /** A new variable-sized cell ({@code kind} string/array/spill) with {@code payload} words after the length word. */
    public long newVariable(int kind, long lengthWord, int payload) {
        long a = allocate(2 + payload);
        long[] h = heap.words;
        h[(int) a] = Layout.header(1, kind, 0);
        h[(int) a + 1] = lengthWord;
        return a;
    }

    // ------------------------------------------------------------------ device jobs

    /**
     * The state a device lane continues from, so that a job run on one device lane reuses
     * memory exactly as this allocator would: {@code [bump, bumpEnd, freeHead[0..SMALL_MAX],
     * freeCount[0..SMALL_MAX]]}. The shared pool's batches join the free lists first (the
     * device has no pool, and this allocator would take them before taking new words; the
     * other workers are parked while a job runs). The lists may then be longer than a free
     * would leave them, so the caller gives them back with {@link #importFreeState}: the
     * lanes' state after the job, or this one unchanged when the CPU runs the job instead.
     */
    public long[] exportFreeState() {
        for (int words = 0; words <= SMALL_MAX; words++) {
            while (pool.hasBatch(words)) takeBatch(words);
        }
        long[] s = new long[2 + 2 * (SMALL_MAX + 1)];
        s[0] = bump;
        s[1] = bumpEnd;
        for (int i = 0; i <= SMALL_MAX; i++) {
            s[2 + i] = freeHead[i];
            s[3 + SMALL_MAX + i] = freeCount[i];
        }
        return s;
    }

    /**
     * Takes back the state a device lane left (the layout of {@link #exportFreeState}); lists
     * as long as a free would leave no longer hand their surplus to the pool, as that free would.
     */
    public void importFreeState(long[] s) {
        bump = s[0];
        bumpEnd = s[1];
        for (int i = 0; i <= SMALL_MAX; i++) {
            freeHead[i] = s[2 + i];
            relist(i);
        }
    }

    /**
     * Puts a free small cell of {@code words <= smallMax()} words, already counted as freed,
     * on this allocator's free lists (large cells go back through {@link Heap#setLargeFreeState}).
     */
    public void recycle(long addr, int words) {
        long[] h = heap.words;
        h[(int) addr] = Layout.header(0, Layout.KIND_FREE, 0);
        pushFree(h, words, addr);
    }

    /** Adds what a device job allocated and freed; {@code peakDelta} is its highest live words above the start. */
    public void accountDevice(long allocated, long freed, long peakDelta) {
        long live = allocatedWords - freedWords;
        if (live + peakDelta > peakLiveWords) peakLiveWords = live + peakDelta;
        shareLive(); // what was live when the job started, to which its peak is relative
        if (othersRun) heap.addDevicePeak(peakDelta);
        allocatedWords += allocated;
        freedWords += freed;
        shareLive();
    }

    /** Free cells a list hands to the shared pool at a time (the device's lanes do the same). */
    public static int batchCells() {
        return BATCH;
    }

    /** Cells of at most this many words use exact-size free lists (the rest: {@link #largeClass}). */
    public static int smallMax() {
        return SMALL_MAX;
    }

    // ------------------------------------------------------------------ reference counting

    public static boolean isCell(long v) {
        return v >= Layout.HEAP_BASE;
    }

    public void dup(long v) {
        if (v < Layout.HEAP_BASE) return;
        long[] h = heap.words;
        long hd = h[(int) v];
        if (hd >= RC_ONE) h[(int) v] = hd + RC_ONE;
        else if (hd < 0) Atomics.addHeader(h, (int) v, -RC_ONE);
    }

    /** Adds {@code n} references at once (array fills). */
    public void dupMany(long v, long n) {
        if (v < Layout.HEAP_BASE || n == 0) return;
        long[] h = heap.words;
        long hd = h[(int) v];
        if (hd >= RC_ONE) h[(int) v] = hd + n * RC_ONE;
        else if (hd < 0) Atomics.addHeader(h, (int) v, -n * RC_ONE);
    }

    /**
     * The {@code dup} instruction on a word, for the engines: an owned cell counts up in
     * place, a shared one atomically; immediates and immortal cells are left alone. {@code h}
     * is the caller's current view of the heap array.
     */
    public static void dup(Allocator alloc, long[] h, long v) {
        if (!dupFast(h, v)) alloc.dup(v);
    }

    /**
     * The fast path of {@code dup}: true when it was enough (an immediate, an immortal cell,
     * or an owned cell, counted up in place); false for a shared cell ({@link #dup(long)}).
     */
    public static boolean dupFast(long[] h, long v) {
        if (v < Layout.HEAP_BASE) return true;
        long hd = h[(int) v];
        if (hd >= RC_ONE) {
            h[(int) v] = hd + RC_ONE;
            return true;
        }
        return hd >= 0; // immortal (count 0): nothing to do; shared (negative): atomically
    }

    /**
     * The {@code drop} instruction on a word, for the engines: an owned cell with other
     * references counts down in place; anything else goes through {@link #drop(long)}, which
     * may free cells (callers that cache the heap array reload it afterwards).
     */
    public static void drop(Allocator alloc, long[] h, long v) {
        if (!dropFast(h, v)) alloc.drop(v);
    }

    /**
     * The fast path of {@code drop}: true when it was enough (an immediate, or an owned cell
     * that other references keep alive, counted down in place); false otherwise
     * ({@link #drop(long)}: the last reference, a shared or an immortal cell).
     */
    public static boolean dropFast(long[] h, long v) {
        if (v < Layout.HEAP_BASE) return true;
        long hd = h[(int) v];
        if (hd >= 2 * RC_ONE) {
            h[(int) v] = hd - RC_ONE;
            return true;
        }
        return false;
    }

    public void drop(long v) {
        if (v < Layout.HEAP_BASE) return;
        long[] h = heap.words;
        if (decrement(h, v)) freeCascade(h, v);
    }

    /** Decrements; true when the count reached zero (the caller frees the cell). */
    private static boolean decrement(long[] h, long v) {
        long hd = h[(int) v];
        if (hd >= RC_ONE) {
            if (hd < 2 * RC_ONE) return true;
            h[(int) v] = hd - RC_ONE;
            return false;
        }
        if (hd < 0) return Atomics.addHeader(h, (int) v, RC_ONE) >>> 32 == 0;
        return false; // immortal
    }

    /**
     * Frees {@code v} (whose count reached zero) and every cell that only it kept alive. The
     * work list is a stack whose top is kept in a local ({@code next}): the cells are freed in
     * exactly the order of a plain stack, but a chain (a list's tail, a tree's last child) and
     * a cell without references never touch the work list.
     */
    private void freeCascade(long[] h, long v) {
        long c = v;
        while (true) {
            long hd = h[(int) c];
            int kind = Layout.ctor(hd);
            long next = 0;
            int words;
            if (kind >= Layout.FIRST_CTOR) {
                for (int f : shapes.cascadeFields[kind]) { // the last one released is followed next
                    long e = h[(int) c + 1 + f];
                    if (e >= Layout.HEAP_BASE && decrement(h, e)) {
                        if (next != 0) pending.push(next);
                        next = e;
                    }
                }
                words = cellWords(Layout.size(hd));
            } else if (kind == Layout.KIND_ARRAY_REF) {
                int n = (int) h[(int) c + 1];
                for (int i = 0; i < n; i++) {
                    long e = h[(int) c + 2 + i];
                    if (e >= Layout.HEAP_BASE && decrement(h, e)) {
                        if (next != 0) pending.push(next);
                        next = e;
                    }
                }
                words = 2 + n;
            } else {
                words = cellWords(h, c);
            }
            h = release(h, c, words);
            if (next != 0) c = next;
            else if (pending.isEmpty()) return;
            else c = pending.pop();
        }
    }

    /** Releases a reuse token's memory without touching its fields (0: nothing). */
    public void freeToken(long token) {
        if (token != 0) {
            long[] h = heap.words;
            release(h, token, cellWords(h, token));
        }
    }

    /**
     * The header {@code newr} writes over a reuse token whose header was {@code old}: the
     * owned header {@code owned} ({@code Layout.header(1, ctor, size)}), except that a cell
     * without reference fields that was shared stays shared. A shared cell must only reach
     * shared cells, and a token can be the element of a shared array (the compiler's in-place
     * update of a record in an array); with no reference fields, keeping the mark needs no
     * walk. A token with reference fields is never such an element: it is held by one
     * register only, so nothing shared reaches it, and it starts owned again.
     */
    public static long rebuiltHeader(long old, long owned, boolean hasRefFields) {
        // The compiler reuses a cell only for one of the same words. A module edited by hand can
        // pass another (the verifier does not know which constructor a token holds): refusing it
        // keeps the new cell's fields inside the old one, on every engine (docs/bytecode.md 5).
        if (Layout.ctor(old) < Layout.FIRST_CTOR || cellWords(Layout.size(old)) != cellWords(Layout.size(owned))) {
            throw Ops.reuseOfAnotherSize();
        }
        return old < 0 && !hasRefFields ? owned - 2 * RC_ONE : owned;
    }

    /**
     * Whether cell {@code a} of {@code oldWords} words, held once, may grow to {@code newWords}
     * where it lies: its block holds that many (the same words, or the same large class: a
     * large cell's block is its class's size, and a release finds the class from the cell's
     * words). If so, the growth is counted as allocated, as a new cell's words are.
     */
    public boolean growInPlace(long a, int oldWords, int newWords) {
        boolean fits = newWords == oldWords
                || oldWords > SMALL_MAX && largeClass(oldWords) == largeClass(newWords);
        if (!fits || !isUnique(a)) return false;
        countAllocation(newWords - oldWords);
        return true;
    }

    /** The value is a cell that nobody else references. */
    public boolean isUnique(long v) {
        if (v < Layout.HEAP_BASE) return false;
        long rc = heap.words[(int) v] >> 32;
        return rc == 1 || rc == -1;
    }

    /**
     * Marks everything reachable from {@code v} as shared between lanes, before another
     * worker can see it. Shared cells only point to shared or immortal cells, so the walk
     * stops at the first shared cell.
     */
    public void markShared(long v) {
        if (v < Layout.HEAP_BASE) return;
        LongStack work = new LongStack();
        work.push(v);
        long[] h = heap.words;
        while (!work.isEmpty()) {
            long c = work.pop();
            long hd = h[(int) c];
            if (hd < RC_ONE) continue; // already shared, or immortal
            int rc = (int) (hd >> 32);
            h[(int) c] = ((long) -rc << 32) | (hd & 0xFFFF_FFFFL);
            int kind = Layout.ctor(hd);
            // Children are pushed last first, so the walk goes first field first: the order in
            // which the compiler lays data out (parent, then its fields' cells in order, see
            // EarlyAllocation), so that marking a large structure reads memory forwards.
            if (kind == Layout.KIND_ARRAY_REF) {
                int n = (int) h[(int) c + 1];
                for (int i = n - 1; i >= 0; i--) {
                    long e = h[(int) c + 2 + i];
                    if (e >= Layout.HEAP_BASE) work.push(e);
                }
            } else if (kind >= Layout.FIRST_CTOR) {
                int[] refs = shapes.refFields[kind];
                for (int i = refs.length - 1; i >= 0; i--) {
                    long e = h[(int) c + 1 + refs[i]];
                    if (e >= Layout.HEAP_BASE) work.push(e);
                }
            }
        }
    }

    public Heap heap() {
        return heap;
    }

    public Shapes shapes() {
        return shapes;
    }
}
