package dev.vx.vm;

import java.util.List;

/**
 * A runtime error with the Vx backtrace of the lane where it happened (innermost first).
 * The VM prints {@code vxvm: error: <message>} and the backtrace, and exits with status 1.
 */
public final class ProgramFailure extends RuntimeException {
    public final List<Backtrace.Entry> backtrace;

    public ProgramFailure(String message, List<Backtrace.Entry> backtrace) {
        super(message, null, false, false);
        this.backtrace = backtrace;
    }

    /** This failure seen from a caller: its frames, then the caller's. */
    ProgramFailure under(List<Backtrace.Entry> callerFrames) {
        List<Backtrace.Entry> all = new java.util.ArrayList<>(backtrace);
        all.addAll(callerFrames);
        return new ProgramFailure(getMessage(), all);
    }
}
