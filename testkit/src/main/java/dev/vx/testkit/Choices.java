package dev.vx.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The source of every random decision a generator makes, as a sequence of bounded non-negative
 * longs ("choices").
 *
 * <p>When generating, choices come from a seeded PRNG and are recorded. When replaying, they are
 * read back from a given sequence; past its end every draw returns 0, and a value above the bound
 * is reduced modulo {@code bound + 1}. So any sequence of non-negative longs replays to
 * <em>some</em> valid value, which is what lets the shrinker edit sequences freely.
 *
 * <p>Generators must make smaller choices mean simpler values, with 0 the simplest: then a
 * shortlex-smaller sequence is a simpler counterexample.
 */
public final class Choices {

    /**
     * Hard cap on choices per test case. A runaway generator becomes an invalid case instead of
     * an out-of-memory error, and the shrinker never has to wade through giant sequences.
     */
    public static final int MAX_CHOICES = 50_000;

    private final SplittableRandom random; // generation mode; null when replaying
    private final long[] replayed;         // replay mode; empty when generating
    private long[] recorded = new long[32];
    private int size;
    private final List<Span> spans = new ArrayList<>();

    private Choices(SplittableRandom random, long[] replayed) {
        this.random = random;
        this.replayed = replayed;
    }

    /** Fresh random choices from {@code seed}; the same seed always gives the same choices. */
    public static Choices random(long seed) {
        return new Choices(new SplittableRandom(seed), new long[0]);
    }

    /** Reads back {@code choices} (e.g. a shrunk counterexample's), then zeros. */
    public static Choices replay(long... choices) {
        for (long choice : choices) {
            if (choice < 0) {
                throw new IllegalArgumentException("choices must be non-negative: " + Arrays.toString(choices));
            }
        }
        return new Choices(null, choices.clone());
    }

    /** A uniformly distributed choice in {@code [0, maxInclusive]}. */
    public long draw(long maxInclusive) {
        return draw(maxInclusive, Distribution.uniform());
    }

    /** A choice in {@code [0, maxInclusive]}, sampled from {@code distribution} when generating. */
    public long draw(long maxInclusive, Distribution distribution) {
        if (maxInclusive < 0) {
            throw new IllegalArgumentException("bound must be non-negative: " + maxInclusive);
        }
        if (size >= MAX_CHOICES) {
            throw new Invalid("test case drew more than " + MAX_CHOICES + " choices");
        }
        long value;
        if (random != null) {
            value = distribution.sample(random, maxInclusive);
            if (value < 0 || value > maxInclusive) {
                throw new IllegalStateException("distribution returned " + value + " outside [0, " + maxInclusive + "]");
            }
        } else {
            value = size < replayed.length ? replayed[size] : 0;
            if (value > maxInclusive) {
                value %= maxInclusive + 1; // maxInclusive < value <= Long.MAX_VALUE, so no overflow
            }
        }
        record(value);
        return value;
    }

    /**
     * A boolean that is true with probability {@code probabilityOfTrue} when generating; recorded
     * as 1 or 0, so false is the simpler value.
     */
    public boolean weighted(double probabilityOfTrue) {
        return draw(1, Distribution.bernoulli(probabilityOfTrue)) == 1;
    }

    /**
     * Runs {@code gen} and marks the choices it drew as one span. Combinators use this for their
     * parts, so the shrinker knows where each sub-value's choices start and end; use it in your
     * own generators instead of calling {@code gen.generate(choices)} directly.
     */
    public <T> T draw(Gen<T> gen) {
        int start = size;
        try {
            return gen.generate(this);
        } finally {
            if (size > start) {
                spans.add(new Span(start, size));
            }
        }
    }

    /** How many choices have been drawn so far. */
    public int count() {
        return size;
    }

    /** The choices drawn so far, as they were used (after any reduction). */
    public long[] recorded() {
        return Arrays.copyOf(recorded, size);
    }

    /** True when reading back a given sequence rather than generating. */
    public boolean replaying() {
        return random == null;
    }

    List<Span> spans() {
        return Collections.unmodifiableList(spans);
    }

    private void record(long value) {
        if (size == recorded.length) {
            recorded = Arrays.copyOf(recorded, size * 2);
        }
        recorded[size++] = value;
    }
}
