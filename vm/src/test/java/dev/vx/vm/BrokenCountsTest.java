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
import java.util.List;
import java.util.Map;

import static dev.vx.bytecode.Opcode.*;
import static dev.vx.vm.HandModules.fn;
import static dev.vx.vm.HandModules.i;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Modules that pass the verifier but break reference counting (docs/bytecode.md, section 5):
 * what they do is not defined beyond staying inside the VM's heap and code, and every CPU
 * engine then fails alike, with an internal error. The JIT reads array elements and float
 * fields without the JVM's array access (JitHeap), so it checks the heap's bounds itself
 * (without the check, the first module printed a value from beyond the heap array and exited
 * with status 0); a switch on a cell that another type's constructor reused fails instead of
 * jumping through a tag outside its table (the interpreter jumped to a position inside the
 * next instruction).
 */
class BrokenCountsTest {
    private static final int BOOL = Scalar.BOOL.typeId(), U32 = Scalar.U32.typeId(),
            U64 = Scalar.U64.typeId();

    /** Types: 11 Array<U64>, 12 a (U64, U64) tuple with constructor 16. */
    private static List<TypeDesc> arrayAndPair() {
        List<TypeDesc> types = new ArrayList<>(Module.BUILTIN_TYPES);
        types.add(new TypeDesc(TypeKind.ARRAY, -1, new int[]{U64}, -1, 0, 0));
        types.add(new TypeDesc(TypeKind.TUPLE, -1, new int[]{U64, U64}, -1, 16, 1));
        return types;
    }

    /**
     * The array's register read after its last count was dropped, its block taken by a pair
     * (the free list gives the newest block of a size first): the array's length word is now
     * the pair's first field, 2^31 - 1, so the Vx
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
                i(DROP, 0),
                i(NEW, 3, 16, 2, 4, 4),
                i(LDI, 5, 1 << 20),
                i(AGET, 6, 0, 5),
                i(RET, 6)));
        String first = assertSameInternalError(module(arrayAndPair(), List.of(main)), 8L << 20);
        assertTrue(first.contains("ArrayIndexOutOfBoundsException"), first);
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
                        i(DROP, 0),
                        i(NEW, 3, 16, 2, 4, 4),
                        i(LDI, 5, start),
                        i(LDI, 7, start + 65536),
                        i(LDI, 6, 0),
                        i(LDI, 9, 1),
                        i(LT_S, 8, 5, 7),
                        i(JF, 8, 16),
                        i(AGET, 10, 0, 5),
                        i(ADD_64, 6, 6, 10),
                        i(ADD_U32, 5, 5, 9),
                        i(JMP, 10),
                        i(RET, 6)));
        String first = assertSameInternalError(module(arrayAndPair(), List.of(main)), 8L << 20);
        assertTrue(first.contains("ArrayIndexOutOfBoundsException"), first);
    }

    /**
     * A released cell of type T = A{U64} | B{U64} reused by a W{U64} of another type, then
     * switched on through the stale register: W's id is T's first constructor + 2, outside
     * T's table of two targets.
     */
    @Test
    void aSwitchOnACellOfAnotherTypeFailsAsInTheInterpreter() {
        List<TypeDesc> types = new ArrayList<>(Module.BUILTIN_TYPES);
        types.add(new TypeDesc(TypeKind.ADT, 5, new int[0], -1, 16, 2)); // 11: A | B
        types.add(new TypeDesc(TypeKind.ADT, 6, new int[0], -1, 18, 1)); // 12: W
        List<CtorDesc> ctors = List.of(new CtorDesc(2, 11, new int[]{U64}, -1), new CtorDesc(3, 11, new int[]{U64}, -1),
                new CtorDesc(4, 12, new int[]{U64}, -1));
        FunctionDesc main = fn(0, new int[0], U64, new int[]{11, U64, 12}, List.of(
                i(LDI, 1, 5),
                i(NEW, 0, 16, 1, 1),
                i(DROP, 0),
                i(NEW, 2, 18, 1, 1),
                i(SWITCH, 0, 2, 5, 7),
                i(LDI, 1, 1),
                i(RET, 1),
                i(LDI, 1, 2),
                i(RET, 1)));
        Module m = new Module(new byte[32], List.of("main", "f.vx", "A", "B", "W", "T", "U"), new long[0], types, ctors,
                List.of(main), 0, true);
        String first = assertSameInternalError(m, Heap.MIN_CAPACITY_BYTES);
        assertTrue(first.contains("switch on a constructor outside its type"), first);
    }

    /**
     * A newr whose token is an array, or a constructor's cell of other words than the new
     * cell's: refused before a field is written (the pair's second field would land past a
     * one-element array's block), on both engines alike.
     */
    @Test
    void aReuseTokenOfAnotherSizeOrKindFailsBeforeWritingPastIt() {
        FunctionDesc fromArray = fn(0, new int[0], U64, new int[]{11, U32, U64, 12, U64}, List.of(
                i(LDI, 1, 1),
                i(LDI, 2, 0),
                i(ANEW, 0, 1, 2),
                i(LDI, 4, 9),
                i(NEWR, 3, 0, 16, 2, 4, 4),
                i(GET, 4, 3, 1),
                i(RET, 4)));
        String first = assertSameInternalError(module(arrayAndPair(), List.of(fromArray)), Heap.MIN_CAPACITY_BYTES);
        assertTrue(first.contains("newr reuses a cell of another size or kind"), first);
        // T = Small{U64} | Big{U64, U64, U64}: a Small's two words rebuilt as a Big of four.
        List<TypeDesc> types = new ArrayList<>(Module.BUILTIN_TYPES);
        types.add(new TypeDesc(TypeKind.ADT, 1, new int[0], -1, 16, 2));
        List<CtorDesc> ctors = List.of(new CtorDesc(0, 11, new int[]{U64}, -1),
                new CtorDesc(0, 11, new int[]{U64, U64, U64}, -1));
        FunctionDesc bigger = fn(0, new int[0], U64, new int[]{11, U64, 11}, List.of(
                i(LDI, 1, 9),
                i(NEW, 0, 16, 1, 1),
                i(NEWR, 2, 0, 17, 3, 1, 1, 1),
                i(GET, 1, 2, 2),
                i(RET, 1)));
        Module m = new Module(new byte[32], List.of("main", "T", "f.vx"), new long[0], types, ctors, List.of(bigger),
                0, true);
        first = assertSameInternalError(m, Heap.MIN_CAPACITY_BYTES);
        assertTrue(first.contains("newr reuses a cell of another size or kind"), first);
    }

    private static Module module(List<TypeDesc> types, List<FunctionDesc> fns) {
        List<CtorDesc> ctors = List.of(new CtorDesc(0, 12, new int[]{U64, U64}, -1));
        return new Module(new byte[32], List.of("main", "t", "f.vx"), new long[0], types, ctors, fns, 0, true);
    }

    /** Runs m on both engines; both must fail with the same internal error. Returns its first line. */
    private static String assertSameInternalError(Module m, long heapBytes) {
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
        assertEquals(first, jit.err().lines().findFirst().orElse(""));
        return first;
    }
}
