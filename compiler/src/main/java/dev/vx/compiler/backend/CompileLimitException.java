package dev.vx.compiler.backend;

import dev.vx.compiler.diag.Span;

/** The program is valid Vx but exceeds a limit of the bytecode or of the compiler (reported as a compile error). */
public final class CompileLimitException extends RuntimeException {
    private final transient Span where;

    /** A limit of the program as a whole (no one place to point at). */
    public CompileLimitException(String message) {
        this(message, null);
    }

    /** A limit met at {@code where} (the definition concerned). */
    public CompileLimitException(String message, Span where) {
        super(message);
        this.where = where;
    }

    /** Where to report it, or null for the main file as a whole. */
    public Span where() {
        return where;
    }
}
