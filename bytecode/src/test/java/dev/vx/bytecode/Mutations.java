package dev.vx.bytecode;

import dev.vx.testkit.Choices;
import dev.vx.testkit.Gens;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Damage for robustness tests: byte-level mutations of encoded modules (truncation, bit flips,
 * insertions, deletions, section splices, runs of 0xFF, garbage), and value-level mutations
 * of Module objects (any int anywhere set to an edge value, arrays dropped or resized).
 */
final class Mutations {
    private Mutations() {}

    // ------------------------------------------------------------------ bytes

    /**
     * The byte ranges {start of id byte, end of payload} of the sections of a file, as far as
     * its section structure is intact (a damaged file gives the sections before the damage).
     */
    static List<int[]> sections(byte[] file) {
        List<int[]> out = new ArrayList<>();
        int pos = 8;
        while (pos < file.length) {
            int start = pos++;
            long length = 0;
            int shift = 0;
            int b;
            do {
                if (pos >= file.length || shift > 35) return out;
                b = file[pos++] & 0xFF;
                length |= (long) (b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
            if (pos + length > file.length) return out;
            pos += (int) length;
            out.add(new int[] {start, pos});
        }
        return out;
    }

    static byte[] mutate(Choices c, byte[] file) {
        byte[] b = file;
        int rounds = 1 + (int) c.draw(2);
        for (int i = 0; i < rounds; i++) b = mutateOnce(c, b);
        return b;
    }

    private static byte[] mutateOnce(Choices c, byte[] b) {
        int n = b.length;
        switch ((int) c.draw(7)) {
            case 0 -> { // truncate
                return Arrays.copyOf(b, (int) c.draw(n));
            }
            case 1 -> { // flip bits
                byte[] out = b.clone();
                int flips = 1 + (int) c.draw(3);
                for (int i = 0; i < flips && n > 0; i++) out[(int) c.draw(n - 1)] ^= (byte) (1 << c.draw(7));
                return out;
            }
            case 2 -> { // insert bytes
                int at = (int) c.draw(n);
                byte[] ins = randomBytes(c, 1 + (int) c.draw(7));
                return splice(b, at, at, ins);
            }
            case 3 -> { // delete a range
                if (n == 0) return b;
                int at = (int) c.draw(n - 1);
                int len = 1 + (int) c.draw(Math.min(15, n - at - 1));
                return splice(b, at, at + len, new byte[0]);
            }
            case 4 -> { // splice sections: drop, duplicate or swap whole sections
                List<int[]> s = sections(b);
                if (s.size() < 2) return b;
                int[] x = s.get((int) c.draw(s.size() - 1));
                int[] y = s.get((int) c.draw(s.size() - 1));
                byte[] xs = Arrays.copyOfRange(b, x[0], x[1]);
                return switch ((int) c.draw(2)) {
                    case 0 -> splice(b, x[0], x[1], new byte[0]);
                    case 1 -> splice(b, y[0], y[0], xs);
                    default -> {
                        if (x[0] == y[0]) yield b;
                        int[] first = x[0] < y[0] ? x : y;
                        int[] second = x[0] < y[0] ? y : x;
                        ByteArrayOutputStream o = new ByteArrayOutputStream();
                        o.write(b, 0, first[0]);
                        o.write(b, second[0], second[1] - second[0]);
                        o.write(b, first[1], second[0] - first[1]);
                        o.write(b, first[0], first[1] - first[0]);
                        o.write(b, second[1], b.length - second[1]);
                        yield o.toByteArray();
                    }
                };
            }
            case 5 -> { // a run of 0xFF (a LEB128 that never ends, or a huge count)
                int at = (int) c.draw(n);
                byte[] run = new byte[1 + (int) c.draw(13)];
                Arrays.fill(run, (byte) 0xFF);
                boolean overwrite = c.weighted(0.5);
                return splice(b, at, overwrite ? Math.min(n, at + run.length) : at, run);
            }
            case 6 -> { // one byte set to a boundary value
                if (n == 0) return b;
                byte[] out = b.clone();
                int[] edges = {0x00, 0x01, 0x7F, 0x80, 0xFF, 0x40, 0xC0};
                out[(int) c.draw(n - 1)] = (byte) edges[(int) c.draw(edges.length - 1)];
                return out;
            }
            default -> { // garbage, with or without a valid header
                byte[] g = randomBytes(c, (int) c.draw(64));
                return c.weighted(0.5) ? concat(Arrays.copyOf(b, Math.min(8, n)), g) : g;
            }
        }
    }

    private static byte[] randomBytes(Choices c, int n) {
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) out[i] = (byte) c.draw(255);
        return out;
    }

    private static byte[] splice(byte[] b, int from, int to, byte[] insert) {
        return concat(concat(Arrays.copyOf(b, from), insert), Arrays.copyOfRange(b, to, b.length));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    // ------------------------------------------------------------------ Module objects

    /** {@code m} with one or a few values anywhere replaced by edge values (or arrays dropped). */
    static Module mutate(Choices c, Module m) {
        int rounds = 1 + (int) c.draw(2);
        for (int i = 0; i < rounds; i++) m = mutateOnce(c, m);
        return m;
    }

    private static int anyInt(Choices c, int size) {
        return switch ((int) c.draw(4)) {
            case 0 -> -1;
            case 1 -> size;
            case 2 -> (int) c.draw(Math.max(0, size + 1));
            case 3 -> Integer.MIN_VALUE + (int) c.draw(1);
            default -> c.draw(Gens.ints());
        };
    }

    private static int[] mutateArray(Choices c, int[] a, int size) {
        if (a == null || c.weighted(0.05)) return c.weighted(0.5) ? null : new int[0];
        if (a.length == 0 || c.weighted(0.1)) return Arrays.copyOf(a, a.length + 1 - (a.length > 0 && c.weighted(0.5) ? 2 : 0));
        int[] out = a.clone();
        out[(int) c.draw(a.length - 1)] = anyInt(c, size);
        return out;
    }

    private static Module mutateOnce(Choices c, Module m) {
        List<String> strings = new ArrayList<>(m.strings());
        long[] constants = m.constants();
        List<TypeDesc> types = new ArrayList<>(m.types());
        List<CtorDesc> ctors = new ArrayList<>(m.ctors());
        List<FunctionDesc> functions = new ArrayList<>(m.functions());
        byte[] hash = m.sourceHash();
        int entry = m.entry();
        int nt = types.size();
        switch ((int) c.draw(6)) {
            case 0 -> {
                if (c.weighted(0.5) && !strings.isEmpty()) strings.set((int) c.draw(strings.size() - 1), "bad\uD800");
                else if (c.weighted(0.5)) hash = c.weighted(0.5) ? null : new byte[3];
                else constants = c.weighted(0.5) ? null : new long[0];
            }
            case 1 -> {
                int i = (int) c.draw(nt - 1);
                TypeDesc t = types.get(i);
                TypeKind[] kinds = TypeKind.values();
                types.set(i, switch ((int) c.draw(5)) {
                    case 0 -> new TypeDesc(c.weighted(0.2) ? null : kinds[(int) c.draw(kinds.length - 1)], t.name(),
                            t.components(), t.result(), t.firstCtor(), t.ctorCount());
                    case 1 -> new TypeDesc(t.kind(), anyInt(c, strings.size()), t.components(), t.result(), t.firstCtor(), t.ctorCount());
                    case 2 -> new TypeDesc(t.kind(), t.name(), mutateArray(c, t.components(), nt), t.result(), t.firstCtor(), t.ctorCount());
                    case 3 -> new TypeDesc(t.kind(), t.name(), t.components(), anyInt(c, nt), t.firstCtor(), t.ctorCount());
                    case 4 -> new TypeDesc(t.kind(), t.name(), t.components(), t.result(), anyInt(c, 16 + ctors.size()), t.ctorCount());
                    default -> new TypeDesc(t.kind(), t.name(), t.components(), t.result(), t.firstCtor(), anyInt(c, ctors.size()));
                });
                if (c.weighted(0.1)) types.remove((int) c.draw(types.size() - 1));
            }
            case 2 -> {
                if (ctors.isEmpty()) return m;
                int i = (int) c.draw(ctors.size() - 1);
                CtorDesc k = ctors.get(i);
                ctors.set(i, switch ((int) c.draw(3)) {
                    case 0 -> new CtorDesc(anyInt(c, strings.size()), k.type(), k.fields(), k.closureFunction());
                    case 1 -> new CtorDesc(k.name(), anyInt(c, nt), k.fields(), k.closureFunction());
                    case 2 -> new CtorDesc(k.name(), k.type(), mutateArray(c, k.fields(), nt), k.closureFunction());
                    default -> new CtorDesc(k.name(), k.type(), k.fields(), anyInt(c, functions.size()));
                });
            }
            case 3, 4, 5 -> {
                int i = (int) c.draw(functions.size() - 1);
                FunctionDesc f = functions.get(i);
                int regs = f.registerTypes() == null ? 0 : f.registerTypes().length;
                FunctionDesc g = switch ((int) c.draw(7)) {
                    case 0 -> new FunctionDesc(anyInt(c, strings.size()), f.params(), f.result(), f.registerTypes(), f.code(), anyInt(c, strings.size()), f.lines());
                    case 1 -> new FunctionDesc(f.name(), mutateArray(c, f.params(), nt), f.result(), f.registerTypes(), f.code(), f.file(), f.lines());
                    case 2 -> new FunctionDesc(f.name(), f.params(), anyInt(c, nt), f.registerTypes(), f.code(), f.file(), f.lines());
                    case 3 -> new FunctionDesc(f.name(), f.params(), f.result(), mutateArray(c, f.registerTypes(), nt), f.code(), f.file(), f.lines());
                    case 4 -> new FunctionDesc(f.name(), f.params(), f.result(), f.registerTypes(), f.code(), f.file(), mutateArray(c, f.lines(), 100));
                    default -> new FunctionDesc(f.name(), f.params(), f.result(), f.registerTypes(), mutateCode(c, f.code(), regs), f.file(), f.lines());
                };
                functions.set(i, g);
            }
            default -> entry = anyInt(c, functions.size());
        }
        if (c.weighted(0.05)) entry = anyInt(c, functions.size());
        return new Module(hash, strings, constants, types, ctors, functions, entry, m.printResult());
    }

    private static List<Insn> mutateCode(Choices c, List<Insn> code, int registers) {
        List<Insn> out = new ArrayList<>(code);
        if (out.isEmpty() || c.weighted(0.05)) {
            out.clear();
            return out;
        }
        int pc = (int) c.draw(out.size() - 1);
        Insn insn = out.get(pc);
        switch ((int) c.draw(3)) {
            case 0 -> { // another opcode, same operands (usually a shape mismatch)
                Opcode[] ops = Opcode.values();
                out.set(pc, new Insn(c.weighted(0.05) ? null : ops[(int) c.draw(ops.length - 1)], insn.operands()));
            }
            case 1 -> out.set(pc, new Insn(insn.op(), mutateArray(c, insn.operands(), Math.max(registers, out.size()))));
            case 2 -> out.remove(pc);
            default -> out.add(pc, out.get((int) c.draw(out.size() - 1)));
        }
        return out;
    }
}
