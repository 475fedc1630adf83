package dev.vx.bytecode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A function: its signature, its registers (each with one type for the whole function;
 * parameters are registers 0..n-1), its code and its debug information.
 *
 * @param name          string id of the Vx name ({@code List.map<U32,U32>}, {@code main}, ...)
 * @param params        parameter types
 * @param result        result type
 * @param registerTypes the type of every register; starts with {@code params}
 * @param code          the instructions
 * @param file          string id of the source file path (as given to the compiler)
 * @param lines         the source line of every instruction (same length as {@code code})
 */
public record FunctionDesc(int name, int[] params, int result, int[] registerTypes, List<Insn> code,
                           int file, int[] lines) {

    public FunctionDesc {
        code = List.copyOf(code);
    }

    public int arity() {
        return params.length;
    }

    public int registerCount() {
        return registerTypes.length;
    }

    /**
     * The instruction index of every call site, in code order. A site's ordinal is what a
     * continuation frame's resume word names (see {@link Layout#resumeWord}).
     */
    public int[] sites() {
        List<Integer> s = new ArrayList<>();
        for (int i = 0; i < code.size(); i++) {
            if (code.get(i).op().isCallSite()) s.add(i);
        }
        return s.stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FunctionDesc f && name == f.name && result == f.result && file == f.file
                && Arrays.equals(params, f.params) && Arrays.equals(registerTypes, f.registerTypes)
                && code.equals(f.code) && Arrays.equals(lines, f.lines);
    }

    @Override
    public int hashCode() {
        return (name * 31 + Arrays.hashCode(registerTypes)) * 31 + code.hashCode();
    }

    @Override
    public String toString() {
        return "FunctionDesc[name=" + name + " params=" + Arrays.toString(params) + " result=" + result
                + " registers=" + registerTypes.length + " code=" + code.size() + " insns]";
    }
}
