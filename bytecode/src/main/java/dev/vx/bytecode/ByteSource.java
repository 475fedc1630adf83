package dev.vx.bytecode;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A cursor over the bytes of a {@code .vxb}, used by {@link ModuleReader}. Reads are bounded
 * by the current region (the header or one section), so a value that runs past the end of its
 * section is reported as truncated there rather than silently read from the next one.
 *
 * <p>Every failure is a {@link BytecodeException} whose message says where it happened: the
 * region, the absolute byte offset where the offending value starts, and the item being read
 * (function and instruction, say).
 */
final class ByteSource {
    /** LEB128 of a 64-bit value needs at most 10 bytes; anything longer is malformed. */
    static final int MAX_LEB_BYTES = 10;

    private final byte[] data;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private int pos;
    private int limit;
    private String region = "header";
    // The item being read, for messages: "function 3, instruction 7". Kept as parts so that
    // no string is built unless something goes wrong.
    private String itemKind;
    private int itemIndex;
    private String subKind;
    private int subIndex;

    ByteSource(byte[] data) {
        this.data = data;
        this.limit = data.length;
    }

    int position() {
        return pos;
    }

    int length() {
        return data.length;
    }

    /** Bytes left in the current region. */
    int remaining() {
        return limit - pos;
    }

    /** Starts reading the region {@code [pos, end)}, named {@code region} in messages. */
    void enter(String region, int end) {
        this.region = region;
        this.limit = end;
        item(null, 0);
    }

    /** Names the item being read (null: none) for messages. */
    void item(String kind, int index) {
        itemKind = kind;
        itemIndex = index;
        subKind = null;
    }

    /** Names a part of the current item (an instruction of a function) for messages. */
    void subItem(String kind, int index) {
        subKind = kind;
        subIndex = index;
    }

    BytecodeException error(int at, String what) {
        StringBuilder b = new StringBuilder(region).append(", byte ").append(at).append(": ");
        if (itemKind != null) {
            b.append(itemKind).append(' ').append(itemIndex);
            if (subKind != null) b.append(", ").append(subKind).append(' ').append(subIndex);
            b.append(": ");
        }
        return new BytecodeException(b.append(what).toString());
    }

    private BytecodeException truncated(int at, String what) {
        String end = limit == data.length ? "the end of the file" : "the end of the " + region;
        return error(at, "truncated " + what + ": it runs past " + end + " (byte " + limit + ")");
    }

    int u8(String what) throws BytecodeException {
        if (pos >= limit) throw truncated(pos, what);
        return data[pos++] & 0xFF;
    }

    int u16(String what) throws BytecodeException {
        if (limit - pos < 2) throw truncated(pos, what);
        int v = (data[pos] & 0xFF) | (data[pos + 1] & 0xFF) << 8;
        pos += 2;
        return v;
    }

    long u64(String what) throws BytecodeException {
        if (limit - pos < 8) throw truncated(pos, what);
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v |= (data[pos + i] & 0xFFL) << (8 * i);
        }
        pos += 8;
        return v;
    }

    byte[] bytes(int n, String what) throws BytecodeException {
        if (n < 0 || limit - pos < n) throw truncated(pos, what);
        byte[] b = new byte[n];
        System.arraycopy(data, pos, b, 0, n);
        pos += n;
        return b;
    }

    /** An unsigned LEB128 that must fit a non-negative int. */
    int uleb(String what) throws BytecodeException {
        int start = pos;
        long value = 0;
        boolean tooBig = false;
        for (int i = 0; ; i++) {
            if (i == MAX_LEB_BYTES) throw error(start, "over-long LEB128 " + what + " (more than 10 bytes)");
            if (pos >= limit) throw truncated(start, "LEB128 " + what);
            int b = data[pos++] & 0xFF;
            long payload = b & 0x7F;
            // Five groups of 7 bits hold any int; a set bit beyond them means the value is too big.
            if (i < 5) value |= payload << (7 * i);
            else if (payload != 0) tooBig = true;
            if ((b & 0x80) == 0) break;
        }
        if (tooBig || value > Integer.MAX_VALUE) {
            throw error(start, what + " does not fit a 32-bit int");
        }
        return (int) value;
    }

    /** A signed LEB128 that must fit an int. */
    int sleb(String what) throws BytecodeException {
        int start = pos;
        long value = 0;
        int extension = -1;      // the payload of every byte after the fifth, which must agree
        boolean mixed = false;
        int last;
        int count = 0;
        while (true) {
            if (count == MAX_LEB_BYTES) throw error(start, "over-long LEB128 " + what + " (more than 10 bytes)");
            if (pos >= limit) throw truncated(start, "LEB128 " + what);
            int b = data[pos++] & 0xFF;
            last = b & 0x7F;
            if (count < 5) {
                value |= (long) last << (7 * count);
            } else if (extension < 0) {
                extension = last;
            } else if (extension != last) {
                mixed = true;
            }
            count++;
            if ((b & 0x80) == 0) break;
        }
        if (count <= 5) {
            if ((last & 0x40) != 0) value |= -1L << (7 * count);
        } else if (mixed || (extension != 0 && extension != 0x7F)) {
            throw error(start, what + " does not fit a 32-bit int");
        } else if (extension == 0x7F) {
            value |= -1L << 35;
        }
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw error(start, what + " does not fit a 32-bit int");
        }
        return (int) value;
    }

    /**
     * A count of items that take at least {@code minBytesEach} bytes each. Rejecting counts the
     * rest of the region cannot hold bounds every allocation by the size of the input.
     */
    int count(String what, int minBytesEach) throws BytecodeException {
        int start = pos;
        int n = uleb(what);
        if ((long) n * minBytesEach > remaining()) {
            throw error(start, what + " " + n + " is more than the " + remaining() + " bytes left in the "
                    + region + " can hold");
        }
        return n;
    }

    /** {@code length} bytes of strict UTF-8 (no overlong forms, no surrogates). */
    String utf8(int length, String what) throws BytecodeException {
        int start = pos;
        if (limit - pos < length) throw truncated(start, what);
        try {
            String s = utf8.reset().decode(ByteBuffer.wrap(data, pos, length)).toString();
            pos += length;
            return s;
        } catch (CharacterCodingException e) {
            throw error(start, what + " is not valid UTF-8");
        }
    }
}
