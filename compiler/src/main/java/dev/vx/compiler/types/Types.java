package dev.vx.compiler.types;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Operations on {@link Type}s: substitution of type parameters (for monomorphisation), printing helpers. */
public final class Types {
    private Types() {
    }

    /** {@code type} with each of {@code params} replaced by the argument at the same index. */
    public static Type substitute(Type type, List<TypeParam> params, List<Type> args) {
        if (params.isEmpty()) {
            return type;
        }
        Map<TypeParam, Type> map = new HashMap<>();
        for (int i = 0; i < params.size(); i++) {
            map.put(params.get(i), args.get(i));
        }
        return substitute(type, map);
    }

    /** {@code type} with every parameter in {@code map} replaced; others are kept. */
    public static Type substitute(Type type, Map<TypeParam, Type> map) {
        if (type instanceof ParamType p) {
            return map.getOrDefault(p.param(), p);
        } else if (type instanceof ListType l) {
            return new ListType(substitute(l.element(), map));
        } else if (type instanceof ArrayType a) {
            return new ArrayType(substitute(a.element(), map));
        } else if (type instanceof TupleType t) {
            return new TupleType(substituteAll(t.elements(), map));
        } else if (type instanceof FunctionType f) {
            return new FunctionType(substituteAll(f.params(), map), substitute(f.result(), map));
        } else if (type instanceof IoType io) {
            return new IoType(substitute(io.result(), map));
        } else if (type instanceof AdtType a) {
            return a.args().isEmpty() ? a : new AdtType(a.decl(), substituteAll(a.args(), map));
        }
        return type;
    }

    /**
     * The number of type constructors in {@code type} written out as a tree (1 for a scalar,
     * String or parameter), counting no further than {@code limit + 1}. Polymorphic recursion
     * can build types whose trees grow exponentially ({@code f<(T, T)>} calling itself), so
     * this stops early: its cost is at most {@code limit} steps, where equality and hashing of
     * such a type would take the tree's size.
     */
    public static int sizeUpTo(Type type, int limit) {
        return size(type, limit + 1, 0);
    }

    /** How deeply {@code type} nests: 1 for a scalar, String or parameter, 1 + the deepest component otherwise. */
    public static int depth(Type type) {
        if (type instanceof ListType l) return 1 + depth(l.element());
        if (type instanceof ArrayType a) return 1 + depth(a.element());
        if (type instanceof IoType io) return 1 + depth(io.result());
        if (type instanceof TupleType t) return 1 + maxDepth(t.elements());
        if (type instanceof FunctionType f) return 1 + Math.max(maxDepth(f.params()), depth(f.result()));
        if (type instanceof AdtType a) return 1 + maxDepth(a.args());
        return 1;
    }

    private static int maxDepth(List<Type> types) {
        int d = 0;
        for (Type t : types) d = Math.max(d, depth(t));
        return d;
    }

    /**
     * Whether {@code type} has more than {@code maxSize} parts or nests more than
     * {@code maxDepth} levels; at most {@code maxSize} steps.
     */
    public static boolean exceeds(Type type, int maxSize, int maxDepth) {
        return sizeUpTo(type, maxSize) > maxSize || depth(type) > maxDepth;
    }

    /** {@code counted} plus the size of {@code type}, capped at {@code cap}. */
    private static int size(Type type, int cap, int counted) {
        counted++;
        if (counted >= cap) return cap;
        if (type instanceof ListType l) return size(l.element(), cap, counted);
        if (type instanceof ArrayType a) return size(a.element(), cap, counted);
        if (type instanceof IoType io) return size(io.result(), cap, counted);
        if (type instanceof TupleType t) return sizeAll(t.elements(), cap, counted);
        if (type instanceof FunctionType f) return size(f.result(), cap, sizeAll(f.params(), cap, counted));
        if (type instanceof AdtType a) return sizeAll(a.args(), cap, counted);
        return counted;
    }

    private static int sizeAll(List<Type> types, int cap, int counted) {
        for (Type t : types) {
            counted = size(t, cap, counted);
            if (counted >= cap) return cap;
        }
        return counted;
    }

    public static List<Type> substituteAll(List<Type> types, Map<TypeParam, Type> map) {
        List<Type> out = new ArrayList<>(types.size());
        for (Type t : types) {
            out.add(substitute(t, map));
        }
        return out;
    }

    static String join(String open, List<Type> types, String close) {
        StringBuilder s = new StringBuilder(open);
        for (int i = 0; i < types.size(); i++) {
            if (i > 0) {
                s.append(", ");
            }
            s.append(types.get(i));
        }
        return s.append(close).toString();
    }
}
