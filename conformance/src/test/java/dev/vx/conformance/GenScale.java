package dev.vx.conformance;

/**
 * How big generated programs get ({@code -Dvx.gen.scale}, default 1): it multiplies the
 * deepest recursion depths and adds helper functions. The number of programs is sized by the
 * testkit's {@code vx.prop.scale} instead.
 */
final class GenScale {
    private GenScale() {
    }

    static double get() {
        return Double.parseDouble(System.getProperty("vx.gen.scale", "1"));
    }
}
