package dev.vx.testkit;

/**
 * The half-open range {@code [start, end)} of choices drawn by one nested generator call.
 * Spans tell the shrinker where structure lies (a list element, a subtree), so it can delete
 * or lift whole values instead of guessing at block boundaries.
 */
record Span(int start, int end) {
    int length() {
        return end - start;
    }

    boolean strictlyContains(Span other) {
        return start <= other.start && other.end <= end && !equals(other);
    }
}
