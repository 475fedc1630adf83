package dev.vx.testkit;

import java.util.SplittableRandom;

/**
 * How a choice is sampled while generating fresh test cases. It only shapes the random search:
 * a replayed (or shrunk) choice sequence is read back as recorded, whatever the distribution.
 * That separation lets generators favour interesting values without making them harder to
 * shrink.
 */
@FunctionalInterface
public interface Distribution {

    /** Returns a value in {@code [0, maxInclusive]}; {@code maxInclusive} is never negative. */
    long sample(SplittableRandom random, long maxInclusive);

    /** Every value equally likely. */
    static Distribution uniform() {
        return Distribution::uniform;
    }

    /** 1 with probability {@code probabilityOfOne}, else 0 (the bound is ignored beyond 1). */
    static Distribution bernoulli(double probabilityOfOne) {
        return (random, max) -> max > 0 && random.nextDouble() < probabilityOfOne ? 1 : 0;
    }

    /**
     * A bit width is picked uniformly, then a value of that width: small values are as likely
     * as huge ones, which is where most integer bugs live.
     */
    static Distribution logUniform() {
        return (random, max) -> {
            int bitLength = 64 - Long.numberOfLeadingZeros(max);
            int bits = random.nextInt(bitLength + 1);
            long widthCap = bits >= 63 ? Long.MAX_VALUE : (1L << bits) - 1;
            return uniform(random, Math.min(widthCap, max));
        };
    }

    /** Index {@code i} with probability proportional to {@code weights[i]}. */
    static Distribution weights(int... weights) {
        int[] copy = weights.clone();
        long total = 0;
        for (int w : copy) {
            if (w < 0) {
                throw new IllegalArgumentException("negative weight " + w);
            }
            total += w;
        }
        if (total == 0) {
            throw new IllegalArgumentException("all weights are zero");
        }
        long sum = total;
        return (random, max) -> {
            long ticket = random.nextLong(sum);
            for (int i = 0; i < copy.length && i <= max; i++) {
                ticket -= copy[i];
                if (ticket < 0) {
                    return i;
                }
            }
            return Math.min(max, copy.length - 1);
        };
    }

    /**
     * Integers the way bugs like them: an eighth of the time an edge value (0, 1, 2, the bound,
     * powers of two and their neighbours), half the time {@link #logUniform()}, else uniform.
     */
    static Distribution edgeBiased() {
        return (random, max) -> {
            int roll = random.nextInt(8);
            if (roll == 0) {
                return edgeValue(random, max);
            }
            return roll <= 4 ? logUniform().sample(random, max) : uniform(random, max);
        };
    }

    /** This distribution, except that with probability {@code p} one of {@code favourites} (those within the bound) is returned. */
    default Distribution favouring(double p, long... favourites) {
        long[] copy = favourites.clone();
        Distribution base = this;
        return (random, max) -> {
            if (random.nextDouble() < p) {
                long pick = copy[random.nextInt(copy.length)];
                if (pick >= 0 && pick <= max) {
                    return pick;
                }
            }
            return base.sample(random, max);
        };
    }

    private static long uniform(SplittableRandom random, long max) {
        return max == Long.MAX_VALUE ? random.nextLong() >>> 1 : random.nextLong(max + 1);
    }

    private static long edgeValue(SplittableRandom random, long max) {
        int bitLength = 64 - Long.numberOfLeadingZeros(max);
        long value = switch (random.nextInt(6)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> 2;
            case 3 -> max;
            case 4 -> max - 1;
            default -> {
                // 2^k - 2 .. 2^k + 1: with a sign choice these cover ±2^k, ±(2^k - 1), ±(2^k + 1).
                // k <= 62 since max has at most 63 bits, so nothing here overflows.
                int k = bitLength <= 1 ? 1 : 1 + random.nextInt(bitLength - 1);
                yield (1L << k) - 2 + random.nextInt(4);
            }
        };
        return Math.max(0, Math.min(max, value));
    }
}
