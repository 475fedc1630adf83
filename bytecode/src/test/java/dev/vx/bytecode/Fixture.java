package dev.vx.bytecode;

import static dev.vx.bytecode.Opcode.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

/**
 * A module under construction for verifier tests: a handful of types and helper functions,
 * and a {@code main() -> U32} whose body the test writes (every instruction on line 1).
 *
 * <pre>
 * t11 List&lt;U32&gt; (c16 Nil, c17 Cons)   t12 Pair = (U32, String) (c18)
 * t13 Shape (c19 Circle{F64}, c20 Rect{F64, F64})   t14 U32 -> U32 (c21 Adder{U32} runs adder)
 * t15 Array&lt;U32&gt;   t16 List&lt;String&gt; (c22 Nil, c23 Cons)   t17 Ok&lt;U32&gt; = (Bool, U32) (c24)
 * f0 main() -> U32   f1 adder(U32 -> U32, U32) -> U32   f2 inc(U32) -> U32
 * </pre>
 */
final class Fixture {
    static final int BOOL = Samples.BOOL, U32 = Samples.U32, I32 = Samples.I32, U64 = Samples.U64,
            I64 = Samples.I64, F32 = Samples.F32, F64 = Samples.F64, NAT = Samples.NAT, UNIT = Samples.UNIT,
            JOIN_T = Samples.JOIN_T, STR = Samples.STR;

    final ModuleBuilder b = new ModuleBuilder();
    final int list = b.list("List<U32>", U32);
    final int nil = b.ctorId(list, 0);
    final int cons = b.ctorId(list, 1);
    final int pair = b.tuple("Pair", U32, STR);
    final int pairCtor = b.ctorId(pair, 0);
    final int shape = b.adt("Shape");
    final int circle = b.ctor(shape, "Circle", F64);
    final int rect = b.ctor(shape, "Rect", F64, F64);
    final int fn = b.funcType("U32 -> U32", new int[] {U32}, U32);
    final int main = b.declare("main", new int[0], U32);
    final int adderFn = b.declare("adder", new int[] {fn, U32}, U32);
    final int inc = b.declare("inc", new int[] {U32}, U32);
    final int adder = b.closure(fn, "Adder", adderFn, U32);
    final int array = b.array("Array<U32>", U32);
    final int listStr = b.list("List<String>", STR);
    final int okU32 = b.tuple("Ok<U32>", BOOL, U32);
    final FunctionBuilder m;

    Fixture() {
        FunctionBuilder a = b.define(adderFn, "lib.vx");
        int n = a.register(U32);
        int sum = a.register(U32);
        a.emit(10, GET, n, 0, 0);
        a.emit(10, ADD_U32, sum, n, 1);
        a.emit(10, RET, sum);
        FunctionBuilder i = b.define(inc, "lib.vx");
        int one = i.register(U32);
        int r = i.register(U32);
        i.emit(20, LDI, one, 1);
        i.emit(20, ADD_U32, r, 0, one);
        i.emit(20, RET, r);
        m = b.define(main, "main.vx");
    }

    int reg(int type) {
        return m.register(type);
    }

    /** Emits into main on line 1; returns the instruction's index. */
    int emit(Opcode op, int... operands) {
        return m.emit(1, op, operands);
    }

    /** A U32 register holding {@code value}. */
    int u32(int value) {
        int r = reg(U32);
        emit(LDI, r, value);
        return r;
    }

    /** Emits {@code ret} of a fresh U32 0, a valid ending for main. */
    void end() {
        emit(RET, u32(0));
    }

    Module build() {
        return b.entry(main).build();
    }

    // ------------------------------------------------------------------ assertions

    static void assertValid(Module m) {
        try {
            Verifier.verify(m);
        } catch (BytecodeException e) {
            fail("expected the module to verify, got: " + e.getMessage());
        }
    }

    static void assertRejects(Module m, String message) {
        BytecodeException e = assertThrows(BytecodeException.class, () -> Verifier.verify(m));
        assertEquals(message, e.getMessage());
    }

    // ------------------------------------------------------------------ editing built modules

    static Module withType(Module m, int id, TypeDesc t) {
        List<TypeDesc> types = new ArrayList<>(m.types());
        if (id == types.size()) types.add(t);
        else types.set(id, t);
        return new Module(m.sourceHash(), m.strings(), m.constants(), types, m.ctors(), m.functions(), m.entry(), m.printResult());
    }

    static Module withTypes(Module m, List<TypeDesc> types) {
        return new Module(m.sourceHash(), m.strings(), m.constants(), types, m.ctors(), m.functions(), m.entry(), m.printResult());
    }

    static Module withCtor(Module m, int globalId, CtorDesc c) {
        List<CtorDesc> ctors = new ArrayList<>(m.ctors());
        int i = globalId - Layout.FIRST_CTOR;
        if (i == ctors.size()) ctors.add(c);
        else ctors.set(i, c);
        return new Module(m.sourceHash(), m.strings(), m.constants(), m.types(), ctors, m.functions(), m.entry(), m.printResult());
    }

    static Module withCtors(Module m, List<CtorDesc> ctors) {
        return new Module(m.sourceHash(), m.strings(), m.constants(), m.types(), ctors, m.functions(), m.entry(), m.printResult());
    }

    static Module withFunction(Module m, int id, FunctionDesc f) {
        List<FunctionDesc> functions = new ArrayList<>(m.functions());
        if (id == functions.size()) functions.add(f);
        else functions.set(id, f);
        return new Module(m.sourceHash(), m.strings(), m.constants(), m.types(), m.ctors(), functions, m.entry(), m.printResult());
    }

    static Module withEntry(Module m, int entry) {
        return new Module(m.sourceHash(), m.strings(), m.constants(), m.types(), m.ctors(), m.functions(), entry, m.printResult());
    }

    static Module withHash(Module m, byte[] hash) {
        return new Module(hash, m.strings(), m.constants(), m.types(), m.ctors(), m.functions(), m.entry(), m.printResult());
    }

    static Module withStrings(Module m, List<String> strings) {
        return new Module(m.sourceHash(), strings, m.constants(), m.types(), m.ctors(), m.functions(), m.entry(), m.printResult());
    }

    static Module withConstants(Module m, long[] constants) {
        return new Module(m.sourceHash(), m.strings(), constants, m.types(), m.ctors(), m.functions(), m.entry(), m.printResult());
    }

    static TypeDesc type(TypeKind kind, int name, int[] components, int result, int firstCtor, int ctorCount) {
        return new TypeDesc(kind, name, components, result, firstCtor, ctorCount);
    }

    static FunctionDesc withCode(FunctionDesc f, int[] registerTypes, List<Insn> code) {
        return new FunctionDesc(f.name(), f.params(), f.result(), registerTypes, code, f.file(), new int[code.size()]);
    }
}
