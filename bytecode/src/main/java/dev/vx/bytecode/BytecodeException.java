package dev.vx.bytecode;

/**
 * A {@code .vxb} that cannot be read or does not verify. The message is one line meant for
 * the user (the CLI prints it and exits with status 2).
 */
public final class BytecodeException extends Exception {
    public BytecodeException(String message) {
        super(message);
    }
}
