package dev.vx.vm.jit;

/** A failure of the JIT itself (a bug): the VM reports it as an internal error, status 4. */
public final class JitError extends RuntimeException {
    public JitError(String message, Throwable cause) {
        super(message, cause);
    }
}
