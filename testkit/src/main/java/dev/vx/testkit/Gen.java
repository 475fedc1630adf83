package dev.vx.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A generator of random values of type {@code T}, driven entirely by {@link Choices}.
 *
 * <p>Rules for generators that shrink well: draw everything through {@code choices}; let smaller
 * choices mean simpler values (0 the simplest); draw sub-values with {@link Choices#draw(Gen)}.
 * See {@link Gens} for the building blocks and docs/testkit.md for the patterns.
 */
@FunctionalInterface
public interface Gen<T> {

    /** How often {@link #filter} retries before declaring the test case invalid. */
    int FILTER_ATTEMPTS = 10;

    T generate(Choices choices);

    /** Applies {@code mapper} to each generated value; shrinking happens on the input. */
    default <R> Gen<R> map(Function<? super T, ? extends R> mapper) {
        Gen<T> self = this;
        return choices -> mapper.apply(choices.draw(self));
    }

    /** Generates a value, then a second value from the generator {@code next} builds from it. */
    default <R> Gen<R> flatMap(Function<? super T, ? extends Gen<? extends R>> next) {
        Gen<T> self = this;
        return choices -> choices.draw(next.apply(choices.draw(self)));
    }

    /**
     * Keeps only values satisfying {@code condition}, retrying up to {@link #FILTER_ATTEMPTS}
     * times; then the test case is {@link Invalid} rather than looping forever. Prefer building
     * valid values directly when most values would be rejected.
     */
    default Gen<T> filter(Predicate<? super T> condition) {
        Gen<T> self = this;
        return choices -> {
            for (int attempt = 0; attempt < FILTER_ATTEMPTS; attempt++) {
                T value = choices.draw(self);
                if (condition.test(value)) {
                    return value;
                }
            }
            throw new Invalid("filter rejected " + FILTER_ATTEMPTS + " values in a row");
        };
    }

    /** One value from fresh random choices seeded with {@code seed}. */
    default T sample(long seed) {
        return Choices.random(seed).draw(this);
    }

    /**
     * {@code count} values, each from its own case seed derived from {@code seed} exactly as
     * {@link Property} derives them; handy for eyeballing what a generator makes.
     */
    default List<T> samples(long seed, int count) {
        SplittableRandom caseSeeds = new SplittableRandom(seed);
        List<T> values = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            values.add(sample(caseSeeds.nextLong()));
        }
        return values;
    }
}
