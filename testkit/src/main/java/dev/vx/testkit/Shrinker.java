package dev.vx.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Hypothesis-style shrinking on the choice sequence: edit the sequence, replay the generator and
 * the check, and keep the edit if the case still fails with the same exception class and its
 * (replayed) sequence is shortlex-smaller. Editing choices rather than values means every
 * candidate is a value the generator can really produce, and structure (lists, trees) shrinks
 * without any per-type shrinking code.
 *
 * <p>Only same-class failures are accepted so the shrinker cannot slip from the bug it found to
 * a different one. The passes are deterministic, so the same failing case always shrinks to the
 * same result (unless a cap on attempts or time cuts it short).
 */
final class Shrinker<T> {

    private static final int[] BLOCK_SIZES = {8, 4, 2, 1};
    private static final int REDISTRIBUTE_WINDOW = 8;

    private final Function<long[], TestCase<T>> replay;
    private final Class<? extends Throwable> failureClass;
    private final int maxAttempts;
    private final long deadlineNanos;
    private final Set<Key> tried = new HashSet<>();

    private TestCase<T> best;
    private List<Span> bestSpans;
    private int attempts;
    private int steps;
    private boolean exhausted;

    /** Cache key: arrays compare by identity, so wrap them. */
    private record Key(long[] choices) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Arrays.equals(choices, key.choices);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(choices);
        }
    }

    Shrinker(TestCase<T> failing, Function<long[], TestCase<T>> replay, int maxAttempts, long deadlineNanos) {
        if (!failing.failed()) {
            throw new IllegalArgumentException("can only shrink a failing case");
        }
        this.best = failing;
        this.replay = replay;
        this.failureClass = failing.failure().getClass();
        this.maxAttempts = maxAttempts;
        this.deadlineNanos = deadlineNanos;
        tried.add(new Key(failing.choices()));
    }

    /** Runs the passes until none makes progress or a cap is hit; returns the simplest failing case. */
    TestCase<T> shrink() {
        boolean progress = true;
        while (progress && !exhausted) {
            // Cheap, structural passes first; redistribution costs more and only helps when stuck.
            progress = deleteSpans() | liftSpans() | deleteBlocks() | zeroBlocks() | lowerValues() | sortAdjacent();
            if (!progress && !exhausted) {
                progress = redistribute();
            }
        }
        return best;
    }

    int attempts() {
        return attempts;
    }

    int steps() {
        return steps;
    }

    /** True when the attempt or time cap stopped shrinking before it converged. */
    boolean exhausted() {
        return exhausted;
    }

    // ---------------------------------------------------------------- passes

    /** Deletes whole sub-values (list elements, subtrees), biggest first. */
    private boolean deleteSpans() {
        boolean improved = false;
        for (int i = 0; i < spans().size() && !exhausted; ) {
            Span span = spans().get(i);
            if (consider(splice(choices(), span.start(), span.end(), new long[0]))) {
                improved = true; // spans changed; the next span now sits at index i
            } else {
                i++;
            }
        }
        return improved;
    }

    /**
     * Replaces a span by one of the spans inside it: for a recursive structure, a node by one of
     * its subtrees. Deleting choices cannot do this, because the subtree's choices must keep their
     * place relative to each other while the node's own choices around them disappear.
     */
    private boolean liftSpans() {
        boolean improved = false;
        outer:
        for (int i = 0; i < spans().size() && !exhausted; i++) {
            Span node = spans().get(i);
            for (Span inner : spans()) {
                if (node.strictlyContains(inner)) {
                    long[] subtree = Arrays.copyOfRange(choices(), inner.start(), inner.end());
                    if (consider(splice(choices(), node.start(), node.end(), subtree))) {
                        improved = true;
                        i--; // retry at the same position: the lifted subtree may lift further
                        continue outer;
                    }
                    if (exhausted) {
                        break outer;
                    }
                }
            }
        }
        return improved;
    }

    /** Deletes runs of 8, 4, 2 and 1 choices, for structure the spans do not describe. */
    private boolean deleteBlocks() {
        boolean improved = false;
        for (int size : BLOCK_SIZES) {
            for (int i = 0; i + size <= choices().length && !exhausted; ) {
                if (consider(splice(choices(), i, i + size, new long[0]))) {
                    improved = true;
                } else {
                    i++;
                }
            }
        }
        return improved;
    }

    /** Sets runs of 8, 4 and 2 choices to zero at once (single values are left to lowerValues). */
    private boolean zeroBlocks() {
        boolean improved = false;
        for (int size : new int[] {8, 4, 2}) {
            for (int i = 0; i + size <= choices().length && !exhausted; i++) {
                long[] candidate = choices().clone();
                Arrays.fill(candidate, i, i + size, 0);
                improved |= consider(candidate);
            }
        }
        return improved;
    }

    /** Lowers each choice: to 0, else by binary search to the smallest value that still fails. */
    private boolean lowerValues() {
        boolean improved = false;
        for (int i = 0; i < choices().length && !exhausted; i++) {
            long value = choices()[i];
            if (value == 0) {
                continue;
            }
            if (consider(with(choices(), i, 0))) {
                improved = true;
                continue;
            }
            // Invariant: lo was rejected, hi is the current (failing) value.
            long lo = 0;
            long hi = value;
            while (hi - lo > 1 && !exhausted) {
                long mid = lo + (hi - lo) / 2;
                if (consider(with(choices(), i, mid))) {
                    improved = true;
                    if (i >= choices().length || choices()[i] > mid) {
                        break; // the sequence changed shape under us; move on
                    }
                    hi = choices()[i];
                } else {
                    lo = mid;
                }
            }
        }
        return improved;
    }

    /** Swaps adjacent choices that are out of order, moving larger values later. */
    private boolean sortAdjacent() {
        boolean improved = false;
        for (int i = 0; i + 1 < choices().length && !exhausted; i++) {
            long[] current = choices();
            if (current[i] > current[i + 1]) {
                long[] candidate = current.clone();
                candidate[i] = current[i + 1];
                candidate[i + 1] = current[i];
                improved |= consider(candidate);
            }
        }
        return improved;
    }

    /**
     * Moves value from an earlier choice to a later one, e.g. list {@code [3, 7]} with "sum >= 10"
     * becomes {@code [0, 10]} and then, by deletion, {@code [10]}. Tries moving everything, then
     * binary-searches the largest amount that still fails.
     */
    private boolean redistribute() {
        boolean improved = false;
        for (int i = 0; i < choices().length && !exhausted; i++) {
            for (int j = i + 1; j < choices().length && j <= i + REDISTRIBUTE_WINDOW && !exhausted; j++) {
                long amount = choices()[i];
                if (amount == 0) {
                    break;
                }
                if (consider(moved(choices(), i, j, amount))) {
                    improved = true;
                    continue;
                }
                long lo = 0;      // moving lo keeps the case failing (trivially, for 0)
                long hi = amount; // moving hi was rejected
                while (hi - lo > 1 && !exhausted) {
                    long mid = lo + (hi - lo) / 2;
                    if (j < choices().length && choices()[i] >= mid && consider(moved(choices(), i, j, mid))) {
                        improved = true;
                        hi -= mid;
                        lo = 0;
                    } else {
                        hi = mid;
                    }
                }
            }
        }
        return improved;
    }

    // ---------------------------------------------------------------- machinery

    /**
     * Runs {@code candidate} if it is new and simpler than the best so far; adopts it if it still
     * fails the same way. Returns true if the best case changed.
     */
    private boolean consider(long[] candidate) {
        if (exhausted || !ChoiceSequences.simpler(candidate, choices()) || !tried.add(new Key(candidate))) {
            return false;
        }
        if (attempts >= maxAttempts || System.nanoTime() - deadlineNanos > 0) {
            exhausted = true;
            return false;
        }
        attempts++;
        TestCase<T> result = replay.apply(candidate);
        // What the replay actually used can differ (unused tail dropped, zeros appended, values reduced).
        tried.add(new Key(result.choices()));
        if (result.failed()
                && result.failure().getClass() == failureClass
                && ChoiceSequences.simpler(result.choices(), choices())) {
            best = result;
            bestSpans = null;
            steps++;
            return true;
        }
        return false;
    }

    private long[] choices() {
        return best.choices();
    }

    /** The best case's distinct spans, biggest first (ties: leftmost first). */
    private List<Span> spans() {
        if (bestSpans == null) {
            List<Span> distinct = new ArrayList<>(new LinkedHashSet<>(best.spans()));
            distinct.sort(Comparator.comparingInt(Span::length).reversed().thenComparingInt(Span::start));
            bestSpans = distinct;
        }
        return bestSpans;
    }

    private static long[] splice(long[] choices, int from, int to, long[] replacement) {
        long[] result = new long[choices.length - (to - from) + replacement.length];
        System.arraycopy(choices, 0, result, 0, from);
        System.arraycopy(replacement, 0, result, from, replacement.length);
        System.arraycopy(choices, to, result, from + replacement.length, choices.length - to);
        return result;
    }

    private static long[] with(long[] choices, int index, long value) {
        long[] result = choices.clone();
        result[index] = value;
        return result;
    }

    private static long[] moved(long[] choices, int from, int to, long amount) {
        long[] result = choices.clone();
        result[from] -= amount;
        long sum = result[to] + amount;
        result[to] = sum < 0 ? Long.MAX_VALUE : sum; // saturate instead of overflowing
        return result;
    }
}
