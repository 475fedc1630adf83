package dev.vx.vm;

import java.util.Map;
import java.util.OptionalLong;

/**
 * A device that runs {@code f!(args)} jobs instead of the CPU workers (RUNTIME.md §4). The VM
 * calls it from {@link Worker#startJob}; it runs the job to completion and leaves the result,
 * in the host heap layout, in the host heap. It throws what the CPU engines throw:
 * {@link ProgramFailure}, {@link OutOfHeap}, {@link ProgramExit}, or {@link DeviceFailure} for a
 * problem of the device itself.
 */
public interface JobDevice {
    /**
     * Runs {@code function(args)} (the arguments are consumed, the result is owned) and returns
     * its result word, or empty when this job must run on the CPU (the device then said why).
     */
    OptionalLong run(Worker worker, Program program, int function, long[] args);

    /** The {@code device} value of {@code --stats}, once a job ran on this device ({@code cpu} before). */
    String kind();

    /** Extra {@code --stats} figures ({@code kernel_compile_ms}, {@code device_name}, ...), in order. */
    Map<String, Object> stats();

    /** Releases the device's resources; called once when the run ends. */
    void close();
}
