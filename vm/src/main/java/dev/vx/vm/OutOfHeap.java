package dev.vx.vm;

/**
 * The heap is full: the VM prints the RUNTIME.md message and exits with status 3. Thrown by
 * the allocator; unwinds the whole run.
 */
public final class OutOfHeap extends RuntimeException {
    public final long capacityBytes;
    /** The heap could not grow to its capacity because the JVM had no more memory; 0: it is at its capacity. */
    private final long jvmLimitedAtBytes;

    public OutOfHeap(long capacityBytes) {
        this(capacityBytes, 0);
    }

    private OutOfHeap(long capacityBytes, long jvmLimitedAtBytes) {
        super("the heap is full", null, false, false);
        this.capacityBytes = capacityBytes;
        this.jvmLimitedAtBytes = jvmLimitedAtBytes;
    }

    /**
     * The heap reached {@code sizeBytes} of its {@code capacityBytes} and the JVM could not give
     * it more: a larger {@code --heap} would not help, more memory for the JVM would.
     */
    public static OutOfHeap jvmLimited(long sizeBytes, long capacityBytes) {
        return new OutOfHeap(capacityBytes, sizeBytes);
    }

    /** The one line the user sees. */
    public String userMessage() {
        if (jvmLimitedAtBytes > 0) {
            return "vxvm: out of memory: the heap is full (" + Sizes.format(jvmLimitedAtBytes) + " of the "
                    + Sizes.format(capacityBytes) + " allowed: the JVM has no memory for more); give the JVM more "
                    + "memory, e.g. VXVM_JAVA_OPTS=-Xmx" + Sizes.suggestLarger(jvmLimitedAtBytes);
        }
        return "vxvm: out of memory: the heap is full (" + Sizes.format(capacityBytes)
                + "); run again with a larger heap, e.g. --heap " + Sizes.suggestLarger(capacityBytes);
    }
}
