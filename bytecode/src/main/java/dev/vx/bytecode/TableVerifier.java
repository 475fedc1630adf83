package dev.vx.bytecode;

import java.util.Arrays;
import java.util.List;

/**
 * The first half of verification: the module's tables (strings, types, constructors, function
 * signatures, entry), checked before any code so that the code checks may rely on every type,
 * constructor and signature being well formed.
 */
final class TableVerifier {
    private static final int BUILTINS = Module.BUILTIN_TYPES.size();
    private static final int JOIN = Scalar.JOIN.typeId();

    private final Module m;
    private final TypeNames names;
    private final List<TypeDesc> types;
    private final List<CtorDesc> ctors;
    private final List<FunctionDesc> functions;
    /** For each function, the global id of the closure constructor that runs it, or -1. */
    private final int[] closureCtorOf;

    TableVerifier(Module m) {
        this.m = m;
        this.names = new TypeNames(m);
        this.types = m.types();
        this.ctors = m.ctors();
        this.functions = m.functions();
        this.closureCtorOf = new int[functions.size()];
        Arrays.fill(closureCtorOf, -1);
    }

    /** Checks the tables; returns, for each function, the closure constructor that runs it or -1. */
    int[] check() throws BytecodeException {
        module();
        strings();
        types();
        functions();
        ctors();
        entry();
        return closureCtorOf;
    }

    private void module() throws BytecodeException {
        if (m.sourceHash() == null || m.sourceHash().length != ModuleWriter.HASH_BYTES) {
            throw new BytecodeException("module: the source hash must be " + ModuleWriter.HASH_BYTES + " bytes");
        }
        if (m.constants() == null) throw new BytecodeException("module: the constant pool is missing");
        int maxCtors = Layout.MAX_CTOR_ID - Layout.FIRST_CTOR + 1;
        if (ctors.size() > maxCtors) {
            throw new BytecodeException("module: " + ctors.size() + " constructors; their ids must stay within "
                    + Layout.FIRST_CTOR + ".." + Layout.MAX_CTOR_ID);
        }
    }

    /** Every string must be encodable as UTF-8, i.e. well-formed UTF-16. */
    private void strings() throws BytecodeException {
        List<String> strings = m.strings();
        for (int i = 0; i < strings.size(); i++) {
            String s = strings.get(i);
            for (int j = 0; j < s.length(); j++) {
                char c = s.charAt(j);
                boolean paired = Character.isHighSurrogate(c) && j + 1 < s.length()
                        && Character.isLowSurrogate(s.charAt(j + 1));
                if (paired) {
                    j++;
                } else if (Character.isSurrogate(c)) {
                    throw new BytecodeException("string " + i + ": unpaired surrogate at char " + j
                            + " (not valid Unicode)");
                }
            }
        }
    }

    private void types() throws BytecodeException {
        if (types.size() < BUILTINS) {
            throw new BytecodeException("module: the type table must start with the " + BUILTINS
                    + " built-in types (it has " + types.size() + " types)");
        }
        for (int id = 0; id < BUILTINS; id++) {
            if (!types.get(id).equals(Module.BUILTIN_TYPES.get(id))) {
                throw new BytecodeException("type " + id + ": must be the built-in type " + names.name(id));
            }
        }
        for (int id = BUILTINS; id < types.size(); id++) type(id);
    }

    private void type(int id) throws BytecodeException {
        TypeDesc t = types.get(id);
        String where = "type " + id + ": ";
        if (t.kind() == null) throw new BytecodeException(where + "has no kind");
        if (t.components() == null) throw new BytecodeException(where + "has no component array");
        if (t.kind() == TypeKind.SCALAR || t.kind() == TypeKind.STRING) {
            throw new BytecodeException(where + "only the built-in types 0.." + (BUILTINS - 1) + " may be " + t.kind());
        }
        if (t.name() != -1 && !validString(t.name())) {
            throw new BytecodeException(where + "name string " + t.name() + " does not exist");
        }
        int[] c = t.components();
        for (int i = 0; i < c.length; i++) typeRef(c[i], where + "component " + i);
        switch (t.kind()) {
            case TUPLE -> expectCtorCount(t, 1, where + "a tuple type has exactly one constructor");
            case ADT -> {
                if (c.length != 0) throw new BytecodeException(where + "an ADT type has no components");
            }
            case LIST -> {
                if (c.length != 1) throw new BytecodeException(where + "a list type has one component, its element type");
                expectCtorCount(t, 2, where + "a list type has exactly two constructors, Nil and Cons");
            }
            case ARRAY -> {
                if (c.length != 1) throw new BytecodeException(where + "an array type has one component, its element type");
                expectCtorCount(t, 0, where + "an array type has no constructors");
            }
            case FUNC -> {
                if (c.length > Layout.MAX_ARGS - 1) {
                    throw new BytecodeException(where + "a function type takes at most " + (Layout.MAX_ARGS - 1)
                            + " parameters (its closures take one more), it has " + c.length);
                }
            }
            default -> throw new IllegalStateException();
        }
        if (t.kind() == TypeKind.FUNC) {
            typeRef(t.result(), where + "result");
        } else if (t.result() != -1) {
            throw new BytecodeException(where + "only function types have a result type (result must be -1, it is "
                    + t.result() + ")");
        }
        if (t.ctorCount() < 0) throw new BytecodeException(where + "negative constructor count " + t.ctorCount());
        if (t.ctorCount() == 0) {
            if (t.firstCtor() != 0) {
                throw new BytecodeException(where + "a type without constructors has firstCtor 0, not " + t.firstCtor());
            }
            return;
        }
        long end = (long) t.firstCtor() + t.ctorCount();
        if (t.firstCtor() < Layout.FIRST_CTOR || end > Layout.FIRST_CTOR + (long) ctors.size()) {
            throw new BytecodeException(where + "constructors " + t.firstCtor() + ".." + (end - 1)
                    + " are not all in the constructor table (ids " + Layout.FIRST_CTOR + ".."
                    + (Layout.FIRST_CTOR + ctors.size() - 1) + ")");
        }
        for (int g = t.firstCtor(); g < end; g++) {
            int owner = ctors.get(g - Layout.FIRST_CTOR).type();
            if (owner != id) {
                throw new BytecodeException(where + "constructor " + g + " in its range belongs to type " + owner);
            }
        }
    }

    private static void expectCtorCount(TypeDesc t, int count, String rule) throws BytecodeException {
        if (t.ctorCount() != count) throw new BytecodeException(rule + " (it has " + t.ctorCount() + ")");
    }

    private void functions() throws BytecodeException {
        for (int id = 0; id < functions.size(); id++) {
            FunctionDesc f = functions.get(id);
            String where = "function " + functionName(m, id) + ": ";
            if (!validString(f.name())) throw new BytecodeException(where + "name string " + f.name() + " does not exist");
            if (!validString(f.file())) throw new BytecodeException(where + "file string " + f.file() + " does not exist");
            int[] params = f.params();
            int[] registers = f.registerTypes();
            if (params == null) throw new BytecodeException(where + "has no parameter array");
            if (registers == null) throw new BytecodeException(where + "has no register type array");
            if (f.lines() == null) throw new BytecodeException(where + "has no line array");
            if (params.length > Layout.MAX_ARGS) {
                throw new BytecodeException(where + "takes " + params.length + " parameters; the limit is " + Layout.MAX_ARGS);
            }
            for (int i = 0; i < params.length; i++) typeRef(params[i], where + "parameter " + i);
            typeRef(f.result(), where + "result");
            if (registers.length < params.length) {
                throw new BytecodeException(where + "has fewer registers (" + registers.length + ") than parameters ("
                        + params.length + ")");
            }
            if (registers.length > Layout.MAX_REGISTERS) {
                throw new BytecodeException(where + "has " + registers.length + " registers; the limit is "
                        + Layout.MAX_REGISTERS);
            }
            for (int r = 0; r < registers.length; r++) {
                if (r < params.length && registers[r] != params[r]) {
                    throw new BytecodeException(where + "register r" + r + " has type " + names.name(registers[r])
                            + " but parameter " + r + " has type " + names.name(params[r]));
                }
                if (registers[r] < 0 || registers[r] >= types.size()) {
                    throw new BytecodeException(where + "register r" + r + " has type " + registers[r]
                            + ", which does not exist");
                }
            }
            if (f.lines().length != f.code().size()) {
                throw new BytecodeException(where + "has " + f.lines().length + " line numbers for "
                        + f.code().size() + " instructions");
            }
            for (int pc = 0; pc < f.lines().length; pc++) {
                if (f.lines()[pc] < 0) {
                    Opcode op = f.code().get(pc).op();
                    throw new BytecodeException(where + "instruction " + pc + " (" + (op == null ? "?" : op.mnemonic())
                            + "): negative source line " + f.lines()[pc]);
                }
            }
        }
    }

    private void ctors() throws BytecodeException {
        for (int i = 0; i < ctors.size(); i++) {
            int g = Layout.FIRST_CTOR + i;
            CtorDesc c = ctors.get(i);
            String where = "constructor " + g + ": ";
            if (!validString(c.name())) throw new BytecodeException(where + "name string " + c.name() + " does not exist");
            if (c.type() < BUILTINS || c.type() >= types.size() || !types.get(c.type()).kind().hasCtors()) {
                throw new BytecodeException(where + "type " + c.type()
                        + " is not a tuple, ADT, list or function type of the module");
            }
            TypeDesc t = types.get(c.type());
            if (g < t.firstCtor() || g >= t.firstCtor() + t.ctorCount()) {
                throw new BytecodeException(where + "is not in the constructor range of its type " + c.type() + " ("
                        + (t.ctorCount() == 0 ? "empty" : t.firstCtor() + ".." + (t.firstCtor() + t.ctorCount() - 1)) + ")");
            }
            int[] fields = c.fields();
            if (fields == null) throw new BytecodeException(where + "has no field array");
            if (fields.length > Layout.MAX_FIELDS) {
                throw new BytecodeException(where + "has " + fields.length + " fields; the limit is " + Layout.MAX_FIELDS);
            }
            for (int k = 0; k < fields.length; k++) typeRef(fields[k], where + "field " + k);
            if (c.closureFunction() < -1) {
                throw new BytecodeException(where + "closure function " + c.closureFunction() + " must be -1 or a function");
            }
            if (t.kind() == TypeKind.FUNC) {
                closure(g, c, t, where);
            } else {
                plain(g, c, t, where);
            }
        }
    }

    private void closure(int g, CtorDesc c, TypeDesc t, String where) throws BytecodeException {
        int fn = c.closureFunction();
        if (fn == -1) throw new BytecodeException(where + "a constructor of a function type must be a closure shape");
        if (fn >= functions.size()) throw new BytecodeException(where + "closure function " + fn + " does not exist");
        if (closureCtorOf[fn] >= 0) {
            throw new BytecodeException(where + "function " + functionName(m, fn)
                    + " is already the closure function of constructor " + closureCtorOf[fn]);
        }
        closureCtorOf[fn] = g;
        FunctionDesc f = functions.get(fn);
        int[] expected = new int[1 + t.components().length];
        expected[0] = c.type();
        System.arraycopy(t.components(), 0, expected, 1, t.components().length);
        if (!Arrays.equals(f.params(), expected)) {
            throw new BytecodeException(where + "closure function " + functionName(m, fn) + " must take "
                    + typeList(expected) + " (the closure, then the function type's parameters), it takes "
                    + typeList(f.params()));
        }
        if (f.result() != t.result()) {
            throw new BytecodeException(where + "closure function " + functionName(m, fn) + " returns "
                    + names.name(f.result()) + ", the function type returns " + names.name(t.result()));
        }
    }

    private void plain(int g, CtorDesc c, TypeDesc t, String where) throws BytecodeException {
        if (c.closureFunction() != -1) {
            throw new BytecodeException(where + "only constructors of function types have a closure function");
        }
        if (c.fields().length == 0 && g >= Layout.IMMEDIATE_LIMIT) {
            throw new BytecodeException(where + "a nullary constructor needs an id below " + Layout.IMMEDIATE_LIMIT
                    + " (its value is its id)");
        }
        if (t.kind() == TypeKind.TUPLE && !Arrays.equals(c.fields(), t.components())) {
            throw new BytecodeException(where + "the fields of a tuple's constructor must be the tuple's components "
                    + typeList(t.components()) + ", they are " + typeList(c.fields()));
        }
        if (t.kind() == TypeKind.LIST) {
            int tag = g - t.firstCtor();
            if (tag == 0 && c.fields().length != 0) {
                throw new BytecodeException(where + "Nil (tag 0) of a list type has no fields");
            }
            int[] cons = {t.element(), c.type()};
            if (tag == 1 && !Arrays.equals(c.fields(), cons)) {
                throw new BytecodeException(where + "Cons (tag 1) of a list type has the fields " + typeList(cons)
                        + " (element, the list itself), not " + typeList(c.fields()));
            }
        }
    }

    private void entry() throws BytecodeException {
        int e = m.entry();
        if (e < 0 || e >= functions.size()) throw new BytecodeException("module: entry function " + e + " does not exist");
        int arity = functions.get(e).params().length;
        if (arity != 0) {
            throw new BytecodeException("module: entry function " + functionName(m, e) + " takes " + arity
                    + " parameters; it must take none");
        }
    }

    /** A type that a component, field, parameter or result may have: any but the engine-private Join. */
    private void typeRef(int id, String what) throws BytecodeException {
        if (id < 0 || id >= types.size()) throw new BytecodeException(what + " refers to type " + id + ", which does not exist");
        if (id == JOIN) throw new BytecodeException(what + " is the engine-private Join type");
    }

    private boolean validString(int id) {
        return id >= 0 && id < m.strings().size();
    }

    private String typeList(int[] ids) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < ids.length; i++) b.append(i > 0 ? ", " : "").append(names.name(ids[i]));
        return b.append(')').toString();
    }

    /** A function's name for messages: its name string, or {@code f<id>} when that is missing. */
    static String functionName(Module m, int id) {
        if (id < 0 || id >= m.functions().size()) return "f" + id;
        int name = m.functions().get(id).name();
        return name >= 0 && name < m.strings().size()
                ? TypeNames.printable(m.strings().get(name), TypeNames.MESSAGE_NAME_CODE_POINTS) : "f" + id;
    }
}
