package dev.vx.vm;

/**
 * The semantics of every arithmetic, comparison and conversion instruction, in one place.
 * The interpreter calls these methods and the JIT emits calls to them (HotSpot inlines them),
 * so the two engines cannot disagree. Words follow docs/bytecode.md §1: U32 zero-extended,
 * I32 sign-extended, F32 as raw bits zero-extended, F64 as raw bits.
 */
public final class Ops {
    private Ops() {}

    static final long U32_MASK = 0xFFFF_FFFFL;
    public static final long NAT_MAX = Long.MAX_VALUE;

    // ---- 32-bit integers
    //
    // U32, I32 and Bool registers may live in int form: the JIT keeps them in JVM int locals
    // holding the low 32 bits of the word (a U32 word is their zero extension, an I32 or Bool
    // word their sign extension: u32/i32 below). The word forms are defined by the int forms,
    // so both engines share one implementation. Where the two extensions differ in meaning
    // (order, division), there is one int form per type.
    public static long u32(int v) { return v & U32_MASK; }
    public static long i32(int v) { return v; }

    public static int addU32(int a, int b) { return a + b; }
    public static int subU32(int a, int b) { return a - b; }
    public static int mulU32(int a, int b) { return a * b; }
    public static int divU32(int a, int b) { if (b == 0) throw divisionByZero(); return Integer.divideUnsigned(a, b); }
    public static int remU32(int a, int b) { if (b == 0) throw divisionByZero(); return Integer.remainderUnsigned(a, b); }
    public static int addI32(int a, int b) { return a + b; }
    public static int subI32(int a, int b) { return a - b; }
    public static int mulI32(int a, int b) { return a * b; }

    public static int divI32(int a, int b) {
        if (b == 0) throw divisionByZero();
        if (a == Integer.MIN_VALUE && b == -1) throw divisionOverflow();
        return a / b;
    }

    public static int remI32(int a, int b) {
        if (b == 0) throw divisionByZero();
        return b == -1 ? 0 : a % b;
    }

    public static int negI32(int a) { return -a; }
    public static int and(int a, int b) { return a & b; }
    public static int or(int a, int b) { return a | b; }
    public static int xor(int a, int b) { return a ^ b; }
    public static int notU32(int a) { return ~a; }
    /** {@code not_64} on an I32 register (the sign extension of {@code ~a} is {@code ~} of the word). */
    public static int not64(int a) { return ~a; }
    public static int notBool(int a) { return a ^ 1; }
    public static int shlU32(int a, int b) { return a << b; }   // Java takes int shift counts modulo 32
    public static int shlI32(int a, int b) { return a << b; }
    public static int shrU32(int a, int b) { return a >>> b; }
    public static int shrI32(int a, int b) { return a >> b; }
    /** {@code eq} on two registers of one type in int form (equal words iff equal low halves). */
    public static boolean eq32(int a, int b) { return a == b; }
    public static boolean ne32(int a, int b) { return a != b; }
    /** {@code lt_s}/{@code le_s} on U32 words: signed order of the zero extensions, i.e. unsigned order. */
    public static boolean ltU32(int a, int b) { return Integer.compareUnsigned(a, b) < 0; }
    public static boolean leU32(int a, int b) { return Integer.compareUnsigned(a, b) <= 0; }
    /** {@code lt_s}/{@code le_s} on I32 words: signed order of the sign extensions. */
    public static boolean ltI32(int a, int b) { return a < b; }
    public static boolean leI32(int a, int b) { return a <= b; }

    public static long addU32(long a, long b) { return u32(addU32((int) a, (int) b)); }
    public static long subU32(long a, long b) { return u32(subU32((int) a, (int) b)); }
    public static long mulU32(long a, long b) { return u32(mulU32((int) a, (int) b)); }
    public static long divU32(long a, long b) { return u32(divU32((int) a, (int) b)); }
    public static long remU32(long a, long b) { return u32(remU32((int) a, (int) b)); }
    public static long addI32(long a, long b) { return i32(addI32((int) a, (int) b)); }
    public static long subI32(long a, long b) { return i32(subI32((int) a, (int) b)); }
    public static long mulI32(long a, long b) { return i32(mulI32((int) a, (int) b)); }
    public static long divI32(long a, long b) { return i32(divI32((int) a, (int) b)); }
    public static long remI32(long a, long b) { return i32(remI32((int) a, (int) b)); }

    // ---- 64-bit integers
    public static long divU64(long a, long b) { if (b == 0) throw divisionByZero(); return Long.divideUnsigned(a, b); }
    public static long remU64(long a, long b) { if (b == 0) throw divisionByZero(); return Long.remainderUnsigned(a, b); }

    public static long divI64(long a, long b) {
        if (b == 0) throw divisionByZero();
        if (a == Long.MIN_VALUE && b == -1) throw divisionOverflow();
        return a / b;
    }

    public static long remI64(long a, long b) {
        if (b == 0) throw divisionByZero();
        return b == -1 ? 0 : a % b;
    }

    // ---- Nat: 0 .. 2^63-1; overflow is an error, subtraction saturates
    public static long addNat(long a, long b) {
        long r = a + b;
        if (r < 0) throw natOverflow();
        return r;
    }

    public static long subNat(long a, long b) { return a > b ? a - b : 0; }

    public static long mulNat(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if (hi != 0 || lo < 0) throw natOverflow();
        return lo;
    }

    public static long divNat(long a, long b) { if (b == 0) throw divisionByZero(); return a / b; }
    public static long remNat(long a, long b) { if (b == 0) throw divisionByZero(); return a % b; }

    // ---- floats
    public static float f32(long w) { return Float.intBitsToFloat((int) w); }
    public static long w32(float f) { return Float.floatToRawIntBits(f) & U32_MASK; }
    public static double f64(long w) { return Double.longBitsToDouble(w); }
    public static long w64(double d) { return Double.doubleToRawLongBits(d); }

    // F32 and F64 registers may live unboxed in float/double form (the JIT keeps them in JVM
    // float and double locals); the word forms below are defined by the typed ones, so both
    // engines share one implementation. Bits are preserved exactly (raw conversions).
    public static float addF32(float a, float b) { return a + b; }
    public static float subF32(float a, float b) { return a - b; }
    public static float mulF32(float a, float b) { return a * b; }
    public static float divF32(float a, float b) { return a / b; }
    public static float remF32(float a, float b) { return a % b; }
    public static float negF32(float a) { return Float.intBitsToFloat(Float.floatToRawIntBits(a) ^ 0x8000_0000); }
    public static float sqrtF32(float a) { return (float) Math.sqrt(a); }
    public static double addF64(double a, double b) { return a + b; }
    public static double subF64(double a, double b) { return a - b; }
    public static double mulF64(double a, double b) { return a * b; }
    public static double divF64(double a, double b) { return a / b; }
    public static double remF64(double a, double b) { return a % b; }
    public static double negF64(double a) { return Double.longBitsToDouble(Double.doubleToRawLongBits(a) ^ Long.MIN_VALUE); }
    public static double sqrtF64(double a) { return Math.sqrt(a); }
    public static boolean eqF32(float a, float b) { return a == b; }
    public static boolean ltF32(float a, float b) { return a < b; }
    public static boolean leF32(float a, float b) { return a <= b; }
    public static boolean eqF64(double a, double b) { return a == b; }
    public static boolean ltF64(double a, double b) { return a < b; }
    public static boolean leF64(double a, double b) { return a <= b; }

    public static long addF32(long a, long b) { return w32(addF32(f32(a), f32(b))); }
    public static long subF32(long a, long b) { return w32(subF32(f32(a), f32(b))); }
    public static long mulF32(long a, long b) { return w32(mulF32(f32(a), f32(b))); }
    public static long divF32(long a, long b) { return w32(divF32(f32(a), f32(b))); }
    public static long remF32(long a, long b) { return w32(remF32(f32(a), f32(b))); }
    public static long negF32(long a) { return a ^ 0x8000_0000L; }
    public static long sqrtF32(long a) { return w32(sqrtF32(f32(a))); }
    public static long addF64(long a, long b) { return w64(addF64(f64(a), f64(b))); }
    public static long subF64(long a, long b) { return w64(subF64(f64(a), f64(b))); }
    public static long mulF64(long a, long b) { return w64(mulF64(f64(a), f64(b))); }
    public static long divF64(long a, long b) { return w64(divF64(f64(a), f64(b))); }
    public static long remF64(long a, long b) { return w64(remF64(f64(a), f64(b))); }
    public static long negF64(long a) { return a ^ Long.MIN_VALUE; }
    public static long sqrtF64(long a) { return w64(sqrtF64(f64(a))); }
    public static boolean eqF32(long a, long b) { return eqF32(f32(a), f32(b)); }
    public static boolean ltF32(long a, long b) { return ltF32(f32(a), f32(b)); }
    public static boolean leF32(long a, long b) { return leF32(f32(a), f32(b)); }
    public static boolean eqF64(long a, long b) { return eqF64(f64(a), f64(b)); }
    public static boolean ltF64(long a, long b) { return ltF64(f64(a), f64(b)); }
    public static boolean leF64(long a, long b) { return leF64(f64(a), f64(b)); }

    // ---- 64-bit words, logic and word comparisons (results of comparisons are Bool words)
    public static long add64(long a, long b) { return a + b; }
    public static long sub64(long a, long b) { return a - b; }
    public static long mul64(long a, long b) { return a * b; }
    public static long negI64(long a) { return -a; }
    public static long and(long a, long b) { return a & b; }
    public static long or(long a, long b) { return a | b; }
    public static long xor(long a, long b) { return a ^ b; }
    public static long not64(long a) { return ~a; }
    public static long notBool(long a) { return a ^ 1; }
    public static long shl64(long a, long b) { return a << b; }
    public static long shrU64(long a, long b) { return a >>> b; }
    public static long shrI64(long a, long b) { return a >> b; }
    public static boolean eq64(long a, long b) { return a == b; }
    public static boolean ne64(long a, long b) { return a != b; }
    public static boolean lt64(long a, long b) { return a < b; }
    public static boolean le64(long a, long b) { return a <= b; }
    public static boolean ltUnsigned64(long a, long b) { return Long.compareUnsigned(a, b) < 0; }
    public static boolean leUnsigned64(long a, long b) { return Long.compareUnsigned(a, b) <= 0; }
    public static long eq(long a, long b) { return bool(eq64(a, b)); }
    public static long ne(long a, long b) { return bool(ne64(a, b)); }
    public static long ltS(long a, long b) { return bool(lt64(a, b)); }
    public static long leS(long a, long b) { return bool(le64(a, b)); }
    public static long ltU64(long a, long b) { return bool(ltUnsigned64(a, b)); }
    public static long leU64(long a, long b) { return bool(leUnsigned64(a, b)); }

    // ---- shifts: the count is taken modulo the width
    public static long shlU32(long a, long b) { return u32(shlU32((int) a, (int) b)); }
    public static long shlI32(long a, long b) { return i32(shlI32((int) a, (int) b)); }
    public static long shrU32(long a, long b) { return u32(shrU32((int) a, (int) b)); }
    public static long shrI32(long a, long b) { return i32(shrI32((int) a, (int) b)); }
    public static long notU32(long a) { return u32(notU32((int) a)); }
    public static long negI32(long a) { return i32(negI32((int) a)); }

    public static long bool(boolean b) { return b ? 1 : 0; }

    // ---- conversions (LANGUAGE §6)

    /** Converts {@code w} between the scalar kinds of a CONV code ({@code from * 16 + to}). */
    public static long convert(long w, int code) {
        return switch (code >>> 4) {
            case 1 -> fromUnsigned32(w, code & 15);        // U32
            case 2, 3, 4, 7 -> fromInteger(w, (code >>> 4) == 3, code & 15); // I32, U64, I64, Nat
            case 5 -> fromDouble(f32(w), code & 15);
            case 6 -> fromDouble(f64(w), code & 15);
            default -> throw new IllegalArgumentException("conversion code " + code);
        };
    }

    private static long fromUnsigned32(long w, int to) {
        return fromInteger(w, false, to);
    }

    /** From an integer word: signed (I32, I64, Nat, U32 which is non-negative) or U64. */
    private static long fromInteger(long w, boolean unsigned64, int to) {
        return switch (to) {
            case 1 -> w & U32_MASK;
            case 2 -> (int) w;
            case 3, 4 -> w;
            case 5 -> w32(unsigned64 ? unsignedToFloat(w) : (float) w);
            case 6 -> w64(unsigned64 ? unsignedToDouble(w) : (double) w);
            case 7 -> unsigned64 ? (w < 0 ? NAT_MAX : w) : Math.max(w, 0);
            default -> throw new IllegalArgumentException("conversion to " + to);
        };
    }

    private static long fromDouble(double d, int to) {
        if (Double.isNaN(d)) return to == 5 ? w32(Float.NaN) : to == 6 ? w64(Double.NaN) : 0;
        return switch (to) {
            case 1 -> d <= 0 ? 0 : d >= 4294967295.0 ? U32_MASK : (long) d;
            case 2 -> (int) d;
            case 3 -> d <= 0 ? 0 : d >= 18446744073709551615.0 ? -1L : doubleToUnsigned64(d);
            case 4 -> (long) d;
            case 5 -> w32((float) d);
            case 6 -> w64(d);
            case 7 -> d <= 0 ? 0 : (long) d; // (long) saturates at 2^63-1 = NAT_MAX
            default -> throw new IllegalArgumentException("conversion to " + to);
        };
    }

    private static long doubleToUnsigned64(double d) {
        if (d < 9.223372036854775807E18) return (long) d;
        return (long) (d - 9.223372036854775808E18) ^ Long.MIN_VALUE;
    }

    private static float unsignedToFloat(long w) {
        if (w >= 0) return (float) w;
        // Halve with sticky bit so the final rounding is the correct one.
        return 2.0f * (float) ((w >>> 1) | (w & 1));
    }

    private static double unsignedToDouble(long w) {
        if (w >= 0) return (double) w;
        return 2.0 * (double) ((w >>> 1) | (w & 1));
    }

    // ---- errors
    public static VmError divisionByZero() { return new VmError("division by zero"); }
    public static VmError divisionOverflow() { return new VmError("integer overflow in MIN / -1"); }
    public static VmError natOverflow() { return new VmError("Nat overflow"); }

    public static VmError indexOutOfRange(long index, long length) {
        return new VmError("index " + index + " out of range for length " + length);
    }

    /**
     * A {@code switch} whose cell holds a constructor of another type: only a module with broken
     * reference counts gets here (docs/bytecode.md §5), so it is an internal error (status 4).
     */
    public static IllegalStateException switchOutsideType() {
        return new IllegalStateException("switch on a constructor outside its type");
    }

    /**
     * A {@code newr} whose token is not a constructor's cell of the words the new cell needs:
     * only a module with broken reference counts or reuse gets here (docs/bytecode.md §5), so
     * it is an internal error (status 4), before anything is written past the old cell.
     */
    public static IllegalStateException reuseOfAnotherSize() {
        return new IllegalStateException("newr reuses a cell of another size or kind");
    }
}
