package dev.vx.vm;

/** {@code IO.exit(n)}: stop the run with exit status {@code n}. */
public final class ProgramExit extends RuntimeException {
    public final int status;

    public ProgramExit(int status) {
        super("exit " + status, null, false, false);
        this.status = status;
    }
}
