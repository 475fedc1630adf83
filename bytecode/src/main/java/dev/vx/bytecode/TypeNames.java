package dev.vx.bytecode;

import java.util.List;

/**
 * Renders type ids for people: the type's name string when it has one, else a structural form
 * ({@code (U32, String)}, {@code List<U32>}, {@code Array<F64>}, {@code (U32) -> Bool}). Works on
 * any module, verified or not: a bad id prints as {@code ?t99}, nesting deeper than a few
 * levels (or a cyclic table) falls back to {@code t12}, and a rendering longer than
 * {@value #MAX_LENGTH} characters is cut with {@code ...}.
 */
final class TypeNames {
    private static final String[] BUILTIN = {"Bool", "U32", "I32", "U64", "I64", "F32", "F64", "Nat", "Unit", "Join", "String"};
    private static final int MAX_DEPTH = 4;
    /** Longer renderings are cut: a nameless type may nest wide tuples to any size. */
    static final int MAX_LENGTH = 200;

    private final Module m;

    TypeNames(Module m) {
        this.m = m;
    }

    String name(int id) {
        StringBuilder out = new StringBuilder();
        append(out, id, 0);
        return out.length() <= MAX_LENGTH ? out.toString() : out.substring(0, MAX_LENGTH) + "...";
    }

    private void append(StringBuilder out, int id, int depth) {
        List<TypeDesc> types = m.types();
        if (out.length() > MAX_LENGTH) return; // the rest would be cut anyway
        if (id < 0 || id >= types.size()) {
            out.append("?t").append(id);
            return;
        }
        if (id < BUILTIN.length) {
            out.append(BUILTIN[id]);
            return;
        }
        TypeDesc t = types.get(id);
        if (t.name() >= 0 && t.name() < m.strings().size()) {
            out.append(printable(m.strings().get(t.name()), MESSAGE_NAME_CODE_POINTS));
            return;
        }
        int[] c = t.components();
        if (depth >= MAX_DEPTH || t.kind() == null || c == null) {
            out.append('t').append(id);
            return;
        }
        switch (t.kind()) {
            case TUPLE -> list(out.append('('), c, depth).append(')');
            case LIST, ARRAY -> {
                if (c.length != 1) {
                    out.append('t').append(id);
                } else {
                    out.append(t.kind() == TypeKind.LIST ? "List<" : "Array<");
                    append(out, c[0], depth + 1);
                    out.append('>');
                }
            }
            case FUNC -> {
                list(out.append('('), c, depth).append(") -> ");
                append(out, t.result(), depth + 1);
            }
            default -> out.append('t').append(id);
        }
    }

    private StringBuilder list(StringBuilder out, int[] ids, int depth) {
        for (int i = 0; i < ids.length && out.length() <= MAX_LENGTH; i++) {
            if (i > 0) out.append(", ");
            append(out, ids[i], depth + 1);
        }
        return out;
    }

    /**
     * A name as it may appear in a one-line message or a line of disassembly: unchanged when
     * it is plain text, else with control characters (and lone surrogates) written as the
     * language's {@code \\u{..}} escapes, and {@code ""} for the empty name.
     */
    static String printable(String name) {
        return printable(name, Integer.MAX_VALUE);
    }

    /** The longest name a verifier message quotes whole, in code points; longer ones are cut. */
    static final int MESSAGE_NAME_CODE_POINTS = 120;

    /**
     * As {@link #printable(String)}, cut after {@code maxCodePoints} code points with {@code …}:
     * a crafted module's names can be megabytes, and a message quotes them at every call site.
     */
    static String printable(String name, int maxCodePoints) {
        if (name.length() > maxCodePoints && name.codePointCount(0, name.length()) > maxCodePoints) {
            return printable(name.substring(0, name.offsetByCodePoints(0, maxCodePoints))) + "…";
        }
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
}
