package dev.vx.bytecode;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Renders a module as stable, readable text, meant to be read and diffed (its exact form is
 * documented in docs/bytecode.md §7 and pinned by tests). It never fails: on a module that
 * does not verify, a bad reference prints with a {@code ?} (for instance {@code ?f12}) and a
 * malformed instruction prints its raw operands.
 */
public final class Disassembler {
    private final Module m;
    private final TypeNames names;
    private final StringBuilder out = new StringBuilder();

    private Disassembler(Module m) {
        this.m = m;
        this.names = new TypeNames(m);
    }

    public static String disassemble(Module m) {
        if (m == null) return "no module\n";
        Disassembler d = new Disassembler(m);
        d.header();
        d.types();
        d.ctors();
        d.constants();
        for (int id = 0; id < m.functions().size(); id++) d.functionBody(id);
        return d.out.toString();
    }

    private void header() {
        out.append("vxb ").append(Module.FORMAT_MAJOR).append('.').append(m.formatMinor()).append('\n');
        out.append("hash ").append(m.sourceHash() == null ? "?" : HexFormat.of().formatHex(m.sourceHash())).append('\n');
        out.append("entry ").append(functionName(m.entry())).append(" (function ").append(m.entry()).append(')');
        if (m.printResult()) out.append(", prints its result");
        out.append('\n');
    }

    private void types() {
        out.append("\ntypes\n");
        List<TypeDesc> types = m.types();
        for (int id = Module.BUILTIN_TYPES.size(); id < types.size(); id++) {
            TypeDesc t = types.get(id);
            out.append("  t").append(id).append(' ').append(names.name(id)).append(": ").append(shape(t));
            if (t.ctorCount() > 0) {
                long end = (long) t.firstCtor() + t.ctorCount();
                if (t.firstCtor() < Layout.FIRST_CTOR || end > Layout.FIRST_CTOR + (long) m.ctors().size()) {
                    // A broken range is printed as numbers: listing it could mean billions of names.
                    out.append(", ctors ?").append(t.firstCtor()).append("..").append(end - 1);
                } else {
                    out.append(", ctors");
                    for (int g = t.firstCtor(); g < end; g++) out.append(g == t.firstCtor() ? " " : ", ").append(ctor(g));
                }
            }
            out.append('\n');
        }
    }

    private String shape(TypeDesc t) {
        if (t.kind() == null || t.components() == null) return "?";
        int[] c = t.components();
        return switch (t.kind()) {
            case TUPLE -> "tuple " + typeList(c);
            case ADT -> "adt";
            case LIST -> "list of " + (c.length == 1 ? names.name(c[0]) : typeList(c));
            case ARRAY -> "array of " + (c.length == 1 ? names.name(c[0]) : typeList(c));
            case FUNC -> "function " + typeList(c) + " -> " + names.name(t.result());
            default -> t.kind().name().toLowerCase(Locale.ROOT);
        };
    }

    private void ctors() {
        out.append("\nctors\n");
        List<CtorDesc> ctors = m.ctors();
        for (int i = 0; i < ctors.size(); i++) {
            int g = Layout.FIRST_CTOR + i;
            CtorDesc c = ctors.get(i);
            out.append("  c").append(g).append(' ').append(ctor(g)).append(": ").append(names.name(c.type()));
            if (c.type() >= 0 && c.type() < m.types().size()) {
                out.append(" tag ").append(g - m.types().get(c.type()).firstCtor());
            }
            out.append(' ').append(c.fields() == null ? "?" : typeList(c.fields()));
            if (c.isClosure()) out.append(" closure ").append(functionName(c.closureFunction()));
            out.append('\n');
        }
    }

    private void constants() {
        out.append("\nconstants\n");
        long[] k = m.constants();
        for (int i = 0; k != null && i < k.length; i++) {
            out.append("  k").append(i).append(" = ").append(k[i])
                    .append(" (0x").append(String.format("%016x", k[i])).append(")\n");
        }
    }

    private void functionBody(int id) {
        FunctionDesc f = m.functions().get(id);
        int[] params = f.params() == null ? new int[0] : f.params();
        int[] registers = f.registerTypes() == null ? new int[0] : f.registerTypes();
        int[] lines = f.lines() != null && f.lines().length == f.code().size() ? f.lines() : null;
        out.append("\nfn ").append(id).append(' ').append(functionName(id)).append('(');
        for (int i = 0; i < params.length; i++) {
            out.append(i > 0 ? ", " : "").append('r').append(i).append(": ").append(names.name(params[i]));
        }
        out.append(") -> ").append(names.name(f.result())).append("   ; ").append(string(f.file(), false))
                .append(':').append(lines != null && lines.length > 0 ? String.valueOf(lines[0]) : "?")
                .append(", ").append(registers.length).append(" registers\n");
        if (registers.length > params.length) {
            out.append("  ;");
            for (int r = params.length; r < registers.length; r++) {
                out.append(r > params.length ? ", " : " ").append('r').append(r).append(": ").append(names.name(registers[r]));
            }
            out.append('\n');
        }
        for (int pc = 0; pc < f.code().size(); pc++) {
            out.append("  ").append(pc).append(": ");
            instruction(f.code().get(pc));
            if (lines != null && pc > 0 && lines[pc] != lines[pc - 1]) out.append("   ; line ").append(lines[pc]);
            out.append('\n');
        }
    }

    private void instruction(Insn insn) {
        String malformed = Shapes.malformation(insn);
        if (malformed != null) {
            out.append(insn.op() == null ? "?" : insn.op().mnemonic()).append(" <malformed: ")
                    .append(Arrays.toString(insn.operands())).append('>');
            return;
        }
        out.append(insn.op().mnemonic());
        int[] o = insn.operands();
        int pos = 0;
        String separator = " ";
        for (Operand kind : insn.op().operands()) {
            out.append(separator);
            separator = ", ";
            if (kind.isList()) {
                int count = o[pos++];
                out.append('[');
                for (int i = 0; i < count; i++) {
                    out.append(i > 0 ? ", " : "").append(operand(kind == Operand.REGS ? Operand.REG : Operand.TARGET, o[pos++], insn.op()));
                }
                out.append(']');
            } else {
                out.append(operand(kind, o[pos++], insn.op()));
            }
        }
    }

    private String operand(Operand kind, int v, Opcode op) {
        return switch (kind) {
            case REG -> "r" + v;
            case IMM -> op == Opcode.CONV ? conversion(v) : String.valueOf(v);
            case CONST -> "k" + v;
            case STRING -> string(v, true);
            case FUNC -> functionName(v);
            case CTOR -> ctor(v);
            case TARGET -> "@" + v;
            case PRIM -> Prim.ofId(v) == null ? "?p" + v : Prim.ofId(v).name().toLowerCase(Locale.ROOT);
            default -> "?";
        };
    }

    private static String conversion(int code) {
        Scalar from = code >= 0 && code < 256 ? Scalar.convFrom(code) : null;
        Scalar to = code >= 0 && code < 256 ? Scalar.convTo(code) : null;
        if (from == null || to == null) return String.valueOf(code);
        return TypeNames.builtin(from.typeId()) + "->" + TypeNames.builtin(to.typeId());
    }

    private String functionName(int id) {
        if (id < 0 || id >= m.functions().size()) return "?f" + id;
        int name = m.functions().get(id).name();
        return name >= 0 && name < m.strings().size() ? TypeNames.printable(m.strings().get(name)) : "f" + id;
    }

    private String ctor(int g) {
        int i = g - Layout.FIRST_CTOR;
        if (i < 0 || i >= m.ctors().size()) return "?c" + g;
        int name = m.ctors().get(i).name();
        return name >= 0 && name < m.strings().size() ? TypeNames.printable(m.strings().get(name)) : "c" + g;
    }

    private String string(int id, boolean quoted) {
        if (id < 0 || id >= m.strings().size()) return "?s" + id;
        return quoted ? quote(m.strings().get(id)) : TypeNames.printable(m.strings().get(id));
    }

    private String typeList(int[] ids) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < ids.length; i++) b.append(i > 0 ? ", " : "").append(names.name(ids[i]));
        return b.append(')').toString();
    }

    /** A string literal in Vx syntax: quoted, with the language's escapes for what is not printable. */
    static String quote(String s) {
        return "\"" + escape(s) + "\"";
    }

    /** {@code s} with {@code \\ " \n \t \r \0} escaped, and other control characters and lone surrogates as {@code \\u{..}}. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                case '\0' -> b.append("\\0");
                default -> {
                    if (TypeNames.needsEscape(s, i)) {
                        b.append("\\u{").append(Integer.toHexString(c).toUpperCase(Locale.ROOT)).append('}');
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
