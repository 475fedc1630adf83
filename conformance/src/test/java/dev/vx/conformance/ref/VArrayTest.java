package dev.vx.conformance.ref;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Every version of a {@link VArray} keeps its elements, whatever is updated or read later. */
class VArrayTest {

    @Test
    void oldVersionsKeepTheirElements() {
        VArray a0 = VArray.fill(3, "a");
        VArray a1 = a0.set(1, "b");
        VArray a2 = a1.set(2, "c");
        VArray b1 = a0.set(0, "x"); // updating an old version
        assertEquals(List.of("a", "a", "a"), a0.toList());
        assertEquals(List.of("a", "b", "a"), a1.toList());
        assertEquals(List.of("a", "b", "c"), a2.toList());
        assertEquals(List.of("x", "a", "a"), b1.toList());
        assertEquals("c", a2.get(2));
        assertEquals("a", a0.get(1));
    }

    @Test
    void randomUpdatesOfRandomVersionsMatchCopies() {
        Random r = new Random(7);
        List<VArray> versions = new ArrayList<>();
        List<List<Object>> copies = new ArrayList<>();
        versions.add(VArray.fill(5, 0));
        copies.add(new ArrayList<>(List.of(0, 0, 0, 0, 0)));
        for (int step = 1; step <= 2000; step++) {
            int v = r.nextInt(versions.size());
            int i = r.nextInt(5);
            versions.add(versions.get(v).set(i, step));
            List<Object> copy = new ArrayList<>(copies.get(v));
            copy.set(i, step);
            copies.add(copy);
            int w = r.nextInt(versions.size());
            int j = r.nextInt(5);
            assertEquals(copies.get(w).get(j), versions.get(w).get(j), "version " + w + " index " + j);
        }
        for (int v = 0; v < versions.size(); v++) {
            assertEquals(copies.get(v), versions.get(v).toList(), "version " + v);
        }
    }
}
