package dev.vx.conformance.ref;

import dev.vx.bench.twins.VxFormat;

/**
 * {@code F32/F64.show} and {@code fmt} (LANGUAGE §6, programs/README.md). The text comes from
 * the golden twins' {@link VxFormat}, an exact BigDecimal implementation of the spec written
 * before the VM (and independent of it).
 */
public final class FloatFormat {
    private FloatFormat() {
    }

    /**
     * More digits than this are not modelled: the spec sets no limit, but a string of millions
     * of digits tests memory, not formatting (past 1,074 digits every further one is a 0).
     */
    static final int MAX_FMT_DIGITS = 1_000_000;

    public static String showF32(float x) {
        return VxFormat.showF32(x);
    }

    public static String showF64(double x) {
        return VxFormat.showF64(x);
    }

    static String fmtF32(float x, int digitsU32) {
        return VxFormat.fmtF32(x, digits(digitsU32));
    }

    static String fmtF64(double x, int digitsU32) {
        return VxFormat.fmtF64(x, digits(digitsU32));
    }

    private static int digits(int u32) {
        if (Integer.compareUnsigned(u32, MAX_FMT_DIGITS) > 0) {
            throw new Unsupported("fmt with " + Integer.toUnsignedString(u32) + " digits is beyond the reference evaluator");
        }
        return u32;
    }
}
