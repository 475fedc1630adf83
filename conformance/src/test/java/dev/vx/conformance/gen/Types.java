package dev.vx.conformance.gen;

import dev.vx.conformance.gen.GType.AdtT;
import dev.vx.conformance.gen.GType.ArrayT;
import dev.vx.conformance.gen.GType.FnT;
import dev.vx.conformance.gen.GType.ListT;
import dev.vx.conformance.gen.GType.MaybeT;
import dev.vx.conformance.gen.GType.TupleT;
import dev.vx.conformance.gen.GType.TypeVar;
import java.util.List;
import java.util.Map;

/** Matching a generic signature against a wanted type, and substituting type arguments. */
final class Types {
    private Types() {
    }

    /** Whether {@code pattern} (with the callee's type variables) can be {@code concrete}; extends {@code map}. */
    static boolean unify(GType pattern, GType concrete, Map<String, GType> map) {
        if (pattern instanceof TypeVar v) {
            GType bound = map.get(v.name());
            if (bound == null) {
                map.put(v.name(), concrete);
                return true;
            }
            return bound.equals(concrete);
        } else if (pattern instanceof ListT l && concrete instanceof ListT c) {
            return unify(l.element(), c.element(), map);
        } else if (pattern instanceof ArrayT a && concrete instanceof ArrayT c) {
            return unify(a.element(), c.element(), map);
        } else if (pattern instanceof MaybeT m && concrete instanceof MaybeT c) {
            return unify(m.element(), c.element(), map);
        } else if (pattern instanceof TupleT t && concrete instanceof TupleT c) {
            return all(t.items(), c.items(), map);
        } else if (pattern instanceof FnT f && concrete instanceof FnT c) {
            return all(f.params(), c.params(), map) && unify(f.result(), c.result(), map);
        } else if (pattern instanceof AdtT a && concrete instanceof AdtT c) {
            return a.name().equals(c.name()) && all(a.args(), c.args(), map);
        }
        return pattern.equals(concrete);
    }

    private static boolean all(List<GType> ps, List<GType> cs, Map<String, GType> map) {
        if (ps.size() != cs.size()) {
            return false;
        }
        for (int i = 0; i < ps.size(); i++) {
            if (!unify(ps.get(i), cs.get(i), map)) {
                return false;
            }
        }
        return true;
    }

    static GType substitute(GType t, Map<String, GType> map) {
        if (map == null || map.isEmpty()) {
            return t;
        } else if (t instanceof TypeVar v) {
            return map.getOrDefault(v.name(), t);
        } else if (t instanceof ListT l) {
            return new ListT(substitute(l.element(), map));
        } else if (t instanceof ArrayT a) {
            return new ArrayT(substitute(a.element(), map));
        } else if (t instanceof MaybeT m) {
            return new MaybeT(substitute(m.element(), map));
        } else if (t instanceof TupleT tt) {
            return new TupleT(tt.items().stream().map(i -> substitute(i, map)).toList());
        } else if (t instanceof FnT f) {
            return new FnT(f.params().stream().map(i -> substitute(i, map)).toList(), substitute(f.result(), map));
        } else if (t instanceof AdtT a) {
            return new AdtT(a.name(), a.args().stream().map(i -> substitute(i, map)).toList());
        }
        return t;
    }
}
