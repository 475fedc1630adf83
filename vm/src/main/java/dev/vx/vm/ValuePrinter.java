package dev.vx.vm;

import dev.vx.bytecode.CtorDesc;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Scalar;
import dev.vx.bytecode.TypeDesc;

import java.util.ArrayDeque;

/**
 * Prints a value of a non-IO {@code main} in Vx literal syntax (LANGUAGE §9): strings raw at
 * the top and quoted inside values, lists as {@code [1, 2]}, tuples, constructors with
 * positional fields, arrays as {@code Array.from_list([..])}, functions as {@code <function>}.
 * Works with an explicit stack, so a million-element list or a deep tree prints fine.
 */
public final class ValuePrinter {
    private final Module module;
    private final long[] h;

    private ValuePrinter(Module module, long[] heap) {
        this.module = module;
        this.h = heap;
    }

    public static String print(Module module, long[] heap, long value, int type) {
        if (type == TypeDesc.STRING_TYPE) return Strings.toJava(heap, value);
        return new ValuePrinter(module, heap).render(value, type);
    }

    /** Work items: text to emit, a value to print, or the rest of a list after its first element. */
    private sealed interface Item {}

    private record Text(String s) implements Item {}

    private record Value(long v, int type) implements Item {}

    private record ListRest(long cell, int type) implements Item {}

    private record ArrayRest(long array, int index, int elemType) implements Item {}

    private String render(long value, int type) {
        StringBuilder out = new StringBuilder();
        ArrayDeque<Item> work = new ArrayDeque<>();
        work.push(new Value(value, type));
        while (!work.isEmpty()) {
            Item it = work.pop();
            if (it instanceof Text t) {
                out.append(t.s());
            } else if (it instanceof Value v) {
                value(out, work, v.v(), v.type());
            } else if (it instanceof ListRest l) {
                long next = h[(int) l.cell() + 2];
                if (next >= Layout.HEAP_BASE) {
                    out.append(", ");
                    work.push(new ListRest(next, l.type()));
                    work.push(new Value(h[(int) next + 1], module.type(l.type()).element()));
                } else {
                    out.append(']');
                }
            } else if (it instanceof ArrayRest a) {
                long len = h[(int) a.array() + 1];
                if (a.index() < len) {
                    if (a.index() > 0) out.append(", ");
                    work.push(new ArrayRest(a.array(), a.index() + 1, a.elemType()));
                    long e = ArrayCells.element(h, a.array(), a.index(), a.elemType() == Scalar.I32.typeId());
                    work.push(new Value(e, a.elemType()));
                } else {
                    out.append("])");
                }
            }
        }
        return out.toString();
    }

    private void value(StringBuilder out, ArrayDeque<Item> work, long v, int type) {
        TypeDesc t = module.type(type);
        switch (t.kind()) {
            case SCALAR -> out.append(scalar(v, Scalar.values()[type]));
            case STRING -> quote(out, Strings.toJava(h, v));
            case FUNC -> out.append("<function>");
            case ARRAY -> {
                out.append("Array.from_list([");
                work.push(new ArrayRest(v, 0, t.element()));
            }
            case LIST -> {
                if (v < Layout.HEAP_BASE) {
                    out.append("[]");
                } else {
                    out.append('[');
                    work.push(new ListRest(v, type));
                    work.push(new Value(h[(int) v + 1], t.element()));
                }
            }
            case TUPLE -> fields(out, work, v, module.ctor(t.firstCtor()), "(", ")");
            case ADT -> {
                int id = v < Layout.HEAP_BASE ? (int) v : Layout.ctor(h[(int) v]);
                CtorDesc c = module.ctor(id);
                String name = module.string(c.name());
                if (c.fields().length == 0) out.append(name).append("{}");
                else fields(out, work, v, c, name + "{", "}");
            }
        }
    }

    private void fields(StringBuilder out, ArrayDeque<Item> work, long cell, CtorDesc c, String open, String close) {
        out.append(open);
        work.push(new Text(close));
        int[] f = c.fields();
        for (int i = f.length - 1; i >= 0; i--) {
            work.push(new Value(h[(int) cell + 1 + i], f[i]));
            if (i > 0) work.push(new Text(", "));
        }
    }

    static String scalar(long v, Scalar s) {
        return switch (s) {
            case BOOL -> v != 0 ? "true" : "false";
            case UNIT -> "()";
            case U64 -> Long.toUnsignedString(v);
            case F32 -> FloatText.showF32(Ops.f32(v));
            case F64 -> FloatText.showF64(Ops.f64(v));
            default -> Long.toString(v);
        };
    }

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
                    // every control character (Unicode Cc: C0, DEL and the C1 block U+0080..U+009F)
                    if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) out.append("\\u{").append(Integer.toHexString(cp)).append('}');
                    else out.appendCodePoint(cp);
                }
            }
        });
        out.append('"');
    }
}
