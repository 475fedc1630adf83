package dev.vx.testkit;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A property: a check that must hold for every value a generator produces.
 *
 * <pre>{@code
 * Property.forAll(Gens.lists(Gens.ints(), 20))
 *         .named("reverse twice is identity")
 *         .runs(200)
 *         .check(list -> assertEquals(list, reverse(reverse(list))));
 * }</pre>
 *
 * <p>The check fails by throwing (an AssertionError from any assertion library, or any other
 * exception); it passes by returning. {@link #assume} marks a case invalid instead.
 *
 * <p>Each run prints one line with its seed. Cases are generated from case seeds derived from that
 * seed, so {@code -Dvx.prop.seed=<seed>} replays the same cases, the same failure and the same
 * shrunk counterexample. See docs/testkit.md for the system properties.
 */
public final class Property<T> {

    /** The check run on each generated value: returns normally to pass, throws to fail. */
    @FunctionalInterface
    public interface Check<T> {
        void verify(T value) throws Throwable;
    }

    private static final int MAX_REPORTED_CHARS = 4_000;

    private final Gen<T> gen;
    private String name;
    private int runs = 100;
    private Long seed;
    private long[] choices;
    private Duration maxDuration;
    private int maxShrinkAttempts = 5_000;
    private Duration maxShrinkDuration = Duration.ofSeconds(30);
    private PrintStream out = System.out;

    private Property(Gen<T> gen) {
        this.gen = Objects.requireNonNull(gen, "gen");
    }

    /** Starts a property over the values of {@code gen}. */
    public static <T> Property<T> forAll(Gen<T> gen) {
        return new Property<>(gen);
    }

    /**
     * Marks the current case invalid (skipped, not failed) unless {@code condition} holds. Use it
     * inside a check or a generator for preconditions that are hard to build into the generator.
     */
    public static void assume(boolean condition) {
        if (!condition) {
            throw new Invalid("assumption failed");
        }
    }

    /** The name used in the printed line and in failure reports; defaults to the calling test method. */
    public Property<T> named(String name) {
        this.name = Objects.requireNonNull(name, "name");
        return this;
    }

    /** How many valid cases to run (default 100), before {@code vx.prop.scale} / {@code vx.prop.runs}. */
    public Property<T> runs(int runs) {
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be positive: " + runs);
        }
        this.runs = runs;
        return this;
    }

    /** A fixed run seed; it takes precedence over {@code vx.prop.seed}. */
    public Property<T> seed(long seed) {
        this.seed = seed;
        return this;
    }

    /**
     * Runs exactly one case from this choice sequence (as printed in a failure report) and reports
     * it without shrinking; for debugging. Takes precedence over {@code vx.prop.choices}.
     */
    public Property<T> replay(long... choices) {
        Choices.replay(choices); // validates: choices must be non-negative
        this.choices = choices.clone();
        return this;
    }

    /** Stops generating new cases once this much time has passed (shrinking has its own cap). */
    public Property<T> maxDuration(Duration budget) {
        this.maxDuration = Objects.requireNonNull(budget, "budget");
        return this;
    }

    /** Caps the candidates the shrinker may try (default 5,000). */
    public Property<T> maxShrinkAttempts(int attempts) {
        if (attempts < 0) {
            throw new IllegalArgumentException("negative attempts: " + attempts);
        }
        this.maxShrinkAttempts = attempts;
        return this;
    }

    /** Caps the time the shrinker may take (default 30 s). */
    public Property<T> maxShrinkDuration(Duration budget) {
        this.maxShrinkDuration = Objects.requireNonNull(budget, "budget");
        return this;
    }

    /** Where the seed line and notes are printed (default System.out). */
    public Property<T> printTo(PrintStream out) {
        this.out = Objects.requireNonNull(out, "out");
        return this;
    }

    /**
     * Runs the property; on failure throws an AssertionError with the full report (seed, case
     * number, original and shrunk value, shrunk choices, how to replay) and the shrunk case's
     * exception as its cause.
     */
    public void check(Check<? super T> check) {
        run(check).throwIfFailed();
    }

    /** Runs the property and returns the result instead of throwing. */
    public PropertyResult<T> run(Check<? super T> check) {
        Objects.requireNonNull(check, "check");
        String propertyName = name != null ? name : callerName();
        Optional<Long> given = seed != null ? Optional.of(seed) : Settings.seed();
        boolean derandomized = given.isEmpty() && Settings.derandomize();
        long runSeed = given.orElseGet(() -> derandomized ? Settings.seedOfName(propertyName) : Settings.randomSeed());
        String seedText = Settings.formatSeed(runSeed);
        Optional<long[]> explicitChoices = choices != null ? Optional.of(choices) : Settings.choices();
        if (explicitChoices.isPresent()) {
            out.println("[property] " + propertyName + ": replaying choices " + ChoiceSequences.format(explicitChoices.get()));
            return replayOnly(propertyName, runSeed, explicitChoices.get(), check);
        }
        int plannedRuns = Settings.runs(runs);
        out.println("[property] " + propertyName + ": seed=" + seedText + (derandomized ? " (derandomized)" : "")
                + " runs=" + plannedRuns + " (replay: -D" + Settings.SEED + "=" + seedText + ")");

        long start = System.nanoTime();
        SplittableRandom caseSeeds = new SplittableRandom(runSeed);
        int invalidLimit = Math.max(100, 10 * plannedRuns);
        int passed = 0;
        int invalid = 0;
        int caseNumber = 0;
        while (passed < plannedRuns) {
            if (maxDuration != null && System.nanoTime() - start > maxDuration.toNanos()) {
                out.println("[property] " + propertyName + ": time budget " + maxDuration + " used up after "
                        + passed + " of " + plannedRuns + " runs");
                return new PropertyResult<>(propertyName, runSeed, plannedRuns, passed, invalid, true, null, null);
            }
            caseNumber++;
            TestCase<T> testCase = execute(Choices.random(caseSeeds.nextLong()), check);
            switch (testCase.status()) {
                case PASSED -> passed++;
                case INVALID -> invalid++;
                case FAILED -> {
                    Counterexample<T> counterexample = shrink(testCase, caseNumber, check);
                    String message = report(propertyName, runSeed, plannedRuns, invalid, counterexample);
                    return new PropertyResult<>(propertyName, runSeed, plannedRuns, passed, invalid, false, counterexample, message);
                }
            }
            if (invalid > invalidLimit) {
                String message = "Property '" + propertyName + "' gave up: " + invalid + " invalid cases against "
                        + passed + " valid ones (seed=" + seedText + "). Filters or assume() reject too much; "
                        + "generate valid values directly instead.";
                return new PropertyResult<>(propertyName, runSeed, plannedRuns, passed, invalid, false, null, message);
            }
        }
        if (invalid > 0) {
            out.println("[property] " + propertyName + ": " + invalid + " invalid cases skipped");
        }
        return new PropertyResult<>(propertyName, runSeed, plannedRuns, passed, invalid, false, null, null);
    }

    // ---------------------------------------------------------------- internals

    private TestCase<T> execute(Choices source, Check<? super T> check) {
        T value = null;
        TestCase.Status status;
        Throwable failure = null;
        try {
            value = source.draw(gen);
            check.verify(value);
            status = TestCase.Status.PASSED;
        } catch (Invalid e) {
            status = TestCase.Status.INVALID;
        } catch (Throwable t) {
            // Anything thrown counts, StackOverflowError included: deep recursion is a real bug in a compiler.
            status = TestCase.Status.FAILED;
            failure = t;
        }
        return new TestCase<>(source.recorded(), source.spans(), value, status, failure);
    }

    private Counterexample<T> shrink(TestCase<T> failing, int caseNumber, Check<? super T> check) {
        TestCase<T> rerun = execute(Choices.replay(failing.choices()), check);
        if (!rerun.failed()) {
            return new Counterexample<>(caseNumber, failing.value(), failing.value(), failing.choices(),
                    failing.failure(), failing.failure(), 0, 0, false, true);
        }
        long deadline = System.nanoTime() + maxShrinkDuration.toNanos();
        Shrinker<T> shrinker = new Shrinker<>(failing, candidate -> execute(Choices.replay(candidate), check),
                maxShrinkAttempts, deadline);
        TestCase<T> shrunk = shrinker.shrink();
        return new Counterexample<>(caseNumber, failing.value(), shrunk.value(), shrunk.choices(),
                shrunk.failure(), failing.failure(), shrinker.steps(), shrinker.attempts(), shrinker.exhausted(), false);
    }

    private PropertyResult<T> replayOnly(String propertyName, long runSeed, long[] sequence, Check<? super T> check) {
        TestCase<T> testCase = execute(Choices.replay(sequence), check);
        return switch (testCase.status()) {
            case PASSED -> new PropertyResult<>(propertyName, runSeed, 1, 1, 0, false, null, null);
            case INVALID -> new PropertyResult<>(propertyName, runSeed, 1, 0, 1, false, null,
                    "Property '" + propertyName + "': the replayed choices " + ChoiceSequences.format(sequence)
                            + " make an invalid case (a filter or assume() rejected it)");
            case FAILED -> {
                Counterexample<T> counterexample = new Counterexample<>(0, testCase.value(), testCase.value(),
                        testCase.choices(), testCase.failure(), testCase.failure(), 0, 0, false, false);
                String message = "Property '" + propertyName + "' failed on the replayed choices\n"
                        + "  value:     " + describe(testCase.value()) + "\n"
                        + "  choices:   " + counterexample.shrunkChoicesText() + "\n"
                        + "  failure:   " + firstLine(testCase.failure());
                yield new PropertyResult<>(propertyName, runSeed, 1, 0, 0, false, counterexample, message);
            }
        };
    }

    private static String report(String propertyName, long runSeed, int plannedRuns, int invalid, Counterexample<?> example) {
        String seedText = Settings.formatSeed(runSeed);
        StringBuilder text = new StringBuilder()
                .append("Property '").append(propertyName).append("' failed on case ").append(example.caseNumber())
                .append(" of ").append(plannedRuns).append(" (seed=").append(seedText);
        if (invalid > 0) {
            text.append(", ").append(invalid).append(" invalid cases skipped");
        }
        text.append(")\n")
                .append("  original:  ").append(describe(example.original())).append('\n')
                .append("  shrunk:    ").append(describe(example.shrunk())).append('\n')
                .append("  choices:   ").append(example.shrunkChoicesText())
                .append("  (").append(example.shrinkSteps()).append(" shrink steps, ")
                .append(example.shrinkAttempts()).append(" attempts")
                .append(example.shrinkCutShort() ? ", stopped by the shrink limit" : "").append(")\n")
                .append("  failure:   ").append(firstLine(example.failure())).append('\n');
        if (example.flaky()) {
            text.append("  warning:   the failing case passed when run again: the property is not deterministic,"
                    + " so it was not shrunk\n");
        }
        text.append("  replay:    -D").append(Settings.SEED).append('=').append(seedText)
                .append("   (just this case: -D").append(Settings.CHOICES).append('=')
                .append(example.shrunkChoicesText()).append(')');
        return text.toString();
    }

    private static String describe(Object value) {
        String text;
        try {
            text = String.valueOf(value);
        } catch (RuntimeException e) {
            text = "<toString threw " + e + ">";
        }
        return text.length() <= MAX_REPORTED_CHARS
                ? text
                : text.substring(0, MAX_REPORTED_CHARS) + "... (" + text.length() + " chars)";
    }

    private static String firstLine(Throwable failure) {
        String text = String.valueOf(failure);
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline) + " ...";
    }

    /** "SimpleClass.method" of the first caller outside this class, e.g. the JUnit test method. */
    private static String callerName() {
        return StackWalker.getInstance()
                .walk(frames -> frames
                        .filter(frame -> !frame.getClassName().startsWith(Property.class.getName()))
                        .findFirst()
                        .map(frame -> {
                            String className = frame.getClassName();
                            return className.substring(className.lastIndexOf('.') + 1) + "." + frame.getMethodName();
                        })
                        .orElse("property"));
    }
}
