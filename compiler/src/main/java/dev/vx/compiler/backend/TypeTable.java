package dev.vx.compiler.backend;

import dev.vx.bytecode.CtorDesc;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Scalar;
import dev.vx.bytecode.TypeDesc;
import dev.vx.bytecode.TypeKind;
import dev.vx.compiler.types.AdtDecl;
import dev.vx.compiler.types.AdtType;
import dev.vx.compiler.types.ArrayType;
import dev.vx.compiler.types.Constructor;
import dev.vx.compiler.types.FunctionType;
import dev.vx.compiler.types.IoType;
import dev.vx.compiler.types.ListType;
import dev.vx.compiler.types.ParamType;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.StringType;
import dev.vx.compiler.types.TupleType;
import dev.vx.compiler.types.Types;
import dev.vx.compiler.types.Type;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Monomorphic Vx types as bytecode types and constructors. {@code IO(T)} is the closure type
 * {@code (Unit) -> T}. Constructors get provisional ids while the program is lowered (closure
 * shapes appear as lambdas are met); {@link #finish} renumbers them so each type's
 * constructors are contiguous, with data types first (their nullary constructors must be
 * below the immediate limit) and closure shapes last.
 */
final class TypeTable {
    private final Pool pool;
    private final Map<Type, Integer> ids = new HashMap<>();
    private final List<Entry> types = new ArrayList<>();
    private final List<CtorEntry> ctors = new ArrayList<>();
    private final Map<Constructor, Map<Integer, Integer>> adtCtors = new HashMap<>();
    private final Map<Integer, Integer> closureShapes = new HashMap<>();

    private static final class Entry {
        TypeKind kind;
        String name;
        int[] components = new int[0];
        int result = -1;
        final List<Integer> ctors = new ArrayList<>();
    }

    static final class CtorEntry {
        final String name;
        final int type;
        int[] fields;
        int closureFunction = -1;

        CtorEntry(String name, int type, int[] fields) {
            this.name = name;
            this.type = type;
            this.fields = fields;
        }
    }

    TypeTable(Pool pool) {
        this.pool = pool;
        for (int i = 0; i < Module.BUILTIN_TYPES.size(); i++) {
            Entry e = new Entry();
            e.kind = Module.BUILTIN_TYPES.get(i).kind();
            types.add(e);
        }
    }

    boolean isRef(int type) {
        return types.get(type).kind != TypeKind.SCALAR;
    }

    TypeKind kind(int type) {
        return types.get(type).kind;
    }

    int[] components(int type) {
        return types.get(type).components;
    }

    int result(int type) {
        return types.get(type).result;
    }

    /** The bytecode type of a ground Vx type. */
    /**
     * Twice {@link Backend#MAX_TYPE_SIZE} and {@link Backend#MAX_TYPE_DEPTH}, so that a
     * function instantiated at growing types is reported by the instance check, at the
     * function, before a type of its body gets here.
     */
    private static final int MAX_SIZE = 2 * Backend.MAX_TYPE_SIZE;
    private static final int MAX_DEPTH = 2 * Backend.MAX_TYPE_DEPTH;

    /**
     * A type larger than any program writes. Most likely a data type on an expanding cycle
     * among those laid out so far ({@code Nested<T>} holding a {@code Maybe<Nested<(T, T)>>})
     * drove it there: it would need infinitely many instances, and the error is at it.
     */
    private CompileLimitException tooLarge() {
        Set<AdtDecl> laidOut = new LinkedHashSet<>();
        for (Type known : ids.keySet()) {
            if (known instanceof AdtType a) laidOut.add(a.decl());
        }
        // In source order, so that of two such types the same one is reported every time.
        List<AdtDecl> roots = laidOut.stream().sorted(Comparator.comparing((AdtDecl d) -> d.span().file().path())
                .thenComparingInt(d -> d.span().start())).toList();
        ExpandingTypes.Cycle cycle = ExpandingTypes.find(roots);
        if (cycle != null) {
            AdtDecl d = cycle.grown();
            String through = cycle.through().isEmpty() ? ""
                    : ", through " + String.join(" and ", cycle.through().stream().map(AdtDecl::name).toList()) + ",";
            return new CompileLimitException(d.name() + " is used at ever larger type arguments (its constructors"
                    + through + " hold it at a larger type than its own parameters); every instance of a data type is "
                    + "laid out separately, so its fields must use it at its own parameters", d.span());
        }
        return new CompileLimitException("a type has more than " + MAX_SIZE + " parts or nests more than " + MAX_DEPTH
                + " levels deep");
    }

    int of(Type t) {
        if (t instanceof ScalarType s) return s.kind().typeId();
        if (t instanceof StringType) return TypeDesc.STRING_TYPE;
        if (t instanceof IoType io) return of(new FunctionType(List.of(ScalarType.UNIT), io.result()));
        if (t instanceof ParamType p) throw new IllegalStateException("type parameter " + p + " reached the back end");
        // Checked before the lookup, which hashes the type (in the size of its tree).
        if (Types.exceeds(t, MAX_SIZE, MAX_DEPTH)) throw tooLarge();
        Integer known = ids.get(t);
        if (known != null) return known;
        Entry e = new Entry();
        int id = types.size();
        types.add(e);
        ids.put(t, id);
        e.name = t.toString();
        if (t instanceof ListType l) {
            e.kind = TypeKind.LIST;
            e.components = new int[]{of(l.element())};
            newCtor("Nil", id, new int[0]);
            newCtor("Cons", id, new int[]{e.components[0], id});
        } else if (t instanceof ArrayType a) {
            e.kind = TypeKind.ARRAY;
            e.components = new int[]{of(a.element())};
        } else if (t instanceof TupleType tt) {
            e.kind = TypeKind.TUPLE;
            e.components = tt.elements().stream().mapToInt(this::of).toArray();
            newCtor("(,)", id, e.components);
        } else if (t instanceof FunctionType f) {
            e.kind = TypeKind.FUNC;
            e.components = f.params().stream().mapToInt(this::of).toArray();
            e.result = of(f.result());
        } else if (t instanceof AdtType a) {
            e.kind = TypeKind.ADT;
            List<Constructor> cs = a.decl().constructors();
            if (cs.size() > MAX_DATA_CTORS) {
                throw new CompileLimitException(a.decl().name() + " has " + cs.size() + " constructors; a program has at "
                        + "most " + MAX_DATA_CTORS + " data constructors", a.decl().span());
            }
            // Register the constructors before their fields: fields may mention this type.
            int[] provisional = new int[cs.size()];
            for (int i = 0; i < cs.size(); i++) {
                provisional[i] = newCtor(cs.get(i).name(), id, new int[0]);
                adtCtors.computeIfAbsent(cs.get(i), k -> new HashMap<>()).put(id, provisional[i]);
            }
            for (int i = 0; i < cs.size(); i++) {
                ctors.get(provisional[i]).fields = a.fieldTypes(cs.get(i)).stream().mapToInt(this::of).toArray();
            }
        } else {
            throw new IllegalStateException("unknown type " + t);
        }
        return id;
    }

    /** Data constructors (lists', tuples' and data types', per instance) fit the immediate range of ids. */
    private static final int MAX_DATA_CTORS = Layout.IMMEDIATE_LIMIT - Layout.FIRST_CTOR;
    private int dataCtors;

    private int newCtor(String name, int type, int[] fields) {
        // Counted as types are laid out, so the limit stops the function that passes it (an
        // error located there) instead of a count after every function has been lowered.
        if (types.get(type).kind != TypeKind.FUNC && ++dataCtors > MAX_DATA_CTORS) {
            throw new CompileLimitException("the program needs more than " + MAX_DATA_CTORS + " data constructors "
                    + "(each instance of a generic data type, list or tuple type has its own); at most " + MAX_DATA_CTORS
                    + " are supported");
        }
        ctors.add(new CtorEntry(name, type, fields));
        types.get(type).ctors.add(ctors.size() - 1);
        return ctors.size() - 1;
    }

    /** The provisional id of constructor {@code c} of the ADT type {@code adt}. */
    int ctor(AdtType adt, Constructor c) {
        int type = of(adt);
        return adtCtors.get(c).get(type);
    }

    int nil(int listType) {
        return types.get(listType).ctors.get(0);
    }

    int cons(int listType) {
        return types.get(listType).ctors.get(1);
    }

    int tuple(int tupleType) {
        return types.get(tupleType).ctors.get(0);
    }

    /** A data constructor of {@code type} without fields (its value is an immediate), or -1. */
    int nullaryCtor(int type) {
        for (int c : types.get(type).ctors) {
            CtorEntry e = ctors.get(c);
            if (e.fields.length == 0 && e.closureFunction < 0) return c;
        }
        return -1;
    }

    /** Field types of a provisional constructor. */
    int[] fields(int ctor) {
        return ctors.get(ctor).fields;
    }

    /** A new closure shape of function type {@code funcType} capturing values of {@code captures}. */
    int closure(int funcType, String name, int[] captures) {
        return newCtor(name, funcType, captures);
    }

    void setClosureFunction(int ctor, int function) {
        ctors.get(ctor).closureFunction = function;
        closureShapes.put(function, ctor);
    }

    /** The function of closure shape {@code ctor}, or -1 if it is a data constructor. */
    int closureFunction(int ctor) {
        return ctors.get(ctor).closureFunction;
    }

    /** The closure shape whose function is {@code function}, or -1. */
    int closureShape(int function) {
        return closureShapes.getOrDefault(function, -1);
    }

    /** The final tables, and the renumbering of provisional constructor ids to global ids. */
    record Finished(List<TypeDesc> types, List<CtorDesc> ctors, int[] ctorIds) {}

    Finished finish() {
        int[] finalId = new int[ctors.size()];
        List<CtorDesc> out = new ArrayList<>();
        int[] first = new int[types.size()];
        for (int pass = 0; pass < 2; pass++) {
            boolean closures = pass == 1;
            for (int t = 0; t < types.size(); t++) {
                Entry e = types.get(t);
                if ((e.kind == TypeKind.FUNC) != closures || e.ctors.isEmpty()) continue;
                first[t] = Layout.FIRST_CTOR + out.size();
                for (int c : e.ctors) {
                    finalId[c] = Layout.FIRST_CTOR + out.size();
                    CtorEntry ce = ctors.get(c);
                    out.add(new CtorDesc(pool.string(ce.name), ce.type, ce.fields, ce.closureFunction));
                }
            }
            if (!closures && Layout.FIRST_CTOR + out.size() > Layout.IMMEDIATE_LIMIT) {
                throw new IllegalStateException("data constructors past the limit newCtor enforces: " + out.size());
            }
        }
        if (Layout.FIRST_CTOR + out.size() > Layout.MAX_CTOR_ID) {
            throw new CompileLimitException("the program has " + out.size() + " constructors and closure shapes; at most "
                    + (Layout.MAX_CTOR_ID - Layout.FIRST_CTOR) + " are supported");
        }
        List<TypeDesc> descs = new ArrayList<>(Module.BUILTIN_TYPES);
        for (int t = Module.BUILTIN_TYPES.size(); t < types.size(); t++) {
            Entry e = types.get(t);
            descs.add(new TypeDesc(e.kind, pool.string(e.name), e.components, e.result,
                    e.ctors.isEmpty() ? 0 : first[t], e.ctors.size()));
        }
        return new Finished(descs, out, finalId);
    }

    static int scalar(Scalar s) {
        return s.typeId();
    }
}
