package dev.vx.testkit;

/**
 * How a property run ended. {@link Property#check} throws when {@link #failed()}; use
 * {@link Property#run} to inspect the result instead (e.g. to test a generator or the shrinker).
 *
 * @param name            the property's name
 * @param seed            the run seed; {@code -Dvx.prop.seed} with it replays the run
 * @param plannedRuns     how many valid cases were asked for, after scaling
 * @param passed          how many cases passed
 * @param invalid         how many cases were invalid (skipped)
 * @param stoppedByTime   true if the time budget ended the run before {@code plannedRuns}
 * @param counterexample  the failing case, or null
 * @param failureMessage  the full report when failed (counterexample or too many invalid cases), else null
 */
public record PropertyResult<T>(String name, long seed, int plannedRuns, int passed, int invalid,
                                boolean stoppedByTime, Counterexample<T> counterexample, String failureMessage) {

    public boolean failed() {
        return failureMessage != null;
    }

    /** The seed as printed and as {@code -Dvx.prop.seed} accepts it, e.g. {@code 0x1234abcd}. */
    public String seedText() {
        return Settings.formatSeed(seed);
    }

    /** Throws the AssertionError {@link Property#check} would throw, if this run failed. */
    public void throwIfFailed() {
        if (failed()) {
            throw new AssertionError(failureMessage, counterexample == null ? null : counterexample.failure());
        }
    }
}
