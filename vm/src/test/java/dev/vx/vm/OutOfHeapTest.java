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
    void theJvmMemoryAdvisedIsMoreThanTheJvmHas() {
        // The heap met the JVM's limit at 32 MiB: four times that (once the whole advice) can be
        // less than the JVM already has; the advice is at least twice the JVM's maximum.
        String line = OutOfHeap.jvmLimited(32L << 20, 1L << 30).userMessage();
        assertTrue(line.startsWith("vxvm: out of memory: the heap is full (32.0 MiB of the 1.0 GiB allowed: the JVM has no memory for more)"), line);
        long advised = Sizes.parse(line.substring(line.indexOf("-Xmx") + 4));
        assertTrue(advised >= 2 * Runtime.getRuntime().maxMemory() && advised >= 128L << 20, line);
    }
}
