package dev.vx.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The standard generators and combinators. Each one is laid out so that smaller choices give
 * simpler values: numbers shrink towards zero, lists towards fewer elements, {@code oneOf} and
 * {@code frequency} towards their first alternative, recursive structures towards their leaf.
 */
public final class Gens {

    private Gens() {
    }

    /** A function of three arguments, for {@link #zip(Gen, Gen, Gen, Function3)}. */
    @FunctionalInterface
    public interface Function3<A, B, C, R> {
        R apply(A a, B b, C c);
    }

    /** Two values generated together; prints as {@code (first, second)}. */
    public record Pair<A, B>(A first, B second) {
        @Override
        public String toString() {
            return "(" + first + ", " + second + ")";
        }
    }

    /** An alternative of {@link #frequency} with its relative weight. */
    public record Weighted<T>(int weight, Gen<? extends T> gen) {
        public Weighted {
            if (weight < 0) {
                throw new IllegalArgumentException("negative weight " + weight);
            }
            Objects.requireNonNull(gen, "gen");
        }
    }

    // ---------------------------------------------------------------- plain values

    /** Always {@code value}; draws no choices. */
    public static <T> Gen<T> constant(T value) {
        return choices -> value;
    }

    /** false or true; shrinks to false. */
    public static Gen<Boolean> booleans() {
        return choices -> choices.weighted(0.5);
    }

    /**
     * Longs in {@code [lo, hi]}, biased towards edge values (0, ±1, the bounds, powers of two
     * and their neighbours) and small magnitudes. Shrinks towards 0 if in range, else towards the
     * bound nearer to 0; positive values count as simpler than negative ones.
     */
    public static Gen<Long> longs(long lo, long hi) {
        if (lo > hi) {
            throw new IllegalArgumentException("empty range [" + lo + ", " + hi + "]");
        }
        Distribution edges = Distribution.edgeBiased();
        if (lo >= 0) {
            return choices -> lo + choices.draw(hi - lo, edges);
        }
        if (hi < 0) {
            return choices -> hi - choices.draw(hi - lo, edges); // hi - lo <= -1 - MIN == MAX
        }
        // Sign first, then magnitude: negatives are stored as -1 - m so that the full range,
        // Long.MIN_VALUE included, fits in non-negative choices without overflow.
        return choices -> choices.weighted(0.5)
                ? -1 - choices.draw(-(lo + 1), edges)
                : choices.draw(hi, edges);
    }

    /** Any long, biased as in {@link #longs(long, long)}. */
    public static Gen<Long> longs() {
        return longs(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** Ints in {@code [lo, hi]}, biased and shrinking as {@link #longs(long, long)}. */
    public static Gen<Integer> ints(int lo, int hi) {
        Gen<Long> longs = longs(lo, hi);
        return choices -> (int) (long) longs.generate(choices);
    }

    /** Any int, biased as in {@link #longs(long, long)}. */
    public static Gen<Integer> ints() {
        return ints(Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    private static final long[] SPECIAL_DOUBLE_BITS = {
        0L,                                        // 0.0 (or -0.0 with the sign choice)
        1L,                                        // Double.MIN_VALUE, the smallest subnormal
        0x000f_ffff_ffff_ffffL,                    // the largest subnormal
        Double.doubleToLongBits(Double.MIN_NORMAL),
        Double.doubleToLongBits(Double.MAX_VALUE),
        Double.doubleToLongBits(Double.POSITIVE_INFINITY),
        Double.doubleToLongBits(Double.NaN),
        Double.doubleToLongBits(1.0),
        Double.doubleToLongBits(0.5),
        Double.doubleToLongBits(0.1),
        Double.doubleToLongBits(1.0 / 3),
        Double.doubleToLongBits(9007199254740992.0), // 2^53, where longs stop being exact
    };

    /**
     * Any double, including NaN, ±0.0, ±Infinity, subnormals and MAX_VALUE. Layout: a kind
     * (0 = whole number, 1 = arbitrary bit pattern), a sign, then the magnitude. Whole numbers
     * are the simpler kind, and for non-negative doubles the bit pattern grows with the value, so
     * failures shrink to small whole numbers or to the exact boundary.
     */
    public static Gen<Double> doubles() {
        Distribution bits = Distribution.uniform().favouring(0.25, SPECIAL_DOUBLE_BITS);
        Distribution whole = Distribution.edgeBiased();
        return choices -> {
            boolean rawBits = choices.weighted(0.75);
            boolean negative = choices.weighted(0.5);
            double magnitude = rawBits
                    ? Double.longBitsToDouble(choices.draw(Long.MAX_VALUE, bits))
                    : choices.draw(1L << 53, whole);
            return negative ? -magnitude : magnitude;
        };
    }

    /**
     * Unicode code points: mostly lowercase letters (the simplest is {@code 'a'}), then printable
     * ASCII, control and other tricky characters, the rest of the BMP (no lone surrogates) and
     * supplementary code points such as emoji.
     */
    public static Gen<Integer> codePoints() {
        Gen<Integer> tricky = elements(0, (int) '\n', (int) '\t', (int) '"', (int) '\\', (int) '\'',
                0x7f, 0xe9, 0xa0, 0x2028, 0xfeff, 0xfffd, 0xffff, 0x1f600, 0x10ffff);
        int surrogates = Character.MAX_SURROGATE - Character.MIN_SURROGATE + 1;
        Gen<Integer> bmp = ints(0x80, 0xffff - surrogates)
                .map(cp -> cp >= Character.MIN_SURROGATE ? cp + surrogates : cp);
        return frequency(
                weight(8, ints('a', 'z')),
                weight(4, ints(0x20, 0x7e)),
                weight(2, tricky),
                weight(2, bmp),
                weight(1, ints(Character.MIN_SUPPLEMENTARY_CODE_POINT, Character.MAX_CODE_POINT)));
    }

    /** Strings of up to {@code maxLength} code points from {@link #codePoints()}; shrinks to "". */
    public static Gen<String> strings(int maxLength) {
        return strings(codePoints(), maxLength);
    }

    /** Strings of up to {@code maxLength} code points drawn from {@code codePoints}. */
    public static Gen<String> strings(Gen<Integer> codePoints, int maxLength) {
        return lists(codePoints, maxLength).map(points -> {
            StringBuilder text = new StringBuilder();
            points.forEach(text::appendCodePoint);
            return text.toString();
        });
    }

    // ---------------------------------------------------------------- choosing

    /** One of {@code values}; shrinks towards the first. */
    @SafeVarargs
    public static <T> Gen<T> elements(T... values) {
        List<T> copy = new ArrayList<>(values.length);
        for (T value : values) { // iterated, not passed on: keeps the @SafeVarargs promise checkable
            copy.add(value);
        }
        return elements(copy);
    }

    /** One of {@code values}; shrinks towards the first. */
    public static <T> Gen<T> elements(List<? extends T> values) {
        List<T> copy = List.copyOf(values);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("no values to choose from");
        }
        return choices -> copy.get((int) choices.draw(copy.size() - 1));
    }

    /** A value from one of {@code alternatives}, picked uniformly; put the simplest first. */
    @SafeVarargs
    public static <T> Gen<T> oneOf(Gen<? extends T>... alternatives) {
        List<Gen<? extends T>> copy = new ArrayList<>(alternatives.length);
        for (Gen<? extends T> alternative : alternatives) {
            copy.add(Objects.requireNonNull(alternative, "alternative"));
        }
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("no alternatives");
        }
        return choices -> choices.draw(copy.get((int) choices.draw(copy.size() - 1)));
    }

    /** An alternative for {@link #frequency}: {@code gen} chosen with relative {@code weight}. */
    public static <T> Weighted<T> weight(int weight, Gen<? extends T> gen) {
        return new Weighted<>(weight, gen);
    }

    /** Like {@link #oneOf}, but alternatives are picked in proportion to their weights. */
    @SafeVarargs
    public static <T> Gen<T> frequency(Weighted<? extends T>... alternatives) {
        List<Weighted<? extends T>> copy = new ArrayList<>(alternatives.length);
        for (Weighted<? extends T> alternative : alternatives) {
            copy.add(Objects.requireNonNull(alternative, "alternative"));
        }
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("no alternatives");
        }
        Distribution byWeight = Distribution.weights(copy.stream().mapToInt(Weighted::weight).toArray());
        return choices -> choices.draw(copy.get((int) choices.draw(copy.size() - 1, byWeight)).gen());
    }

    // ---------------------------------------------------------------- combining

    /** Two values combined by {@code combine}; e.g. {@code zip(self, self, Add::new)}. */
    public static <A, B, R> Gen<R> zip(Gen<A> first, Gen<B> second,
                                       BiFunction<? super A, ? super B, ? extends R> combine) {
        return choices -> {
            A a = choices.draw(first);
            B b = choices.draw(second);
            return combine.apply(a, b);
        };
    }

    /** Three values combined by {@code combine}; e.g. {@code zip(cond, then, otherwise, If::new)}. */
    public static <A, B, C, R> Gen<R> zip(Gen<A> first, Gen<B> second, Gen<C> third,
                                          Function3<? super A, ? super B, ? super C, ? extends R> combine) {
        return choices -> {
            A a = choices.draw(first);
            B b = choices.draw(second);
            C c = choices.draw(third);
            return combine.apply(a, b, c);
        };
    }

    /** Pairs of independently generated values. */
    public static <A, B> Gen<Pair<A, B>> pairs(Gen<A> first, Gen<B> second) {
        return zip(first, second, Pair::new);
    }

    /** Lists of at most {@code maxSize} elements; shrinks towards shorter lists of simpler elements. */
    public static <T> Gen<List<T>> lists(Gen<? extends T> element, int maxSize) {
        return lists(element, 0, maxSize);
    }

    /**
     * Lists of {@code minSize..maxSize} elements. Before each element a "continue?" flag is drawn
     * and kept in the element's span, so deleting that span deletes exactly one element, and
     * zeroing a flag cuts the list there. Flags are drawn even where the size is forced, so the
     * layout stays the same when the shrinker moves choices around.
     */
    public static <T> Gen<List<T>> lists(Gen<? extends T> element, int minSize, int maxSize) {
        if (minSize < 0 || minSize > maxSize) {
            throw new IllegalArgumentException("bad size range [" + minSize + ", " + maxSize + "]");
        }
        // Geometric number of elements beyond minSize with a moderate mean (Hypothesis' rule).
        double averageSize = Math.min(Math.max(minSize * 2.0, minSize + 5.0), 0.5 * (minSize + maxSize));
        double extra = averageSize - minSize;
        double continueProbability = extra / (extra + 1);
        Object stop = new Object();
        return choices -> {
            List<T> list = new ArrayList<>();
            while (true) {
                int size = list.size();
                Object next = choices.draw(c -> {
                    double p = size < minSize ? 1.0 : size >= maxSize ? 0.0 : continueProbability;
                    boolean more = c.weighted(p);
                    return size < minSize || (size < maxSize && more) ? c.draw(element) : stop;
                });
                if (next == stop) {
                    return Collections.unmodifiableList(list);
                }
                @SuppressWarnings("unchecked") // next came from element, so it is a T
                T value = (T) next;
                list.add(value);
            }
        };
    }

    // ---------------------------------------------------------------- recursion

    /**
     * Recursive structures (expression trees, types, statements) with nesting depth at most
     * {@code maxDepth}: each node is a leaf or, with probability 1/2, a branch built by
     * {@code branch} from a generator for the children.
     *
     * <pre>{@code
     * Gen<Expr> expr = Gens.recursive(lit, 5, self -> Gens.oneOf(
     *         self.map(Neg::new), Gens.zip(self, self, Add::new)));
     * }</pre>
     *
     * <p>Every node draws one leaf-or-branch flag first, also where the depth budget forces a
     * leaf, so a subtree's choices mean the same at any depth: the shrinker can then replace a
     * node by one of its subtrees ("lifting") and get exactly that subtree.
     */
    public static <T> Gen<T> recursive(Gen<? extends T> leaf, int maxDepth,
                                       Function<Gen<T>, Gen<? extends T>> branch) {
        return recursive(leaf, maxDepth, 0.5, branch);
    }

    /** {@link #recursive(Gen, int, Function)} with the probability that a node is a branch. */
    public static <T> Gen<T> recursive(Gen<? extends T> leaf, int maxDepth, double branchProbability,
                                       Function<Gen<T>, Gen<? extends T>> branch) {
        if (maxDepth < 0) {
            throw new IllegalArgumentException("negative depth " + maxDepth);
        }
        // One generator per remaining depth, built bottom-up: level d's children come from level d-1.
        Gen<T> level = recursionLevel(leaf, null, 0);
        for (int depth = 1; depth <= maxDepth; depth++) {
            level = recursionLevel(leaf, branch.apply(level), branchProbability);
        }
        return level;
    }

    private static <T> Gen<T> recursionLevel(Gen<? extends T> leaf, Gen<? extends T> branch, double branchProbability) {
        return choices -> {
            // At depth 0 (branch == null) the flag is still drawn, generated as 0 and ignored when replayed.
            boolean deeper = choices.weighted(branch == null ? 0.0 : branchProbability);
            return deeper && branch != null ? choices.draw(branch) : choices.draw(leaf);
        };
    }

    /**
     * Defers building a generator until first use: for mutually recursive generators (statements
     * that contain expressions that contain statements), each with its own depth parameter.
     */
    public static <T> Gen<T> lazy(Supplier<? extends Gen<? extends T>> supplier) {
        return new Gen<>() {
            private Gen<? extends T> gen;

            @Override
            public T generate(Choices choices) {
                if (gen == null) {
                    gen = Objects.requireNonNull(supplier.get(), "lazy generator supplier returned null");
                }
                return choices.draw(gen);
            }
        };
    }
}
