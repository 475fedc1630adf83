package dev.vx.bytecode;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The file format: exact bytes, each section, large counts, and every way the reader rejects a file. */
class ModuleCodecTest {
    private static final int U32 = Samples.U32, I32 = Samples.I32, STR = Samples.STR;

    /** main() -> U32 { ldi r0, -1; ret r0 } with file "main", both on line 1, printing its result. */
    static Module tiny() {
        // Its 83 bytes: header 0-7, strings 8-15, constants 16-18, types 19-21, ctors 22-24,
        // functions 25-38, debug 39-44, entry 45-48, hash 49-82.
        ModuleBuilder b = new ModuleBuilder();
        FunctionBuilder f = b.function("main", new int[0], U32, "main");
        int r = f.register(U32);
        f.emit(1, Opcode.LDI, r, -1);
        f.emit(1, Opcode.RET, r);
        return b.entry(f.id()).printResult(true).build();
    }

    static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < b.length; i++) b[i] = (byte) values[i];
        return b;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.write(p, 0, p.length);
        return out.toByteArray();
    }

    /** The header (8 bytes) and the 8 sections of an encoded module, as separate arrays. */
    static List<byte[]> parts(byte[] file) {
        List<byte[]> out = new ArrayList<>();
        out.add(Arrays.copyOf(file, 8));
        for (int[] s : Mutations.sections(file)) out.add(Arrays.copyOfRange(file, s[0], s[1]));
        return out;
    }

    static byte[] join(List<byte[]> parts) {
        return concat(parts.toArray(new byte[0][]));
    }

    static String readError(byte[] file) {
        return assertThrows(BytecodeException.class, () -> ModuleReader.read(file)).getMessage();
    }

    // ------------------------------------------------------------------ exact encoding

    @Test
    void theBytesOfASmallModule() {
        byte[] expected = concat(
                bytes('V', 'X', 'B', 0, 1, 0, 0, 0),
                bytes(1, 6, 1, 4, 'm', 'a', 'i', 'n'),            // strings
                bytes(2, 1, 0),                                   // constants
                bytes(3, 1, 0),                                   // types (after the built-ins)
                bytes(4, 1, 0),                                   // ctors
                bytes(5, 12, 1, 0, 0, 1, 1, 1, 2,                 // functions: name, no params, U32, 1 register: U32, 2 insns
                        2, 0, 0x7F,                               // ldi r0, -1
                        77, 0),                                   // ret r0
                bytes(6, 4, 0, 1, 2, 1),                          // debug: file, 1 run of 2 instructions on line 1
                bytes(7, 2, 0, 1),                                // entry 0, print the result
                bytes(8, 32), new byte[32]);                      // hash
        assertArrayEquals(expected, ModuleWriter.write(tiny()));
    }

    @Test
    void opcodeBytesArePartOfTheFormat() {
        // New opcodes go at the end; these values are in every .vxb file written so far.
        assertEquals(0, Opcode.NOP.ordinal());
        assertEquals(2, Opcode.LDI.ordinal());
        assertEquals(68, Opcode.CONV.ordinal());
        assertEquals(73, Opcode.CALL.ordinal());
        assertEquals(77, Opcode.RET.ordinal());
        assertEquals(95, Opcode.PRIM.ordinal());
        assertEquals(96, Opcode.AEMPTY.ordinal());
        assertEquals(97, Opcode.ALLOC.ordinal()); // format 1.1
        assertEquals(98, Opcode.ATAKE.ordinal()); // format 1.2
        assertEquals(99, Opcode.SETF.ordinal()); // format 1.4
        assertEquals(Opcode.values().length - 1, Opcode.SETF.ordinal());
        assertEquals(6, TypeKind.FUNC.ordinal());
    }

    @Test
    void writingIsDeterministic() {
        Module m = Samples.rich();
        assertArrayEquals(ModuleWriter.write(m), ModuleWriter.write(Samples.rich()));
    }

    // ------------------------------------------------------------------ sections round trip

    private static Module roundTrip(Module m) throws BytecodeException {
        Module back = ModuleReader.read(ModuleWriter.write(m));
        assertEquals(m, back);
        return back;
    }

    @Test
    void richModuleRoundTrips() throws BytecodeException {
        roundTrip(Samples.rich());
    }

    @Test
    void stringsRoundTrip() throws BytecodeException {
        ModuleBuilder b = new ModuleBuilder();
        String[] samples = {"", "a", "\0", "tab\tnew\nline", "é", "日本語", "\uD83D\uDE00 emoji", "\u007F\u0080\u07FF\u0800\uFFFF"};
        for (String s : samples) b.string(s);
        for (int i = 0; i < 1000; i++) b.string("s" + i);
        Module m = roundTrip(tinyWith(b));
        assertEquals("\uD83D\uDE00 emoji", m.string(6));
        assertEquals(samples.length + 1000 + 2, m.strings().size()); // and "main", "main.vx"
    }

    /** The builder's tables plus a tiny main. */
    private static Module tinyWith(ModuleBuilder b) {
        FunctionBuilder f = b.function("main", new int[0], U32, "main.vx");
        int r = f.register(U32);
        f.emit(1, Opcode.LDI, r, 0);
        f.emit(1, Opcode.RET, r);
        return b.entry(f.id()).build();
    }

    @Test
    void constantsRoundTrip() throws BytecodeException {
        ModuleBuilder b = new ModuleBuilder();
        long[] values = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, Double.doubleToRawLongBits(Double.NaN), 0x0102030405060708L};
        for (long v : values) b.constant(v);
        Module m = roundTrip(tinyWith(b));
        assertArrayEquals(values, m.constants());
    }

    @Test
    void everyTypeKindAndConstructorRoundTrips() throws BytecodeException {
        Module m = roundTrip(Samples.rich());
        assertEquals(TypeKind.LIST, m.type(11).kind());
        assertEquals(TypeKind.TUPLE, m.type(12).kind());
        assertEquals(TypeKind.ADT, m.type(13).kind());
        assertEquals(TypeKind.FUNC, m.type(14).kind());
        assertEquals(TypeKind.ARRAY, m.type(15).kind());
        assertEquals(2, m.ctor(21).closureFunction());
        assertEquals(-1, m.ctor(16).closureFunction());
    }

    @Test
    void unnamedTypesRoundTrip() throws BytecodeException {
        ModuleBuilder b = new ModuleBuilder();
        b.array(null, U32);
        b.tuple(null, U32, STR);
        Module m = roundTrip(tinyWith(b));
        assertEquals(-1, m.type(11).name());
    }

    @Test
    void everyOpcodeAndImmediateRoundTrips() throws BytecodeException {
        // The codec does not verify, so one instruction of each opcode with arbitrary operands will do.
        List<Insn> code = new ArrayList<>();
        int[] immediates = {0, 1, -1, 63, 64, -64, -65, Integer.MIN_VALUE, Integer.MAX_VALUE};
        int k = 0;
        for (Opcode op : Opcode.values()) {
            int[] operands = new int[0];
            for (Operand o : op.operands()) {
                if (o.isList()) {
                    int n = k % 4;
                    operands = Arrays.copyOf(operands, operands.length + 1 + n);
                    operands[operands.length - 1 - n] = n;
                    for (int i = 0; i < n; i++) operands[operands.length - n + i] = 300 + i;
                } else {
                    operands = Arrays.copyOf(operands, operands.length + 1);
                    operands[operands.length - 1] = o == Operand.IMM ? immediates[k % immediates.length] : 129 * k;
                }
                k++;
            }
            code.add(new Insn(op, operands));
        }
        int[] lines = new int[code.size()];
        for (int i = 0; i < lines.length; i++) lines[i] = i / 3;
        FunctionDesc f = new FunctionDesc(0, new int[] {U32}, I32, new int[] {U32, STR, I32}, code, 0, lines);
        Module m = new Module(new byte[32], List.of("f"), new long[0], Module.BUILTIN_TYPES, List.of(), List.of(f), 0, false);
        roundTrip(m);
    }

    @Test
    void largeCountsRoundTrip() throws BytecodeException {
        ModuleBuilder b = new ModuleBuilder();
        int shape = b.adt("Big");
        for (int i = 0; i < 300; i++) b.ctor(shape, "K" + i, U32);
        FunctionBuilder f = b.function("main", new int[0], U32, "main.vx");
        int s = f.register(shape);
        int[] regs = new int[300];
        for (int i = 0; i < regs.length; i++) regs[i] = f.register(U32);
        f.emit(1, Opcode.LDI, regs[0], 1);
        f.newCell(1, s, b.ctorId(shape, 299), regs[0]);
        int[] targets = new int[300];
        Arrays.fill(targets, 3);
        f.switchOn(2, s, targets);
        f.emit(3, Opcode.RET, regs[0]);
        Module m = roundTrip(b.entry(f.id()).build());
        Verifier.verify(m);
        assertEquals(301, m.function(0).registerCount());
    }

    @Test
    void linesAreRunLengthEncoded() throws BytecodeException {
        ModuleBuilder same = new ModuleBuilder();
        FunctionBuilder f = same.function("main", new int[0], U32, "main.vx");
        int r = f.register(U32);
        for (int i = 0; i < 999; i++) f.emit(7, Opcode.NOP);
        f.emit(7, Opcode.LDI, r, 0);
        Insn ret = Insn.of(Opcode.RET, r);
        f.emit(7, ret);
        byte[] sameFile = ModuleWriter.write(same.entry(0).build());
        // debug payload: file, 1 run, length 1001 (2 bytes), line 7
        assertArrayEquals(bytes(6, 5, 1, 1, 0xE9, 0x07, 7), parts(sameFile).get(6));
        roundTrip(ModuleReader.read(sameFile));

        ModuleBuilder alternating = new ModuleBuilder();
        FunctionBuilder g = alternating.function("main", new int[0], U32, "main.vx");
        int q = g.register(U32);
        for (int i = 0; i < 100; i++) g.emit(i % 2, Opcode.NOP);
        g.emit(5, Opcode.LDI, q, 0);
        g.emit(5, Opcode.RET, q);
        Module m = roundTrip(alternating.entry(0).build());
        assertEquals(1, m.function(0).lines()[99]);
        assertEquals(5, m.function(0).lines()[101]);
    }

    @Test
    void entryFlagsRoundTrip() throws BytecodeException {
        Module m = tiny();
        Module quiet = new Module(m.sourceHash(), m.strings(), m.constants(), m.types(), m.ctors(), m.functions(), 0, false);
        assertFalse(roundTrip(quiet).printResult());
        assertTrue(roundTrip(m).printResult());
    }

    // ------------------------------------------------------------------ the writer's refusals

    @Test
    void theWriterRefusesWhatTheFormatCannotHold() {
        Module m = tiny();
        FunctionDesc f = m.function(0);
        assertEquals("the source hash must be 32 bytes",
                assertThrows(IllegalArgumentException.class, () -> ModuleWriter.write(Fixture.withHash(m, new byte[2]))).getMessage());
        assertEquals("the type table must start with the 11 built-in types",
                assertThrows(IllegalArgumentException.class, () -> ModuleWriter.write(Fixture.withTypes(m, List.of()))).getMessage());
        assertEquals("function 0 has 1 lines for 2 instructions",
                assertThrows(IllegalArgumentException.class, () -> ModuleWriter.write(Fixture.withFunction(m, 0,
                        new FunctionDesc(f.name(), f.params(), f.result(), f.registerTypes(), f.code(), f.file(), new int[1])))).getMessage());
        assertEquals("function 0: register 0 must have its parameter's type",
                assertThrows(IllegalArgumentException.class, () -> ModuleWriter.write(Fixture.withFunction(m, 0,
                        new FunctionDesc(f.name(), new int[] {I32}, f.result(), new int[] {U32}, f.code(), f.file(), f.lines())))).getMessage());
        assertEquals("function 0, instruction 1 operand is negative (-3); the format stores it unsigned",
                assertThrows(IllegalArgumentException.class, () -> ModuleWriter.write(Fixture.withFunction(m, 0,
                        Fixture.withCode(f, f.registerTypes(), List.of(Insn.of(Opcode.LDI, 0, 1), Insn.of(Opcode.RET, -3)))))).getMessage());
        assertEquals("function 0, instruction 0: operand array has 1 ints more than shape \"r\" uses",
                assertThrows(IllegalArgumentException.class, () -> ModuleWriter.write(Fixture.withFunction(m, 0,
                        Fixture.withCode(f, f.registerTypes(), List.of(Insn.of(Opcode.RET, 0, 0)))))).getMessage());
        assertEquals("string 0 is not valid Unicode (an unpaired surrogate)",
                assertThrows(IllegalArgumentException.class, () -> ModuleWriter.write(Fixture.withStrings(m, List.of("\uD800")))).getMessage());
    }

    // ------------------------------------------------------------------ the reader's rejections

    private static List<byte[]> tinyParts() {
        return parts(ModuleWriter.write(tiny()));
    }

    @Test
    void badMagic() {
        String expected = "header, byte 0: bad magic: not a .vxb file (a .vxb starts with the bytes 'VXB' 0)";
        assertEquals(expected, readError(new byte[0]));
        assertEquals(expected, readError(bytes('V', 'X', 'B')));
        assertEquals(expected, readError(bytes('V', 'X', 'C', 0, 1, 0, 0, 0)));
        assertEquals("no .vxb bytes to read", readError(null));
    }

    @Test
    void unsupportedVersion() {
        List<byte[]> p = tinyParts();
        p.set(0, bytes('V', 'X', 'B', 0, 2, 0, 0, 0));
        assertEquals("header, byte 4: unsupported format version 2.0 (this reader reads 1.4)", readError(join(p)));
        p.set(0, bytes('V', 'X', 'B', 0, 1, 0, 5, 0));
        assertEquals("header, byte 4: unsupported format version 1.5 (this reader reads 1.4)", readError(join(p)));
        assertEquals("header, byte 6: truncated format version: it runs past the end of the file (byte 6)",
                readError(bytes('V', 'X', 'B', 0, 1, 0)));
    }

    @Test
    void missingSections() {
        assertEquals("file, byte 8: missing strings section at the end of the file", readError(bytes('V', 'X', 'B', 0, 1, 0, 0, 0)));
        List<byte[]> p = tinyParts();
        p.remove(2); // constants
        assertEquals("file, byte 16: missing constants section (found the types section instead)", readError(join(p)));
        List<byte[]> q = tinyParts();
        q.remove(8); // hash
        assertEquals("file, byte 49: missing hash section at the end of the file", readError(join(q)));
    }

    @Test
    void duplicatedSection() {
        List<byte[]> p = tinyParts();
        p.add(2, p.get(1));
        assertEquals("file, byte 16: duplicated strings section", readError(join(p)));
    }

    @Test
    void sectionOutOfOrder() {
        List<byte[]> p = tinyParts();
        p.add(3, p.get(1)); // strings again after constants
        assertEquals("file, byte 19: strings section out of order (it must come before the constants section)", readError(join(p)));
    }

    @Test
    void unknownSection() {
        List<byte[]> p = tinyParts();
        p.add(1, bytes(9, 0));
        assertEquals("file, byte 8: unknown section id 9", readError(join(p)));
        p.set(1, bytes(0, 0));
        assertEquals("file, byte 8: unknown section id 0", readError(join(p)));
    }

    @Test
    void sectionLengthOverrunningTheFile() {
        List<byte[]> p = tinyParts();
        p.set(1, bytes(1, 100, 1, 4, 'm', 'a', 'i', 'n'));
        assertEquals("file, byte 8: strings section length 100 overruns the file (the section would end at byte 110, "
                + "the file has 83 bytes)", readError(join(p)));
        byte[] huge = concat(bytes('V', 'X', 'B', 0, 1, 0, 0, 0), bytes(1, 0xFF, 0xFF, 0xFF, 0xFF, 0x07));
        assertEquals("file, byte 8: strings section length 2147483647 overruns the file (the section would end at byte "
                + "2147483661, the file has 14 bytes)", readError(huge));
    }

    @Test
    void truncatedValueInASection() {
        List<byte[]> p = tinyParts();
        p.set(1, bytes(1, 1, 0x80));
        assertEquals("strings section, byte 10: truncated LEB128 string count: it runs past the end of the strings section (byte 11)",
                readError(join(p)));
        p.set(1, bytes(1, 3, 1, 4, 'm'));
        assertEquals("strings section, byte 12: string 0: truncated string: it runs past the end of the strings section (byte 13)",
                readError(join(p)));
    }

    @Test
    void overLongAndOversizedLeb128() {
        List<byte[]> p = tinyParts();
        p.set(1, bytes(1, 11, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00));
        assertEquals("strings section, byte 10: over-long LEB128 string count (more than 10 bytes)", readError(join(p)));
        p.set(1, bytes(1, 5, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F));
        assertEquals("strings section, byte 10: string count does not fit a 32-bit int", readError(join(p)));
    }

    @Test
    void absurdCountsAreRejectedBeforeAllocating() {
        // A 14-byte file must not make the reader allocate for two billion strings.
        byte[] file = concat(bytes('V', 'X', 'B', 0, 1, 0, 0, 0), bytes(1, 5, 0xFF, 0xFF, 0xFF, 0xFF, 0x07));
        assertEquals("strings section, byte 10: string count 2147483647 is more than the 0 bytes left in the strings section can hold",
                readError(file));
        List<byte[]> p = tinyParts();
        p.set(2, bytes(2, 2, 1, 0)); // one constant needs 8 bytes
        assertEquals("constants section, byte 18: constant count 1 is more than the 1 bytes left in the constants section can hold",
                readError(join(p)));
    }

    @Test
    void invalidUtf8() {
        List<byte[]> p = tinyParts();
        for (byte[] bad : new byte[][] {bytes(0xC3, 0x28), bytes(0xC0, 0x80), bytes(0xED, 0xA0, 0x80), bytes(0xFF, 0x41)}) {
            p.set(1, concat(bytes(1, 2 + bad.length, 1, bad.length), bad));
            assertEquals("strings section, byte 12: string 0: string is not valid UTF-8", readError(join(p)));
        }
    }

    @Test
    void unknownOpcode() {
        List<byte[]> p = tinyParts();
        byte[] functions = p.get(5).clone();
        functions[12] = (byte) 200; // byte 37: the opcode of instruction 1 (ret)
        p.set(5, functions);
        assertEquals("functions section, byte 37: function 0, instruction 1: unknown opcode byte 200", readError(join(p)));
    }

    /** Verifies m, writes it, checks that the header says format 1.{@code minor} and that it reads back as m. */
    private static byte[] writtenInFormat(Module m, int minor) throws BytecodeException {
        Verifier.verify(m);
        byte[] file = ModuleWriter.write(m);
        assertArrayEquals(bytes('V', 'X', 'B', 0, 1, 0, minor, 0), Arrays.copyOf(file, 8));
        assertEquals(m, ModuleReader.read(file));
        return file;
    }

    @Test
    void aModuleIsWrittenInTheOldestFormatThatHoldsIt() throws BytecodeException {
        byte[] old = ModuleWriter.write(tiny());
        assertArrayEquals(bytes('V', 'X', 'B', 0, 1, 0, 0, 0), Arrays.copyOf(old, 8));
        ModuleBuilder b = new ModuleBuilder();
        int list = b.list("List<U32>", Samples.U32);
        FunctionBuilder f = b.function("main", new int[0], list, "main");
        int t = f.register(list);
        int x = f.register(Samples.U32);
        int nil = f.register(list);
        f.alloc(1, t, b.ctorId(list, 1));
        f.emit(1, Opcode.LDI, x, 7);
        f.newCell(1, nil, b.ctorId(list, 0));
        f.newr(1, t, t, b.ctorId(list, 1), x, nil);
        f.emit(1, Opcode.RET, t);
        Module m = b.entry(f.id()).printResult(true).build();
        writtenInFormat(m, 1);
    }

    @Test
    void aModuleThatTakesAnElementIsWrittenInFormat12() throws BytecodeException {
        ModuleBuilder b = new ModuleBuilder();
        int list = b.list("List<U32>", Samples.U32);
        int array = b.array("Array<List<U32>>", list);
        FunctionBuilder f = b.function("main", new int[0], list, "main");
        int nil = f.register(list);
        int i = f.register(Samples.U32);
        int a = f.register(array);
        int x = f.register(list);
        f.newCell(1, nil, b.ctorId(list, 0));
        f.emit(1, Opcode.LDI, i, 1);
        f.emit(1, Opcode.ANEW, a, i, nil);
        f.emit(1, Opcode.LDI, i, 0);
        f.emit(1, Opcode.ATAKE, x, a, i);
        f.emit(1, Opcode.DROP, a);
        f.emit(1, Opcode.RET, x);
        Module m = b.entry(f.id()).printResult(true).build();
        writtenInFormat(m, 2);
    }

    @Test
    void aModuleThatAppendsToAStringIsWrittenInFormat13AndNotReadAs12() throws BytecodeException {
        ModuleBuilder b = new ModuleBuilder();
        FunctionBuilder f = b.function("main", new int[0], Samples.STR, "main");
        int s = f.register(Samples.STR);
        int t = f.register(Samples.STR);
        f.emit(1, Opcode.LDS, s, b.string("ab"));
        f.emit(1, Opcode.LDS, t, b.string("cd"));
        f.prim(1, s, Prim.STR_APPEND, s, t);
        f.emit(1, Opcode.RET, s);
        Module m = b.entry(f.id()).printResult(true).build();
        byte[] file = writtenInFormat(m, 3);
        assertEquals(3, Prim.STR_APPEND.sinceMinor());
        assertEquals(0, Prim.STR_CONCAT.sinceMinor());
        file[6] = 2;
        String error = readError(file);
        assertTrue(error.endsWith("function 0, instruction 2: primitive str_append needs format 1.3, the file is 1.2"), error);
    }

    @Test
    void opcodeNewerThanTheFilesFormat() {
        List<byte[]> p = tinyParts();
        assertEquals(1, Opcode.ALLOC.sinceMinor());
        byte[] functions = p.get(5).clone();
        functions[12] = (byte) Opcode.ALLOC.ordinal(); // byte 37: the opcode of instruction 1
        p.set(5, functions);
        p.set(0, bytes('V', 'X', 'B', 0, 1, 0, 0, 0));
        assertEquals("functions section, byte 37: function 0, instruction 1: opcode alloc needs format 1.1, the file is 1.0",
                readError(join(p)));
        assertEquals(2, Opcode.ATAKE.sinceMinor());
        functions[12] = (byte) Opcode.ATAKE.ordinal();
        p.set(0, bytes('V', 'X', 'B', 0, 1, 0, 1, 0));
        assertEquals("functions section, byte 37: function 0, instruction 1: opcode atake needs format 1.2, the file is 1.1",
                readError(join(p)));
        assertEquals(4, Opcode.SETF.sinceMinor());
        functions[12] = (byte) Opcode.SETF.ordinal();
        p.set(0, bytes('V', 'X', 'B', 0, 1, 0, 3, 0));
        assertEquals("functions section, byte 37: function 0, instruction 1: opcode setf needs format 1.4, the file is 1.3",
                readError(join(p)));
    }

    @Test
    void aModuleThatSetsAFieldIsWrittenInFormat14() throws BytecodeException {
        ModuleBuilder b = new ModuleBuilder();
        int list = b.list("List<U32>", Samples.U32);
        FunctionBuilder f = b.function("main", new int[0], list, "main");
        int hole = f.register(list);
        int one = f.register(Samples.U32);
        int cell = f.register(list);
        f.newCell(1, hole, b.ctorId(list, 0));
        f.emit(1, Opcode.LDI, one, 1);
        f.newCell(1, cell, b.ctorId(list, 1), one, hole);
        f.newCell(1, hole, b.ctorId(list, 0));
        f.emit(1, Opcode.SETF, cell, b.ctorId(list, 1), 1, hole);
        f.emit(1, Opcode.RET, cell);
        Module m = b.entry(f.id()).printResult(true).build();
        writtenInFormat(m, 4);
    }

    @Test
    void unknownTypeKind() {
        List<byte[]> p = tinyParts();
        p.set(3, bytes(3, 7, 1, 7, 0x7F, 0, 0x7F, 0, 0));
        assertEquals("types section, byte 22: type 11: unknown type kind 7", readError(join(p)));
    }

    @Test
    void registerCountBelowParameterCount() {
        List<byte[]> p = tinyParts();
        p.set(5, bytes(5, 8, 1, 0, 1, 1, 1, 0, 1, 77));
        assertEquals("functions section, byte 32: function 0: register count 0 is less than the parameter count 1", readError(join(p)));
    }

    @Test
    void unexpectedBytesAtTheEndOfASection() {
        List<byte[]> p = tinyParts();
        p.set(2, bytes(2, 2, 0, 0));
        assertEquals("constants section, byte 19: 1 unexpected bytes at the end of the section", readError(join(p)));
    }

    @Test
    void debugRunsMustCoverTheCode() {
        List<byte[]> p = tinyParts();
        p.set(6, bytes(6, 6, 0, 2, 1, 1, 0, 1));
        assertEquals("debug section, byte 45: function 0: empty line run", readError(join(p)));
        p.set(6, bytes(6, 4, 0, 1, 3, 1));
        assertEquals("debug section, byte 43: function 0: line runs cover more than the function's 2 instructions", readError(join(p)));
        p.set(6, bytes(6, 4, 0, 1, 1, 1));
        assertEquals("debug section, byte 45: function 0: line runs cover 1 of the function's 2 instructions", readError(join(p)));
    }

    @Test
    void unknownEntryFlags() {
        List<byte[]> p = tinyParts();
        p.set(7, bytes(7, 2, 0, 3));
        assertEquals("entry section, byte 48: unknown entry flags 0x3", readError(join(p)));
    }

    @Test
    void hashSectionIsExactly32Bytes() {
        List<byte[]> p = tinyParts();
        p.set(8, concat(bytes(8, 31), new byte[31]));
        assertEquals("hash section, byte 51: truncated source hash (32 bytes): it runs past the end of the file (byte 82)",
                readError(join(p)));
        p.set(8, concat(bytes(8, 33), new byte[33]));
        assertEquals("hash section, byte 83: 1 unexpected bytes at the end of the section", readError(join(p)));
    }

    @Test
    void trailingBytes() {
        byte[] file = concat(ModuleWriter.write(tiny()), bytes(0));
        assertEquals("file, byte 83: trailing bytes: 1 bytes after the last section", readError(file));
    }

    @Test
    void readerMessagesAreOneLine() throws BytecodeException {
        // The reader accepts what the verifier will reject: the two are separate steps.
        Module m = ModuleReader.read(ModuleWriter.write(Fixture.withEntry(tiny(), 5)));
        assertEquals(5, m.entry());
        assertThrows(BytecodeException.class, () -> Verifier.verify(m));
    }
}
