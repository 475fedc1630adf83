package dev.vx.stdlib.mirror;

/**
 * Java mirror of Base's binary32 math, {@code stdlib/src/main/resources/vx/base/float32.vx}: each
 * function widens to binary64 (exact), runs the {@link F64Mirror} algorithm and rounds once to
 * binary32 (Vx: {@code F64.to_f32}, round to nearest even; overflow gives infinity).
 */
public final class F32Mirror {
    private F32Mirror() {}

    /** Vx: F32.exp */
    public static float exp(float x) {
        return (float) F64Mirror.exp((double) x);
    }

    /** Vx: F32.expm1 */
    public static float expm1(float x) {
        return (float) F64Mirror.expm1((double) x);
    }

    /** Vx: F32.log */
    public static float log(float x) {
        return (float) F64Mirror.log((double) x);
    }

    /** Vx: F32.sin */
    public static float sin(float x) {
        return (float) F64Mirror.sin((double) x);
    }

    /** Vx: F32.cos */
    public static float cos(float x) {
        return (float) F64Mirror.cos((double) x);
    }

    /** Vx: F32.tanh */
    public static float tanh(float x) {
        return (float) F64Mirror.tanh((double) x);
    }

    /** Vx: F32.pow */
    public static float pow(float x, float y) {
        return (float) F64Mirror.pow((double) x, (double) y);
    }
}
