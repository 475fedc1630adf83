package dev.vx.gpu;

import dev.vx.bytecode.FunctionBuilder;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.ModuleBuilder;
import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Prim;
import dev.vx.vm.Ops;
import dev.vx.vm.VmError;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static dev.vx.bytecode.Opcode.*;
import static dev.vx.gpu.Modules.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every arithmetic, comparison, conversion and float primitive, on edge values (zeros of both
 * signs, NaN, infinities, denormals, the integer limits) and random words, computed in a job
 * on the device and on the CPU interpreter: the results must be the same bits (RUNTIME.md: FP
 * contraction off, correctly rounded division and square root), float results read as
 * {@code to_bits} reads them (every NaN as the canonical one: which NaN hardware returns
 * differs, and is not observable).
 */
class ExactArithmeticTest {
    @BeforeEach
    void device() {
        Gpu.assumeDevice();
    }

    /** One computation: {@code op} on constants {@code a} (and {@code b}) of type {@code type}. */
    record Case(Opcode op, int type, long a, long b, int conv, Prim prim) {}

    static final long[] U32S = {0, 1, 2, 3, 7, 31, 32, 33, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFEL, 0xFFFF_FFFFL, 1_000_000_007L};
    static final long[] I32S = {0, 1, -1, 2, -2, 31, 32, Integer.MAX_VALUE, Integer.MIN_VALUE, -1_000_000_007L, 65536};
    static final long[] I64S = {0, 1, -1, 2, 63, 64, 65, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 32, -(1L << 32),
            0xFFFF_FFFFL, 9_007_199_254_740_993L, -9_007_199_254_740_993L};
    static final long[] NATS = {0, 1, 2, 63, 64, Long.MAX_VALUE, Long.MAX_VALUE - 1, 1L << 32, 1L << 62, 3_037_000_499L,
            3_037_000_500L, 9_007_199_254_740_993L};
    static final float[] F32S = {0f, -0f, 1f, -1f, 0.5f, 1f / 3, -2.5f, Float.NaN, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, 16777217f,
            3.4e38f, 1e-40f, 2147483647f, 4294967296f, 9.2233720e18f, 1.8446744e19f, 0.1f, 1.5f, 2.5f, -1.5f};
    static final double[] F64S = {0d, -0d, 1d, -1d, 0.5, 1d / 3, -2.5, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE,
            9007199254740993d, 4294967295.5, 2147483647.9, -2147483648.9, 9.223372036854775807E18, 1.8446744073709552E19,
            3.4028235677973366E38, 1.401298464324817E-45, 0.1, 1e300, 1e-300, 2.5, -0.5, 0.49999999999999994};

    static long w(float f) {
        return Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
    }

    static long w(double d) {
        return Double.doubleToRawLongBits(d);
    }

    static long[] values(int type, Random rnd, int extra) {
        List<Long> v = new ArrayList<>();
        if (type == U32) for (long x : U32S) v.add(x);
        if (type == I32) for (long x : I32S) v.add(x);
        if (type == U64 || type == I64) for (long x : I64S) v.add(x);
        if (type == NAT) for (long x : NATS) v.add(x);
        if (type == F32) for (float x : F32S) v.add(w(x));
        if (type == F64) for (double x : F64S) v.add(w(x));
        for (int i = 0; i < extra; i++) {
            long r = rnd.nextLong();
            if (type == U32 || type == F32) r &= 0xFFFF_FFFFL;
            if (type == I32) r = (int) r;
            if (type == NAT) r &= Long.MAX_VALUE;
            if (type == F64 && rnd.nextBoolean()) r = w(rnd.nextGaussian() * Math.pow(10, rnd.nextInt(40) - 20));
            if (type == F32 && rnd.nextBoolean()) r = w((float) (rnd.nextGaussian() * Math.pow(10, rnd.nextInt(20) - 10)));
            v.add(r);
        }
        return v.stream().mapToLong(Long::longValue).toArray();
    }

    /** Whether the CPU would stop with an error (such cases are tested elsewhere). */
    static boolean fails(Opcode op, long a, long b) {
        try {
            switch (op) {
                case DIV_U32 -> Ops.divU32(a, b);
                case REM_U32 -> Ops.remU32(a, b);
                case DIV_I32 -> Ops.divI32(a, b);
                case REM_I32 -> Ops.remI32(a, b);
                case DIV_U64 -> Ops.divU64(a, b);
                case REM_U64 -> Ops.remU64(a, b);
                case DIV_I64 -> Ops.divI64(a, b);
                case REM_I64 -> Ops.remI64(a, b);
                case ADD_NAT -> Ops.addNat(a, b);
                case MUL_NAT -> Ops.mulNat(a, b);
                case DIV_NAT -> Ops.divNat(a, b);
                case REM_NAT -> Ops.remNat(a, b);
                default -> { }
            }
            return false;
        } catch (VmError e) {
            return true;
        }
    }

    static List<Case> cases() {
        Random rnd = new Random(20261130L);
        List<Case> out = new ArrayList<>();
        Object[][] binary = {
                {U32, new Opcode[]{ADD_U32, SUB_U32, MUL_U32, DIV_U32, REM_U32, AND, OR, XOR, SHL_U32, SHR_U32, EQ, NE, LT_S, LE_S}},
                {I32, new Opcode[]{ADD_I32, SUB_I32, MUL_I32, DIV_I32, REM_I32, AND, SHL_I32, SHR_I32, LT_S, LE_S}},
                {U64, new Opcode[]{ADD_64, SUB_64, MUL_64, DIV_U64, REM_U64, SHL_64, SHR_U64, LT_U64, LE_U64, XOR}},
                {I64, new Opcode[]{ADD_64, MUL_64, DIV_I64, REM_I64, SHR_I64, LT_S, LE_S}},
                {NAT, new Opcode[]{ADD_NAT, SUB_NAT, MUL_NAT, DIV_NAT, REM_NAT, LT_S}},
                {F32, new Opcode[]{ADD_F32, SUB_F32, MUL_F32, DIV_F32, REM_F32, EQ_F32, LT_F32, LE_F32}},
                {F64, new Opcode[]{ADD_F64, SUB_F64, MUL_F64, DIV_F64, REM_F64, EQ_F64, LT_F64, LE_F64}},
        };
        for (Object[] g : binary) {
            int t = (int) g[0];
            long[] vs = values(t, rnd, 3);
            for (Opcode op : (Opcode[]) g[1]) {
                for (long a : vs) {
                    long b = rnd.nextInt(4) == 0 ? a : vs[rnd.nextInt(vs.length)];
                    if (!fails(op, a, b)) out.add(new Case(op, t, a, b, 0, null));
                }
            }
        }
        Object[][] unary = {{I32, NEG_I32}, {I64, NEG_I64}, {F32, NEG_F32}, {F64, NEG_F64}, {F32, SQRT_F32},
                {F64, SQRT_F64}, {U32, NOT_U32}, {I64, NOT_64}, {U64, NOT_64}};
        for (Object[] g : unary) {
            int t = (int) g[0];
            for (long a : values(t, rnd, 12)) out.add(new Case((Opcode) g[1], t, a, 0, 0, null));
        }
        int[] numeric = {U32, I32, U64, I64, F32, F64, NAT};
        for (int from : numeric) {
            long[] vs = values(from, rnd, 1);
            for (int to : numeric) {
                for (long a : vs) out.add(new Case(CONV, from, a, 0, to, null));
            }
        }
        for (Prim p : new Prim[]{Prim.FLOOR_F32, Prim.CEIL_F32, Prim.FLOOR_F64, Prim.CEIL_F64}) {
            int t = p == Prim.FLOOR_F32 || p == Prim.CEIL_F32 ? F32 : F64;
            for (long a : values(t, rnd, 8)) out.add(new Case(PRIM, t, a, 0, 0, p));
        }
        return out;
    }

    static int resultType(Case c) {
        return switch (c.op()) {
            case EQ, NE, LT_S, LE_S, LT_U64, LE_U64, EQ_F32, LT_F32, LE_F32, EQ_F64, LT_F64, LE_F64 -> BOOL;
            case CONV -> c.conv();
            default -> c.type();
        };
    }

    /**
     * {@code main() = calc!()}: calc fills an {@code Array<U64>} with every result's bits (in
     * parts of 100 cases, one function each, so that no function is huge).
     */
    static Module module(List<Case> cases) {
        ModuleBuilder b = new ModuleBuilder();
        int arrT = b.array(null, U64);
        int per = 100;
        int parts = (cases.size() + per - 1) / per;
        int calc = b.declare("calc", new int[0], arrT);
        int main = b.declare("main", new int[0], arrT);
        int[] part = new int[parts];
        for (int p = 0; p < parts; p++) part[p] = b.declare("part" + p, new int[]{arrT}, arrT);
        for (int p = 0; p < parts; p++) {
            FunctionBuilder f = b.define(part[p], "calc.vx");
            int out = f.register(U64), idx = f.register(U32), one = f.register(U64), zero = f.register(U64);
            for (int i = p * per; i < Math.min(cases.size(), (p + 1) * per); i++) {
                Case c = cases.get(i);
                int line = i + 1;
                int a = f.register(c.type());
                f.emit(line, LDK, a, b.constant(c.a()));
                int rt = resultType(c);
                int r = f.register(rt);
                switch (c.op()) {
                    case CONV -> f.emit(line, CONV, r, a, c.type() * 16 + rt);
                    case PRIM -> f.prim(line, r, c.prim(), a);
                    case NEG_I32, NEG_I64, NEG_F32, NEG_F64, SQRT_F32, SQRT_F64, NOT_U32, NOT_64 -> f.emit(line, c.op(), r, a);
                    default -> {
                        int bb = f.register(c.type());
                        f.emit(line, LDK, bb, b.constant(c.b()));
                        f.emit(line, c.op(), r, a, bb);
                    }
                }
                // The result's bits as a U64.
                if (rt == BOOL) {
                    f.emit(line, LDI, one, 1);
                    f.emit(line, LDI, zero, 0);
                    f.emit(line, MOV, out, zero);
                    int jf = f.emit(line, JF, r, -1);
                    f.emit(line, MOV, out, one);
                    f.patch(jf, 1, f.here());
                } else if (rt == F32) {
                    // Read as F32.to_bits reads it: a NaN's bits are not observable, every NaN
                    // reads as the canonical one (docs/language.md, "NaN bits").
                    int canonical = f.register(F32);
                    f.emit(line, CONV, canonical, r, F32 * 16 + F32);
                    int u = f.register(U32);
                    f.emit(line, MOV, u, canonical);
                    f.emit(line, CONV, out, u, U32 * 16 + U64);
                } else if (rt == F64) {
                    int canonical = f.register(F64);
                    f.emit(line, CONV, canonical, r, F64 * 16 + F64);
                    f.emit(line, MOV, out, canonical);
                } else if (rt == U64) {
                    f.emit(line, MOV, out, r);
                } else {
                    f.emit(line, CONV, out, r, rt * 16 + U64);
                }
                f.emit(line, LDI, idx, i);
                f.emit(line, ASET, 0, 0, idx, out);
            }
            f.emit(1, RET, 0);
        }
        FunctionBuilder f = b.define(calc, "calc.vx");
        int n = f.register(U32), z = f.register(U64), arr = f.register(arrT);
        f.emit(1, LDI, n, cases.size());
        f.emit(1, LDI, z, 0);
        f.emit(1, ANEW, arr, n, z);
        for (int p = 0; p < parts; p++) f.call(1, arr, part[p], new int[]{arr}, new int[0]);
        f.emit(1, RET, arr);
        FunctionBuilder m = b.define(main, "calc.vx");
        int res = m.register(arrT);
        m.job(1, res, calc, new int[0], new int[0]);
        m.emit(1, RET, res);
        return b.entry(main).printResult(true).build();
    }

    @Test
    void everyOperationGivesTheCpuBits() {
        List<Case> cases = cases();
        Module m = module(cases);
        Gpu.Run cpu = Gpu.run(m, Gpu.cpu());
        Gpu.Run dev = Gpu.run(m, Gpu.opencl());
        assertEquals(0, cpu.status(), cpu.err());
        assertEquals(0, dev.status(), dev.err());
        assertEquals("1", dev.stat("device_jobs"), dev.err());
        System.err.println("[gpu] " + cases.size() + " operations: kernel_compile_ms " + dev.stat("kernel_compile_ms")
                + " (cached " + dev.stat("kernel_cached") + "), device_ms " + dev.stat("device_ms"));
        String[] want = cpu.out().replaceAll("[^0-9,]", "").split(",");
        String[] got = dev.out().replaceAll("[^0-9,]", "").split(",");
        assertEquals(cases.size(), want.length);
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < want.length; i++) {
            if (!want[i].equals(got[i])) {
                Case c = cases.get(i);
                wrong.add(c.op() + (c.op() == CONV ? " to " + c.conv() : c.prim() != null ? " " + c.prim() : "") + " type " + c.type()
                        + " a=0x" + Long.toHexString(c.a()) + " b=0x" + Long.toHexString(c.b()) + ": cpu " + want[i] + ", device " + got[i]);
            }
        }
        assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " of " + cases.size() + " differ");
    }
}
