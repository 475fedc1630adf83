package dev.vx.vm;

/**
 * A CPU execution engine: runs a lane until it finishes ({@link Worker#finished}), waits
 * (returning with its state saved in the lane) or fails (throwing). The interpreter and the
 * JIT implement it; the scheduler and everything else is shared.
 */
public interface Engine {
    String name();

    void run(Lane lane, Worker w);

    /** Adds engine-specific lines to {@code --stats} (after the common ones). */
    default void addStats(java.util.Map<String, Object> stats) {}
}
