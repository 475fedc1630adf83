package dev.vx.bytecode;

import static dev.vx.bytecode.Opcode.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verifier on big functions: it finishes, and what it cannot hold in memory it rejects cleanly. */
class VerifierScaleTest {
    private static final int U32 = Samples.U32, BOOL = Samples.BOOL;

    @Test
    void aLargeBranchyFunctionVerifies() throws BytecodeException {
        // 3,000 if/else diamonds over 2,000 live registers, inside a loop, with a switch and gets
        // on a list in every diamond: about 40,000 instructions and 9,000 blocks.
        ModuleBuilder b = new ModuleBuilder();
        int list = b.list("List", U32);
        FunctionBuilder f = b.function("big", new int[0], U32, "big.vx");
        int[] regs = new int[2000];
        for (int i = 0; i < regs.length; i++) {
            regs[i] = f.register(U32);
            f.emit(1, LDI, regs[i], i);
        }
        int c = f.register(BOOL);
        int xs = f.register(list);
        int head = f.register(U32);
        f.newCell(1, xs, b.ctorId(list, 0));
        f.newCell(1, xs, b.ctorId(list, 1), regs[0], xs);
        int loop = f.here();
        for (int i = 0; i < 3000; i++) {
            int a = regs[i % regs.length];
            f.emit(2, LT_S, c, a, regs[(i * 7) % regs.length]);
            int branch = f.emit(2, JT, c, -1);
            f.emit(2, ADD_U32, a, a, a);
            int jump = f.emit(2, JMP, -1);
            f.patch(branch, 1, f.here());
            int sw = f.switchOn(2, xs, -1, -1);
            f.patch(sw, 2, f.here());
            f.emit(2, SUB_U32, a, a, a);
            int out = f.emit(2, JMP, -1);
            f.patch(sw, 3, f.here());
            f.emit(2, GET, head, xs, 0);
            f.emit(2, MUL_U32, a, a, head);
            f.patch(jump, 0, f.here());
            f.patch(out, 0, f.here());
        }
        f.emit(3, JT, c, loop);
        f.emit(3, RET, regs[1]);
        Module m = b.entry(f.id()).build();
        long start = System.nanoTime();
        Verifier.verify(m);
        long ms = (System.nanoTime() - start) / 1_000_000;
        // A hang detector, not a benchmark: this takes well under a second.
        assertTrue(ms < 20_000, "verification took " + ms + " ms");
    }

    @Test
    void aLongMovChainInALoopConverges() throws BytecodeException {
        // chain(u: Shape): every r[i] := Circle; loop { r[0] := r[1]; ...; r[n-2] := r[n-1];
        // x := r[0].0; r[n-1] := u }. That u's constructor is unknown reaches r[0] only after n
        // passes of the fixpoint, each over the whole chain: the worst case for known constructors
        // (quadratic in the chain, i.e. code size x registers; 5 s at the full 16,384 registers).
        int n = 8192;
        ModuleBuilder b = new ModuleBuilder();
        int shape = b.adt("Shape");
        int circle = b.ctor(shape, "Circle", U32);
        b.ctor(shape, "Square", U32);
        FunctionBuilder main = b.function("main", new int[0], U32, "c.vx");
        int zero = main.register(U32);
        main.emit(1, LDI, zero, 0);
        main.emit(1, RET, zero);
        FunctionBuilder f = b.function("chain", new int[] {shape}, U32, "c.vx");
        int x = f.register(U32);
        int[] r = new int[n];
        for (int i = 0; i < n; i++) r[i] = f.register(shape);
        int c = f.register(BOOL);
        f.emit(1, LDI, x, 0);
        f.emit(1, LDI, c, 1);
        for (int i = 0; i < n; i++) f.newCell(1, r[i], circle, x);
        int loop = f.here();
        for (int i = 0; i + 1 < n; i++) f.emit(2, MOV, r[i], r[i + 1]);
        int get = f.emit(3, GET, x, r[0], 0);
        f.emit(4, MOV, r[n - 1], 0);
        f.emit(5, JT, c, loop);
        f.emit(6, RET, x);
        Module module = b.entry(main.id()).build();
        long start = System.nanoTime();
        BytecodeException e = assertThrows(BytecodeException.class, () -> Verifier.verify(module));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals("function chain: instruction " + get + " (get): the constructor of r2 is not known here (get needs a "
                + "single-constructor type, a switch case, a new, or a closure function's own closure)", e.getMessage());
        // A hang detector, not a benchmark.
        assertTrue(ms < 30_000, "verification took " + ms + " ms");
        System.out.println("[scale] mov chain of " + n + " registers: " + ms + " ms");
    }

    @Test
    void aMillionMovsIntoOneRegisterVerifyInLinearTime() throws BytecodeException {
        // Each mov into a register of a two-constructor type once grew that register's list of
        // sources by copying it: 143 s for this (an auditor's module of 3 MB).
        ModuleBuilder b = new ModuleBuilder();
        int t = b.adt("T");
        b.ctor(t, "A", U32);
        int empty = b.ctor(t, "B");
        FunctionBuilder f = b.function("main", new int[0], U32, "m.vx");
        int x = f.register(U32), r1 = f.register(t), r2 = f.register(t);
        f.emit(1, LDI, x, 7);
        f.newCell(1, r2, empty);
        for (int i = 0; i < 1_000_000; i++) f.emit(1, MOV, r1, r2);
        f.emit(1, RET, x);
        Module module = b.entry(f.id()).build();
        long start = System.nanoTime();
        Verifier.verify(module);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 30_000, "verification took " + ms + " ms"); // a hang detector, not a benchmark
        System.out.println("[scale] 1,000,000 movs into one register: " + ms + " ms");
    }

    @Test
    void aHugeNameCalledEverywhereVerifiesInLinearTime() throws BytecodeException {
        // Messages quote a function's name, and each call site once made it printable: 200,000
        // calls of a function named with 500,000 characters took 29 s. A message cuts it.
        ModuleBuilder b = new ModuleBuilder();
        String name = "n".repeat(500_000);
        FunctionBuilder g = b.function(name, new int[] {U32}, U32, "m.vx");
        g.emit(1, RET, 0);
        FunctionBuilder f = b.function("main", new int[0], U32, "m.vx");
        int x = f.register(U32);
        f.emit(1, LDI, x, 7);
        for (int i = 0; i < 200_000; i++) f.call(1, x, g.id(), new int[] {x}, new int[0]);
        int bad = f.call(1, x, g.id(), new int[] {x, x}, new int[0]);
        f.emit(1, RET, x);
        Module module = b.entry(f.id()).build();
        long start = System.nanoTime();
        BytecodeException e = assertThrows(BytecodeException.class, () -> Verifier.verify(module));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 30_000, "verification took " + ms + " ms"); // a hang detector, not a benchmark
        assertTrue(e.getMessage().startsWith("function main: instruction " + bad + " (call): "), e.getMessage());
        assertTrue(e.getMessage().contains("n".repeat(120) + "…"), e.getMessage());
        assertTrue(e.getMessage().length() < 1000, "a message of " + e.getMessage().length() + " characters");
        System.out.println("[scale] 200,000 calls of a 500,000-character name: " + ms + " ms");
    }

    @Test
    void aPathologicallySlowAnalysisIsRejected() {
        // As above, but each mov in a block of its own: every one of the n passes would meet
        // n blocks of n known constructors, n^3 steps. The work budget stops it.
        int n = 4000;
        ModuleBuilder b = new ModuleBuilder();
        int shape = b.adt("Shape");
        int circle = b.ctor(shape, "Circle", U32);
        b.ctor(shape, "Square", U32);
        FunctionBuilder main = b.function("main", new int[0], U32, "c.vx");
        int zero = main.register(U32);
        main.emit(1, LDI, zero, 0);
        main.emit(1, RET, zero);
        FunctionBuilder f = b.function("blocks", new int[] {shape}, U32, "c.vx");
        int x = f.register(U32);
        int[] r = new int[n];
        for (int i = 0; i < n; i++) r[i] = f.register(shape);
        int c = f.register(BOOL);
        f.emit(1, LDI, x, 0);
        f.emit(1, LDI, c, 1);
        for (int i = 0; i < n; i++) f.newCell(1, r[i], circle, x);
        int loop = f.here();
        for (int i = 0; i + 1 < n; i++) {
            f.emit(2, MOV, r[i], r[i + 1]);
            f.emit(2, JMP, f.here() + 1);
        }
        f.emit(3, GET, x, r[0], 0);
        f.emit(4, MOV, r[n - 1], 0);
        f.emit(5, JT, c, loop);
        f.emit(6, RET, x);
        Module module = b.entry(main.id()).build();
        long start = System.nanoTime();
        BytecodeException e = assertThrows(BytecodeException.class, () -> Verifier.verify(module));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals("function blocks: too complex to verify: its dataflow analysis would take more than 1000000000 steps",
                e.getMessage());
        assertTrue(ms < 30_000, "verification took " + ms + " ms");
        System.out.println("[scale] " + n + " blocks of " + n + " known constructors: rejected after " + ms + " ms");
    }

    @Test
    void aFunctionTooLargeToVerifyIsRejected() {
        // 16,384 registers and 140,000 blocks would need gigabytes of per-block state.
        int blocks = 140_000;
        List<Insn> code = new ArrayList<>(blocks + 2);
        code.add(Insn.of(LDI, 0, 0));
        for (int i = 1; i <= blocks; i++) code.add(Insn.of(JMP, i + 1));
        code.add(Insn.of(RET, 0));
        int[] registers = new int[Layout.MAX_REGISTERS];
        Arrays.fill(registers, U32);
        FunctionDesc f = new FunctionDesc(0, new int[0], U32, registers, code, 0, new int[code.size()]);
        Module m = new Module(new byte[32], List.of("huge"), new long[0], Module.BUILTIN_TYPES, List.of(), List.of(f), 0, false);
        BytecodeException e = assertThrows(BytecodeException.class, () -> Verifier.verify(m));
        assertEquals("function huge: too large to verify: 140001 blocks of 16384 registers need more than 256 MiB of verifier state",
                e.getMessage());
    }
}
