package dev.vx.bytecode;

import java.util.Arrays;

/**
 * A growable little-endian byte buffer with LEB128 encoders, used by {@link ModuleWriter}.
 * Values that the format cannot hold (a negative number where an unsigned LEB128 is required)
 * are the caller's bug and raise {@link IllegalArgumentException} with {@code what} in the message.
 */
final class ByteSink {
    private byte[] bytes = new byte[256];
    private int size;

    int size() {
        return size;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    void u8(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    void u16(int v) {
        u8(v);
        u8(v >>> 8);
    }

    void u64(long v) {
        ensure(8);
        for (int i = 0; i < 8; i++) {
            bytes[size++] = (byte) (v >>> (8 * i));
        }
    }

    void bytes(byte[] b) {
        bytes(b, 0, b.length);
    }

    void bytes(byte[] b, int from, int length) {
        ensure(length);
        System.arraycopy(b, from, bytes, size, length);
        size += length;
    }

    void append(ByteSink other) {
        bytes(other.bytes, 0, other.size);
    }

    /** Unsigned LEB128 of a non-negative int. */
    void uleb(int v, String what) {
        if (v < 0) throw new IllegalArgumentException(what + " is negative (" + v + "); the format stores it unsigned");
        do {
            int low = v & 0x7F;
            v >>>= 7;
            u8(v == 0 ? low : low | 0x80);
        } while (v != 0);
    }

    /** Signed LEB128: the shortest encoding of {@code v}. */
    void sleb(int v) {
        while (true) {
            int low = v & 0x7F;
            v >>= 7;
            boolean done = (v == 0 && (low & 0x40) == 0) || (v == -1 && (low & 0x40) != 0);
            u8(done ? low : low | 0x80);
            if (done) return;
        }
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
