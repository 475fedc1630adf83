package dev.vx.conformance.ref;

import java.util.ArrayList;
import java.util.List;

/**
 * An immutable Vx array with O(1) updates when the old version is not used again (Baker's
 * "version arrays"): the newest version owns the element storage; an older version is a diff
 * (one index and its old value) against a newer one. Reading an old version walks its diffs;
 * updating one first makes it the owner again ("rerooting"). Every version always denotes the
 * same elements, so the array is persistent, like a copy-on-write array, without the copies.
 * Not thread-safe (the reference evaluator is sequential).
 */
public final class VArray {
    private final int length;
    private Object[] data;     // non-null: this version owns the storage
    private int diffIndex;     // else: this version is `next` with [diffIndex] = diffValue
    private Object diffValue;
    private VArray next;

    private VArray(Object[] data) {
        this.length = data.length;
        this.data = data;
    }

    public static VArray of(Object[] elements) {
        return new VArray(elements.clone());
    }

    public static VArray fill(int n, Object v) {
        Object[] d = new Object[n];
        java.util.Arrays.fill(d, v);
        return new VArray(d);
    }

    public int length() {
        return length;
    }

    public Object get(int i) {
        VArray v = this;
        while (v.data == null) {
            if (v.diffIndex == i) {
                return v.diffValue;
            }
            v = v.next;
        }
        return v.data[i];
    }

    public VArray set(int i, Object value) {
        reroot();
        Object[] d = data;
        VArray newer = new VArray(d);
        Object old = d[i];
        d[i] = value;
        data = null;
        diffIndex = i;
        diffValue = old;
        next = newer;
        return newer;
    }

    public List<Object> toList() {
        reroot();
        List<Object> out = new ArrayList<>(length);
        for (Object o : data) {
            out.add(o);
        }
        return out;
    }

    public VArray slice(int from, int to) {
        Object[] d = new Object[to - from];
        for (int i = from; i < to; i++) {
            d[i - from] = get(i);
        }
        return new VArray(d);
    }

    /** Makes this version own the storage by undoing, newest first, the diffs on the way to the owner. */
    private void reroot() {
        if (data != null) {
            return;
        }
        List<VArray> path = new ArrayList<>();
        for (VArray v = this; v.data == null; v = v.next) {
            path.add(v);
        }
        for (int k = path.size() - 1; k >= 0; k--) {
            VArray v = path.get(k);
            VArray owner = v.next;
            Object[] d = owner.data;
            int i = v.diffIndex;
            Object mine = v.diffValue;
            // owner becomes a diff against v, which takes the storage.
            owner.data = null;
            owner.diffIndex = i;
            owner.diffValue = d[i];
            owner.next = v;
            d[i] = mine;
            v.data = d;
            v.diffValue = null;
            v.next = null;
        }
    }
}
