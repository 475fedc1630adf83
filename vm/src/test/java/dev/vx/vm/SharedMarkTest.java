package dev.vx.vm;

import dev.vx.bytecode.Layout;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A cell marked shared (by a fork that offered it to other workers) must only reach shared
 * cells: the marking walk of a later fork stops at the first shared cell, and the counts of
 * cells it did not mark change without atomics. The two in-place writes keep that true: a
 * store into a shared array held once, and a cell rebuilt in place where it was shared.
 */
class SharedMarkTest {
    private final Heap heap = new Heap(1L << 24);
    private final Allocator alloc = new Allocator(heap, new Shapes(HandModules.deep(1, false)), new SharedPool());

    private long header(long cell) {
        return heap.words[(int) cell];
    }

    @Test
    void aValueStoredInASharedArrayHeldOnceIsMarkedSharedWithWhatItReaches() {
        long inner = alloc.newVariable(Layout.KIND_ARRAY_SCALAR, 1, 1);
        long outer = alloc.newVariable(Layout.KIND_ARRAY_REF, 1, 1);
        heap.words[(int) outer + 2] = inner;
        alloc.markShared(outer);
        assertEquals(-1, Layout.rc(header(outer)));

        long leaf = alloc.newVariable(Layout.KIND_ARRAY_SCALAR, 1, 1);
        long fresh = alloc.newVariable(Layout.KIND_ARRAY_REF, 1, 1);
        heap.words[(int) fresh + 2] = leaf;
        assertEquals(outer, ArrayCells.set(alloc, outer, 0, fresh), "a unique array is updated in place");
        assertEquals(-1, Layout.rc(header(fresh)), "the stored array is shared");
        assertEquals(-1, Layout.rc(header(leaf)), "and so is the cell it holds");
    }

    @Test
    void aValueStoredInAnOwnedArrayStaysOwned() {
        long outer = alloc.newVariable(Layout.KIND_ARRAY_REF, 1, 1);
        long fresh = alloc.newVariable(Layout.KIND_ARRAY_SCALAR, 1, 1);
        ArrayCells.set(alloc, outer, 0, fresh);
        assertEquals(1, Layout.rc(header(fresh)));
    }

    @Test
    void aRebuiltCellStaysSharedOnlyWhenItHasNoReferenceFields() {
        long owned = Layout.header(1, 20, 2);
        long sharedOld = Layout.header(-1, 17, 2);
        long ownedOld = Layout.header(1, 17, 2);
        assertEquals(Layout.header(-1, 20, 2), Allocator.rebuiltHeader(sharedOld, owned, false));
        assertEquals(owned, Allocator.rebuiltHeader(sharedOld, owned, true));
        assertEquals(owned, Allocator.rebuiltHeader(ownedOld, owned, false));
        assertTrue(Allocator.rebuiltHeader(sharedOld, owned, false) < 0);
    }

    /** Only a hand-edited module passes a token of other words than the new cell's; it is refused, not overrun. */
    @Test
    void aTokenOfAnotherSizeOrKindIsRefused() {
        long owned = Layout.header(1, 20, 2);
        assertThrows(IllegalStateException.class, () -> Allocator.rebuiltHeader(Layout.header(1, 17, 3), owned, true));
        assertThrows(IllegalStateException.class, () -> Allocator.rebuiltHeader(Layout.header(1, 17, 1), owned, true));
        assertThrows(IllegalStateException.class,
                () -> Allocator.rebuiltHeader(Layout.header(1, Layout.KIND_STRING, 2), owned, true));
        // One field or none: a cell of two words either way, as the allocator sizes them.
        assertEquals(Layout.header(1, 20, 0), Allocator.rebuiltHeader(Layout.header(1, 17, 1), Layout.header(1, 20, 0), true));
    }
}
