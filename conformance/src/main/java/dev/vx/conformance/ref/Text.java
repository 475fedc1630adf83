package dev.vx.conformance.ref;

import dev.vx.bytecode.Scalar;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The string primitives: lengths and positions in code points, comparison by code point,
 * split/join, code point conversion, and {@code T.parse} (the whole string or nothing).
 * Error messages the spec does not word are worded as the VM words them.
 */
final class Text {
    private Text() {
    }

    private static final Pattern UNSIGNED = Pattern.compile("[0-9]+");
    private static final Pattern SIGNED = Pattern.compile("-?[0-9]+");
    private static final Pattern FLOAT = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE]-?[0-9]+)?");

    static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /** -1, 0 or 1 by code point order (Java's compareTo orders UTF-16 units, which differs above U+FFFF). */
    static int compare(String a, String b) {
        int[] x = a.codePoints().toArray();
        int[] y = b.codePoints().toArray();
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            if (x[i] != y[i]) {
                return x[i] < y[i] ? -1 : 1;
            }
        }
        return Integer.compare(x.length, y.length);
    }

    static String slice(String s, long from, long to) {
        int len = length(s);
        if (from > to || to > len) {
            throw new VxRuntimeError("String.slice: range " + from + " .. " + to + " out of range for length " + len);
        }
        int b = s.offsetByCodePoints(0, (int) from);
        int e = s.offsetByCodePoints(b, (int) (to - from));
        return s.substring(b, e);
    }

    static List<String> split(String s, String sep) {
        if (sep.isEmpty()) {
            throw new VxRuntimeError("String.split: the separator is empty");
        }
        List<String> parts = new ArrayList<>();
        int at = 0;
        for (int i = s.indexOf(sep); i >= 0; i = s.indexOf(sep, at)) {
            parts.add(s.substring(at, i));
            at = i + sep.length();
        }
        parts.add(s.substring(at));
        return parts;
    }

    static String fromCodePoints(List<Object> cps) {
        StringBuilder sb = new StringBuilder();
        for (Object o : cps) {
            long cp = Integer.toUnsignedLong(((Num.U32) o).bits());
            if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                throw new VxRuntimeError("String.from_code_points: " + cp + " is not a Unicode scalar value");
            }
            sb.appendCodePoint((int) cp);
        }
        return sb.toString();
    }

    /** {@code T.parse}'s primitive: (true, value) or (false, anything). */
    static VTuple parse(Scalar kind, String s) {
        Object value = parseOrNull(kind, s);
        return new VTuple(new Object[] {value != null, value != null ? value : Arith.scalar(kind, 0)});
    }

    private static Object parseOrNull(Scalar kind, String s) {
        switch (kind) {
            case F32, F64 -> {
                String t = switch (s) {
                    case "NaN", "Infinity", "-Infinity" -> s;
                    default -> FLOAT.matcher(s).matches() ? s : null;
                };
                if (t == null) {
                    return null;
                }
                return kind == Scalar.F32 ? new Num.F32(Float.parseFloat(t)) : new Num.F64(Double.parseDouble(t));
            }
            default -> {
                boolean signed = kind == Scalar.I32 || kind == Scalar.I64;
                if (!(signed ? SIGNED : UNSIGNED).matcher(s).matches()) {
                    return null;
                }
                BigInteger v = new BigInteger(s);
                if (v.compareTo(Arith.minOf(kind)) < 0 || v.compareTo(Arith.maxOf(kind)) > 0) {
                    return null;
                }
                return Arith.fromInteger(kind, v);
            }
        }
    }
}
