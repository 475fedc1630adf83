package dev.vx.bytecode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A whole Vx program in bytecode form: what the compiler produces, the {@code .vxb} file
 * holds, the verifier checks and every engine runs.
 *
 * @param sourceHash  SHA-256 of the program's sources (32 bytes)
 * @param strings     the string table: names, file paths and string literals
 * @param constants   the 64-bit constant pool
 * @param types       every type; ids 0..10 are {@link #BUILTIN_TYPES}
 * @param ctors       constructors; constructor i has global id {@code Layout.FIRST_CTOR + i}
 * @param functions   functions; a function's index is its id
 * @param entry       the function the VM runs first (no parameters)
 * @param printResult whether the VM prints the entry's result (a {@code main} that is not IO)
 */
public record Module(byte[] sourceHash, List<String> strings, long[] constants, List<TypeDesc> types,
                     List<CtorDesc> ctors, List<FunctionDesc> functions, int entry, boolean printResult) {

    public static final int FORMAT_MAJOR = 1;
    /** The latest format minor version, which this reader reads (and every earlier one). */
    public static final int FORMAT_MINOR = 4;

    /** Types 0..10: the scalars in {@link Scalar} order, then String. */
    public static final List<TypeDesc> BUILTIN_TYPES;

    static {
        List<TypeDesc> b = new ArrayList<>();
        for (Scalar s : Scalar.values()) b.add(TypeDesc.scalar(s));
        b.add(new TypeDesc(TypeKind.STRING, -1, new int[0], -1, 0, 0));
        BUILTIN_TYPES = List.copyOf(b);
    }

    public Module {
        strings = List.copyOf(strings);
        types = List.copyOf(types);
        ctors = List.copyOf(ctors);
        functions = List.copyOf(functions);
    }

    public TypeDesc type(int id) {
        return types.get(id);
    }

    public CtorDesc ctor(int globalId) {
        return ctors.get(globalId - Layout.FIRST_CTOR);
    }

    /**
     * The lowest format minor version that holds this module: the latest {@link Insn#sinceMinor}
     * of its instructions. A module that needs nothing newer is written as 1.0, so readers of
     * the older format still load it. Missing parts (a module object being checked, not yet
     * valid) count as nothing new; the writer and the verifier report them.
     */
    public int formatMinor() {
        int minor = 0;
        if (functions == null) return minor;
        for (FunctionDesc f : functions) {
            if (f == null || f.code() == null) continue;
            for (Insn in : f.code()) if (in != null && in.op() != null) minor = Math.max(minor, in.sinceMinor());
        }
        return minor;
    }

    public FunctionDesc function(int id) {
        return functions.get(id);
    }

    public String string(int id) {
        return strings.get(id);
    }

    public String functionName(int id) {
        return strings.get(functions.get(id).name());
    }

    /**
     * A name from the string table as a one-line message shows it: unchanged when it is plain
     * text, else with control characters (a crafted module's newline or escape sequence) written
     * as the language's escapes, as the verifier and the disassembler write them.
     */
    public static String printable(String name) {
        return TypeNames.printable(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Module m && entry == m.entry && printResult == m.printResult
                && Arrays.equals(sourceHash, m.sourceHash) && strings.equals(m.strings)
                && Arrays.equals(constants, m.constants) && types.equals(m.types) && ctors.equals(m.ctors)
                && functions.equals(m.functions);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(sourceHash) * 31 + functions.hashCode();
    }

    @Override
    public String toString() {
        return "Module[" + functions.size() + " functions, " + types.size() + " types, " + ctors.size()
                + " ctors, entry=" + entry + "]";
    }
}
