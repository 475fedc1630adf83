package dev.vx.bytecode;

import static dev.vx.bytecode.Opcode.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

class DisassemblerTest {
    private static final int BOOL = Samples.BOOL, U32 = Samples.U32, F64 = Samples.F64, STR = Samples.STR;

    /** A small program: a list, an unnamed tuple, a function type with a closure shape, three functions. */
    static Module demo() {
        ModuleBuilder b = new ModuleBuilder();
        int list = b.list("List<U32>", U32);
        b.tuple(null, U32, STR);
        int pred = b.funcType(null, new int[] {U32}, BOOL);
        int main = b.declare("main", new int[0], U32);
        int len = b.declare("len", new int[] {list}, U32);
        int isZero = b.declare("is_zero", new int[] {pred, U32}, BOOL);
        b.closure(pred, "IsZero", isZero);
        int answer = b.constant(42);
        b.constantF64(1.5);

        FunctionBuilder m = b.define(main, "demo.vx");
        int empty = m.register(list);
        int seven = m.register(U32);
        int xs = m.register(list);
        int n = m.register(U32);
        int k = m.register(U32);
        int text = m.register(STR);
        int chars = m.register(U32);
        int f = m.register(F64);
        int less = m.register(BOOL);
        m.newCell(3, empty, b.ctorId(list, 0));
        m.emit(3, LDI, seven, 7);
        m.newCell(3, xs, b.ctorId(list, 1), seven, empty);
        m.call(4, n, len, new int[] {xs}, new int[] {seven});
        m.emit(4, LDK, k, answer);
        m.emit(5, LDS, text, b.string("hi\n\"there\""));
        m.prim(5, chars, Prim.STR_LEN, text);
        m.emit(6, CONV, f, chars, Scalar.convCode(Scalar.U32, Scalar.F64));
        m.emit(6, LT_S, less, seven, n);
        m.emit(6, JT, less, 11);
        m.emit(7, RET, k);
        m.emit(8, RET, n);

        FunctionBuilder l = b.define(len, "demo.vx");
        int zero = l.register(U32);
        int tail = l.register(list);
        l.switchOn(10, 0, 1, 3);
        l.emit(11, LDI, zero, 0);
        l.emit(11, RET, zero);
        l.emit(12, GET, tail, 0, 1);
        l.tcall(12, len, tail);

        FunctionBuilder z = b.define(isZero, "lib/zero.vx");
        int c = z.register(U32);
        int eq = z.register(BOOL);
        z.emit(2, LDI, c, 0);
        z.emit(2, EQ, eq, 1, c);
        z.emit(2, RET, eq);

        byte[] hash = new byte[32];
        for (int i = 0; i < hash.length; i++) hash[i] = (byte) i;
        return b.entry(main).printResult(true).sourceHash(hash).build();
    }

    private static final String DEMO = """
            vxb 1.0
            hash 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
            entry main (function 0), prints its result

            types
              t11 List<U32>: list of U32, ctors Nil, Cons
              t12 (U32, String): tuple (U32, String), ctors Tuple
              t13 (U32) -> Bool: function (U32) -> Bool, ctors IsZero

            ctors
              c16 Nil: List<U32> tag 0 ()
              c17 Cons: List<U32> tag 1 (U32, List<U32>)
              c18 Tuple: (U32, String) tag 0 (U32, String)
              c19 IsZero: (U32) -> Bool tag 0 () closure is_zero

            constants
              k0 = 42 (0x000000000000002a)
              k1 = 4609434218613702656 (0x3ff8000000000000)

            fn 0 main() -> U32   ; demo.vx:3, 9 registers
              ; r0: List<U32>, r1: U32, r2: List<U32>, r3: U32, r4: U32, r5: String, r6: U32, r7: F64, r8: Bool
              0: new r0, Nil, []
              1: ldi r1, 7
              2: new r2, Cons, [r1, r0]
              3: call r3, len, [r2], [r1]   ; line 4
              4: ldk r4, k0
              5: lds r5, "hi\\n\\"there\\""   ; line 5
              6: prim r6, str_len, [r5]
              7: conv r7, r6, U32->F64   ; line 6
              8: lt_s r8, r1, r3
              9: jt r8, @11
              10: ret r4   ; line 7
              11: ret r3   ; line 8

            fn 1 len(r0: List<U32>) -> U32   ; demo.vx:10, 3 registers
              ; r1: U32, r2: List<U32>
              0: switch r0, [@1, @3]
              1: ldi r1, 0   ; line 11
              2: ret r1
              3: get r2, r0, 1   ; line 12
              4: tcall len, [r2]

            fn 2 is_zero(r0: (U32) -> Bool, r1: U32) -> Bool   ; lib/zero.vx:2, 4 registers
              ; r2: U32, r3: Bool
              0: ldi r2, 0
              1: eq r3, r1, r2
              2: ret r3
            """;

    @Test
    void exactOutputOfASmallModule() throws BytecodeException {
        Module m = demo();
        Verifier.verify(m);
        assertEquals(DEMO, Disassembler.disassemble(m));
    }

    @Test
    void theSameModuleReadBackPrintsTheSame() throws BytecodeException {
        Module m = demo();
        assertEquals(DEMO, Disassembler.disassemble(ModuleReader.read(ModuleWriter.write(m))));
    }

    @Test
    void namesThatAreNotPlainTextAreEscaped() {
        ModuleBuilder b = new ModuleBuilder();
        FunctionBuilder f = b.function("two\nlines", new int[0], U32, "");
        int r = f.register(U32);
        f.emit(1, LDI, r, 0);
        f.emit(1, RET, r);
        String text = Disassembler.disassemble(b.entry(0).build());
        assertTrue(text.contains("fn 0 two\\nlines() -> U32   ; \"\":1, 1 registers\n"), text);
        assertTrue(text.contains("entry two\\nlines (function 0)\n"), text);
    }

    @Test
    void brokenReferencesPrintWithAQuestionMark() {
        Module m = demo();
        FunctionDesc main = m.function(0);
        List<Insn> code = List.of(Insn.of(CALL, 3, 9, 0, 0), Insn.of(NEW, 0, 99, 0), Insn.of(LDS, 0, 500),
                Insn.of(PRIM, 0, 77, 0), Insn.of(RET), Insn.of(CONV, 0, 0, -1));
        Module broken = Fixture.withFunction(m, 0, Fixture.withCode(main, main.registerTypes(), code));
        String text = Disassembler.disassemble(broken);
        assertTrue(text.contains("  0: call r3, ?f9, [], []\n"), text);
        assertTrue(text.contains("  1: new r0, ?c99, []\n"), text);
        assertTrue(text.contains("  2: lds r0, ?s500\n"), text);
        assertTrue(text.contains("  3: prim r0, ?p77, []\n"), text);
        assertTrue(text.contains("  4: ret <malformed: []>\n"), text);
        assertTrue(text.contains("  5: conv r0, r0, -1\n"), text);
    }
}
