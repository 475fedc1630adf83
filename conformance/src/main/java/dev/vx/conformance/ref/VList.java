package dev.vx.conformance.ref;

import java.util.ArrayList;
import java.util.List;

/** A Vx list: {@link #NIL} or a cons cell. Tails are shared, never copied. */
public sealed interface VList {
    VList NIL = new Nil();

    record Nil() implements VList {
    }

    record Cons(Object head, VList tail) implements VList {
    }

    static VList of(List<?> items) {
        VList out = NIL;
        for (int i = items.size() - 1; i >= 0; i--) {
            out = new Cons(items.get(i), out);
        }
        return out;
    }

    /** The elements in order (a loop, so long lists are fine). */
    static List<Object> toJava(VList list) {
        List<Object> out = new ArrayList<>();
        for (VList l = list; l instanceof Cons c; l = c.tail()) {
            out.add(c.head());
        }
        return out;
    }
}
