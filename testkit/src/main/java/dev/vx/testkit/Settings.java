package dev.vx.testkit;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The system properties that steer property runs from the command line or CI, without editing
 * tests. Blank values count as unset, because build tools often pass empty strings through.
 */
final class Settings {

    static final String SEED = "vx.prop.seed";
    static final String RUNS = "vx.prop.runs";
    static final String SCALE = "vx.prop.scale";
    static final String CHOICES = "vx.prop.choices";
    static final String DERANDOMIZE = "vx.prop.derandomize";

    private static final SplittableRandom SEEDS = new SplittableRandom();

    private Settings() {
    }

    static Optional<Long> seed() {
        return property(SEED).map(Settings::parseSeed);
    }

    static synchronized long randomSeed() {
        return SEEDS.nextLong();
    }

    /**
     * Whether a run without a given seed takes the seed of its property's name instead of a fresh
     * one: {@code -Dvx.prop.derandomize=true|false}, else true when the environment variable
     * {@code CI} is set (to anything but {@code false} or {@code 0}), as Hypothesis's CI profile
     * does. A gate then fails only when the code changed, never because a run drew a new case;
     * finding new cases is the job of runs with fresh seeds (docs/testkit.md).
     */
    static boolean derandomize() {
        Optional<String> given = property(DERANDOMIZE);
        if (given.isPresent()) {
            return parse(DERANDOMIZE, given.get(), Settings::parseBoolean);
        }
        String ci = System.getenv("CI");
        return ci != null && !ci.isBlank() && !ci.strip().equalsIgnoreCase("false") && !ci.strip().equals("0");
    }

    /** The seed of a derandomized run: a fixed function of the property's name (FNV-1a, then mixed). */
    static long seedOfName(String propertyName) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : propertyName.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
        }
        return new SplittableRandom(hash).nextLong();
    }

    private static boolean parseBoolean(String text) {
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text);
        }
        throw new IllegalArgumentException("expected true or false");
    }

    /** {@code vx.prop.runs} if set, else {@code requested} scaled by {@code vx.prop.scale} (at least 1). */
    static int runs(int requested) {
        Optional<String> exact = property(RUNS);
        if (exact.isPresent()) {
            return Math.max(1, parse(RUNS, exact.get(), Integer::parseInt));
        }
        double scale = property(SCALE).map(text -> parse(SCALE, text, Double::parseDouble)).orElse(1.0);
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(requested * scale)));
    }

    static Optional<long[]> choices() {
        return property(CHOICES).map(text -> parse(CHOICES, text, ChoiceSequences::parse));
    }

    /** Accepts {@code 0x1234abcd} (as printed; up to 64 bits) or a signed decimal. */
    static long parseSeed(String text) {
        String trimmed = text.strip();
        try {
            if (trimmed.startsWith("0x") || trimmed.startsWith("0X")) {
                return Long.parseUnsignedLong(trimmed.substring(2).replace("_", ""), 16);
            }
            return Long.parseLong(trimmed);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad seed '" + text + "': expected 0x<hex> or a decimal number", e);
        }
    }

    static String formatSeed(long seed) {
        return "0x" + Long.toHexString(seed);
    }

    private static Optional<String> property(String name) {
        String value = System.getProperty(name);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }

    private static <T> T parse(String name, String text, Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("bad value for -D" + name + ": '" + text + "'", e);
        }
    }
}
