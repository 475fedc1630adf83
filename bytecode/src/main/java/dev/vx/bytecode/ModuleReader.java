package dev.vx.bytecode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes a {@code .vxb} file into a {@link Module}: the inverse of {@link ModuleWriter}.
 *
 * <p>The reader checks the format only (what the {@link Verifier} checks is left to it), but
 * checks all of it: magic, version, the presence and order of the sections, that each section
 * is exactly consumed, every LEB128 (at most 10 bytes, fitting an int), every count (no more
 * items than the bytes left could hold, so the size of what it allocates is bounded by the size
 * of the input), strict UTF-8, opcodes, type kinds, flags, and that nothing follows the last
 * section. Any defect is a {@link BytecodeException} naming the section, the byte offset and
 * the item; nothing else escapes, and the work is linear in the input.
 */
public final class ModuleReader {
    /** Bit 0 of the entry flags: print the entry's result. */
    static final int FLAG_PRINT_RESULT = 1;

    private static final Section[] ORDER = Section.values();
    private static final TypeKind[] KINDS = TypeKind.values();
    // Smallest encodings, used to reject counts the rest of a section cannot hold.
    private static final int MIN_TYPE_BYTES = 6;
    private static final int MIN_CTOR_BYTES = 4;
    private static final int MIN_FUNCTION_BYTES = 5;
    private static final int MIN_RUN_BYTES = 2;

    private final ByteSource in;
    private List<String> strings;
    private long[] constants;
    private List<TypeDesc> types;
    private List<CtorDesc> ctors;
    private List<PartialFunction> partial;
    private List<FunctionDesc> functions;
    private int entry;
    /** The file's format minor version: opcodes added later are unknown to it. */
    private int minor;
    private boolean printResult;
    private byte[] hash;

    /** A function as the functions section gives it; the debug section completes it. */
    private record PartialFunction(int name, int[] params, int result, int[] registerTypes, List<Insn> code) {}

    private ModuleReader(byte[] bytes) {
        this.in = new ByteSource(bytes);
    }

    public static Module read(byte[] bytes) throws BytecodeException {
        if (bytes == null) throw new BytecodeException("no .vxb bytes to read");
        try {
            return new ModuleReader(bytes).module();
        } catch (RuntimeException e) {
            // Not reachable by design; a reader bug must still not escape as a JVM exception.
            throw new BytecodeException("internal error of the .vxb reader (please report it): " + e);
        }
    }

    private Module module() throws BytecodeException {
        header();
        Section previous = null;
        for (Section expected : ORDER) {
            int start = in.position();
            in.enter("file", in.length());
            if (start == in.length()) {
                throw in.error(start, "missing " + expected.title + " section at the end of the file");
            }
            int id = in.u8("section id");
            Section found = Section.ofId(id);
            if (found == null) throw in.error(start, "unknown section id " + id);
            if (found != expected) {
                if (found == previous) throw in.error(start, "duplicated " + found.title + " section");
                if (found.id < expected.id) {
                    throw in.error(start, found.title + " section out of order (it must come before the "
                            + previous.title + " section)");
                }
                throw in.error(start, "missing " + expected.title + " section (found the " + found.title
                        + " section instead)");
            }
            int length = in.uleb(found.title + " section length");
            int payload = in.position();
            if (length > in.length() - payload) {
                throw in.error(start, found.title + " section length " + length + " overruns the file (the "
                        + "section would end at byte " + ((long) payload + length) + ", the file has "
                        + in.length() + " bytes)");
            }
            int end = payload + length;
            in.enter(found.title + " section", end);
            section(found);
            if (in.position() != end) {
                in.item(null, 0);
                throw in.error(in.position(), (end - in.position()) + " unexpected bytes at the end of the section");
            }
            previous = found;
        }
        if (in.position() != in.length()) {
            in.enter("file", in.length());
            throw in.error(in.position(), "trailing bytes: " + (in.length() - in.position())
                    + " bytes after the last section");
        }
        return new Module(hash, strings, constants, types, ctors, functions, entry, printResult);
    }

    private void header() throws BytecodeException {
        byte[] magic = ModuleWriter.MAGIC;
        if (in.length() < magic.length
                || !Arrays.equals(in.bytes(magic.length, "magic"), magic)) {
            throw in.error(0, "bad magic: not a .vxb file (a .vxb starts with the bytes 'VXB' 0)");
        }
        int major = in.u16("format version");
        minor = in.u16("format version");
        if (major != Module.FORMAT_MAJOR || minor > Module.FORMAT_MINOR) {
            throw in.error(4, "unsupported format version " + major + "." + minor + " (this reader reads "
                    + Module.FORMAT_MAJOR + "." + Module.FORMAT_MINOR + ")");
        }
    }

    private void section(Section s) throws BytecodeException {
        switch (s) {
            case STRINGS -> strings();
            case CONSTANTS -> constants();
            case TYPES -> types();
            case CTORS -> ctors();
            case FUNCTIONS -> functions();
            case DEBUG -> debug();
            case ENTRY -> entry();
            case HASH -> hash = in.bytes(ModuleWriter.HASH_BYTES, "source hash (32 bytes)");
        }
    }

    private void strings() throws BytecodeException {
        int n = in.count("string count", 1);
        strings = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            in.item("string", i);
            int length = in.uleb("string length");
            strings.add(in.utf8(length, "string"));
        }
    }

    private void constants() throws BytecodeException {
        int n = in.count("constant count", 8);
        constants = new long[n];
        for (int i = 0; i < n; i++) {
            in.item("constant", i);
            constants[i] = in.u64("constant");
        }
    }

    private void types() throws BytecodeException {
        int n = in.count("type count", MIN_TYPE_BYTES);
        types = new ArrayList<>(Module.BUILTIN_TYPES.size() + n);
        types.addAll(Module.BUILTIN_TYPES);
        for (int i = 0; i < n; i++) {
            int id = Module.BUILTIN_TYPES.size() + i;
            in.item("type", id);
            int at = in.position();
            int kind = in.u8("type kind");
            if (kind >= KINDS.length) throw in.error(at, "unknown type kind " + kind);
            int name = in.sleb("type name");
            int[] components = ids("component");
            int result = in.sleb("result type");
            int firstCtor = in.uleb("first constructor");
            int ctorCount = in.uleb("constructor count");
            types.add(new TypeDesc(KINDS[kind], name, components, result, firstCtor, ctorCount));
        }
    }

    private void ctors() throws BytecodeException {
        int n = in.count("constructor count", MIN_CTOR_BYTES);
        ctors = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            in.item("constructor", Layout.FIRST_CTOR + i);
            int name = in.uleb("constructor name");
            int type = in.uleb("constructor type");
            int[] fields = ids("field type");
            int closureFunction = in.sleb("closure function");
            ctors.add(new CtorDesc(name, type, fields, closureFunction));
        }
    }

    private void functions() throws BytecodeException {
        int n = in.count("function count", MIN_FUNCTION_BYTES);
        partial = new ArrayList<>(n);
        Scratch scratch = new Scratch();
        for (int f = 0; f < n; f++) {
            in.item("function", f);
            int name = in.uleb("function name");
            int[] params = ids("parameter type");
            int result = in.uleb("result type");
            int at = in.position();
            int registers = in.uleb("register count");
            if (registers < params.length) {
                throw in.error(at, "register count " + registers + " is less than the parameter count " + params.length);
            }
            if (registers - params.length > in.remaining()) {
                throw in.error(at, "register count " + registers + " is more than the bytes left in the section can hold");
            }
            int[] registerTypes = Arrays.copyOf(params, registers);
            for (int r = params.length; r < registers; r++) registerTypes[r] = in.uleb("register type");
            int ninsns = in.count("instruction count", 1);
            List<Insn> code = new ArrayList<>(ninsns);
            for (int pc = 0; pc < ninsns; pc++) {
                in.subItem("instruction", pc);
                code.add(instruction(scratch));
            }
            partial.add(new PartialFunction(name, params, result, registerTypes, code));
        }
    }

    private Insn instruction(Scratch scratch) throws BytecodeException {
        int at = in.position();
        int b = in.u8("opcode");
        Opcode op = Opcode.ofByte(b);
        if (op == null) throw in.error(at, "unknown opcode byte " + b);
        if (op.sinceMinor() > minor) {
            throw in.error(at, "opcode " + op.mnemonic() + " needs format " + Module.FORMAT_MAJOR + "." + op.sinceMinor()
                    + ", the file is " + Module.FORMAT_MAJOR + "." + minor);
        }
        scratch.size = 0;
        for (Operand kind : op.operands()) {
            switch (kind) {
                case IMM -> scratch.add(in.sleb("immediate operand"));
                case REGS, TARGETS -> {
                    int n = in.count("list length", 1);
                    scratch.add(n);
                    for (int i = 0; i < n; i++) scratch.add(in.uleb("list item"));
                }
                default -> scratch.add(in.uleb(kind.name().toLowerCase(java.util.Locale.ROOT) + " operand"));
            }
        }
        Insn insn = new Insn(op, Arrays.copyOf(scratch.items, scratch.size));
        if (insn.sinceMinor() > minor) { // a primitive newer than the file (the opcode was checked above)
            throw in.error(at, "primitive " + Prim.ofId(insn.get(1)).name().toLowerCase(java.util.Locale.ROOT)
                    + " needs format " + Module.FORMAT_MAJOR + "." + insn.sinceMinor() + ", the file is "
                    + Module.FORMAT_MAJOR + "." + minor);
        }
        return insn;
    }

    private void debug() throws BytecodeException {
        functions = new ArrayList<>(partial.size());
        for (int f = 0; f < partial.size(); f++) {
            PartialFunction p = partial.get(f);
            in.item("function", f);
            int file = in.uleb("source file");
            int runs = in.count("line run count", MIN_RUN_BYTES);
            int[] lines = new int[p.code().size()];
            int covered = 0;
            for (int r = 0; r < runs; r++) {
                int at = in.position();
                int length = in.uleb("line run length");
                int line = in.uleb("line");
                if (length == 0) throw in.error(at, "empty line run");
                if (length > lines.length - covered) {
                    throw in.error(at, "line runs cover more than the function's " + lines.length + " instructions");
                }
                Arrays.fill(lines, covered, covered + length, line);
                covered += length;
            }
            if (covered != lines.length) {
                throw in.error(in.position(), "line runs cover " + covered + " of the function's "
                        + lines.length + " instructions");
            }
            functions.add(new FunctionDesc(p.name(), p.params(), p.result(), p.registerTypes(), p.code(), file, lines));
        }
    }

    private void entry() throws BytecodeException {
        entry = in.uleb("entry function");
        int at = in.position();
        int flags = in.u8("entry flags");
        if ((flags & ~FLAG_PRINT_RESULT) != 0) throw in.error(at, "unknown entry flags 0x" + Integer.toHexString(flags));
        printResult = (flags & FLAG_PRINT_RESULT) != 0;
    }

    /** A counted list of unsigned ids. */
    private int[] ids(String what) throws BytecodeException {
        int n = in.count(what + " count", 1);
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) ids[i] = in.uleb(what);
        return ids;
    }

    /** A reusable buffer for the operands of one instruction. */
    private static final class Scratch {
        int[] items = new int[16];
        int size;

        void add(int v) {
            if (size == items.length) items = Arrays.copyOf(items, size * 2);
            items[size++] = v;
        }
    }
}
