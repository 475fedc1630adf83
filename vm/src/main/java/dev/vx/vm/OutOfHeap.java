package dev.vx.vm;

/**
 * The heap is full: the VM prints the RUNTIME.md message and exits with status 3. Thrown by
 * the allocator; unwinds the whole run.
 */
public final class OutOfHeap extends RuntimeException {
    public final long capacityBytes;

    public OutOfHeap(long capacityBytes) {
        super("the heap is full", null, false, false);
        this.capacityBytes = capacityBytes;
    }

    /** The one line the user sees. */
    public String userMessage() {
        return "vxvm: out of memory: the heap is full (" + Sizes.format(capacityBytes)
                + "); run again with a larger heap, e.g. --heap " + Sizes.suggestLarger(capacityBytes);
    }
}
