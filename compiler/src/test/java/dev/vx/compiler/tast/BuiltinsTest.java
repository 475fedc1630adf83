package dev.vx.compiler.tast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.bytecode.Prim;
import dev.vx.bytecode.Scalar;
import org.junit.jupiter.api.Test;

class BuiltinsTest {
    @Test
    void conversionsForEveryOrderedPair() {
        long conversions = Builtins.all().stream().filter(b -> b.op() == BuiltinOp.CONVERT).count();
        assertEquals(42, conversions);
        Builtin b = Builtins.lookup("F64.to_nat");
        assertEquals(Scalar.F64, b.scalar());
        assertEquals(Scalar.NAT, b.target());
        assertEquals("F64 -> Nat", b.type().toString());
        assertEquals("Nat -> U32", Builtins.lookup("Nat.to_u32").type().toString());
        assertEquals(null, Builtins.lookup("U32.to_u32"));
    }

    @Test
    void floatBuiltins() {
        assertEquals("F32 -> U32", Builtins.lookup("F32.to_bits").type().toString());
        assertEquals("U64 -> F64", Builtins.lookup("F64.from_bits").type().toString());
        assertEquals(BuiltinOp.SQRT, Builtins.lookup("F32.sqrt").op());
        assertEquals(Scalar.F32, Builtins.lookup("F32.sqrt").scalar());
    }

    @Test
    void arrays() {
        assertEquals("(U32, A) -> Array<A>", Builtins.lookup("Array.fill").type().toString());
        assertEquals("(Array<A>, U32, U32) -> Array<A>", Builtins.lookup("Array.slice").type().toString());
        assertFalse(Builtins.lookup("Array.get").internal());
    }

    @Test
    void primitivesAreInternalWithMappedSignatures() {
        for (Prim p : Prim.values()) {
            Builtin b = Builtins.lookup("__prim_" + p.name().toLowerCase());
            assertTrue(b.internal() && b.prim() == p && b.op() == BuiltinOp.PRIM, p.name());
            assertEquals(p.arity(), b.paramTypes().size());
        }
        assertEquals("String -> (Bool, U32)", Builtins.lookup("__prim_parse_u32").type().toString());
        assertEquals("() -> List<String>", Builtins.lookup("__prim_io_args").type().toString());
        assertEquals("(List<String>, String) -> String", Builtins.lookup("__prim_str_join").type().toString());
        assertEquals("String -> Unit", Builtins.lookup("__prim_io_print").type().toString());
    }

    @Test
    void runtimeHooks() {
        assertEquals("String -> A", Builtins.lookup("__panic").type().toString());
        assertEquals("U32 -> A", Builtins.lookup("__exit").type().toString());
        assertEquals("(Unit -> T) -> IO(T)", Builtins.lookup("__io").type().toString());
        assertTrue(Builtins.lookup("__io").internal());
    }
}
