package dev.vx.conformance.ref;

/**
 * The program does something the reference evaluator deliberately does not model (too deep,
 * too slow, too large, an implementation limit of the VM): a differential test skips it and
 * prints {@link #getMessage()} as the reason.
 */
public final class Unsupported extends RuntimeException {
    public Unsupported(String reason) {
        super(reason, null, false, false);
    }
}
