package dev.vx.bytecode;

import static dev.vx.bytecode.Opcode.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

class ModuleBuilderTest {
    private static final int U32 = Samples.U32, F32 = Samples.F32, STR = Samples.STR;

    @Test
    void stringsAndConstantsAreInternedInOrderOfFirstUse() {
        ModuleBuilder b = new ModuleBuilder();
        assertEquals(0, b.string("b"));
        assertEquals(1, b.string("a"));
        assertEquals(0, b.string("b"));
        assertEquals(0, b.constant(7));
        assertEquals(1, b.constant(-7));
        assertEquals(0, b.constant(7));
        assertEquals(2, b.constantF64(2.0));
        assertEquals(3, b.constantF32(-1.0f));
        FunctionBuilder f = b.function("main", new int[0], U32, "m.vx");
        int r = f.register(U32);
        f.emit(1, LDI, r, 0);
        f.emit(1, RET, r);
        Module m = b.entry(f.id()).build();
        assertEquals(List.of("b", "a", "main", "m.vx"), m.strings());
        assertArrayEquals(new long[] {7, -7, Double.doubleToRawLongBits(2.0), 0xBF80_0000L}, m.constants());
    }

    @Test
    void typesFollowTheBuiltinsAndKeepTheirConstructorRanges() {
        ModuleBuilder b = new ModuleBuilder();
        int list = b.list("List", U32);
        int array = b.array(null, F32);
        int shape = b.adt("Shape");
        int circle = b.ctor(shape, "Circle", F32);
        int empty = b.ctor(shape, "Empty");
        int pair = b.tuple(null, U32, STR);
        assertEquals(11, list);
        assertEquals(new TypeDesc(TypeKind.LIST, 0, new int[] {U32}, -1, 16, 2), b.typeDesc(list));
        assertEquals(new CtorDesc(2, list, new int[] {U32, list}, -1), b.ctorDesc(17));
        assertEquals(new TypeDesc(TypeKind.ARRAY, -1, new int[] {F32}, -1, 0, 0), b.typeDesc(array));
        assertEquals(18, circle);
        assertEquals(19, empty);
        assertEquals(new TypeDesc(TypeKind.ADT, 3, new int[0], -1, 18, 2), b.typeDesc(shape));
        assertEquals(20, b.ctorId(pair, 0));
        assertEquals("Tuple", nameOf(b, 20));
        FunctionBuilder f = b.function("main", new int[0], U32, "m.vx");
        int r = f.register(U32);
        f.emit(1, LDI, r, 0);
        f.emit(1, RET, r);
        Module m = b.entry(f.id()).build();
        assertEquals(Module.BUILTIN_TYPES, m.types().subList(0, 11));
        assertDoesNotThrow(() -> Verifier.verify(m));
    }

    private static String nameOf(ModuleBuilder b, int ctor) {
        FunctionBuilder f = b.function("probe" + ctor, new int[0], U32, "p.vx");
        int r = f.register(U32);
        f.emit(1, LDI, r, 0);
        f.emit(1, RET, r);
        Module m = b.entry(f.id()).build();
        return m.string(m.ctor(ctor).name());
    }

    @Test
    void constructorsOfATypeMustBeAddedTogether() {
        ModuleBuilder b = new ModuleBuilder();
        int a = b.adt("A");
        b.ctor(a, "A1");
        int c = b.adt("C");
        b.ctor(c, "C1");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.ctor(a, "A2"));
        assertEquals("the constructors of type 11 must be added one after the other", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.ctor(U32, "X"));
    }

    @Test
    void functionsAreDeclaredThenDefinedOnce() {
        ModuleBuilder b = new ModuleBuilder();
        int f = b.declare("f", new int[] {U32}, U32);
        assertEquals("no entry function was set", assertThrows(IllegalStateException.class, b::build).getMessage());
        b.entry(f);
        assertEquals("function f is declared but not defined", assertThrows(IllegalStateException.class, b::build).getMessage());
        FunctionBuilder body = b.define(f, "f.vx");
        assertEquals("function 0 is already defined", assertThrows(IllegalStateException.class, () -> b.define(f, "f.vx")).getMessage());
        assertEquals(1, body.register(U32), "registers after the parameters");
        assertThrows(IllegalArgumentException.class, () -> b.define(5, "f.vx"));
    }

    @Test
    void functionBuilderFlattensListsAndPatchesTargets() {
        ModuleBuilder b = new ModuleBuilder();
        int g = b.declare("g", new int[] {U32, U32}, U32);
        FunctionBuilder f = b.define(g, "g.vx");
        int d = f.register(U32);
        int call = f.call(3, d, g, new int[] {0, 1}, new int[] {1});
        int jump = f.emit(4, JMP, -1);
        f.patch(jump, 0, f.here());
        f.emit(5, RET, d);
        assertEquals(Insn.of(CALL, d, g, 2, 0, 1, 1, 1), f.insn(call));
        assertEquals(Insn.of(JMP, 2), f.insn(jump));
        Module m = b.entry(g).build();
        assertArrayEquals(new int[] {3, 4, 5}, m.function(0).lines());
        assertArrayEquals(new int[] {U32, U32, U32}, m.function(0).registerTypes());
        assertArrayEquals(new int[] {0}, m.function(0).sites());
    }

    @Test
    void definingFromPartsKeepsThem() {
        ModuleBuilder b = new ModuleBuilder();
        int f = b.declare("f", new int[0], U32);
        b.define(f, new int[] {U32}, List.of(Insn.of(LDI, 0, 1), Insn.of(RET, 0)), "f.vx", new int[] {1, 2});
        Module m = b.entry(f).build();
        assertEquals(List.of(Insn.of(LDI, 0, 1), Insn.of(RET, 0)), m.function(0).code());
        assertDoesNotThrow(() -> Verifier.verify(m));
    }

    @Test
    void theSameStepsBuildTheSameBytes() {
        assertEquals(Samples.rich(), Samples.rich());
        assertArrayEquals(ModuleWriter.write(DisassemblerTest.demo()), ModuleWriter.write(DisassemblerTest.demo()));
    }

    @Test
    void sourceHashIs32Bytes() {
        assertThrows(IllegalArgumentException.class, () -> new ModuleBuilder().sourceHash(new byte[31]));
    }
}
