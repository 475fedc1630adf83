package dev.vx.bench;

import java.util.Arrays;
import java.util.List;

/**
 * Median, minimum and maximum of a cell's samples. The median of an even count is the mean
 * of the two middle samples.
 */
public record Summary(int n, double median, double min, double max) {
    public static Summary of(List<Double> samples) {
        if (samples.isEmpty()) throw new IllegalArgumentException("no samples");
        double[] s = samples.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(s);
        int n = s.length;
        double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        return new Summary(n, median, s[0], s[n - 1]);
    }

    /**
     * The steady-state figure of an in-process series: the first half of the iterations
     * (rounded up, at least one when there are two or more) is warm-up, the median of the
     * rest is the figure.
     */
    public static Summary steady(List<Double> iterations) {
        if (iterations.isEmpty()) throw new IllegalArgumentException("no iterations");
        int n = iterations.size();
        int skip = n == 1 ? 0 : (n + 1) / 2;
        return of(iterations.subList(skip, n));
    }
}
