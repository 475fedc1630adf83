package dev.vx.bytecode;

import static dev.vx.bytecode.Fixture.*;
import static dev.vx.bytecode.Opcode.*;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One module per rule of the code checks (operands, register types, control, fork groups,
 * definedness, known constructors), each breaking only that rule, built with {@link Fixture}.
 * Unless said otherwise, the broken instruction is in {@code main}.
 */
class VerifierCodeTest {

    // ------------------------------------------------------------------ operand shapes and ranges

    @Test
    void emptyFunction() {
        Fixture f = new Fixture();
        assertRejects(f.build(), "function main: has no instructions (control would fall off the end)");
    }

    @Test
    void malformedInstructions() {
        Fixture f = new Fixture();
        f.end();
        Module m = f.build();
        FunctionDesc main = m.function(0);
        int[] regs = main.registerTypes();
        assertRejects(withFunction(m, 0, withCode(main, regs, List.of(new Insn(null, new int[0])))),
                "function main: instruction 0 (?): malformed instruction: the instruction has no opcode");
        assertRejects(withFunction(m, 0, withCode(main, regs, List.of(new Insn(RET, null)))),
                "function main: instruction 0 (ret): malformed instruction: the instruction has no operand array");
        assertRejects(withFunction(m, 0, withCode(main, regs, List.of(Insn.of(ADD_U32, 0, 0)))),
                "function main: instruction 0 (add_u32): malformed instruction: operand array too short for shape \"rrr\" (2 ints)");
        assertRejects(withFunction(m, 0, withCode(main, regs, List.of(Insn.of(RET, 0, 0)))),
                "function main: instruction 0 (ret): malformed instruction: operand array has 1 ints more than shape \"r\" uses");
        assertRejects(withFunction(m, 0, withCode(main, regs, List.of(Insn.of(TCALL, 2, 3, 0)))),
                "function main: instruction 0 (tcall): malformed instruction: a list operand of length 3 runs past the operand array (3 ints)");
        assertRejects(withFunction(m, 0, withCode(main, regs, List.of(Insn.of(TCALL, 2, -1)))),
                "function main: instruction 0 (tcall): malformed instruction: a list operand has negative length -1");
    }

    @Test
    void tooManyCallSites() {
        Fixture f = new Fixture();
        f.end();
        Module m = f.build();
        FunctionDesc main = m.function(0);
        int[] regs = main.registerTypes();
        Insn call = Insn.of(CALL, 0, 0, 0, 0); // r0 := main(), saving nothing
        List<Insn> code = new java.util.ArrayList<>(java.util.Collections.nCopies(Layout.MAX_SITES, call));
        code.add(Insn.of(RET, 0));
        assertRejects(withFunction(m, 0, withCode(main, regs, code)),
                "function main: has 1048576 call sites; a function has at most 1048575");
    }

    @Test
    void registerOutOfRange() {
        Fixture f = new Fixture();
        f.emit(RET, 5);
        assertRejects(f.build(), "function main: instruction 0 (ret): register r5 does not exist (the function has 0 registers)");
        Fixture g = new Fixture();
        g.reg(U32);
        g.m.tcall(1, g.main, -1);
        assertRejects(g.build(), "function main: instruction 0 (tcall): register r-1 does not exist (the function has 1 registers)");
    }

    @Test
    void constantOutOfRange() {
        Fixture f = new Fixture();
        int r = f.reg(U32);
        f.emit(LDK, r, 0);
        f.emit(RET, r);
        assertRejects(f.build(), "function main: instruction 0 (ldk): constant k0 does not exist (the module has 0 constants)");
    }

    @Test
    void stringOutOfRange() {
        Fixture f = new Fixture();
        f.emit(LDS, f.reg(STR), 1000);
        f.end();
        assertRejects(f.build(), "function main: instruction 0 (lds): string s1000 does not exist (the module has 17 strings)");
    }

    @Test
    void functionOutOfRange() {
        Fixture f = new Fixture();
        f.m.tcall(1, 3);
        assertRejects(f.build(), "function main: instruction 0 (tcall): function 3 does not exist (the module has 3 functions)");
    }

    @Test
    void constructorOutOfRange() {
        Fixture f = new Fixture();
        f.m.newCell(1, f.reg(f.list), 15);
        f.end();
        assertRejects(f.build(), "function main: instruction 0 (new): constructor 15 does not exist (ids 16..24)");
        Fixture g = new Fixture();
        g.m.newCell(1, g.reg(g.list), 25);
        g.end();
        assertRejects(g.build(), "function main: instruction 0 (new): constructor 25 does not exist (ids 16..24)");
    }

    @Test
    void targetOutOfRange() {
        Fixture f = new Fixture();
        f.emit(JMP, 1);
        assertRejects(f.build(), "function main: instruction 0 (jmp): jump target @1 is outside the function (1 instructions)");
        Fixture g = new Fixture();
        g.emit(JMP, -1);
        assertRejects(g.build(), "function main: instruction 0 (jmp): jump target @-1 is outside the function (1 instructions)");
    }

    @Test
    void primitiveOutOfRange() {
        Fixture f = new Fixture();
        f.emit(PRIM, f.reg(U32), 99, 0);
        f.end();
        assertRejects(f.build(), "function main: instruction 0 (prim): primitive 99 does not exist");
    }

    // ------------------------------------------------------------------ data

    @Test
    void movKeepsTheType() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        f.emit(MOV, f.reg(I32), a);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (mov): source r0 has type U32, expected I32");
    }

    @Test
    void ldiLoadsValidScalars() {
        String[][] cases = {
            {"0", "2", "function main: instruction 0 (ldi): value 2 is not a valid Bool: a Bool is 0 or 1"},
            {"8", "1", "function main: instruction 0 (ldi): value 1 is not a valid Unit: the Unit value is 0"},
            {"1", "-1", "function main: instruction 0 (ldi): value -1 is not a valid U32: a U32 is zero-extended (0 .. 2^32-1)"},
            {"7", "-1", "function main: instruction 0 (ldi): value -1 is not a valid Nat: a Nat is 0 .. 2^63-1"},
            {"5", "-1", "function main: instruction 0 (ldi): value -1 is not a valid F32: an F32 is its 32 bits, zero-extended"},
            {"9", "0", "function main: instruction 0 (ldi): value 0 is not a valid Join: a Join handle is made by fork only"},
            {"10", "0", "function main: instruction 0 (ldi): destination r0 has type String; only scalars are loaded this way"},
        };
        for (String[] c : cases) {
            Fixture f = new Fixture();
            f.emit(LDI, f.reg(Integer.parseInt(c[0])), Integer.parseInt(c[1]));
            f.end();
            assertRejects(f.build(), c[2]);
        }
        Fixture ok = new Fixture();
        ok.emit(LDI, ok.reg(I32), Integer.MIN_VALUE);
        ok.emit(LDI, ok.reg(I64), -1);
        ok.emit(LDI, ok.reg(U64), -1);
        ok.emit(LDI, ok.reg(F64), -1);
        ok.end();
        assertValid(ok.build());
    }

    @Test
    void ldkLoadsValidScalars() {
        Fixture f = new Fixture();
        int k = f.b.constant(1L << 32);
        int r = f.reg(U32);
        f.emit(LDK, r, k);
        f.emit(RET, r);
        assertRejects(f.build(), "function main: instruction 0 (ldk): value 4294967296 is not a valid U32: a U32 is zero-extended (0 .. 2^32-1)");
        Fixture g = new Fixture();
        g.emit(LDK, g.reg(I32), g.b.constant(1L << 31));
        g.end();
        assertRejects(g.build(), "function main: instruction 0 (ldk): value 2147483648 is not a valid I32: an I32 is sign-extended (-2^31 .. 2^31-1)");
        Fixture h = new Fixture();
        h.emit(LDK, h.reg(h.list), h.b.constant(0));
        h.end();
        assertRejects(h.build(), "function main: instruction 0 (ldk): destination r0 has type List<U32>; only scalars are loaded this way");
    }

    @Test
    void ldsLoadsAString() {
        Fixture f = new Fixture();
        f.emit(LDS, f.reg(U32), 0);
        f.end();
        assertRejects(f.build(), "function main: instruction 0 (lds): destination r0 has type U32, expected String");
    }

    @Test
    void convCodesAndTypes() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        f.emit(CONV, f.reg(U32), a, Scalar.convCode(Scalar.BOOL, Scalar.U32));
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (conv): conversion code 1 is not from*16+to over numeric scalars");
        Fixture g = new Fixture();
        int b = g.u32(1);
        g.emit(CONV, g.reg(F64), b, 300);
        g.end();
        assertRejects(g.build(), "function main: instruction 1 (conv): conversion code 300 is not from*16+to over numeric scalars");
        Fixture h = new Fixture();
        int c = h.u32(1);
        h.emit(CONV, h.reg(F64), c, Scalar.convCode(Scalar.I32, Scalar.F64));
        h.end();
        assertRejects(h.build(), "function main: instruction 1 (conv): source r0 has type U32, expected I32");
        Fixture i = new Fixture();
        int d = i.u32(1);
        i.emit(CONV, i.reg(F32), d, Scalar.convCode(Scalar.U32, Scalar.F64));
        i.end();
        assertRejects(i.build(), "function main: instruction 1 (conv): destination r1 has type F32, expected F64");
    }

    // ------------------------------------------------------------------ arithmetic

    @Test
    void arithmeticOnItsOwnType() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        f.emit(ADD_I32, f.reg(U32), a, a);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (add_i32): destination r1 has type U32; add_i32 works on I32");
        Fixture g = new Fixture();
        int b = g.reg(I32);
        g.emit(LDI, b, 1);
        g.emit(ADD_U32, g.reg(U32), g.u32(1), b);
        g.end();
        assertRejects(g.build(), "function main: instruction 2 (add_u32): operand r0 has type I32, expected U32");
    }

    @Test
    void sixtyFourBitOpsTakeEitherSignButNotMixed() {
        Fixture ok = new Fixture();
        int u = ok.reg(U64);
        int i = ok.reg(I64);
        ok.emit(LDI, u, 1);
        ok.emit(LDI, i, 1);
        ok.emit(ADD_64, ok.reg(U64), u, u);
        ok.emit(MUL_64, ok.reg(I64), i, i);
        ok.end();
        assertValid(ok.build());
        Fixture f = new Fixture();
        int x = f.reg(U64);
        int y = f.reg(I64);
        f.emit(LDI, x, 1);
        f.emit(LDI, y, 1);
        f.emit(SUB_64, f.reg(U64), x, y);
        f.end();
        assertRejects(f.build(), "function main: instruction 2 (sub_64): operand r1 has type I64, expected U64");
    }

    @Test
    void unaryOperations() {
        Fixture f = new Fixture();
        int n = f.reg(NAT);
        f.emit(LDI, n, 1);
        f.emit(NOT_64, f.reg(NAT), n);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (not_64): destination r1 has type Nat; not_64 works on I32, U64, I64");
        Fixture g = new Fixture();
        int a = g.u32(3);
        g.emit(NEG_I32, g.reg(I32), a);
        g.end();
        assertRejects(g.build(), "function main: instruction 1 (neg_i32): operand r0 has type U32, expected I32");
    }

    @Test
    void shiftCountHasTheValuesType() {
        Fixture f = new Fixture();
        int v = f.reg(I64);
        f.emit(LDI, v, 1);
        f.emit(SHL_64, f.reg(I64), v, f.u32(3));
        f.end();
        assertRejects(f.build(), "function main: instruction 2 (shl_64): operand r2 has type U32, expected I64");
    }

    @Test
    void comparisons() {
        Fixture f = new Fixture();
        int x = f.reg(F32);
        f.emit(LDI, x, 0);
        f.emit(EQ, f.reg(BOOL), x, x);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (eq): operand r0 has type F32; eq compares Bool, U32, I32, U64, I64, Nat, Unit");
        Fixture g = new Fixture();
        int a = g.u32(1);
        int b = g.reg(I32);
        g.emit(LDI, b, 1);
        g.emit(NE, g.reg(BOOL), a, b);
        g.end();
        assertRejects(g.build(), "function main: instruction 2 (ne): operand r1 has type I32, expected U32");
        Fixture h = new Fixture();
        int c = h.reg(BOOL);
        h.emit(LDI, c, 1);
        h.emit(LT_S, h.reg(BOOL), c, c);
        h.end();
        assertRejects(h.build(), "function main: instruction 1 (lt_s): operand r0 has type Bool; lt_s compares U32, I32, I64, Nat");
        Fixture i = new Fixture();
        int d = i.u32(1);
        i.emit(LE_S, i.reg(U32), d, d);
        i.end();
        assertRejects(i.build(), "function main: instruction 1 (le_s): destination r1 has type U32, expected Bool");
        Fixture j = new Fixture();
        int e = j.reg(F64);
        j.emit(LDI, e, 0);
        j.emit(LT_F64, j.reg(BOOL), e, e);
        j.emit(LT_U64, j.reg(BOOL), e, e);
        j.end();
        assertRejects(j.build(), "function main: instruction 2 (lt_u64): operand r0 has type F64; lt_u64 compares U64");
    }

    // ------------------------------------------------------------------ control

    @Test
    void branchesTestABool() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        f.emit(JT, a, 2);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (jt): condition r0 has type U32, expected Bool");
    }

    @Test
    void switchOnAnAdtOrList() {
        Fixture f = new Fixture();
        int p = f.reg(f.pair);
        int t = f.reg(STR);
        f.emit(LDS, t, 0);
        f.m.newCell(1, p, f.pairCtor, f.u32(1), t);
        f.m.switchOn(1, p, 4);
        f.end();
        assertRejects(f.build(), "function main: instruction 3 (switch): switch needs an ADT or list value, r0 has type Pair");
    }

    @Test
    void switchHasOneTargetPerConstructor() {
        Fixture f = new Fixture();
        int l = f.reg(f.list);
        f.m.newCell(1, l, f.nil);
        f.m.switchOn(1, l, 2);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (switch): switch has 1 targets, type List<U32> has 2 constructors");
    }

    @Test
    void controlMustNotFallOffTheEnd() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        f.emit(ADD_U32, a, a, a);
        assertRejects(f.build(), "function main: instruction 1 (add_u32): control falls off the end of the function");
        Fixture g = new Fixture();
        int c = g.reg(BOOL);
        g.emit(LDI, c, 1);
        g.emit(JT, c, 0);
        assertRejects(g.build(), "function main: instruction 1 (jt): control falls off the end of the function");
    }

    // ------------------------------------------------------------------ calls

    @Test
    void callArgumentsAndResult() {
        Fixture f = new Fixture();
        f.m.call(1, f.reg(U32), f.inc, new int[0], new int[0]);
        f.end();
        assertRejects(f.build(), "function main: instruction 0 (call): inc takes 1 arguments, 0 are passed");
        Fixture g = new Fixture();
        int x = g.reg(I32);
        g.emit(LDI, x, 1);
        g.m.call(1, g.reg(U32), g.inc, new int[] {x}, new int[0]);
        g.end();
        assertRejects(g.build(), "function main: instruction 1 (call): argument 0 (r0) has type I32, inc expects U32");
        Fixture h = new Fixture();
        int y = h.u32(1);
        h.m.job(1, h.reg(I32), h.inc, new int[] {y}, new int[0]);
        h.end();
        assertRejects(h.build(), "function main: instruction 1 (job): destination r1 has type I32, expected U32");
    }

    @Test
    void closureCalls() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        f.m.callc(1, f.reg(U32), a, new int[] {a}, new int[0]);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (callc): closure r0 has type U32, not a function type");
        Fixture g = new Fixture();
        int n = g.u32(1);
        int c = g.reg(g.fn);
        g.m.newCell(1, c, g.adder, n);
        g.m.callc(1, g.reg(U32), c, new int[] {n, n}, new int[0]);
        g.end();
        assertRejects(g.build(), "function main: instruction 2 (callc): the closure r1 takes 1 arguments, 2 are passed");
        Fixture h = new Fixture();
        int m = h.u32(1);
        int d = h.reg(h.fn);
        h.m.newCell(1, d, h.adder, m);
        h.m.callc(1, h.reg(BOOL), d, new int[] {m}, new int[0]);
        h.end();
        assertRejects(h.build(), "function main: instruction 2 (callc): destination r2 has type Bool, expected U32");
    }

    @Test
    void tailCallsReturnTheCallersResult() {
        Fixture h = new Fixture();
        int gid = h.b.declare("g", new int[0], I32);
        FunctionBuilder hb = h.b.define(gid, "g.vx");
        int r = hb.register(I32);
        hb.emit(1, LDI, r, -1);
        hb.emit(1, RET, r);
        h.m.tcall(1, gid);
        assertRejects(h.build(), "function main: instruction 0 (tcall): tail call of g, which returns I32, from a function that returns U32");
        Fixture k = new Fixture();
        k.m.tcall(1, k.inc);
        assertRejects(k.build(), "function main: instruction 0 (tcall): inc takes 1 arguments, 0 are passed");
    }

    @Test
    void closureTailCalls() {
        Fixture f = new Fixture();
        int fn2 = f.b.funcType(null, new int[0], BOOL);
        int c = f.reg(fn2);
        f.emit(LDI, f.reg(U32), 0);
        f.m.tcallc(1, c);
        // fn2 has no closure shapes, but the register's type is what matters.
        assertRejects(f.build(), "function main: instruction 1 (tcallc): tail call of the closure r0, which returns Bool, from a function that returns U32");
    }

    @Test
    void retReturnsTheResultType() {
        Fixture f = new Fixture();
        int b = f.reg(BOOL);
        f.emit(LDI, b, 1);
        f.emit(RET, b);
        assertRejects(f.build(), "function main: instruction 1 (ret): returned value r0 has type Bool, expected U32");
    }

    @Test
    void savedRegisters() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        int d = f.reg(U32);
        f.m.call(1, d, f.inc, new int[] {a}, new int[] {a, a});
        f.emit(RET, d);
        assertRejects(f.build(), "function main: instruction 1 (call): register r0 is saved twice");
        Fixture g = new Fixture();
        int b = g.u32(1);
        g.m.call(1, b, g.inc, new int[] {b}, new int[] {b});
        g.emit(RET, b);
        assertRejects(g.build(), "function main: instruction 1 (call): the destination r0 is also saved (the result would be overwritten)");
        Fixture h = new Fixture();
        int[] saves = new int[256];
        for (int i = 0; i < saves.length; i++) saves[i] = h.u32(i);
        int r = h.reg(U32);
        h.m.call(1, r, h.inc, new int[] {saves[0]}, saves);
        h.emit(RET, r);
        assertRejects(h.build(), "function main: instruction 256 (call): 256 saved registers; a frame holds at most 255 and the resume word");
    }

    @Test
    void savedRegistersMustBeDefined() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        int later = f.reg(U32);
        int d = f.reg(U32);
        f.m.call(1, d, f.inc, new int[] {a}, new int[] {later});
        f.emit(RET, d);
        assertRejects(f.build(), "function main: instruction 1 (call): saved register r1 is read before it is written on some path");
    }

    @Test
    void panicAndExit() {
        Fixture f = new Fixture();
        f.emit(PANIC, f.u32(1));
        assertRejects(f.build(), "function main: instruction 1 (panic): message r0 has type U32, expected String");
        Fixture g = new Fixture();
        int s = g.reg(STR);
        g.emit(LDS, s, 0);
        g.emit(EXIT, s);
        assertRejects(g.build(), "function main: instruction 1 (exit): exit status r0 has type String, expected U32");
    }

    // ------------------------------------------------------------------ fork groups

    /** main: a = 1; fork j, 2; call x = inc(a); call y = inc(a); join j; ret x + y. */
    private static Fixture forkFixture(int k, int secondArg, boolean join) {
        Fixture f = new Fixture();
        int a = f.u32(1);
        int j = f.reg(JOIN_T);
        int x = f.reg(U32);
        int y = f.reg(U32);
        f.emit(FORK, j, k);
        f.m.call(1, x, f.inc, new int[] {a}, new int[] {a, j});
        f.m.call(1, y, f.inc, new int[] {secondArg < 0 ? a : secondArg}, new int[] {a, j, x});
        if (join) f.emit(Opcode.JOIN, j);
        int s = f.reg(U32);
        f.emit(ADD_U32, s, x, y);
        f.emit(RET, s);
        return f;
    }

    @Test
    void aWellFormedForkGroupVerifies() {
        assertValid(forkFixture(2, -1, true).build());
    }

    @Test
    void forkDestinationIsAJoinHandle() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        f.emit(FORK, a, 2);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (fork): destination r0 has type U32, expected Join");
    }

    @Test
    void forkHasAtLeastTwoCalls() {
        assertRejects(forkFixture(1, -1, true).build(), "function main: instruction 1 (fork): a fork group has at least 2 calls, not 1");
    }

    @Test
    void forkGroupHoldsOnlyCallsThenJoin() {
        assertRejects(forkFixture(3, -1, true).build(),
                "function main: instruction 1 (fork): instruction 4 of the fork group is join; a fork group holds only calls");
        assertRejects(forkFixture(2, -1, false).build(),
                "function main: instruction 1 (fork): the fork group must end at instruction 4 with join r1");
        assertRejects(forkFixture(40, -1, true).build(),
                "function main: instruction 1 (fork): the fork group's 40 calls and its join run past the end of the function");
    }

    @Test
    void forkGroupCallsAreIndependent() {
        // The second call's argument is the first call's result (r2).
        assertRejects(forkFixture(2, 2, true).build(),
                "function main: instruction 3 (call): argument r2 is the result of an earlier call of the same fork group");
    }

    @Test
    void joinClosesAForkGroup() {
        Fixture f = new Fixture();
        int j = f.reg(JOIN_T);
        f.emit(FORK, j, 2);
        f.emit(Opcode.JOIN, j);
        f.end();
        // The fork's own error comes first; a lone join is reported by itself:
        Fixture g = new Fixture();
        int h = g.reg(JOIN_T);
        g.emit(Opcode.JOIN, h);
        g.end();
        assertRejects(g.build(), "function main: instruction 0 (join): join is not the end of a fork group");
        Fixture k = new Fixture();
        k.emit(Opcode.JOIN, k.u32(0));
        k.end();
        assertRejects(k.build(), "function main: instruction 1 (join): handle r0 has type U32, expected Join");
    }

    @Test
    void noJumpIntoAForkGroup() {
        Fixture f = forkFixture(2, -1, true);
        f.emit(JMP, 3);
        // Instruction 6 (ret) ends main; append a jump to the second call after it, reached from nowhere.
        assertRejects(f.build(), "function main: instruction 7 (jmp): jump target @3 is inside the fork group of instruction 1");
        Fixture g = forkFixture(2, -1, true);
        g.emit(JMP, 4);
        assertRejects(g.build(), "function main: instruction 7 (jmp): jump target @4 is inside the fork group of instruction 1");
        Fixture h = forkFixture(2, -1, true);
        h.emit(JMP, 1);
        assertValid(h.build());
    }

    @Test
    void joinResultsMustBeSavedByLaterCalls() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        int j = f.reg(JOIN_T);
        int x = f.reg(U32);
        int y = f.reg(U32);
        f.emit(FORK, j, 2);
        f.m.call(1, x, f.inc, new int[] {a}, new int[] {a, j});
        f.m.call(1, y, f.inc, new int[] {a}, new int[] {j});
        f.emit(Opcode.JOIN, j);
        f.emit(ADD_U32, y, x, y);
        f.emit(RET, y);
        assertRejects(f.build(), "function main: instruction 5 (add_u32): register r2 is read before it is written on some path");
    }

    // ------------------------------------------------------------------ heap

    @Test
    void newFieldsAndDestination() {
        Fixture f = new Fixture();
        f.m.newCell(1, f.reg(f.list), f.cons, f.u32(1));
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (new): Cons has 2 fields, 1 are given");
        Fixture g = new Fixture();
        int h = g.u32(1);
        g.m.newCell(1, g.reg(g.list), g.cons, h, h);
        g.end();
        assertRejects(g.build(), "function main: instruction 1 (new): field 1 (r0) has type U32, Cons expects List<U32>");
        Fixture k = new Fixture();
        k.m.newCell(1, k.reg(k.listStr), k.nil);
        k.end();
        assertRejects(k.build(), "function main: instruction 0 (new): destination r0 has type List<String>, expected List<U32>");
    }

    @Test
    void newrTakesAReferenceToken() {
        Fixture f = new Fixture();
        int t = f.u32(0);
        f.m.newr(1, f.reg(f.list), t, f.nil);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (newr): reuse token r0 has type U32, not a reference type");
        Fixture g = new Fixture();
        int s = g.reg(STR);
        g.emit(LDS, s, 0);
        g.m.newr(1, g.reg(g.list), s, g.nil);
        g.end();
        assertValid(g.build());
    }

    @Test
    void allocMakesATokenForACellOfTheDestinationsType() {
        Fixture g = new Fixture();
        int tok = g.reg(g.list);
        g.m.alloc(1, tok, g.cons);
        int head = g.u32(1);
        int nil = g.reg(g.list);
        g.m.newCell(1, nil, g.nil);
        g.m.newr(1, tok, tok, g.cons, head, nil);
        g.end();
        assertValid(g.build());
        Fixture k = new Fixture();
        k.m.alloc(1, k.reg(k.list), k.nil);
        k.end();
        assertRejects(k.build(), "function main: instruction 0 (alloc): alloc of Nil, which has no cell (no fields)");
        Fixture w = new Fixture();
        w.m.alloc(1, w.reg(w.listStr), w.cons);
        w.end();
        assertRejects(w.build(), "function main: instruction 0 (alloc): destination r0 has type List<String>, expected List<U32>");
    }

    @Test
    void refCountingOnReferences() {
        for (Opcode op : new Opcode[] {DUP, DROP, FREE}) {
            Fixture f = new Fixture();
            f.emit(op, f.u32(1));
            f.end();
            assertRejects(f.build(), "function main: instruction 1 (" + op.mnemonic() + "): operand r0 has type U32, not a reference type");
        }
        Fixture g = new Fixture();
        int l = g.reg(g.list);
        g.m.newCell(1, l, g.nil);
        g.emit(ISUNIQ, g.reg(U32), l);
        g.end();
        assertRejects(g.build(), "function main: instruction 1 (isuniq): destination r1 has type U32, expected Bool");
        Fixture h = new Fixture();
        h.emit(ISUNIQ, h.reg(BOOL), h.u32(0));
        h.end();
        assertRejects(h.build(), "function main: instruction 1 (isuniq): operand r1 has type U32, not a reference type");
    }

    @Test
    void arrays() {
        Fixture f = new Fixture();
        int n = f.reg(I32);
        f.emit(LDI, n, 3);
        f.emit(ANEW, f.reg(f.array), n, f.u32(0));
        f.end();
        assertRejects(f.build(), "function main: instruction 2 (anew): length r0 has type I32, expected U32");
        Fixture g = new Fixture();
        int m = g.u32(3);
        g.emit(ANEW, g.reg(U32), m, m);
        g.end();
        assertRejects(g.build(), "function main: instruction 1 (anew): destination r1 has type U32, not an array type");
        Fixture h = new Fixture();
        int k = h.u32(3);
        int s = h.reg(STR);
        h.emit(LDS, s, 0);
        h.emit(ANEW, h.reg(h.array), k, s);
        h.end();
        assertRejects(h.build(), "function main: instruction 2 (anew): initial element r1 has type String, expected U32");
    }

    private static Fixture withArray() {
        Fixture f = new Fixture();
        int n = f.u32(3);
        f.emit(ANEW, f.reg(f.array), n, n); // r1
        return f;
    }

    /** A main whose r1 is an array of three U32 (r0 its U32 length), then {@code body}, must be rejected with {@code message}. */
    private static void assertArrayCodeRejected(java.util.function.Consumer<Fixture> body, String message) {
        Fixture f = withArray();
        body.accept(f);
        f.end();
        assertRejects(f.build(), message);
    }

    @Test
    void arrayAccess() {
        assertArrayCodeRejected(f -> {
            int i = f.reg(I32);
            f.emit(LDI, i, 0);
            f.emit(AGET, f.reg(U32), 1, i);
        }, "function main: instruction 3 (aget): index r2 has type I32, expected U32");
        assertArrayCodeRejected(f -> f.emit(AGET, f.reg(U32), 0, 0),
                "function main: instruction 2 (aget): array r0 has type U32, not an array type");
        assertArrayCodeRejected(f -> f.emit(AGET, f.reg(I32), 1, 0),
                "function main: instruction 2 (aget): destination r2 has type I32, expected U32");
        assertArrayCodeRejected(f -> f.emit(ASET, f.reg(f.array), 1, 0, f.reg(STR)),
                "function main: instruction 2 (aset): element r3 has type String, expected U32");
        assertArrayCodeRejected(f -> f.emit(ASET, f.reg(U32), 1, 0, 0),
                "function main: instruction 2 (aset): destination r2 has type U32, expected Array<U32>");
        assertArrayCodeRejected(f -> f.emit(ALEN, f.reg(I32), 1),
                "function main: instruction 2 (alen): destination r2 has type I32, expected U32");
        assertArrayCodeRejected(f -> {
            int b = f.reg(BOOL);
            f.emit(LDI, b, 0);
            f.emit(ASLICE, f.reg(f.array), 1, 0, b);
        }, "function main: instruction 3 (aslice): end index r2 has type Bool, expected U32");
        assertArrayCodeRejected(f -> f.emit(ATAKE, f.reg(U32), 1, 0),
                "function main: instruction 2 (atake): destination r2 has type U32, not a reference type");
        assertArrayCodeRejected(f -> f.emit(ATAKE, f.reg(I32), 1, 0),
                "function main: instruction 2 (atake): destination r2 has type I32, expected U32");
        assertArrayCodeRejected(f -> f.emit(ATAKE, f.reg(U32), 0, 0),
                "function main: instruction 2 (atake): array r0 has type U32, not an array type");
    }

    @Test
    void primitiveSignatures() {
        Fixture f = new Fixture();
        f.m.prim(1, f.reg(U32), Prim.STR_LEN);
        f.end();
        assertRejects(f.build(), "function main: instruction 0 (prim): primitive str_len takes 1 arguments, 0 are given");
        Fixture g = new Fixture();
        int a = g.u32(1);
        g.m.prim(1, g.reg(U32), Prim.STR_LEN, a);
        g.end();
        assertRejects(g.build(), "function main: instruction 1 (prim): argument 0 (r0) has type U32, str_len expects String");
        Fixture h = new Fixture();
        int s = h.reg(STR);
        h.emit(LDS, s, 0);
        h.m.prim(1, h.reg(h.list), Prim.STR_SPLIT, s, s);
        h.end();
        assertRejects(h.build(), "function main: instruction 1 (prim): destination r1 has type List<U32>, str_split returns a List<String>");
        Fixture k = new Fixture();
        int t = k.reg(STR);
        k.emit(LDS, t, 0);
        k.m.prim(1, k.reg(k.pair), Prim.PARSE_U32, t);
        k.end();
        assertRejects(k.build(), "function main: instruction 1 (prim): destination r1 has type Pair, parse_u32 returns a tuple (Bool, U32)");
        Fixture ok = new Fixture();
        int u = ok.reg(STR);
        ok.emit(LDS, u, 0);
        ok.m.prim(1, ok.reg(ok.okU32), Prim.PARSE_U32, u);
        ok.m.prim(1, ok.reg(ok.listStr), Prim.STR_SPLIT, u, u);
        int cps = ok.reg(ok.list);
        ok.m.prim(1, cps, Prim.STR_CODE_POINTS, u);
        ok.m.prim(1, ok.reg(STR), Prim.STR_FROM_CODE_POINTS, cps);
        ok.m.prim(1, ok.reg(UNIT), Prim.IO_PRINT, u);
        ok.end();
        assertValid(ok.build());
    }

    // ------------------------------------------------------------------ get and known constructors

    @Test
    void getNeedsAConstructedValue() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        f.emit(GET, f.reg(U32), a, 0);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (get): get needs a constructed value (tuple, ADT, list or closure), r0 has type U32");
    }

    @Test
    void getFromATupleIsAlwaysKnown() {
        Fixture f = new Fixture();
        int s = f.reg(STR);
        f.emit(LDS, s, 0);
        int p = f.reg(f.pair);
        f.m.call(1, p, pairMaker(f), new int[0], new int[0]);
        f.emit(GET, f.reg(STR), p, 1);
        f.end();
        assertValid(f.build());
    }

    private static int pairMaker(Fixture f) {
        int id = f.b.declare("mkPair", new int[0], f.pair);
        FunctionBuilder b = f.b.define(id, "p.vx");
        int n = b.register(U32);
        int s = b.register(STR);
        int p = b.register(f.pair);
        b.emit(1, LDI, n, 1);
        b.emit(1, LDS, s, 0);
        b.newCell(1, p, f.pairCtor, n, s);
        b.emit(1, RET, p);
        return id;
    }

    /** A list cell in register {@code cell} whose tail is [], then {@code setf} per {@code body}. */
    private static Module setf(java.util.function.BiConsumer<Fixture, Integer> body) {
        Fixture f = new Fixture();
        int hole = f.reg(f.list);
        f.m.newCell(1, hole, f.nil);
        int cell = f.reg(f.list);
        f.m.newCell(1, cell, f.cons, f.u32(1), hole);
        body.accept(f, cell);
        f.end();
        return f.build();
    }

    @Test
    void setFieldConstructorIndexAndType() {
        Fixture.assertValid(setf((f, cell) -> {
            int tail = f.reg(f.list);
            f.m.newCell(1, tail, f.nil);
            f.emit(SETF, cell, f.cons, 1, tail);
        }));
        assertRejects(setf((f, cell) -> f.emit(SETF, cell, f.pairCtor, 1, cell)),
                "function main: instruction 3 (setf): setf of a field of Pair in r1, which has type List<U32>");
        assertRejects(setf((f, cell) -> f.emit(SETF, cell, f.cons, 2, cell)),
                "function main: instruction 3 (setf): field index 2 is out of range: Cons has 2 fields");
        assertRejects(setf((f, cell) -> f.emit(SETF, cell, f.cons, 1, f.u32(7))),
                "function main: instruction 4 (setf): value r3 has type U32, field 1 of Cons has type List<U32>");
        assertRejects(setf((f, cell) -> f.emit(SETF, cell, f.cons, 0, f.u32(7))),
                "function main: instruction 4 (setf): value r3 has type U32, not a reference type");
        assertRejects(setf((f, cell) -> {
            int c = f.reg(f.fn);
            f.m.newCell(1, c, f.adder, f.u32(2));
            f.emit(SETF, c, f.adder, 0, cell);
        }), "function main: instruction 5 (setf): setf of a field of Adder, a closure");
    }

    @Test
    void getFieldIndexAndType() {
        Fixture f = new Fixture();
        int s = f.reg(STR);
        f.emit(LDS, s, 0);
        int p = f.reg(f.pair);
        f.m.newCell(1, p, f.pairCtor, f.u32(1), s);
        f.emit(GET, f.reg(STR), p, 2);
        f.end();
        assertRejects(f.build(), "function main: instruction 3 (get): field index 2 is out of range: Pair has 2 fields");
        Fixture g = new Fixture();
        int t = g.reg(STR);
        g.emit(LDS, t, 0);
        int q = g.reg(g.pair);
        g.m.newCell(1, q, g.pairCtor, g.u32(1), t);
        g.emit(GET, g.reg(STR), q, 0);
        g.end();
        assertRejects(g.build(), "function main: instruction 3 (get): destination r3 has type String, field 0 of Pair has type U32");
    }

    /** A fixture where r0 is a Shape whose constructor is unknown (it comes from a call). */
    private static Fixture unknownShape() {
        Fixture f = new Fixture();
        int id = f.b.declare("mkShape", new int[0], f.shape);
        FunctionBuilder b = f.b.define(id, "s.vx");
        int x = b.register(F64);
        int c = b.register(f.shape);
        b.emit(1, LDI, x, 0);
        b.newCell(1, c, f.circle, x);
        b.emit(1, RET, c);
        f.m.call(1, f.reg(f.shape), id, new int[0], new int[0]);
        return f;
    }

    @Test
    void getNeedsAKnownConstructor() {
        Fixture f = unknownShape();
        f.emit(GET, f.reg(F64), 0, 0);
        f.end();
        assertRejects(f.build(), "function main: instruction 1 (get): the constructor of r0 is not known here (get needs a "
                + "single-constructor type, a switch case, a new, or a closure function's own closure)");
    }

    @Test
    void switchCasesKnowTheirConstructor() {
        Fixture g = unknownShape();
        int x = g.reg(F64);
        g.m.switchOn(1, 0, 2, 4);      // 1
        g.emit(GET, x, 0, 0);          // 2: Circle{r}
        g.emit(JMP, 5);                // 3
        g.emit(GET, x, 0, 1);          // 4: Rect{w, h}.h
        g.end();                       // 5, 6
        assertValid(g.build());
        Fixture h = unknownShape();
        h.m.switchOn(1, 0, 2, 2);      // both cases share a target
        h.emit(GET, h.reg(F64), 0, 0);
        h.end();
        assertRejects(h.build(), "function main: instruction 2 (get): the constructor of r0 is not known here (get needs a "
                + "single-constructor type, a switch case, a new, or a closure function's own closure)");
        Fixture k = unknownShape();
        k.m.switchOn(1, 0, 2, 3);      // 1
        k.emit(JMP, 3);                // 2: case Circle joins case Rect's code
        k.emit(GET, k.reg(F64), 0, 1); // 3: reached as Rect and as Circle
        k.end();
        assertRejects(k.build(), "function main: instruction 3 (get): the constructor of r0 is not known here (get needs a "
                + "single-constructor type, a switch case, a new, or a closure function's own closure)");
    }

    @Test
    void knownConstructorsFollowNewAndMovAndAreLostOnRedefinition() {
        Fixture f = new Fixture();
        int x = f.reg(F64);
        f.emit(LDI, x, 0);
        int s = f.reg(f.shape);
        int t = f.reg(f.shape);
        f.m.newCell(1, s, f.rect, x, x);
        f.emit(MOV, t, s);
        f.emit(GET, x, t, 1);
        f.end();
        assertValid(f.build());
        Fixture g = new Fixture();
        int y = g.reg(F64);
        g.emit(LDI, y, 0);
        int u = g.reg(g.shape);
        g.m.newCell(1, u, g.rect, y, y);
        g.m.call(1, u, mkShape(g), new int[0], new int[0]);
        g.emit(GET, y, u, 1);
        g.end();
        assertRejects(g.build(), "function main: instruction 3 (get): the constructor of r1 is not known here (get needs a "
                + "single-constructor type, a switch case, a new, or a closure function's own closure)");
    }

    private static int mkShape(Fixture f) {
        int id = f.b.declare("mkShape", new int[0], f.shape);
        FunctionBuilder b = f.b.define(id, "s.vx");
        int x = b.register(F64);
        int c = b.register(f.shape);
        b.emit(1, LDI, x, 0);
        b.newCell(1, c, f.circle, x);
        b.emit(1, RET, c);
        return id;
    }

    @Test
    void knownConstructorsMeetAtMerges() {
        // if c: s = Circle(x) else: s = Rect(x, x); get s.0  -> unknown after the merge
        Fixture f = new Fixture();
        int x = f.reg(F64);
        int c = f.reg(BOOL);
        int s = f.reg(f.shape);
        f.emit(LDI, x, 0);             // 0
        f.emit(LDI, c, 1);             // 1
        f.emit(JT, c, 5);              // 2
        f.m.newCell(1, s, f.circle, x); // 3
        f.emit(JMP, 6);                // 4
        f.m.newCell(1, s, f.rect, x, x); // 5
        f.emit(GET, x, s, 0);          // 6
        f.end();
        assertRejects(f.build(), "function main: instruction 6 (get): the constructor of r2 is not known here (get needs a "
                + "single-constructor type, a switch case, a new, or a closure function's own closure)");
        // Both paths build a Rect: known.
        Fixture g = new Fixture();
        int y = g.reg(F64);
        int d = g.reg(BOOL);
        int t = g.reg(g.shape);
        g.emit(LDI, y, 0);
        g.emit(LDI, d, 1);
        g.emit(JT, d, 5);
        g.m.newCell(1, t, g.rect, y, y);
        g.emit(JMP, 6);
        g.m.newCell(1, t, g.rect, y, y);
        g.emit(GET, y, t, 1);
        g.end();
        assertValid(g.build());
    }

    /**
     * A function type F = (U32) -> U32 with two closure shapes: One{U32}, run by {@code one},
     * which reads r0.0, and Two{Bool, U32}, run by {@code two}, which reads r0.1; {@code main}
     * is declared, not defined.
     */
    private record TwoShapes(ModuleBuilder b, int fn, int one, int two, int main, int oneShape) {
        static TwoShapes build() {
            ModuleBuilder b = new ModuleBuilder();
            int fn = b.funcType("F", new int[] {U32}, U32);
            int one = b.declare("one", new int[] {fn, U32}, U32);
            int two = b.declare("two", new int[] {fn, U32}, U32);
            int main = b.declare("main", new int[0], U32);
            int oneShape = b.closure(fn, "One", one, U32);
            b.closure(fn, "Two", two, BOOL, U32);
            FunctionBuilder o = b.define(one, "c.vx");
            int n = o.register(U32);
            o.emit(1, GET, n, 0, 0);
            o.emit(1, RET, n);
            FunctionBuilder t = b.define(two, "c.vx");
            int m = t.register(U32);
            t.emit(1, GET, m, 0, 1);
            t.emit(1, RET, m);
            return new TwoShapes(b, fn, one, two, main, oneShape);
        }
    }

    @Test
    void closureFunctionsKnowTheirOwnClosure() {
        // The fixture's adder reads r0.0; with a second closure shape of its type, only that
        // rule (not single-constructor) makes r0 known.
        Fixture f = new Fixture();
        f.end();
        assertValid(f.build());
        TwoShapes s = TwoShapes.build();
        FunctionBuilder mb = s.b().define(s.main(), "c.vx");
        int r = mb.register(U32);
        mb.emit(1, LDI, r, 0);
        mb.emit(1, RET, r);
        assertValid(s.b().entry(s.main()).build());
        // A plain function taking an F cannot read it.
        int other = s.b().declare("other", new int[] {s.fn()}, U32);
        FunctionBuilder ob = s.b().define(other, "c.vx");
        int k = ob.register(U32);
        ob.emit(1, GET, k, 0, 0);
        ob.emit(1, RET, k);
        assertRejects(s.b().entry(s.main()).build(), "function other: instruction 0 (get): the constructor of r0 is not known here "
                + "(get needs a single-constructor type, a switch case, a new, or a closure function's own closure)");
    }

    /**
     * two's code reads r0.1, sound for its own shape Two{Bool, U32}; a direct call could hand it
     * a One{U32} of the same function type, one word shorter, and every engine would read the
     * word after that cell. So a closure function is run only through callc and tcallc.
     */
    @Test
    void closureFunctionsAreCalledOnlyThroughAClosure() {
        for (Opcode op : new Opcode[] {Opcode.CALL, Opcode.TCALL, Opcode.JOB}) {
            TwoShapes s = TwoShapes.build();
            FunctionBuilder mb = s.b().define(s.main(), "c.vx");
            int x = mb.register(U32);
            int c = mb.register(s.fn());
            int r = mb.register(U32);
            mb.emit(1, LDI, x, 7);
            mb.newCell(1, c, s.oneShape(), x);
            mb.emit(1, LDI, x, 1);
            switch (op) {
                case CALL -> mb.call(1, r, s.two(), new int[] {c, x}, new int[0]);
                case JOB -> mb.job(1, r, s.two(), new int[] {c, x}, new int[0]);
                default -> mb.tcall(1, s.two(), c, x);
            }
            if (op != Opcode.TCALL) mb.emit(1, RET, r);
            assertRejects(s.b().entry(s.main()).build(), "function main: instruction 3 (" + op.mnemonic() + "): two is a closure "
                    + "shape's function; it is called only through a closure (callc, tcallc)");
        }
        // Through its closure, a closure function is called as before.
        Fixture f = new Fixture();
        int a = f.u32(1);
        int c = f.reg(f.fn);
        f.m.newCell(1, c, f.adder, a);
        f.m.callc(1, f.reg(U32), c, new int[] {a}, new int[0]);
        f.end();
        assertValid(f.build());
    }

    // ------------------------------------------------------------------ definedness

    @Test
    void readBeforeWrite() {
        Fixture f = new Fixture();
        int a = f.reg(U32);
        f.emit(RET, a);
        assertRejects(f.build(), "function main: instruction 0 (ret): register r0 is read before it is written on some path");
    }

    @Test
    void definedOnOnePathOnly() {
        Fixture f = new Fixture();
        int c = f.reg(BOOL);
        int a = f.reg(U32);
        f.emit(LDI, c, 1);      // 0
        f.emit(JF, c, 3);       // 1
        f.emit(LDI, a, 7);      // 2
        f.emit(RET, a);         // 3
        assertRejects(f.build(), "function main: instruction 3 (ret): register r1 is read before it is written on some path");
    }

    @Test
    void onlySavedRegistersSurviveACall() {
        Fixture f = new Fixture();
        int a = f.u32(1);
        int b = f.u32(2);
        int d = f.reg(U32);
        f.m.call(1, d, f.inc, new int[] {a}, new int[] {a});
        f.emit(ADD_U32, d, d, a);
        f.emit(ADD_U32, d, d, b);
        f.emit(RET, d);
        assertRejects(f.build(), "function main: instruction 4 (add_u32): register r1 is read before it is written on some path");
    }

    @Test
    void loopsIterateToAFixpoint() {
        // i = 0; loop: t = i + 1 (t only defined after the first pass); ... the back edge drops i via a call.
        Fixture f = new Fixture();
        int i = f.u32(0);              // 0
        int lim = f.u32(10);           // 1
        int c = f.reg(BOOL);
        f.emit(LT_S, c, i, lim);       // 2
        f.emit(JF, c, 6);              // 3
        f.m.call(1, i, f.inc, new int[] {i}, new int[] {c}); // 4: lim is not saved
        f.emit(JMP, 2);                // 5
        f.emit(RET, i);                // 6
        assertRejects(f.build(), "function main: instruction 2 (lt_s): register r1 is read before it is written on some path");
    }

    @Test
    void unreachableCodeIsNotCheckedForDefinedness() {
        Fixture f = new Fixture();
        int a = f.reg(U32);
        f.end();                       // 0, 1
        f.emit(RET, a);                // 2: reached by no path
        assertValid(f.build());
    }
}
