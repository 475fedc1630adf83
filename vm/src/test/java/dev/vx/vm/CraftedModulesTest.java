package dev.vx.vm;

import static dev.vx.bytecode.Opcode.*;
import static dev.vx.vm.JitTest.MODES;
import static dev.vx.vm.JitTest.one;
import static dev.vx.vm.JitTest.parity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.bytecode.FunctionBuilder;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.ModuleBuilder;
import dev.vx.bytecode.Scalar;
import dev.vx.bytecode.Verifier;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Modules no compiler writes but the verifier accepts run alike on both engines (RUNTIME.md 1:
 * "Engines may then trust the code"), found by an audit with hand-made .vxb files. Expected
 * values by hand.
 */
class CraftedModulesTest {
    private static final int U32 = Scalar.U32.typeId(), BOOL = Scalar.BOOL.typeId();

    /**
     * {@code main} sums {@code u(i)} for i = 200 down to 1 (past the JIT's threshold of 100),
     * where {@code u(r0: U32) -> U32} is written by {@code body} into the builder given.
     */
    private static Module summing(ModuleBuilder b, Consumer<FunctionBuilder> body) {
        FunctionBuilder u = b.function("u", new int[] {U32}, U32, "crafted.vx");
        body.accept(u);
        FunctionBuilder loop = b.function("loop", new int[] {U32, U32}, U32, "crafted.vx");
        int zero = loop.register(U32), done = loop.register(BOOL), v = loop.register(U32);
        loop.emit(1, LDI, zero, 0);
        loop.emit(1, EQ, done, 0, zero);
        loop.emit(1, JF, done, 4);
        loop.emit(1, RET, 1);
        loop.call(2, v, u.id(), new int[] {0}, new int[] {0, 1});
        loop.emit(2, ADD_U32, 1, 1, v);
        loop.emit(2, LDI, zero, 1);
        loop.emit(2, SUB_U32, 0, 0, zero);
        loop.tcall(2, loop.id(), 0, 1);
        FunctionBuilder main = b.function("main", new int[0], U32, "crafted.vx");
        int n = main.register(U32), acc = main.register(U32), r = main.register(U32);
        main.emit(1, LDI, n, 200);
        main.emit(1, LDI, acc, 0);
        main.call(1, r, loop.id(), new int[] {n, acc}, new int[0]);
        main.emit(1, RET, r);
        Module m = b.entry(main.id()).printResult(true).build();
        assertVerifies(m);
        return m;
    }

    private static void assertVerifies(Module m) {
        try {
            Verifier.verify(m);
        } catch (dev.vx.bytecode.BytecodeException e) {
            throw new AssertionError("the verifier rejects the module: " + e.getMessage(), e);
        }
    }

    @Test
    void aCallSiteNoPathReachesIsNoContinuationOfTheJit() {
        // u(x) = x + 5, with a call no path reaches between the jump and its target: the JIT
        // generated a continuation for it that read r2 unwritten (a JVM VerifyError, status 4).
        ModuleBuilder b = new ModuleBuilder();
        FunctionBuilder unused = b.function("unused", new int[0], U32, "crafted.vx");
        int one = unused.register(U32);
        unused.emit(1, LDI, one, 1);
        unused.emit(1, RET, one);
        int main = unused.id();
        Module m = summing(b, u -> {
            int r1 = u.register(U32), r2 = u.register(U32);
            u.emit(1, LDI, r2, 5);
            u.emit(1, JMP, 3);
            u.call(2, r1, main, new int[0], new int[0]);
            u.emit(3, ADD_U32, 0, 0, r2);
            u.emit(3, RET, 0);
        });
        for (JitTest.Run r : parity(m, one(), List.of(), MODES)) {
            assertEquals(0, r.status(), r.err());
            assertEquals("21100\n", r.out()); // 200 * 201 / 2 + 200 * 5
        }
    }

    @Test
    void aSwitchOverATypeWithoutConstructorsCompiles() {
        // u(x) = x, after a branch never taken (x is never 0) to a switch over an element of
        // an empty array of a type without constructors: the JIT built an invalid tableswitch.
        ModuleBuilder b = new ModuleBuilder();
        int empty = b.adt("Empty");
        int array = b.array("Array<Empty>", empty);
        Module m = summing(b, u -> {
            int c = u.register(BOOL), zero = u.register(U32), a = u.register(array), e = u.register(empty);
            u.emit(1, LDI, zero, 0);
            u.emit(1, EQ, c, 0, zero);
            u.emit(1, JF, c, 6);
            u.emit(2, AEMPTY, a);
            u.emit(2, AGET, e, a, zero);
            u.switchOn(2, e);
            u.emit(3, RET, 0);
        });
        for (JitTest.Run r : parity(m, one(), List.of(), MODES)) {
            assertEquals(0, r.status(), r.err());
            assertEquals("20100\n", r.out());
        }
    }

    @Test
    void aFunctionOfManyBlocksAndRegistersFallsBackBeforeGeneratingCode() {
        // 2,000 jumps (4,000 blocks) over 16,384 registers: under the bytecode limit by its
        // length, but ASM's stack map frames would hold 65 million locals. u(x) = x.
        ModuleBuilder b = new ModuleBuilder();
        Module m = summing(b, u -> {
            for (int i = 1; i < 16_384; i++) u.register(U32);
            for (int i = 0; i < 2_000; i++) u.emit(1, JMP, i + 1);
            u.emit(2, RET, 0);
        });
        for (JitTest.Run r : parity(m, one(), List.of(), List.of(Map.of("vx.jit.threshold", "0")))) {
            assertEquals("20100\n", r.out());
            assertEquals("1", r.stats().get("jit_fallbacks"), r.stats().toString());
            assertTrue(r.stats().get("jit_fallback u").startsWith("too large to compile"), r.stats().toString());
        }
    }

    @Test
    void aLongFunctionFallsBackByItsLength() {
        // 40,001 instructions cannot be less than 80,000 bytes of JVM code: no need to try.
        ModuleBuilder b = new ModuleBuilder();
        Module m = summing(b, u -> {
            for (int i = 0; i < 40_000; i++) u.emit(1, ADD_U32, 0, 0, 0);
            u.emit(2, RET, 0);
        });
        JitTest.Run r = parity(m, one(), List.of(), List.of(Map.of("vx.jit.threshold", "0"))).get(0);
        assertEquals("1", r.stats().get("jit_fallbacks"), r.stats().toString());
        assertEquals("more than 64 KiB of JVM bytecode (40001 instructions of at least 2 bytes)",
                r.stats().get("jit_fallback u"));
    }

    @Test
    void namesThatAreNotPlainTextAreEscapedInBacktraces() {
        // A name with a newline would print a forged frame line; a file name likewise.
        ModuleBuilder b = new ModuleBuilder();
        FunctionBuilder evil = b.function("evil\n  at fake (x.vx:1)\u001b[31m", new int[0], U32, "p\n.vx");
        int s = evil.register(dev.vx.bytecode.TypeDesc.STRING_TYPE);
        evil.emit(1, LDS, s, b.string("boom"));
        evil.emit(1, PANIC, s);
        FunctionBuilder main = b.function("main", new int[0], U32, "p.vx");
        int r = main.register(U32);
        main.call(1, r, evil.id(), new int[0], new int[0]);
        main.emit(2, RET, r);
        Module m = b.entry(main.id()).build();
        assertVerifies(m);
        JitTest.Run run = parity(m, one(), List.of(), MODES).get(0);
        assertEquals(1, run.status());
        assertEquals(List.of("vxvm: error: boom", "  at evil\\n  at fake (x.vx:1)\\u{1B}[31m (p\\n.vx:1)",
                "  at main (p.vx:1)"), run.err().strip().lines().toList());
    }
}
