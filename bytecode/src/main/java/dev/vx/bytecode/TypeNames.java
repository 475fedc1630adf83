package dev.vx.bytecode;

import java.util.List;

/**
 * Renders type ids for people: the type's name string when it has one, else a structural form
 * ({@code (U32, String)}, {@code List<U32>}, {@code Array<F64>}, {@code (U32) -> Bool}). Works on
 * any module, verified or not: a bad id prints as {@code ?t99}, and nesting deeper than a few
 * levels (or a cyclic table) falls back to {@code t12}.
 */
final class TypeNames {
    private static final String[] BUILTIN = {"Bool", "U32", "I32", "U64", "I64", "F32", "F64", "Nat", "Unit", "Join", "String"};
    private static final int MAX_DEPTH = 4;

    private final Module m;

    TypeNames(Module m) {
        this.m = m;
    }

    String name(int id) {
        return name(id, 0);
    }

    /**
     * A name as it may appear in a one-line message or a line of disassembly: unchanged when
     * it is plain text, else with control characters (and lone surrogates) written as the
     * language's {@code \\u{..}} escapes, and {@code ""} for the empty name.
     */
    static String printable(String name) {
        if (name.isEmpty()) return "\"\"";
        for (int i = 0; i < name.length(); i++) {
            if (needsEscape(name, i)) return Disassembler.escape(name);
        }
        return name;
    }

    static boolean needsEscape(String s, int i) {
        char c = s.charAt(i);
        if (c < 0x20 || c == 0x7F) return true;
        if (Character.isHighSurrogate(c)) return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        if (Character.isLowSurrogate(c)) return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
        return false;
    }

    /** The name of built-in type {@code id} (0..10). */
    static String builtin(int id) {
        return BUILTIN[id];
    }

    private String name(int id, int depth) {
        List<TypeDesc> types = m.types();
        if (id < 0 || id >= types.size()) return "?t" + id;
        if (id < BUILTIN.length) return BUILTIN[id];
        TypeDesc t = types.get(id);
        if (t.name() >= 0 && t.name() < m.strings().size()) return printable(m.strings().get(t.name()));
        if (depth >= MAX_DEPTH || t.kind() == null || t.components() == null) return "t" + id;
        int[] c = t.components();
        return switch (t.kind()) {
            case TUPLE -> "(" + list(c, depth) + ")";
            case LIST -> c.length == 1 ? "List<" + name(c[0], depth + 1) + ">" : "t" + id;
            case ARRAY -> c.length == 1 ? "Array<" + name(c[0], depth + 1) + ">" : "t" + id;
            case FUNC -> "(" + list(c, depth) + ") -> " + name(t.result(), depth + 1);
            default -> "t" + id;
        };
    }

    private String list(int[] ids, int depth) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < ids.length; i++) {
            if (i > 0) b.append(", ");
            b.append(name(ids[i], depth + 1));
        }
        return b.toString();
    }
}
