package dev.vx.bytecode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Assembles a {@link Module} piece by piece, for the compiler and for tests.
 *
 * <p>Strings and constants are interned: the same value always gets the same id, and ids are
 * given in order of first use, so a compiler that adds things in a deterministic order gets a
 * deterministic module. Types start after {@link Module#BUILTIN_TYPES}; a type's constructors
 * must be added one after the other (their ids are contiguous), and the builder keeps each
 * type's {@code firstCtor}/{@code ctorCount} up to date. Functions may be declared first (for
 * recursion, or to name one in a closure shape) and defined later.
 *
 * <p>The builder checks only what it needs to stay consistent ({@link IllegalStateException} /
 * {@link IllegalArgumentException} on misuse); the {@link Verifier} checks the result.
 */
public final class ModuleBuilder {
    private final List<String> strings = new ArrayList<>();
    private final Map<String, Integer> stringIds = new HashMap<>();
    private final List<Long> constants = new ArrayList<>();
    private final Map<Long, Integer> constantIds = new HashMap<>();
    private final List<TypeDesc> types = new ArrayList<>(Module.BUILTIN_TYPES);
    private final List<CtorDesc> ctors = new ArrayList<>();
    private final List<Declaration> declarations = new ArrayList<>();
    private final List<Object> bodies = new ArrayList<>(); // per function: null, a FunctionDesc or a FunctionBuilder
    private int entry = -1;
    private boolean printResult;
    private byte[] sourceHash = new byte[ModuleWriter.HASH_BYTES];

    record Declaration(int name, int[] params, int result) {}

    // ------------------------------------------------------------------ strings and constants

    /** The id of {@code s} in the string table, adding it on first use. */
    public int string(String s) {
        Integer id = stringIds.get(s);
        if (id != null) return id;
        strings.add(s);
        stringIds.put(s, strings.size() - 1);
        return strings.size() - 1;
    }

    /** The index of the 64-bit word {@code bits} in the constant pool, adding it on first use. */
    public int constant(long bits) {
        Integer id = constantIds.get(bits);
        if (id != null) return id;
        constants.add(bits);
        constantIds.put(bits, constants.size() - 1);
        return constants.size() - 1;
    }

    public int constantF64(double v) {
        return constant(Double.doubleToRawLongBits(v));
    }

    /** An F32 constant: its bits, zero-extended (the F32 word representation). */
    public int constantF32(float v) {
        return constant(Float.floatToRawIntBits(v) & 0xFFFF_FFFFL);
    }

    // ------------------------------------------------------------------ types and constructors

    /** Adds a type without constructors yet; {@code name} may be null (printed structurally). */
    public int type(TypeKind kind, String name, int[] components, int result) {
        types.add(new TypeDesc(kind, name == null ? -1 : string(name), components.clone(), result, 0, 0));
        return types.size() - 1;
    }

    /** Adds a tuple type and its one constructor (named {@code name}, or "Tuple" when null). */
    public int tuple(String name, int... fields) {
        int t = type(TypeKind.TUPLE, name, fields, -1);
        ctor(t, name == null ? "Tuple" : name, fields);
        return t;
    }

    /** Adds a list type with its constructors Nil and Cons. */
    public int list(String name, int element) {
        int t = type(TypeKind.LIST, name, new int[] {element}, -1);
        ctor(t, "Nil");
        ctor(t, "Cons", element, t);
        return t;
    }

    public int array(String name, int element) {
        return type(TypeKind.ARRAY, name, new int[] {element}, -1);
    }

    /** Adds a function type; add its closure shapes with {@link #closure}. */
    public int funcType(String name, int[] params, int result) {
        return type(TypeKind.FUNC, name, params, result);
    }

    /** Adds an ADT type; add its constructors with {@link #ctor}, in tag order, one after the other. */
    public int adt(String name) {
        return type(TypeKind.ADT, name, new int[0], -1);
    }

    /** Adds the next constructor of {@code type}; returns its global id. */
    public int ctor(int type, String name, int... fields) {
        return addCtor(type, name, fields, -1);
    }

    /** Adds a closure shape of function type {@code funcType} that runs {@code function}. */
    public int closure(int funcType, String name, int function, int... captured) {
        return addCtor(funcType, name, captured, function);
    }

    private int addCtor(int type, String name, int[] fields, int closureFunction) {
        if (type < Module.BUILTIN_TYPES.size() || type >= types.size()) {
            throw new IllegalArgumentException("type " + type + " was not added to this builder");
        }
        TypeDesc t = types.get(type);
        int id = Layout.FIRST_CTOR + ctors.size();
        if (t.ctorCount() > 0 && t.firstCtor() + t.ctorCount() != id) {
            throw new IllegalStateException("the constructors of type " + type + " must be added one after the other");
        }
        ctors.add(new CtorDesc(string(name), type, fields.clone(), closureFunction));
        int first = t.ctorCount() == 0 ? id : t.firstCtor();
        types.set(type, new TypeDesc(t.kind(), t.name(), t.components(), t.result(), first, t.ctorCount() + 1));
        return id;
    }

    /** The global id of constructor {@code tag} of {@code type}. */
    public int ctorId(int type, int tag) {
        TypeDesc t = types.get(type);
        if (tag < 0 || tag >= t.ctorCount()) throw new IllegalArgumentException("type " + type + " has no constructor " + tag);
        return t.firstCtor() + tag;
    }

    public TypeDesc typeDesc(int type) {
        return types.get(type);
    }

    /** The constructor with global id {@code globalId}. */
    public CtorDesc ctorDesc(int globalId) {
        return ctors.get(globalId - Layout.FIRST_CTOR);
    }

    // ------------------------------------------------------------------ functions

    /** Declares a function (its id is final now); define it later with {@link #define}. */
    public int declare(String name, int[] params, int result) {
        declarations.add(new Declaration(string(name), params.clone(), result));
        bodies.add(null);
        return declarations.size() - 1;
    }

    /** Starts the body of declared function {@code id}; registers 0..n-1 are its parameters. */
    public FunctionBuilder define(int id, String file) {
        checkUndefined(id);
        Declaration d = declarations.get(id);
        FunctionBuilder body = new FunctionBuilder(id, d.params(), string(file));
        bodies.set(id, body);
        return body;
    }

    /** Declares and starts a function. */
    public FunctionBuilder function(String name, int[] params, int result, String file) {
        return define(declare(name, params, result), file);
    }

    /**
     * Defines declared function {@code id} from finished parts: all its register types
     * (starting with the parameters), code and one line per instruction.
     */
    public void define(int id, int[] registerTypes, List<Insn> code, String file, int[] lines) {
        checkUndefined(id);
        Declaration d = declarations.get(id);
        bodies.set(id, new FunctionDesc(d.name(), d.params(), d.result(), registerTypes.clone(), code, string(file),
                lines.clone()));
    }

    private void checkUndefined(int id) {
        if (id < 0 || id >= declarations.size()) throw new IllegalArgumentException("function " + id + " was not declared");
        if (bodies.get(id) != null) throw new IllegalStateException("function " + id + " is already defined");
    }

    public int functionCount() {
        return declarations.size();
    }

    // ------------------------------------------------------------------ module

    public ModuleBuilder entry(int function) {
        this.entry = function;
        return this;
    }

    public ModuleBuilder printResult(boolean print) {
        this.printResult = print;
        return this;
    }

    public ModuleBuilder sourceHash(byte[] sha256) {
        if (sha256.length != ModuleWriter.HASH_BYTES) {
            throw new IllegalArgumentException("a source hash is " + ModuleWriter.HASH_BYTES + " bytes");
        }
        this.sourceHash = sha256.clone();
        return this;
    }

    /** The module as built so far; every declared function must be defined and the entry set. */
    public Module build() {
        if (entry < 0) throw new IllegalStateException("no entry function was set");
        List<FunctionDesc> functions = new ArrayList<>(declarations.size());
        for (int id = 0; id < declarations.size(); id++) {
            Object body = bodies.get(id);
            Declaration d = declarations.get(id);
            if (body == null) {
                throw new IllegalStateException("function " + strings.get(d.name()) + " is declared but not defined");
            }
            functions.add(body instanceof FunctionBuilder b
                    ? b.toDesc(d.name(), d.result())
                    : (FunctionDesc) body);
        }
        long[] pool = new long[constants.size()];
        for (int i = 0; i < pool.length; i++) pool[i] = constants.get(i);
        return new Module(sourceHash.clone(), strings, pool, types, ctors, functions, entry, printResult);
    }

    @Override
    public String toString() {
        return "ModuleBuilder[" + declarations.size() + " functions, " + types.size() + " types, " + ctors.size()
                + " ctors, " + strings.size() + " strings, " + constants.size() + " constants]";
    }
}
