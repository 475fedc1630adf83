package dev.vx.conformance.ref;

/**
 * How main's result is printed (LANGUAGE §9, programs/README.md): a String as its raw text;
 * anything else in Vx literal syntax without suffixes, constructor fields positional,
 * strings inside values quoted and escaped, arrays as {@code Array.from_list([..])},
 * functions and IO actions as {@code <function>}.
 */
public final class ValueText {
    private ValueText() {
    }

    public static String top(Object v) {
        return v instanceof String s ? s : literal(v);
    }

    public static String literal(Object v) {
        StringBuilder out = new StringBuilder();
        append(out, v);
        return out.toString();
    }

    private static void append(StringBuilder out, Object v) {
        if (v instanceof String s) {
            quote(out, s);
        } else if (v instanceof Boolean || v instanceof Num || v instanceof Unit) {
            out.append(v);
        } else if (v instanceof VList list) {
            out.append('[');
            boolean first = true;
            for (VList l = list; l instanceof VList.Cons c; l = c.tail()) {
                out.append(first ? "" : ", ");
                append(out, c.head());
                first = false;
            }
            out.append(']');
        } else if (v instanceof VArray a) {
            out.append("Array.from_list([");
            for (int i = 0; i < a.length(); i++) {
                out.append(i > 0 ? ", " : "");
                append(out, a.get(i));
            }
            out.append("])");
        } else if (v instanceof VTuple t) {
            items(out, "(", t.items(), ")");
        } else if (v instanceof VCtor c) {
            items(out, c.ctor().name() + "{", c.fields(), "}");
        } else if (v instanceof VFunction || v instanceof VIo) {
            out.append("<function>");
        } else {
            throw new IllegalArgumentException("not a Vx value: " + v);
        }
    }

    private static void items(StringBuilder out, String open, Object[] items, String close) {
        out.append(open);
        for (int i = 0; i < items.length; i++) {
            out.append(i > 0 ? ", " : "");
            append(out, items[i]);
        }
        out.append(close);
    }

    /** {@code \n \t \r \\ \" \0} escaped, other control characters (Unicode Cc) as a backslash-u escape such as {@code \\u{1b}}. */
    static void quote(StringBuilder out, String s) {
        out.append('"');
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case 0 -> out.append("\\0");
                default -> {
                    if (Character.getType(cp) == Character.CONTROL) {
                        out.append("\\u{").append(Integer.toHexString(cp)).append('}');
                    } else {
                        out.appendCodePoint(cp);
                    }
                }
            }
        });
        out.append('"');
    }
}
