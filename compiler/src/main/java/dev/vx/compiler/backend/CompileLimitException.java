package dev.vx.compiler.backend;

/** The program is valid Vx but exceeds a limit of the bytecode (reported as a compile error). */
public final class CompileLimitException extends RuntimeException {
    public CompileLimitException(String message) {
        super(message);
    }
}
