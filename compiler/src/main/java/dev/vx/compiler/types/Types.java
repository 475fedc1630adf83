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
