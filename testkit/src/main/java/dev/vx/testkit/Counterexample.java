package dev.vx.testkit;

/**
 * A failing case found by {@link Property}, before and after shrinking.
 *
 * @param caseNumber     1-based number of the failing case within the run (invalid cases count),
 *                       or 0 when the case came from an explicit choice sequence
 * @param original       the value that failed first
 * @param shrunk         the simplest failing value found
 * @param shrunkChoices  the choice sequence that generates {@code shrunk}; replay it with
 *                       {@link Property#replay} or {@code -Dvx.prop.choices}
 * @param failure        what the check threw for {@code shrunk}
 * @param originalFailure what the check threw for {@code original}
 * @param shrinkSteps    how many simplifications were accepted
 * @param shrinkAttempts how many candidates were tried
 * @param shrinkCutShort true if a cap on attempts or time stopped shrinking early
 * @param flaky          true if {@code original} passed when run again (a non-deterministic
 *                       property); shrinking is skipped then
 */
public record Counterexample<T>(int caseNumber, T original, T shrunk, long[] shrunkChoices,
                                Throwable failure, Throwable originalFailure,
                                int shrinkSteps, int shrinkAttempts, boolean shrinkCutShort, boolean flaky) {

    public Counterexample {
        shrunkChoices = shrunkChoices.clone();
    }

    @Override
    public long[] shrunkChoices() {
        return shrunkChoices.clone();
    }

    /** The shrunk choices as {@code 1,0,3}, the form {@code -Dvx.prop.choices} takes. */
    public String shrunkChoicesText() {
        return ChoiceSequences.format(shrunkChoices);
    }
}
