package dev.vx.vm;

import dev.vx.bytecode.CtorDesc;
import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Scalar;
import dev.vx.bytecode.TypeDesc;
import dev.vx.bytecode.TypeKind;
import dev.vx.bytecode.Verifier;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static dev.vx.bytecode.Opcode.*;
import static dev.vx.vm.HandModules.fn;
import static dev.vx.vm.HandModules.i;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JIT reads array elements and float fields without the JVM's array access (JitHeap), so
 * it checks the heap's bounds itself: a module the verifier accepts but whose reference counts
 * are wrong, or which calls a closure's function on a closure of another shape, reads words
 * of other cells, but never outside the heap (docs/bytecode.md, section 5), and the JIT then
 * fails as the interpreter does. Both modules below read outside the heap on the JIT without
 * the check (one printed a value from beyond the heap array and exited with status 0).
 */
class JitHeapBoundsTest {
    private static final int BOOL = Scalar.BOOL.typeId(), U32 = Scalar.U32.typeId(),
            U64 = Scalar.U64.typeId(), F64 = Scalar.F64.typeId();

    /** Types: 11 Array<U64>, 12 a (U64, U64) tuple with constructor 16. */
    private static List<TypeDesc> arrayAndPair() {
        List<TypeDesc> types = new ArrayList<>(Module.BUILTIN_TYPES);
        types.add(new TypeDesc(TypeKind.ARRAY, -1, new int[]{U64}, -1, 0, 0));
        types.add(new TypeDesc(TypeKind.TUPLE, -1, new int[]{U64, U64}, -1, 16, 1));
        return types;
    }

    /**
     * The array's register reused as the token of a newr (a use after the last count was
     * given away): the array's length word is now the pair's first field, 2^31 - 1, so the Vx
     * index check passes for an index far beyond the heap (8 MiB: the heap array holds 2^20
     * words; element 2^20 is 4,098 words past its end).
     */
    @Test
    void anElementBeyondTheHeapFailsAsInTheInterpreter() {
        FunctionDesc main = fn(0, new int[0], U64, new int[]{11, U32, U64, 12, U64, U32, U64}, List.of(
                i(LDI, 1, 1),
                i(LDI, 2, 0),
                i(ANEW, 0, 1, 2),
                i(LDI, 4, 0x7fffffff),
                i(NEWR, 3, 0, 16, 2, 4, 4),
                i(LDI, 5, 1 << 20),
                i(AGET, 6, 0, 5),
                i(RET, 6)));
        assertSameInternalError(module(arrayAndPair(), List.of(main)), 8L << 20);
    }

    /** The same in a loop over 65,536 elements, the last 4,098 words of the heap and beyond. */
    @Test
    void aLoopReadingBeyondTheHeapFailsAsInTheInterpreter() {
        int start = (1 << 20) - 4098;
        FunctionDesc main = fn(0, new int[0], U64,
                new int[]{11, U32, U64, 12, U64, U32, U64, U32, BOOL, U32, U64}, List.of(
                        i(LDI, 1, 1),
                        i(LDI, 2, 0),
                        i(ANEW, 0, 1, 2),
                        i(LDI, 4, 0x7fffffff),
                        i(NEWR, 3, 0, 16, 2, 4, 4),
                        i(LDI, 5, start),
                        i(LDI, 7, start + 65536),
                        i(LDI, 6, 0),
                        i(LDI, 9, 1),
                        i(LT_S, 8, 5, 7),
                        i(JF, 8, 15),
                        i(AGET, 10, 0, 5),
                        i(ADD_64, 6, 6, 10),
                        i(ADD_U32, 5, 5, 9),
                        i(JMP, 9),
                        i(RET, 6)));
        assertSameInternalError(module(arrayAndPair(), List.of(main)), 8L << 20);
    }

    /**
     * A closure's function called directly on a closure of the other shape of its type: the
     * verifier types r0 by the function's own shape (30,000 F64 fields), the cell is a closure
     * of two words, and field 29,999 lies beyond the smallest heap.
     */
    @Test
    void aFloatFieldBeyondTheHeapFailsAsInTheInterpreter() {
        int big = 30000;
        List<TypeDesc> types = new ArrayList<>(Module.BUILTIN_TYPES);
        types.add(new TypeDesc(TypeKind.FUNC, -1, new int[0], F64, 16, 2)); // 11: () -> F64, two shapes
        int[] fields = new int[big];
        Arrays.fill(fields, F64);
        List<CtorDesc> ctors = List.of(new CtorDesc(1, 11, fields, 1), new CtorDesc(2, 11, new int[0], 2));
        FunctionDesc main = fn(0, new int[0], F64, new int[]{11, F64}, List.of(
                i(NEW, 0, 17, 0),
                i(CALL, 1, 1, 1, 0, 0),
                i(RET, 1)));
        FunctionDesc f = fn(1, new int[]{11}, F64, new int[]{11, F64}, List.of(
                i(GET, 1, 0, big - 1),
                i(RET, 1)));
        FunctionDesc g = fn(2, new int[]{11}, F64, new int[]{11, F64}, List.of(
                i(LDI, 1, 0),
                i(RET, 1)));
        Module m = new Module(new byte[32], List.of("main", "f", "g", "f.vx"), new long[0], types, ctors,
                List.of(main, f, g), 0, true);
        assertSameInternalError(m, Heap.MIN_CAPACITY_BYTES);
    }

    private static Module module(List<TypeDesc> types, List<FunctionDesc> fns) {
        List<CtorDesc> ctors = List.of(new CtorDesc(0, 12, new int[]{U64, U64}, -1));
        return new Module(new byte[32], List.of("main", "t", "f.vx"), new long[0], types, ctors, fns, 0, true);
    }

    private static void assertSameInternalError(Module m, long heapBytes) {
        try {
            Verifier.verify(m);
        } catch (Exception e) {
            throw new AssertionError("the module must pass the verifier", e);
        }
        VmOptions o = VmOptions.defaults().withThreads(1).withHeap(heapBytes);
        JitTest.Run interp = JitTest.run(m, o.withEngine("interp"), List.of(), Map.of());
        JitTest.Run jit = JitTest.run(m, o.withEngine("jit"), List.of(), Map.of("vx.jit.threshold", "0"));
        assertEquals(4, interp.status(), "the interpreter: " + interp.err());
        assertEquals(4, jit.status(), "the JIT printed " + jit.out() + jit.err());
        String first = interp.err().lines().findFirst().orElse("");
        assertTrue(first.contains("ArrayIndexOutOfBoundsException"), first);
        assertEquals(first, jit.err().lines().findFirst().orElse(""));
    }
}
