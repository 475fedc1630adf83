package dev.vx.conformance.ref;

/** A Vx runtime error: the program stops with {@code vxvm: error: <message>} and status 1. */
public final class VxRuntimeError extends RuntimeException {
    public VxRuntimeError(String message) {
        super(message, null, false, false);
    }
}
