package dev.vx.gpu;

import dev.vx.bytecode.FunctionBuilder;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.ModuleBuilder;
import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Scalar;

import static dev.vx.bytecode.Opcode.*;

/** Modules written with the bytecode builder (the gpu module does not depend on the compiler). */
final class Modules {
    private Modules() {}

    static final int BOOL = Scalar.BOOL.typeId(), U32 = Scalar.U32.typeId(), I32 = Scalar.I32.typeId(),
            U64 = Scalar.U64.typeId(), I64 = Scalar.I64.typeId(), F32 = Scalar.F32.typeId(),
            F64 = Scalar.F64.typeId(), NAT = Scalar.NAT.typeId(), JOIN_T = Scalar.JOIN.typeId();

    /**
     * {@code deep(n) = if n == 0 then 0 else deep(n - 1) + w-word frames}: with {@code keep}
     * extra live values across the call (frames of 1 + keep words), run as {@code deep!(n)}.
     */
    static Module deep(long n, int keep) {
        ModuleBuilder b = new ModuleBuilder();
        int deep = b.declare("deep", new int[]{NAT}, U32);
        int main = b.declare("main", new int[0], U32);
        FunctionBuilder f = b.define(deep, "deep.vx");
        int zero = f.register(NAT), isZero = f.register(BOOL), res = f.register(U32), one = f.register(NAT),
                p = f.register(NAT), k = f.register(U32);
        int[] kept = new int[keep];
        f.emit(2, LDI, zero, 0);
        f.emit(2, EQ, isZero, 0, zero);
        int jf = f.emit(2, JF, isZero, -1);
        f.emit(3, LDI, res, 0);
        f.emit(3, RET, res);
        f.patch(jf, 1, f.here());
        f.emit(5, LDI, one, 1);
        f.emit(5, SUB_NAT, p, 0, one);
        for (int i = 0; i < keep; i++) {
            kept[i] = f.register(U32);
            f.emit(5, LDI, kept[i], i + 7);
        }
        f.call(5, res, deep, new int[]{p}, kept);
        f.emit(5, LDI, k, 1);
        f.emit(5, ADD_U32, res, res, k);
        for (int i = 0; i < keep; i++) f.emit(5, ADD_U32, res, res, kept[i]);
        f.emit(5, RET, res);
        FunctionBuilder m = b.define(main, "deep.vx");
        int nr = m.register(NAT), out = m.register(U32);
        m.emit(8, LDK, nr, b.constant(n));
        m.job(8, out, deep, new int[]{nr}, new int[0]);
        m.emit(8, RET, out);
        return b.entry(main).printResult(true).build();
    }

    /** {@code main() = f!(a, b)} where f computes {@code a op b} on U32 (division: errors). */
    static Module binaryJob(Opcode op, long a, long bv) {
        ModuleBuilder b = new ModuleBuilder();
        int f = b.declare("calc", new int[]{U32, U32}, U32);
        int main = b.declare("main", new int[0], U32);
        FunctionBuilder fb = b.define(f, "calc.vx");
        int r = fb.register(U32);
        fb.emit(3, op, r, 0, 1);
        fb.emit(4, RET, r);
        FunctionBuilder m = b.define(main, "calc.vx");
        int x = m.register(U32), y = m.register(U32), out = m.register(U32);
        m.emit(8, LDK, x, b.constant(a));
        m.emit(8, LDK, y, b.constant(bv));
        m.job(8, out, f, new int[]{x, y}, new int[0]);
        m.emit(9, RET, out);
        return b.entry(main).printResult(true).build();
    }

    /**
     * A balanced fork tree inside a job: {@code sum(lo, hi)} forks {@code sum(lo, mid)} and
     * {@code sum(mid, hi)} down to leaves {@code i * i}; main prints {@code sum!(0, n)}.
     */
    static Module forkSum(long n) {
        ModuleBuilder b = new ModuleBuilder();
        int sum = b.declare("sum", new int[]{U32, U32}, U32);
        int main = b.declare("main", new int[0], U32);
        FunctionBuilder f = b.define(sum, "sum.vx");
        int d = f.register(U32), one = f.register(U32), leaf = f.register(BOOL), r = f.register(U32),
                two = f.register(U32), mid = f.register(U32), j = f.register(JOIN_T), a = f.register(U32),
                c = f.register(U32), lo2 = f.register(U32), hi2 = f.register(U32);
        f.emit(2, SUB_U32, d, 1, 0);
        f.emit(2, LDI, one, 1);
        f.emit(2, EQ, leaf, d, one);
        int jf = f.emit(2, JF, leaf, -1);
        f.emit(3, MUL_U32, r, 0, 0);
        f.emit(3, RET, r);
        f.patch(jf, 1, f.here());
        f.emit(5, LDI, two, 2);
        f.emit(5, DIV_U32, mid, d, two);
        f.emit(5, ADD_U32, mid, 0, mid);
        f.emit(5, MOV, lo2, mid);
        f.emit(5, MOV, hi2, 1);
        f.emit(6, FORK, j, 2);
        f.call(6, a, sum, new int[]{0, mid}, new int[]{lo2, hi2, j});
        f.call(7, c, sum, new int[]{lo2, hi2}, new int[]{a, j});
        f.emit(7, JOIN, j);
        f.emit(8, ADD_U32, r, a, c);
        f.emit(8, RET, r);
        FunctionBuilder m = b.define(main, "sum.vx");
        int lo = m.register(U32), hi = m.register(U32), out = m.register(U32);
        m.emit(10, LDI, lo, 0);
        m.emit(10, LDK, hi, b.constant(n));
        m.job(10, out, sum, new int[]{lo, hi}, new int[0]);
        m.emit(10, RET, out);
        return b.entry(main).printResult(true).build();
    }
}
