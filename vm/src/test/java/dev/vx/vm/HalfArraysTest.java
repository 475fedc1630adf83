package dev.vx.vm;

import dev.vx.bytecode.Layout;
import dev.vx.testkit.Gen;
import dev.vx.testkit.Gens;
import dev.vx.testkit.Property;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Arrays of scalars of 32 bits or fewer hold two elements to a word (Layout.KIND_ARRAY_HALF).
 * A model (a list of ints) follows fills, updates of unique and of shared arrays (the copy
 * path) and slices at any offset; after each step every element reads back, zero- and
 * sign-extended, the cell has its size, and the unused half of an odd-length array is zero.
 */
class HalfArraysTest {
    enum Kind { FILL, SET_UNIQUE, SET_SHARED, SLICE }

    record Op(Kind kind, int a, int b, long value) {}

    private static final Gen<Op> OP = Gens.zip(Gens.ints(0, Kind.values().length - 1), Gens.pairs(Gens.ints(0, 40), Gens.ints(0, 40)),
            Gens.frequency(Gens.weight(2, Gens.longs(-3, 3)), Gens.weight(1, Gens.longs())),
            (k, ab, v) -> new Op(Kind.values()[k], ab.first(), ab.second(), v));

    @Test
    void everyElementReadsBackAsWritten() {
        Property.forAll(Gens.lists(OP, 1, 30))
                .named("half arrays: fill, set (in place and copied) and slice agree with a model")
                .runs(300)
                .check(ops -> {
                    Allocator alloc = new Allocator(new Heap(1L << 24), new Shapes(HandModules.deep(1, false)), new SharedPool());
                    long a = ArrayCells.fill(alloc, 1, 9, Layout.KIND_ARRAY_HALF);
                    List<Integer> model = new ArrayList<>(List.of(9));
                    for (Op op : ops) {
                        switch (op.kind()) {
                            case FILL -> {
                                alloc.drop(a);
                                a = ArrayCells.fill(alloc, op.a(), op.value(), Layout.KIND_ARRAY_HALF);
                                model = new ArrayList<>(Collections.nCopies(op.a(), (int) op.value()));
                            }
                            case SET_UNIQUE, SET_SHARED -> {
                                if (model.isEmpty()) continue;
                                int i = op.a() % model.size();
                                boolean shared = op.kind() == Kind.SET_SHARED;
                                if (shared) alloc.dup(a);
                                long b = ArrayCells.set(alloc, a, i, op.value());
                                List<Integer> updated = new ArrayList<>(model);
                                updated.set(i, (int) op.value());
                                if (shared) {
                                    assertEquals(model, read(alloc, a), "the shared array, unchanged");
                                    alloc.drop(a);
                                }
                                a = b;
                                model = updated;
                            }
                            case SLICE -> {
                                int from = Math.min(op.a(), model.size()), to = Math.min(from + op.b(), model.size());
                                long s = ArrayCells.slice(alloc, a, from, to);
                                alloc.drop(a);
                                a = s;
                                model = new ArrayList<>(model.subList(from, to));
                            }
                        }
                        assertEquals(model, read(alloc, a), "after " + op);
                    }
                });
    }

    /** The elements of the half array a, checking its size, its unused half and both readings. */
    private static List<Integer> read(Allocator alloc, long a) {
        long[] h = alloc.heap().words;
        int n = (int) h[(int) a + 1];
        assertEquals(Layout.KIND_ARRAY_HALF, Layout.ctor(h[(int) a]));
        assertEquals(2 + (n + 1) / 2, Allocator.cellWords(h, a), "cell words of " + n + " elements");
        if (n % 2 == 1) assertEquals(0, h[(int) a + 2 + n / 2] >>> 32, "the unused half");
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long zero = ArrayCells.getHalf(h, a, i), signed = ArrayCells.getHalfSigned(h, a, i);
            assertEquals(zero & 0xFFFF_FFFFL, zero, "zero-extended");
            assertEquals((long) (int) signed, signed, "sign-extended");
            assertEquals((int) zero, (int) signed);
            assertEquals(signed, ArrayCells.element(h, a, i, true));
            assertEquals(zero, ArrayCells.element(h, a, i, false));
            out.add((int) signed);
        }
        return out;
    }
}
