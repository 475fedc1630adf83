package dev.vx.vm;

import dev.vx.bytecode.BoundedFiles;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Prim;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The primitive operations of {@link Prim}, for the JVM engines. Arguments are borrowed
 * words (but the first of {@code STR_APPEND}, which takes it over); the result is an owned
 * word. {@code resultCtor} is the first constructor id of the result's type when it is a list
 * or tuple (the engines read it from the destination register's type), so results can be
 * built in the module's own layout.
 */
public final class Prims {
    private Prims() {}

    public static long call(int prim, long a, long b, long c, int resultCtor, Allocator alloc, Host host) {
        long[] h = alloc.heap().words;
        return switch (Prim.ofId(prim)) {
            case STR_LEN -> Strings.length(h, a);
            case STR_CONCAT -> Strings.concat(alloc, a, b);
            case STR_APPEND -> Strings.append(alloc, a, b);
            case STR_EQ -> Ops.bool(Strings.equal(h, a, b));
            case STR_CMP -> Strings.compare(h, a, b);
            case STR_SLICE -> slice(alloc, a, b, c);
            case STR_SPLIT -> split(alloc, a, b, resultCtor);
            case STR_JOIN -> join(alloc, a, b);
            case STR_FROM_CODE_POINTS -> fromCodePoints(alloc, a);
            case STR_CODE_POINTS -> codePoints(alloc, a, resultCtor);
            case SHOW_U32, SHOW_I32, SHOW_I64, SHOW_NAT -> str(alloc, Long.toString(a));
            case SHOW_U64 -> str(alloc, Long.toUnsignedString(a));
            case SHOW_F32 -> str(alloc, FloatText.showF32(Ops.f32(a)));
            case SHOW_F64 -> str(alloc, FloatText.showF64(Ops.f64(a)));
            case PARSE_U32, PARSE_I32, PARSE_U64, PARSE_I64, PARSE_NAT, PARSE_F32, PARSE_F64 ->
                    parse(alloc, Prim.ofId(prim), Strings.toJava(h, a), resultCtor);
            case FMT_F32 -> str(alloc, FloatText.fmtF32(Ops.f32(a), b));
            case FMT_F64 -> str(alloc, FloatText.fmtF64(Ops.f64(a), b));
            case FLOOR_F32 -> Ops.w32((float) Math.floor(Ops.f32(a)));
            case CEIL_F32 -> Ops.w32((float) Math.ceil(Ops.f32(a)));
            case FLOOR_F64 -> Ops.w64(Math.floor(Ops.f64(a)));
            case CEIL_F64 -> Ops.w64(Math.ceil(Ops.f64(a)));
            case IO_PRINT -> {
                // The string's UTF-8 bytes as they are, and "\n" whatever the platform's line
                // separator: the output is the same everywhere.
                PrintStream out = host.out();
                byte[] text = Strings.bytes(h, a);
                synchronized (out) {
                    out.write(text, 0, text.length);
                    out.write('\n');
                }
                stopIfNobodyReads(host);
                yield 0;
            }
            case IO_WRITE -> {
                byte[] text = Strings.bytes(h, a);
                host.out().write(text, 0, text.length);
                stopIfNobodyReads(host);
                yield 0;
            }
            case IO_ARGS -> stringList(alloc, host.args(), resultCtor);
            case IO_READ_FILE -> readFile(alloc, Strings.toJava(h, a), resultCtor);
            case IO_WRITE_FILE -> {
                // The file may be standard output itself (/dev/stdout): what the program
                // printed before goes first.
                host.out().flush();
                yield writeFile(alloc, Strings.toJava(h, a), Strings.bytes(h, b), resultCtor);
            }
            case IO_TIME_NS -> System.nanoTime();
        };
    }

    /**
     * Ends the run, with status 0 and quietly, once standard output's reader has gone: what
     * the program prints can no longer arrive, and going on (each write failing) only burns
     * time; a closed pipe is the reader's choice, not a failure of the program (docs/vm.md).
     */
    private static void stopIfNobodyReads(Host host) {
        if (host.readerGone().getAsBoolean()) throw new ProgramExit(0);
    }

    static long str(Allocator alloc, String s) {
        return Strings.make(alloc, s);
    }

    // ---- strings

    private static long slice(Allocator alloc, long s, long from, long to) {
        long[] h = alloc.heap().words;
        int len = Strings.length(h, s);
        if (from > to || to > len) {
            throw new VmError("String.slice: range " + from + " .. " + to + " out of range for length " + len);
        }
        return Strings.slice(alloc, s, (int) from, (int) to);
    }

    private static long split(Allocator alloc, long s, long sep, int listCtor) {
        long[] h = alloc.heap().words;
        String text = Strings.toJava(h, s);
        String by = Strings.toJava(h, sep);
        if (by.isEmpty()) throw new VmError("String.split: the separator is empty");
        List<String> parts = new ArrayList<>();
        int at = 0;
        while (true) {
            int i = text.indexOf(by, at);
            if (i < 0) break;
            parts.add(text.substring(at, i));
            at = i + by.length();
        }
        parts.add(text.substring(at));
        return stringList(alloc, parts, listCtor);
    }

    private static long join(Allocator alloc, long list, long sep) {
        long[] h = alloc.heap().words;
        StringBuilder sb = new StringBuilder();
        String by = Strings.toJava(h, sep);
        boolean first = true;
        for (long v = list; v >= Layout.HEAP_BASE; v = h[(int) v + 2]) {
            if (!first) sb.append(by);
            sb.append(Strings.toJava(h, h[(int) v + 1]));
            first = false;
        }
        return str(alloc, sb.toString());
    }

    private static long fromCodePoints(Allocator alloc, long list) {
        long[] h = alloc.heap().words;
        StringBuilder sb = new StringBuilder();
        for (long v = list; v >= Layout.HEAP_BASE; v = h[(int) v + 2]) {
            long cp = h[(int) v + 1];
            if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                throw new VmError("String.from_code_points: " + cp + " is not a Unicode scalar value");
            }
            sb.appendCodePoint((int) cp);
        }
        return str(alloc, sb.toString());
    }

    private static long codePoints(Allocator alloc, long s, int listCtor) {
        int[] cps = Strings.toJava(alloc.heap().words, s).codePoints().toArray();
        long list = listCtor; // Nil
        for (int i = cps.length - 1; i >= 0; i--) list = cons(alloc, listCtor + 1, cps[i], list);
        return list;
    }

    static long stringList(Allocator alloc, List<String> items, int listCtor) {
        long list = listCtor; // Nil
        for (int i = items.size() - 1; i >= 0; i--) {
            long s = str(alloc, items.get(i));
            list = cons(alloc, listCtor + 1, s, list);
        }
        return list;
    }

    private static long cons(Allocator alloc, int consCtor, long head, long tail) {
        long c = alloc.newCell(consCtor, 2);
        long[] h = alloc.heap().words;
        h[(int) c + 1] = head;
        h[(int) c + 2] = tail;
        return c;
    }

    private static long pair(Allocator alloc, int tupleCtor, long first, long second) {
        long c = alloc.newCell(tupleCtor, 2);
        long[] h = alloc.heap().words;
        h[(int) c + 1] = first;
        h[(int) c + 2] = second;
        return c;
    }

    // ---- numbers

    private static long parse(Allocator alloc, Prim p, String s, int tupleCtor) {
        Long v = parseWord(p, s);
        return pair(alloc, tupleCtor, v == null ? 0 : 1, v == null ? 0 : v);
    }

    /** The word of a valid number of the primitive's type, or null. */
    static Long parseWord(Prim p, String s) {
        switch (p) {
            case PARSE_F32, PARSE_F64 -> {
                String t = FloatText.validFloat(s);
                if (t == null) return null;
                return p == Prim.PARSE_F32 ? Ops.w32(Float.parseFloat(t)) : Ops.w64(Double.parseDouble(t));
            }
            default -> {
                boolean signed = p == Prim.PARSE_I32 || p == Prim.PARSE_I64;
                int i = signed && s.startsWith("-") ? 1 : 0;
                if (i == s.length()) return null;
                for (int k = i; k < s.length(); k++) if (!FloatText.isDigit(s.charAt(k))) return null;
                // Leading zeros are valid in any number; past them, more than 20 digits is out
                // of every type's range (and would make the BigInteger as long as the string).
                int first = i;
                while (first < s.length() - 1 && s.charAt(first) == '0') first++;
                if (s.length() - first > 20) return null;
                java.math.BigInteger v = new java.math.BigInteger(s.substring(first));
                if (i == 1) v = v.negate();
                java.math.BigInteger min = switch (p) {
                    case PARSE_I32 -> java.math.BigInteger.valueOf(Integer.MIN_VALUE);
                    case PARSE_I64 -> java.math.BigInteger.valueOf(Long.MIN_VALUE);
                    default -> java.math.BigInteger.ZERO;
                };
                java.math.BigInteger max = switch (p) {
                    case PARSE_U32 -> java.math.BigInteger.valueOf(0xFFFF_FFFFL);
                    case PARSE_I32 -> java.math.BigInteger.valueOf(Integer.MAX_VALUE);
                    case PARSE_U64 -> java.math.BigInteger.ONE.shiftLeft(64).subtract(java.math.BigInteger.ONE);
                    default -> java.math.BigInteger.valueOf(Long.MAX_VALUE);
                };
                if (v.compareTo(min) < 0 || v.compareTo(max) > 0) return null;
                return v.longValue();
            }
        }
    }

    // ---- files

    private static long readFile(Allocator alloc, String path, int tupleCtor) {
        try {
            String text = BoundedFiles.readUtf8(Path.of(path), readLimit(alloc));
            return pair(alloc, tupleCtor, 1, str(alloc, text));
        } catch (CharacterCodingException e) {
            return pair(alloc, tupleCtor, 0, str(alloc, path + ": not valid UTF-8 text"));
        } catch (BoundedFiles.TooLarge e) {
            String bound = readLimit(alloc) < Strings.MAX_BYTES ? "the heap's capacity" : "the longest string";
            return pair(alloc, tupleCtor, 0, str(alloc, path + ": too large to read (" + e.getMessage() + ", " + bound
                    + ")"));
        } catch (IOException | RuntimeException e) {
            return pair(alloc, tupleCtor, 0, str(alloc, describe(path, e)));
        }
    }

    /** The longest file {@code IO.read_file} reads: a string, and one that the heap can hold. */
    private static long readLimit(Allocator alloc) {
        return Math.min(Strings.MAX_BYTES, alloc.heap().capacityBytes());
    }

    private static long writeFile(Allocator alloc, String path, byte[] bytes, int tupleCtor) {
        try {
            Files.write(Path.of(path), bytes);
            return pair(alloc, tupleCtor, 1, str(alloc, ""));
        } catch (IOException | RuntimeException e) {
            return pair(alloc, tupleCtor, 0, str(alloc, describe(path, e)));
        }
    }

    private static String describe(String path, Exception e) {
        if (path.isEmpty()) return "an empty path names no file"; // Path.of("") is the current directory
        if (e instanceof NoSuchFileException) return path + ": no such file or directory";
        if (e instanceof AccessDeniedException) return path + ": permission denied";
        try {
            if (Files.isDirectory(Path.of(path))) return path + ": is a directory";
        } catch (RuntimeException invalidPath) {
            return path + ": not a valid path";
        }
        // A FileSystemException's message starts with the path already: take its reason alone.
        String m = e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                : e.getMessage();
        return path + ": " + (m == null ? e.getClass().getSimpleName() : m);
    }
}
