package dev.vx.vm;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one line a run out of memory ends with, and the advice in it. */
class OutOfHeapTest {
    @Test
    void theHeapLimitMessageIsTheSpecsLine() {
        // RUNTIME.md 2, word for word, for the default heap.
        assertEquals("vxvm: out of memory: the heap is full (1.0 GiB); run again with a larger heap, e.g. --heap 4G",
                new OutOfHeap(1L << 30).userMessage());
    }

    @Test
    void theAdviceHoldsTheAllocationThatFailed() {
        // A small allocation at the limit: four times the heap, as RUNTIME.md's example.
        assertEquals("vxvm: out of memory: the heap is full (64.0 MiB); run again with a larger heap, e.g. --heap 256M",
                new OutOfHeap(64L << 20, (64L << 20) + 4096).userMessage());
        // An array of 1.6 GB in a 64 MiB heap: 256M would fail again; the next power of two holds it.
        assertEquals("vxvm: out of memory: the heap is full (64.0 MiB); run again with a larger heap, e.g. --heap 2G",
                new OutOfHeap(64L << 20, 1_600_000_000L).userMessage());
        // Never more than a heap can hold (a JVM array of words).
        assertEquals("vxvm: out of memory: the heap is full (8.0 GiB); run again with a larger heap, e.g. --heap 16384M",
                new OutOfHeap(8L << 30, 9L << 30).userMessage());
    }

    @Test
    void anAllocationNoHeapCanHoldSaysSo() {
        assertEquals("vxvm: out of memory: the heap is full (1.0 GiB); this allocation needs a heap of 32.0 GiB, "
                + "more than a Vx heap can hold (16.0 GiB)", new OutOfHeap(1L << 30, 32L << 30).userMessage());
        // Just past the largest heap: not "needs 16.0 GiB, more than ... (16.0 GiB)".
        assertEquals("vxvm: out of memory: the heap is full (1.0 GiB); this allocation needs more than the largest "
                + "heap Vx can have (16.0 GiB)", new OutOfHeap(1L << 30, (16L << 30) + 16).userMessage());
    }

    @Test
    void theJvmMemoryAdvisedIsMoreThanTheJvmHas() {
        // The heap met the JVM's limit at 32 MiB: four times that (once the whole advice) can be
        // less than the JVM already has; the advice is at least twice the JVM's maximum.
        String line = OutOfHeap.jvmLimited(32L << 20, 1L << 30).userMessage();
        assertTrue(line.startsWith("vxvm: out of memory: the heap is full (32.0 MiB of the 1.0 GiB allowed: the JVM has no memory for more)"), line);
        long advised = Sizes.parse(line.substring(line.indexOf("-Xmx") + 4));
        assertTrue(advised >= 2 * Runtime.getRuntime().maxMemory() && advised >= 128L << 20, line);
    }
}
