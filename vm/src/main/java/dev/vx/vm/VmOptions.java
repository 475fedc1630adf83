package dev.vx.vm;

/**
 * How to run a program.
 *
 * @param heapBytes heap capacity ({@code --heap}); default 1 GiB
 * @param threads   CPU worker threads ({@code --threads}); default: available processors
 * @param engine    {@code interp} or {@code jit}
 * @param device    {@code cpu}, {@code opencl}, {@code vulkan} or {@code auto}
 * @param stats     print statistics to stderr after the run
 */
public record VmOptions(long heapBytes, int threads, String engine, String device, boolean stats) {
    public static final long DEFAULT_HEAP = 1L << 30;
    /** No {@code --device} given: as {@code auto}, but quiet when there is no GPU. */
    public static final String DEFAULT_DEVICE = "default";

    public static VmOptions defaults() {
        return new VmOptions(DEFAULT_HEAP, Runtime.getRuntime().availableProcessors(), "interp", DEFAULT_DEVICE, false);
    }

    public VmOptions withThreads(int n) {
        return new VmOptions(heapBytes, n, engine, device, stats);
    }

    public VmOptions withHeap(long bytes) {
        return new VmOptions(bytes, threads, engine, device, stats);
    }

    public VmOptions withStats(boolean on) {
        return new VmOptions(heapBytes, threads, engine, device, on);
    }

    public VmOptions withEngine(String e) {
        return new VmOptions(heapBytes, threads, e, device, stats);
    }

    public VmOptions withDevice(String d) {
        return new VmOptions(heapBytes, threads, engine, d, stats);
    }
}
