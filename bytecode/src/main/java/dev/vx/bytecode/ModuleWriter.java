package dev.vx.bytecode;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Encodes a {@link Module} as a {@code .vxb} file (docs/bytecode.md §6). The output depends on
 * nothing but the module, so the same module always gives the same bytes.
 *
 * <p>Every module that passes the {@link Verifier} can be written, and reads back equal. A
 * module the format cannot represent (a negative id where the file stores an unsigned number,
 * register types that do not start with the parameter types, a type table that does not start
 * with {@link Module#BUILTIN_TYPES}, a hash that is not 32 bytes, an unpaired surrogate in a
 * string, a malformed instruction) is a bug of its producer: {@link IllegalArgumentException}.
 */
public final class ModuleWriter {
    private ModuleWriter() {}

    static final byte[] MAGIC = {'V', 'X', 'B', 0};
    static final int HASH_BYTES = 32;

    public static byte[] write(Module m) {
        ByteSink out = new ByteSink();
        out.bytes(MAGIC);
        out.u16(Module.FORMAT_MAJOR);
        out.u16(m.formatMinor());
        section(out, Section.STRINGS, strings(m.strings()));
        section(out, Section.CONSTANTS, constants(m.constants()));
        section(out, Section.TYPES, types(m.types()));
        section(out, Section.CTORS, ctors(m.ctors()));
        section(out, Section.FUNCTIONS, functions(m.functions()));
        section(out, Section.DEBUG, debug(m.functions()));
        section(out, Section.ENTRY, entry(m));
        section(out, Section.HASH, hash(m.sourceHash()));
        return out.toByteArray();
    }

    private static void section(ByteSink out, Section s, ByteSink payload) {
        out.u8(s.id);
        out.uleb(payload.size(), s.title + " section length");
        out.append(payload);
    }

    private static ByteSink strings(List<String> strings) {
        ByteSink p = new ByteSink();
        CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        p.uleb(strings.size(), "string count");
        for (int i = 0; i < strings.size(); i++) {
            ByteBuffer encoded;
            try {
                encoded = encoder.reset().encode(CharBuffer.wrap(strings.get(i)));
            } catch (CharacterCodingException e) {
                throw new IllegalArgumentException("string " + i + " is not valid Unicode (an unpaired surrogate)");
            }
            p.uleb(encoded.remaining(), "string length");
            p.bytes(encoded.array(), encoded.arrayOffset() + encoded.position(), encoded.remaining());
        }
        return p;
    }

    private static ByteSink constants(long[] constants) {
        if (constants == null) throw new IllegalArgumentException("the module has no constant array");
        ByteSink p = new ByteSink();
        p.uleb(constants.length, "constant count");
        for (long c : constants) p.u64(c);
        return p;
    }

    private static ByteSink types(List<TypeDesc> types) {
        int builtins = Module.BUILTIN_TYPES.size();
        if (types.size() < builtins || !types.subList(0, builtins).equals(Module.BUILTIN_TYPES)) {
            throw new IllegalArgumentException("the type table must start with the " + builtins + " built-in types");
        }
        ByteSink p = new ByteSink();
        p.uleb(types.size() - builtins, "type count");
        for (int id = builtins; id < types.size(); id++) {
            TypeDesc t = types.get(id);
            String where = "type " + id;
            if (t.kind() == null) throw new IllegalArgumentException(where + " has no kind");
            p.u8(t.kind().ordinal());
            p.sleb(t.name());
            ids(p, t.components(), where + " components");
            p.sleb(t.result());
            p.uleb(t.firstCtor(), where + " firstCtor");
            p.uleb(t.ctorCount(), where + " ctorCount");
        }
        return p;
    }

    private static ByteSink ctors(List<CtorDesc> ctors) {
        ByteSink p = new ByteSink();
        p.uleb(ctors.size(), "constructor count");
        for (int i = 0; i < ctors.size(); i++) {
            CtorDesc c = ctors.get(i);
            String where = "constructor " + (Layout.FIRST_CTOR + i);
            p.uleb(c.name(), where + " name");
            p.uleb(c.type(), where + " type");
            ids(p, c.fields(), where + " fields");
            p.sleb(c.closureFunction());
        }
        return p;
    }

    private static ByteSink functions(List<FunctionDesc> functions) {
        ByteSink p = new ByteSink();
        p.uleb(functions.size(), "function count");
        for (int id = 0; id < functions.size(); id++) {
            FunctionDesc f = functions.get(id);
            String where = "function " + id;
            int[] params = nonNull(f.params(), where + " params");
            int[] registers = nonNull(f.registerTypes(), where + " register types");
            p.uleb(f.name(), where + " name");
            ids(p, params, where + " params");
            p.uleb(f.result(), where + " result");
            if (registers.length < params.length) {
                throw new IllegalArgumentException(where + " has fewer registers than parameters");
            }
            p.uleb(registers.length, where + " register count");
            for (int r = 0; r < registers.length; r++) {
                if (r < params.length) {
                    if (registers[r] != params[r]) {
                        throw new IllegalArgumentException(where + ": register " + r + " must have its parameter's type");
                    }
                } else {
                    p.uleb(registers[r], where + " register type");
                }
            }
            p.uleb(f.code().size(), where + " instruction count");
            for (int pc = 0; pc < f.code().size(); pc++) {
                instruction(p, f.code().get(pc), where + ", instruction " + pc);
            }
        }
        return p;
    }

    /** Appends one instruction: its opcode byte, then its operands by shape. */
    static void instruction(ByteSink p, Insn insn, String where) {
        String malformed = Shapes.malformation(insn);
        if (malformed != null) throw new IllegalArgumentException(where + ": " + malformed);
        p.u8(insn.op().ordinal());
        int[] operands = insn.operands();
        int pos = 0;
        for (Operand kind : insn.op().operands()) {
            if (kind.isList()) {
                int n = operands[pos++];
                p.uleb(n, where + " list length");
                for (int i = 0; i < n; i++) p.uleb(operands[pos++], where + " operand");
            } else if (kind == Operand.IMM) {
                p.sleb(operands[pos++]);
            } else {
                p.uleb(operands[pos++], where + " operand");
            }
        }
    }

    /** Run-length encoded lines: most consecutive instructions come from the same line. */
    private static ByteSink debug(List<FunctionDesc> functions) {
        ByteSink p = new ByteSink();
        for (int id = 0; id < functions.size(); id++) {
            FunctionDesc f = functions.get(id);
            String where = "function " + id;
            int[] lines = nonNull(f.lines(), where + " lines");
            if (lines.length != f.code().size()) {
                throw new IllegalArgumentException(where + " has " + lines.length + " lines for "
                        + f.code().size() + " instructions");
            }
            p.uleb(f.file(), where + " file");
            int runs = 0;
            for (int i = 0; i < lines.length; i++) {
                if (i == 0 || lines[i] != lines[i - 1]) runs++;
            }
            p.uleb(runs, where + " line run count");
            for (int start = 0; start < lines.length; ) {
                int end = start;
                while (end < lines.length && lines[end] == lines[start]) end++;
                p.uleb(end - start, where + " line run length");
                p.uleb(lines[start], where + " line");
                start = end;
            }
        }
        return p;
    }

    private static ByteSink entry(Module m) {
        ByteSink p = new ByteSink();
        p.uleb(m.entry(), "entry function");
        p.u8(m.printResult() ? ModuleReader.FLAG_PRINT_RESULT : 0);
        return p;
    }

    private static ByteSink hash(byte[] hash) {
        if (hash == null || hash.length != HASH_BYTES) {
            throw new IllegalArgumentException("the source hash must be " + HASH_BYTES + " bytes");
        }
        ByteSink p = new ByteSink();
        p.bytes(hash);
        return p;
    }

    private static void ids(ByteSink p, int[] ids, String what) {
        nonNull(ids, what);
        p.uleb(ids.length, what + " count");
        for (int id : ids) p.uleb(id, what);
    }

    private static int[] nonNull(int[] a, String what) {
        if (a == null) throw new IllegalArgumentException(what + " is null");
        return a;
    }
}
