package dev.vx.testkit;

import java.util.Arrays;
import java.util.StringJoiner;

/** Small helpers for choice sequences: the shortlex order and the text form used in reports. */
final class ChoiceSequences {

    private ChoiceSequences() {
    }

    /**
     * Shortlex order: shorter sequences first, then lexicographic. It is the shrinker's notion of
     * "simpler", and since every accepted step goes strictly down, shrinking always terminates.
     */
    static int compare(long[] a, long[] b) {
        if (a.length != b.length) {
            return Integer.compare(a.length, b.length);
        }
        return Arrays.compare(a, b);
    }

    static boolean simpler(long[] a, long[] b) {
        return compare(a, b) < 0;
    }

    /** {@code 1,0,3}, the form {@code -Dvx.prop.choices} accepts. */
    static String format(long[] choices) {
        StringJoiner joiner = new StringJoiner(",");
        for (long choice : choices) {
            joiner.add(Long.toString(choice));
        }
        return joiner.toString();
    }

    /** Parses {@code 1,0,3} (spaces and surrounding brackets are tolerated). */
    static long[] parse(String text) {
        String trimmed = text.strip();
        if (trimmed.startsWith("[") && trimmed.endsWith("]")) {
            trimmed = trimmed.substring(1, trimmed.length() - 1);
        }
        if (trimmed.isBlank()) {
            return new long[0];
        }
        return Arrays.stream(trimmed.split("[,\\s]+"))
                .filter(part -> !part.isEmpty())
                .mapToLong(part -> {
                    long value = Long.parseLong(part);
                    if (value < 0) {
                        throw new IllegalArgumentException("choices must be non-negative: " + text);
                    }
                    return value;
                })
                .toArray();
    }
}
