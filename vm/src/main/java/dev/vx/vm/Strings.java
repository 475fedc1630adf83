package dev.vx.vm;

import dev.vx.bytecode.Layout;

import java.nio.charset.StandardCharsets;

/**
 * String cells: a header, a length word ({@code codePoints << 32 | bytes}) and the UTF-8
 * bytes packed eight to a word, little-endian. Keeping the code-point count makes
 * {@code String.len} O(1) and lets ASCII strings be sliced by byte offset.
 */
public final class Strings {
    private Strings() {}

    /** The longest string, in bytes (its cell must fit a Java array). */
    public static final long MAX_BYTES = Integer.MAX_VALUE - 64;
    /** The runtime error of a string past {@link #MAX_BYTES}, on every engine (devices report it by code). */
    public static final String TOO_LONG = "string too long: a string holds at most " + MAX_BYTES + " bytes (2 GiB)";

    public static int byteLength(long lengthWord) {
        return (int) lengthWord;
    }

    public static int codePoints(long lengthWord) {
        return (int) (lengthWord >>> 32);
    }

    /** A new string cell holding {@code bytes} (valid UTF-8 with {@code cps} code points). */
    public static long make(Allocator alloc, byte[] bytes, int off, int len, int cps) {
        int payload = (len + 7) >>> 3;
        long a = alloc.newVariable(Layout.KIND_STRING, ((long) cps << 32) | len, payload);
        long[] h = alloc.heap().words;
        int base = (int) a + 2;
        for (int w = 0; w < payload; w++) {
            long word = 0;
            int start = off + w * 8;
            int end = Math.min(start + 8, off + len);
            for (int i = end - 1; i >= start; i--) word = (word << 8) | (bytes[i] & 0xFF);
            h[base + w] = word;
        }
        return a;
    }

    public static long make(Allocator alloc, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return make(alloc, b, 0, b.length, s.codePointCount(0, s.length()));
    }

    /** Writes an immortal string cell at {@code a} (the loader's string constants). */
    public static int writeImmortal(long[] h, int a, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        int payload = (b.length + 7) >>> 3;
        h[a] = Layout.header(0, Layout.KIND_STRING, 0);
        h[a + 1] = ((long) s.codePointCount(0, s.length()) << 32) | b.length;
        for (int w = 0; w < payload; w++) {
            long word = 0;
            int start = w * 8;
            int end = Math.min(start + 8, b.length);
            for (int i = end - 1; i >= start; i--) word = (word << 8) | (b[i] & 0xFF);
            h[a + 2 + w] = word;
        }
        return 2 + payload;
    }

    public static int immortalWords(String s) {
        return 2 + ((s.getBytes(StandardCharsets.UTF_8).length + 7) >>> 3);
    }

    public static byte[] bytes(long[] h, long a) {
        int len = byteLength(h[(int) a + 1]);
        byte[] out = new byte[len];
        int base = (int) a + 2;
        for (int i = 0; i < len; i++) out[i] = (byte) (h[base + (i >>> 3)] >>> ((i & 7) * 8));
        return out;
    }

    public static String toJava(long[] h, long a) {
        return new String(bytes(h, a), StandardCharsets.UTF_8);
    }

    public static int length(long[] h, long a) {
        return codePoints(h[(int) a + 1]);
    }

    public static boolean equal(long[] h, long a, long b) {
        if (a == b) return true;
        long la = h[(int) a + 1];
        if (la != h[(int) b + 1]) return false;
        int words = (byteLength(la) + 7) >>> 3;
        for (int i = 0; i < words; i++) if (h[(int) a + 2 + i] != h[(int) b + 2 + i]) return false;
        return true;
    }

    /**
     * -1, 0, 1 by code point order (which is UTF-8 byte order), a word at a time: the first
     * word that differs holds the first byte that differs (little-endian: the lowest). Past the
     * shorter string's end its word holds zeros, so a difference there says the longer string
     * is greater, as its length does; a zero byte (a {@code \0}) ties with the padding, and
     * then the lengths decide.
     */
    public static int compare(long[] h, long a, long b) {
        int la = byteLength(h[(int) a + 1]);
        int lb = byteLength(h[(int) b + 1]);
        int words = (Math.min(la, lb) + 7) >>> 3;
        for (int w = 0; w < words; w++) {
            long x = h[(int) a + 2 + w];
            long y = h[(int) b + 2 + w];
            if (x != y) {
                int shift = Long.numberOfTrailingZeros(x ^ y) & ~7;
                int bx = (int) (x >>> shift) & 0xFF;
                int by = (int) (y >>> shift) & 0xFF;
                if (bx != by) return bx < by ? -1 : 1;
            }
        }
        return Integer.compare(la, lb);
    }

    /** The length word of {@code a ++ b} from theirs: a runtime error past the longest string. */
    private static long joinedLength(long la, long lb) {
        long bytes = byteLength(la) + (long) byteLength(lb);
        if (bytes > MAX_BYTES) throw new VmError(TOO_LONG);
        return ((long) (codePoints(la) + codePoints(lb)) << 32) | bytes;
    }

    /**
     * Writes the words of {@code a ++ b} ({@code na} and {@code nb} bytes) from word {@code
     * fromWord} on into the string cell {@code out}, zero past the last byte. {@code out} may be
     * {@code a} itself (not also {@code b}), its words before {@code fromWord} being the
     * result's already: each word is read before it is written.
     */
    private static void writeJoined(long[] h, long out, long a, int na, long b, int nb, int fromWord) {
        int len = na + nb;
        for (int w = fromWord, at = fromWord * 8; at < len; w++, at += 8) {
            long word;
            if (at + 8 <= na) {
                word = h[(int) a + 2 + w];
            } else if (at >= na) {
                word = load8(h, b, at - na, nb);
            } else {
                word = load8(h, a, at, na) | load8(h, b, 0, nb) << ((na - at) * 8);
            }
            h[(int) out + 2 + w] = word;
        }
    }

    /** {@code a ++ b}, copied a word at a time. */
    public static long concat(Allocator alloc, long a, long b) {
        long[] h = alloc.heap().words;
        long la = h[(int) a + 1];
        long lb = h[(int) b + 1];
        long joined = joinedLength(la, lb);
        long c = alloc.newVariable(Layout.KIND_STRING, joined, (byteLength(joined) + 7) >>> 3);
        // The allocation may have grown the heap.
        writeJoined(alloc.heap().words, c, a, byteLength(la), b, byteLength(lb), 0);
        return c;
    }

    /**
     * {@code a ++ b}, consuming {@code a} (docs/vm.md, "Strings grown in place"): when a is
     * held once and the result fits the block a was allocated in ({@link
     * Allocator#growInPlace}), b's bytes are written after a's and a is the result; otherwise
     * a new cell, and a is dropped. A string grown by {@code acc ++ piece} is then copied only
     * when it outgrows its block, whose size classes step by an eighth: amortised constant time
     * per appended byte.
     */
    public static long append(Allocator alloc, long a, long b) {
        long[] h = alloc.heap().words;
        long la = h[(int) a + 1];
        long lb = h[(int) b + 1];
        long joined = joinedLength(la, lb);
        int na = byteLength(la);
        // a == b: b's words would change under the copy.
        if (a == b || !alloc.growInPlace(a, 2 + ((na + 7) >>> 3), 2 + ((byteLength(joined) + 7) >>> 3))) {
            long c = concat(alloc, a, b);
            alloc.drop(a);
            return c;
        }
        writeJoined(h, a, a, na, b, byteLength(lb), na >>> 3);
        h[(int) a + 1] = joined;
        return a;
    }

    /**
     * Code points {@code from .. to} of {@code s} ({@code 0 <= from <= to <= length}), copied a
     * word at a time: O(to) for a string with non-ASCII characters (the walk to the first byte),
     * O(to - from) for an ASCII one.
     */
    public static long slice(Allocator alloc, long s, int from, int to) {
        long[] h = alloc.heap().words;
        long ls = h[(int) s + 1];
        int n = byteLength(ls);
        boolean ascii = n == codePoints(ls);
        int first = ascii ? from : byteOffset(h, s, n, 0, 0, from);
        int last = ascii ? to : byteOffset(h, s, n, first, from, to);
        int len = last - first;
        long c = alloc.newVariable(Layout.KIND_STRING, ((long) (to - from) << 32) | len, (len + 7) >>> 3);
        h = alloc.heap().words; // the allocation may have grown the heap
        for (int w = 0, at = 0; at < len; w++, at += 8) {
            long word = load8(h, s, first + at, n);
            int left = len - at;
            h[(int) c + 2 + w] = left >= 8 ? word : word & ((1L << (left * 8)) - 1);
        }
        return c;
    }

    /**
     * The byte offset of code point {@code k} of the string at {@code a} ({@code n} bytes), or
     * {@code n} when k is its length, walking from code point {@code cp} at byte {@code at} (a
     * code point's first byte): byte by byte to a word boundary, then whole words while code
     * point k lies beyond them, counting their first bytes (those not of the form {@code
     * 10xxxxxx}: eight less the bytes whose bit 7 is set and bit 6 clear), then byte by byte
     * within the word that holds it. A character that straddles two words costs nothing more:
     * an earlier walk stepped byte by byte after every one until it met a boundary again.
     */
    private static int byteOffset(long[] h, long a, int n, int at, int cp, int k) {
        final long high = 0x8080808080808080L;
        int p = at;
        while (p < n && (p & 7) != 0) {
            if (isFirstByte(byteAt(h, a, p))) {
                if (cp == k) return p;
                cp++;
            }
            p++;
        }
        while (p + 8 <= n) {
            long word = h[(int) a + 2 + (p >>> 3)];
            int firsts = 8 - Long.bitCount(word & ~(word << 1) & high);
            if (cp + firsts > k) break; // code point k starts in this word
            cp += firsts;
            p += 8;
        }
        for (; p < n; p++) {
            if (isFirstByte(byteAt(h, a, p))) {
                if (cp == k) return p;
                cp++;
            }
        }
        return n;
    }

    private static boolean isFirstByte(int b) {
        return (b & 0xC0) != 0x80;
    }

    private static int byteAt(long[] h, long a, int i) {
        return (int) (h[(int) a + 2 + (i >>> 3)] >>> ((i & 7) * 8)) & 0xFF;
    }

    /**
     * The eight bytes of the string at {@code a} (of {@code n} bytes) from byte {@code at} on,
     * as a little-endian word; bytes past the end read as zero (the cell's last word has zeros
     * past the end, and no word past it is read).
     */
    private static long load8(long[] h, long a, int at, int n) {
        if (at >= n) return 0;
        int base = (int) a + 2;
        int w = at >>> 3;
        int shift = (at & 7) * 8;
        long word = h[base + w] >>> shift;
        if (shift != 0 && (w + 1) * 8 < n) word |= h[base + w + 1] << (64 - shift);
        int left = n - at;
        return left >= 8 ? word : word & ((1L << (left * 8)) - 1);
    }
}
