package dev.vx.vm;

import dev.vx.bytecode.Layout;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@code atake} ({@link ArrayCells#take}): an element leaves an array held once, leaving a hole
 * that the store of the same index fills; from an array held more than once it is duplicated
 * and the array is left as it was. Either way the counts balance once the store is made.
 */
class ArrayTakeTest {
    private final Heap heap = new Heap(1L << 24);
    private final Allocator alloc = new Allocator(heap, new Shapes(HandModules.deep(1, false)), new SharedPool());

    private long rc(long cell) {
        return Layout.rc(heap.words[(int) cell]);
    }

    /** An array of two references to fresh one-element scalar arrays, each held once. */
    private long arrayOfTwo() {
        long a = alloc.newVariable(Layout.KIND_ARRAY_REF, 2, 2);
        for (int i = 0; i < 2; i++) heap.words[(int) a + 2 + i] = alloc.newVariable(Layout.KIND_ARRAY_SCALAR, 1, 1);
        return a;
    }

    @Test
    void anElementLeavesAnArrayHeldOnceAndItsStoreFillsTheHole() {
        long a = arrayOfTwo();
        long e = heap.words[(int) a + 3];
        assertEquals(e, ArrayCells.take(alloc, a, 1));
        assertEquals(0, heap.words[(int) a + 3], "the slot holds a hole");
        assertEquals(1, rc(e), "the element is still held once: by the taker now");
        assertEquals(a, ArrayCells.set(alloc, a, 1, e), "the store is in place");
        assertEquals(e, heap.words[(int) a + 3]);
        assertEquals(1, rc(e));
        long freed = alloc.freedWords;
        alloc.drop(a);
        // the array (header, length, two elements) and the two elements (header, length, one word)
        assertEquals(4 + 3 + 3, alloc.freedWords - freed, "the array and both elements are freed: nothing leaked");
    }

    @Test
    void anElementOfAnArrayHeldTwiceIsDuplicatedAndTheArrayUnchanged() {
        long a = arrayOfTwo();
        alloc.dup(a);
        long e = heap.words[(int) a + 2];
        assertEquals(e, ArrayCells.take(alloc, a, 0));
        assertEquals(e, heap.words[(int) a + 2], "no hole where another holder could see it");
        assertEquals(2, rc(e));
        long b = ArrayCells.set(alloc, a, 0, e);
        assertNotEquals(a, b, "the store copies the shared array");
        assertEquals(1, rc(a));
        assertEquals(2, rc(e), "held by the old array and the new one");
    }

    @Test
    void aHoleIsAnImmediateToFreeingAndCopying() {
        long a = arrayOfTwo();
        long e = ArrayCells.take(alloc, a, 0);
        long copy = ArrayCells.slice(alloc, a, 0, 2);
        assertEquals(0, heap.words[(int) copy + 2], "a copy copies the hole");
        alloc.drop(copy);
        alloc.drop(a);
        assertEquals(1, rc(e), "freeing an array with a hole leaves the taken element alone");
    }

    @Test
    void theIndexIsChecked() {
        long a = arrayOfTwo();
        VmError err = assertThrows(VmError.class, () -> ArrayCells.take(alloc, a, 2));
        assertEquals("index 2 out of range for length 2", err.getMessage());
    }
}
