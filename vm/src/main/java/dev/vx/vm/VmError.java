package dev.vx.vm;

/**
 * A runtime error of the Vx program (division by zero, Nat overflow, an index out of range,
 * {@code IO.die}, a failed primitive): the VM prints {@code vxvm: error: <message>} and a Vx
 * backtrace and exits with status 1. It carries no JVM stack trace: it is the program's fault,
 * not the VM's, and it is thrown on hot paths.
 */
public final class VmError extends RuntimeException {
    public VmError(String message) {
        super(message, null, false, false);
    }
}
