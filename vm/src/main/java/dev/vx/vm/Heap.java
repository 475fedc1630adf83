package dev.vx.vm;

import dev.vx.bytecode.Layout;

import java.lang.ref.SoftReference;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The heap: one flat {@code long[]} of words shared by every lane and every engine (see
 * docs/vm.md for the cell layout).
 *
 * <p>The array starts small and doubles up to the capacity set with {@code --heap}, because
 * a JVM zeroes a new array eagerly (a 1 GiB array costs seconds). Replacing the array while
 * other threads run would lose their writes, so growth is a stop-the-world step: the growing
 * thread waits until every other running worker has parked at a safepoint (workers poll
 * {@link #safepointRequested} between slices of work). Code that caches {@link #words} in a
 * local must reload it after anything that can allocate.
 *
 * <p>Space is handed out in chunks to each worker's {@link Allocator} from a global bump
 * pointer; large cells come from global size-class lists ({@link LargeBlocks}), or from the top.
 */
public final class Heap {
    /** Words handed to an allocator at a time. */
    static final int CHUNK_WORDS = 1 << 14;
    private static final int INITIAL_WORDS = 1 << 20;

    public volatile long[] words;
    /** Set by the constructor; raised only by {@link #takeImmortal}, before any worker runs. */
    private long capacityWords;
    private long top = Layout.HEAP_BASE;

    /** Free blocks for large cells (> Allocator.SMALL_MAX words). */
    private final LargeBlocks large = new LargeBlocks();

    // Safepoint state, guarded by `this`.
    public volatile boolean safepointRequested;
    private boolean growing;
    private int running = 1;
    /** Workers that allocate from this heap (they share it out in chunks). */
    private int workers = 1;
    private int parked;
    /** The thread inside {@link #exclusive}, which never waits for itself. */
    private Thread exclusiveOwner;

    /** The largest capacity: the words a JVM array can hold. */
    public static final long MAX_CAPACITY_BYTES = 8L * (Integer.MAX_VALUE - 8);

    /** The smallest capacity: the reserved low words and one chunk; a smaller request gets this. */
    public static final long MIN_CAPACITY_BYTES = 8L * (Layout.HEAP_BASE + CHUNK_WORDS);

    public Heap(long capacityBytes) {
        long cap = Math.max(capacityBytes, MIN_CAPACITY_BYTES) / 8;
        this.capacityWords = Math.min(cap, MAX_CAPACITY_BYTES / 8);
        long[] spare = takeSpare(capacityWords);
        this.words = spare != null ? spare : new long[(int) Math.min(INITIAL_WORDS, capacityWords)];
    }

    /** The array of a finished run and the words it used, kept for the next run in this JVM. */
    private record Spare(long[] words, long top) {}

    private static final AtomicReference<SoftReference<Spare>> SPARE = new AtomicReference<>();

    /**
     * The array a finished run left (see {@link #recycle}), zeroed where that run used it, if
     * there is one no longer than {@code capacityWords}: a run repeated in one JVM (the
     * benchmark's in-process series, a host) then neither zeroes fresh pages nor copies the
     * heap while it grows to the size it had. The contents are exactly a new array's.
     */
    private static long[] takeSpare(long capacityWords) {
        SoftReference<Spare> ref = SPARE.getAndSet(null);
        Spare s = ref == null ? null : ref.get();
        if (s == null) return null;
        if (s.words.length > capacityWords) {
            SPARE.compareAndSet(null, ref); // for a run with a larger heap
            return null;
        }
        Arrays.fill(s.words, 0, (int) Math.min(s.top, s.words.length), 0L);
        return s.words;
    }

    /**
     * The run is over and no thread will touch this heap again: its array may serve the next
     * run (it is kept softly, so it never causes an {@link OutOfMemoryError}). This heap is
     * unusable afterwards.
     */
    public synchronized void recycle() {
        long[] w = words;
        words = new long[0];
        SoftReference<Spare> old = SPARE.get();
        Spare o = old == null ? null : old.get();
        if (o == null || o.words.length <= w.length) SPARE.set(new SoftReference<>(new Spare(w, top)));
    }

    public long capacityBytes() {
        return capacityWords * 8;
    }

    /** The highest word index ever handed out: the heap's footprint. */
    public synchronized long topWords() {
        return top;
    }

    /** Reserves words for immortal cells (string constants), before any allocator runs. */
    synchronized long takeImmortal(int n) {
        // The program's constants come on top of the smallest heap: whatever --heap says,
        // one chunk for the program's own cells is left above them.
        capacityWords = Math.max(capacityWords, Math.min(top + n + CHUNK_WORDS, MAX_CAPACITY_BYTES / 8));
        ensureCapacity(top + n);
        long start = top;
        top += n;
        return start;
    }

    // The live words of all workers together, as they share them (Allocator.shareLive), and
    // their highest value: the peak of a run on several threads, within what the threads
    // allocate or free between two shares (Allocator.sharedLive) of the exact one.
    private final AtomicLong sharedLive = new AtomicLong();
    private final AtomicLong sharedPeak = new AtomicLong();

    /**
     * A worker's live words changed by {@code delta} since it last shared them, and went
     * {@code peakAbove} words higher than they are now in between: the run's live count then
     * reached about the shared count plus that (what the other workers shared is taken as
     * unchanged meanwhile).
     */
    void addLive(long delta, long peakAbove) {
        long now = sharedLive.addAndGet(delta);
        if (delta > 0 || peakAbove > 0) sharedPeak.accumulateAndGet(now + peakAbove, Math::max);
    }

    /** A device job reached {@code peakDelta} live words above those live when it started. */
    void addDevicePeak(long peakDelta) {
        sharedPeak.accumulateAndGet(sharedLive.get() + peakDelta, Math::max);
    }

    /** The highest live count the workers shared (see {@link #addLive}). */
    long sharedPeakLiveWords() {
        return sharedPeak.get();
    }

    /** Words of a chunk when several workers allocate: at least this many. */
    static final int MIN_CHUNK_WORDS = 512;

    /** Words from {@code start} (inclusive) to {@code end} (exclusive), for one allocator's bump allocation. */
    record Chunk(long start, long end) {}

    /**
     * Takes a chunk of at least {@code minWords} words for an allocator. One worker takes
     * {@link #CHUNK_WORDS} at a time; several take less of a small heap (an eighth of the
     * capacity shared out, at least {@link #MIN_CHUNK_WORDS}), so that the chunks they hold
     * partly used cannot fill it while most of it is free. Near the capacity the chunk is
     * what is left, when that still holds {@code minWords}: the last words of the heap are
     * used before the run ends out of memory.
     */
    Chunk takeChunk(int minWords) {
        synchronized (this) {
            awaitOtherGrowth();
            long chunk = workers == 1 ? CHUNK_WORDS
                    : Math.max(MIN_CHUNK_WORDS, Math.min(CHUNK_WORDS, capacityWords / (8L * workers)));
            long n = Math.max(chunk, minWords);
            if (top + n > capacityWords && top + minWords <= capacityWords) n = capacityWords - top;
            ensureCapacity(top + n);
            long start = top;
            top += n;
            return new Chunk(start, top);
        }
    }

    /**
     * Allocates a large cell of class {@code cls}: from the free blocks (merged first when that
     * is due, see {@link LargeBlocks}), else from the top.
     */
    long allocateLarge(int cls) {
        synchronized (this) {
            awaitOtherGrowth();
            long a = large.take(words, cls);
            if (a != 0) return a;
            long n = Allocator.largeClassWords(cls);
            if (large.mergeDue(top + n > capacityWords)) {
                large.merge(words);
                a = large.take(words, cls);
                if (a != 0) return a;
            }
            ensureCapacity(top + n);
            long start = top;
            top += n;
            return start;
        }
    }

    synchronized void releaseLarge(int cls, long addr) {
        awaitOtherGrowth();
        large.release(words, addr, cls);
    }

    /**
     * Called with the lock held by a running worker that wants the lock while another thread
     * is growing the array (and waiting, lock released, for the others to park): this thread
     * counts as parked until the growth is over.
     */
    private void awaitOtherGrowth() {
        if (!growing || Thread.currentThread() == exclusiveOwner) return;
        parked++;
        notifyAll();
        try {
            while (growing) wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            parked--;
        }
    }

    /** Called with the lock held. Grows the array (stopping the world) or throws OutOfHeap. */
    private void ensureCapacity(long needed) {
        if (needed <= words.length) return;
        if (needed > capacityWords) throw new OutOfHeap(capacityWords * 8, needed * 8);
        long n = words.length;
        while (n < needed) n *= 2;
        n = Math.min(n, capacityWords);
        growing = true;
        safepointRequested = true;
        try {
            while (parked < running - 1) wait();
            long[] bigger = larger(n, needed);
            System.arraycopy(words, 0, bigger, 0, (int) Math.min(top, words.length));
            words = bigger;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while growing the heap", e);
        } finally {
            growing = false;
            safepointRequested = false;
            notifyAll();
        }
    }

    /**
     * A new array for the heap of {@code n} words, or, when the JVM cannot give that much
     * (the old array is still held while the new one is filled), of just {@code needed} words
     * rounded up to a chunk. Throws {@link OutOfHeap} (naming the JVM as the limit) when even
     * that is refused: the capacity that {@code --heap} allowed cannot be reached.
     */
    private long[] larger(long n, long needed) {
        try {
            return new long[(int) n];
        } catch (OutOfMemoryError e) {
            long least = Math.min(n, (needed + CHUNK_WORDS - 1) / CHUNK_WORDS * CHUNK_WORDS);
            try {
                if (least < n) return new long[(int) least];
            } catch (OutOfMemoryError again) {
                // fall through: the JVM is out of memory at this heap size
            }
            throw OutOfHeap.jvmLimited(words.length * 8L, capacityBytes());
        }
    }

    /**
     * The failure to report when the JVM ran out of memory while the heap was below its
     * capacity (an operation's own Java temporaries, such as the text of {@code F64.fmt} with
     * two billion digits): the JVM needs more memory, not the heap a larger {@code --heap}.
     */
    public OutOfHeap jvmOutOfMemory() {
        return OutOfHeap.jvmLimited(Math.max(8L, 8L * words.length), capacityBytes());
    }

    // ------------------------------------------------------------------ device jobs

    /**
     * Runs {@code action} while every other worker is parked, as for a growth: a device job
     * works on a copy of the heap and writes it back, so nothing else may touch the heap
     * meanwhile. Inside, {@link #extendTop}, {@link #largeFreeState} and
     * {@link #setLargeFreeState} may be used.
     */
    public synchronized <T> T exclusive(java.util.function.Supplier<T> action) {
        awaitOtherGrowth();
        growing = true;
        safepointRequested = true;
        try {
            while (parked < running - 1) wait();
            exclusiveOwner = Thread.currentThread();
            return action.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the other workers", e);
        } finally {
            exclusiveOwner = null;
            growing = false;
            safepointRequested = false;
            notifyAll();
        }
    }

    /**
     * Inside {@link #exclusive}: words up to {@code newTop} are in use (a device allocated
     * them); grows the array to hold them. Throws {@link OutOfHeap} past the capacity.
     */
    public synchronized void extendTop(long newTop) {
        if (newTop > capacityWords) throw new OutOfHeap(capacityWords * 8, newTop * 8);
        if (newTop > words.length) {
            long n = words.length;
            while (n < newTop) n *= 2;
            n = Math.min(n, capacityWords);
            long[] bigger = larger(n, newTop);
            System.arraycopy(words, 0, bigger, 0, (int) Math.min(top, words.length));
            words = bigger;
        }
        if (newTop > top) top = newTop;
    }

    /**
     * Inside {@link #exclusive}, when the run ends in a device job's failure: words up to
     * {@code newTop} were handed out on the device. Only the footprint figure reads them, so
     * the array does not grow to hold them.
     */
    public synchronized void recordFootprint(long newTop) {
        if (newTop > top) top = newTop;
    }

    /**
     * Inside {@link #exclusive}: the state of the free large blocks, {@code [heads by class
     * (Allocator.LARGE_CLASSES), the gaps' head, releases since the last merge, blocks]} (see
     * {@link LargeBlocks}).
     */
    public synchronized long[] largeFreeState() {
        return large.state();
    }

    /** Inside {@link #exclusive}: replaces the state of the free large blocks (the layout of {@link #largeFreeState}). */
    public synchronized void setLargeFreeState(long[] state) {
        large.setState(words, state);
    }

    /** A running worker calls this when it sees {@link #safepointRequested}; it holds no heap words in locals. */
    public synchronized void safepoint() {
        awaitOtherGrowth();
    }

    /** A worker stops running Vx code (goes idle); growth no longer waits for it. */
    public synchronized void leaveRunning() {
        running--;
        notifyAll();
    }

    /** A worker starts running Vx code again. */
    public synchronized void enterRunning() {
        try {
            while (growing) wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        running++;
    }

    /** Sets how many workers run at first (the scheduler's thread count). */
    public synchronized void setRunning(int n) {
        running = n;
        workers = n;
    }
}
