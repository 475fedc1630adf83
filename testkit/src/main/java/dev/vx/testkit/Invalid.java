package dev.vx.testkit;

/**
 * Thrown to mark the current test case as invalid rather than failed: a {@link Gen#filter filter}
 * gave up, {@link Property#assume} saw a false condition, or a generator drew too many choices.
 *
 * <p>Invalid cases are skipped and counted; they never count as counterexamples, and the
 * shrinker treats a candidate that turns invalid as "not interesting".
 */
public final class Invalid extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Invalid(String reason) {
        // No stack trace: invalid cases are routine and can be frequent, so keep them cheap.
        super(reason, null, false, false);
    }
}
