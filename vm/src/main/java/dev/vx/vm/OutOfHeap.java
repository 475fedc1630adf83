package dev.vx.vm;

/**
 * The heap is full: the VM prints the RUNTIME.md message and the backtrace, and exits with
 * status 3. Thrown by the allocator; unwinds the whole run (the engine adds the backtrace
 * on the way out of the lane's code, as it does for a runtime error).
 */
public final class OutOfHeap extends RuntimeException {
    public final long capacityBytes;
    /** The heap could not grow to its capacity because the JVM had no more memory; 0: it is at its capacity. */
    private final long jvmLimitedAtBytes;
    /** The heap size the failed allocation needed (what was in use plus the request); 0: not known. */
    private final long neededBytes;

    /**
     * The Vx functions active in the lane that asked for the memory, innermost first (its
     * own frames: for a fork child or a job, not those of the lane that started it); null
     * when the limit was met outside any lane's code.
     */
    public final java.util.List<Backtrace.Entry> backtrace;

    /**
     * A fork child that another worker stole, whose group's frames (its parent's, at the
     * child's call, and everything below them) belong under {@link #backtrace} but can only
     * be read once every worker has stopped; null when the trace is whole.
     */
    final Lane stolenChild;

    public OutOfHeap(long capacityBytes) {
        this(capacityBytes, 0);
    }

    /** The heap of {@code capacityBytes} is full, and the allocation needed a heap of {@code neededBytes}. */
    public OutOfHeap(long capacityBytes, long neededBytes) {
        this(capacityBytes, 0, neededBytes, null, null);
    }

    private OutOfHeap(long capacityBytes, long jvmLimitedAtBytes, long neededBytes,
                      java.util.List<Backtrace.Entry> backtrace, Lane stolenChild) {
        super("the heap is full", null, false, false);
        this.capacityBytes = capacityBytes;
        this.jvmLimitedAtBytes = jvmLimitedAtBytes;
        this.neededBytes = neededBytes;
        this.backtrace = backtrace;
        this.stolenChild = stolenChild;
    }

    /** This failure with the backtrace of the lane where it happened (kept if it has one already). */
    public OutOfHeap at(java.util.List<Backtrace.Entry> frames) {
        return backtrace != null ? this : new OutOfHeap(capacityBytes, jvmLimitedAtBytes, neededBytes, frames, null);
    }

    /** This failure seen from the lane that started the failing lane's job: its frames, then the caller's. */
    OutOfHeap under(java.util.List<Backtrace.Entry> callerFrames) {
        return under(callerFrames, null);
    }

    /** The same, with the stolen child whose group's frames are still to come below (or null). */
    OutOfHeap under(java.util.List<Backtrace.Entry> callerFrames, Lane stolenChild) {
        java.util.List<Backtrace.Entry> all = new java.util.ArrayList<>();
        if (backtrace != null) all.addAll(backtrace);
        all.addAll(callerFrames);
        return new OutOfHeap(capacityBytes, jvmLimitedAtBytes, neededBytes, all, stolenChild);
    }

    /**
     * The heap reached {@code sizeBytes} of its {@code capacityBytes} and the JVM could not give
     * it more: a larger {@code --heap} would not help, more memory for the JVM would.
     */
    public static OutOfHeap jvmLimited(long sizeBytes, long capacityBytes) {
        return new OutOfHeap(capacityBytes, sizeBytes, 0, null, null);
    }

    /**
     * A JVM memory limit that helps: four times the heap reached, and at least twice what the
     * JVM has now (the heap shares the JVM with everything else, so four times the heap can
     * be less than the JVM already has).
     */
    private long jvmSuggestion() {
        return Math.max(4 * jvmLimitedAtBytes, 2 * Runtime.getRuntime().maxMemory());
    }

    /** The one line the user sees. */
    public String userMessage() {
        if (jvmLimitedAtBytes > 0) {
            return "vxvm: out of memory: the heap is full (" + Sizes.format(jvmLimitedAtBytes) + " of the "
                    + Sizes.format(capacityBytes) + " allowed: the JVM has no memory for more); give the JVM more "
                    + "memory, e.g. VXVM_JAVA_OPTS=-Xmx" + Sizes.flag(jvmSuggestion());
        }
        String full = "vxvm: out of memory: the heap is full (" + Sizes.format(capacityBytes) + ")";
        if (neededBytes > Heap.MAX_CAPACITY_BYTES) {
            String most = Sizes.format(Heap.MAX_CAPACITY_BYTES);
            String needed = Sizes.format(neededBytes);
            if (needed.equals(most)) {
                // Rounded alike, "needs 16.0 GiB, more than ... (16.0 GiB)" would contradict itself.
                return full + "; this allocation needs more than the largest heap Vx can have (" + most + ")";
            }
            return full + "; this allocation needs a heap of " + needed + ", more than a Vx heap can hold (" + most + ")";
        }
        return full + "; run again with a larger heap, e.g. --heap " + Sizes.flag(suggestedCapacity());
    }

    /**
     * A capacity worth trying: four times this one, or, when the allocation that failed needs
     * more than that, the next power of two that holds it (so one more try is enough); never
     * more than a heap can hold.
     */
    private long suggestedCapacity() {
        long wanted = Math.max(4 * capacityBytes, neededBytes <= 1 ? 0 : Long.highestOneBit(neededBytes - 1) << 1);
        return Math.min(wanted, Heap.MAX_CAPACITY_BYTES);
    }
}
