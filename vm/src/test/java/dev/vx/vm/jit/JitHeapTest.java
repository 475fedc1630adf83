package dev.vx.vm.jit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * JitHeap's float field reads go around the JVM's array access, so they check the word
 * against the heap array themselves. Code the compiler produced never fails the check; a
 * module with broken reference counts may reach it through a stale register (for a whole
 * module of that kind, see BrokenCountsTest), and it must then fail as an array access does
 * instead of reading the JVM's memory.
 */
class JitHeapTest {
    @Test
    void aFieldInsideTheHeapIsItsWord() {
        long[] h = new long[8];
        h[5] = Double.doubleToRawLongBits(2.5);
        assertEquals(2.5, JitHeap.getD(h, 3, 1)); // the cell at 3: header at 3, field 1 at 5
        h[5] = Float.floatToRawIntBits(-1.5f) & 0xFFFF_FFFFL; // an F32 word: the float's bits in the low half
        assertEquals(-1.5f, JitHeap.getF(h, 3, 1));
        h[7] = Double.doubleToRawLongBits(-0.25);
        assertEquals(-0.25, JitHeap.getD(h, 6, 0)); // the last word
    }

    @Test
    void aFieldBeyondTheHeapFailsAsAnArrayAccess() {
        long[] h = new long[8];
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> JitHeap.getD(h, 6, 1));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> JitHeap.getF(h, 6, 1));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> JitHeap.getD(h, 7, 30_000));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> JitHeap.getF(h, 7, 30_000));
    }
}
