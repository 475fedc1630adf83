package dev.vx.vm;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.function.IntBinaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The int forms of the 32-bit operations (the JIT's U32, I32 and Bool registers) against the
 * word forms (the interpreter's): on edge values and random ones, an int form applied to the
 * low halves of two words, then extended, gives the word form's result, and fails with the
 * same message where it fails.
 */
class OpsFormsTest {
    static List<Integer> values() {
        List<Integer> v = new ArrayList<>(List.of(0, 1, 2, 3, -1, -2, 31, 32, 33, 63, 64, 65, Integer.MAX_VALUE,
                Integer.MIN_VALUE, Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1, 0x8000, 0xFFFF, 0x10000));
        SplittableRandom r = new SplittableRandom(42);
        for (int i = 0; i < 150; i++) v.add(r.nextInt());
        for (int i = 0; i < 50; i++) v.add(r.nextInt(-100, 100));
        return v;
    }

    /** The word of an int-form value: U32 zero-extended, I32 (and Bool) sign-extended. */
    static long word(boolean unsigned, int v) {
        return unsigned ? Ops.u32(v) : Ops.i32(v);
    }

    static void same(String name, boolean unsigned, IntBinaryOperator intForm, BiFunction<Long, Long, Long> wordForm) {
        for (int a : values()) {
            for (int b : values()) {
                long wa = word(unsigned, a), wb = word(unsigned, b);
                String wordResult, intResult;
                try {
                    wordResult = Long.toString(wordForm.apply(wa, wb));
                } catch (VmError e) {
                    wordResult = "error: " + e.getMessage();
                }
                try {
                    intResult = Long.toString(word(unsigned, intForm.applyAsInt(a, b)));
                } catch (VmError e) {
                    intResult = "error: " + e.getMessage();
                }
                assertEquals(wordResult, intResult, name + "(" + wa + ", " + wb + ")");
            }
        }
    }

    @Test
    void u32Arithmetic() {
        same("addU32", true, Ops::addU32, Ops::addU32);
        same("subU32", true, Ops::subU32, Ops::subU32);
        same("mulU32", true, Ops::mulU32, Ops::mulU32);
        same("divU32", true, Ops::divU32, Ops::divU32);
        same("remU32", true, Ops::remU32, Ops::remU32);
        same("shlU32", true, Ops::shlU32, Ops::shlU32);
        same("shrU32", true, Ops::shrU32, Ops::shrU32);
        same("and", true, Ops::and, Ops::and);
        same("or", true, Ops::or, Ops::or);
        same("xor", true, Ops::xor, Ops::xor);
        same("notU32", true, (a, b) -> Ops.notU32(a), (a, b) -> Ops.notU32(a));
    }

    @Test
    void i32Arithmetic() {
        same("addI32", false, Ops::addI32, Ops::addI32);
        same("subI32", false, Ops::subI32, Ops::subI32);
        same("mulI32", false, Ops::mulI32, Ops::mulI32);
        same("divI32", false, Ops::divI32, Ops::divI32);
        same("remI32", false, Ops::remI32, Ops::remI32);
        same("shlI32", false, Ops::shlI32, Ops::shlI32);
        same("shrI32", false, Ops::shrI32, Ops::shrI32);
        same("and", false, Ops::and, Ops::and);
        same("or", false, Ops::or, Ops::or);
        same("xor", false, Ops::xor, Ops::xor);
        same("negI32", false, (a, b) -> Ops.negI32(a), (a, b) -> Ops.negI32(a));
        same("not64", false, (a, b) -> Ops.not64(a), (a, b) -> Ops.not64(a));
    }

    @Test
    void comparisons() {
        for (boolean unsigned : new boolean[]{true, false}) {
            same("eq", unsigned, (a, b) -> Ops.eq32(a, b) ? 1 : 0, Ops::eq);
            same("ne", unsigned, (a, b) -> Ops.ne32(a, b) ? 1 : 0, Ops::ne);
        }
        same("lt_s U32", true, (a, b) -> Ops.ltU32(a, b) ? 1 : 0, Ops::ltS);
        same("le_s U32", true, (a, b) -> Ops.leU32(a, b) ? 1 : 0, Ops::leS);
        same("lt_s I32", false, (a, b) -> Ops.ltI32(a, b) ? 1 : 0, Ops::ltS);
        same("le_s I32", false, (a, b) -> Ops.leI32(a, b) ? 1 : 0, Ops::leS);
        for (int a = 0; a <= 1; a++) assertEquals(Ops.notBool((long) a), Ops.notBool(a));
    }

    @Test
    void indexCheck() {
        long[] h = new long[5000];
        int a = 4096;
        h[a + 1] = 3;
        for (int i : values()) {
            long wi = Ops.u32(i);
            String want, got;
            try {
                ArrayCells.checkIndex(h, a, wi);
                want = "ok";
            } catch (VmError e) {
                want = e.getMessage();
            }
            try {
                assertEquals(i, ArrayCells.checkIndex(h, a, i));
                got = "ok";
            } catch (VmError e) {
                got = e.getMessage();
            }
            assertEquals(want, got, "index " + wi);
        }
        VmError e = assertThrows(VmError.class, () -> ArrayCells.checkIndex(h, a, -1));
        assertEquals("index 4294967295 out of range for length 3", e.getMessage());
    }
}
