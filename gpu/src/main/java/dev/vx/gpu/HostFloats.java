package dev.vx.gpu;

import dev.vx.vm.Ops;

/**
 * The bits of a NaN that an invalid operation (0/0, inf - inf, sqrt(-1), x % 0) gives on
 * this JVM's hardware: x86 gives a negative quiet NaN, ARM a positive one. The kernels give
 * the same, so that {@code to_bits} of such a NaN agrees with the CPU engines. Measured at run
 * time, through {@link Ops} (the interpreter's own arithmetic), from operands the compiler
 * cannot fold.
 */
final class HostFloats {
    private HostFloats() {}

    private static volatile long zero32 = Ops.w32(0f);
    private static volatile long zero64 = Ops.w64(0d);

    static final long DEFAULT_NAN_F32 = Ops.divF32(zero32, zero32);
    static final long DEFAULT_NAN_F64 = Ops.divF64(zero64, zero64);
}
