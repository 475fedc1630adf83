package dev.vx.conformance.ref;

/** {@code IO.exit(code)}: the program stops with that status. */
public final class VxExit extends RuntimeException {
    public final int status;

    public VxExit(int status) {
        super("exit " + status, null, false, false);
        this.status = status;
    }
}
