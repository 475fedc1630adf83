package dev.vx.bytecode;

import static dev.vx.bytecode.Opcode.*;

/** Small hand-built modules shared by the tests. */
final class Samples {
    private Samples() {}

    static final int BOOL = Scalar.BOOL.typeId();
    static final int U32 = Scalar.U32.typeId();
    static final int I32 = Scalar.I32.typeId();
    static final int U64 = Scalar.U64.typeId();
    static final int I64 = Scalar.I64.typeId();
    static final int F32 = Scalar.F32.typeId();
    static final int F64 = Scalar.F64.typeId();
    static final int NAT = Scalar.NAT.typeId();
    static final int UNIT = Scalar.UNIT.typeId();
    static final int JOIN_T = Scalar.JOIN.typeId();
    static final int STR = TypeDesc.STRING_TYPE;

    /**
     * A module using most of the instruction set: a list type, a tuple, an ADT, a closure, an
     * array, a fork group, a switch, gets, calls, primitives, constants and strings.
     *
     * <pre>
     * def sum(xs: List&lt;U32&gt;) -> U32          # recursive, with a fork group of two calls
     * def adder$fn(self: U32 -> U32, x: U32) -> U32 = self.n + x
     * def main() -> U32                        # builds [1, 2], sums it, calls a closure
     * </pre>
     */
    static Module rich() {
        ModuleBuilder b = new ModuleBuilder();
        int list = b.list("List<U32>", U32);
        int nil = b.ctorId(list, 0);
        int cons = b.ctorId(list, 1);
        int pair = b.tuple("Pair", U32, STR);
        int shape = b.adt("Shape");
        b.ctor(shape, "Circle", F64);
        b.ctor(shape, "Square", F64);
        int fn = b.funcType("U32 -> U32", new int[] {U32}, U32);
        int array = b.array("Array<U32>", U32);

        int main = b.declare("main", new int[0], U32);
        int sum = b.declare("sum", new int[] {list}, U32);
        int adderFn = b.declare("adder$fn", new int[] {fn, U32}, U32);
        int adder = b.closure(fn, "Adder", adderFn, U32);

        // sum(xs): switch xs { Nil -> 0; Cons -> head + sum(tail) + sum(tail) (forked) }
        FunctionBuilder s = b.define(sum, "lib/sum.vx");
        int xs = 0;
        int zero = s.register(U32);
        int head = s.register(U32);
        int tail = s.register(list);
        int j = s.register(JOIN_T);
        int left = s.register(U32);
        int right = s.register(U32);
        int total = s.register(U32);
        int sw = s.switchOn(3, xs, -1, -1);
        s.patch(sw, 2, s.here());
        s.emit(4, LDI, zero, 0);
        s.emit(4, RET, zero);
        s.patch(sw, 3, s.here());
        s.emit(6, GET, head, xs, 0);
        s.emit(6, GET, tail, xs, 1);
        s.emit(7, FORK, j, 2);
        s.call(7, left, sum, new int[] {tail}, new int[] {head, tail, j});
        s.call(7, right, sum, new int[] {tail}, new int[] {head, j, left});
        s.emit(7, JOIN, j);
        s.emit(8, ADD_U32, total, head, left);
        s.emit(8, ADD_U32, total, total, right);
        s.emit(8, RET, total);

        FunctionBuilder a = b.define(adderFn, "lib/sum.vx");
        int n = a.register(U32);
        int r = a.register(U32);
        a.emit(12, GET, n, 0, 0);
        a.emit(12, ADD_U32, r, n, 1);
        a.emit(12, RET, r);

        FunctionBuilder m = b.define(main, "main.vx");
        int one = m.register(U32);
        int two = m.register(U32);
        int empty = m.register(list);
        int l1 = m.register(list);
        int l2 = m.register(list);
        int total2 = m.register(U32);
        int closure = m.register(fn);
        int out = m.register(U32);
        int text = m.register(STR);
        int p = m.register(pair);
        int big = m.register(U64);
        int arr = m.register(array);
        int len = m.register(U32);
        int f = m.register(F64);
        int c = m.register(shape);
        int shown = m.register(STR);
        int unit = m.register(UNIT);
        m.emit(1, LDI, one, 1);
        m.emit(1, LDI, two, 2);
        m.newCell(1, empty, nil);
        m.newCell(1, l1, cons, two, empty);
        m.newCell(1, l2, cons, one, l1);
        m.call(2, total2, sum, new int[] {l2}, new int[] {one});
        m.newCell(3, closure, adder, one);
        m.callc(3, out, closure, new int[] {total2}, new int[] {one});
        m.emit(4, LDS, text, b.string("tab\there \"quoted\"\n"));
        m.newCell(4, p, b.ctorId(pair, 0), out, text);
        m.emit(5, LDK, big, b.constant(-1L));
        m.emit(5, ANEW, arr, one, out);
        m.emit(5, ALEN, len, arr);
        m.emit(6, LDK, f, b.constantF64(2.5));
        m.newCell(6, c, b.ctorId(shape, 1), f);
        m.prim(7, shown, Prim.SHOW_U32, len);
        m.prim(7, unit, Prim.IO_PRINT, shown);
        m.emit(8, RET, out);

        return b.entry(main).printResult(true).build();
    }
}
