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

    /** -1, 0, 1 by code point order (which is UTF-8 byte order). */
    public static int compare(long[] h, long a, long b) {
        int la = byteLength(h[(int) a + 1]);
        int lb = byteLength(h[(int) b + 1]);
        int n = Math.min(la, lb);
        for (int i = 0; i < n; i++) {
            int x = (int) (h[(int) a + 2 + (i >>> 3)] >>> ((i & 7) * 8)) & 0xFF;
            int y = (int) (h[(int) b + 2 + (i >>> 3)] >>> ((i & 7) * 8)) & 0xFF;
            if (x != y) return x < y ? -1 : 1;
        }
        return Integer.compare(la, lb);
    }

    public static long concat(Allocator alloc, long a, long b) {
        long[] h = alloc.heap().words;
        long la = h[(int) a + 1];
        long lb = h[(int) b + 1];
        int na = byteLength(la);
        int nb = byteLength(lb);
        if (na + (long) nb > MAX_BYTES) throw new VmError("string too long");
        byte[] out = new byte[na + nb];
        copyBytes(h, a, out, 0);
        copyBytes(h, b, out, na);
        return make(alloc, out, 0, out.length, codePoints(la) + codePoints(lb));
    }

    private static void copyBytes(long[] h, long a, byte[] out, int at) {
        int len = byteLength(h[(int) a + 1]);
        int base = (int) a + 2;
        for (int i = 0; i < len; i++) out[at + i] = (byte) (h[base + (i >>> 3)] >>> ((i & 7) * 8));
    }
}
