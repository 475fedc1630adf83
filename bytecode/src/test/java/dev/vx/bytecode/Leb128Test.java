package dev.vx.bytecode;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

/** LEB128 encoding ({@link ByteSink}) and decoding ({@link ByteSource}) at their edges. */
class Leb128Test {

    private static byte[] uleb(int v) {
        ByteSink s = new ByteSink();
        s.uleb(v, "value");
        return s.toByteArray();
    }

    private static byte[] sleb(int v) {
        ByteSink s = new ByteSink();
        s.sleb(v);
        return s.toByteArray();
    }

    private static int readUleb(int... bytes) throws BytecodeException {
        ByteSource in = source(bytes);
        int v = in.uleb("value");
        assertEquals(bytes.length, in.position(), "consumed every byte");
        return v;
    }

    private static int readSleb(int... bytes) throws BytecodeException {
        ByteSource in = source(bytes);
        int v = in.sleb("value");
        assertEquals(bytes.length, in.position(), "consumed every byte");
        return v;
    }

    private static ByteSource source(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) b[i] = (byte) bytes[i];
        ByteSource in = new ByteSource(b);
        in.enter("test region", b.length);
        return in;
    }

    private static int[] ints(byte[] b) {
        int[] out = new int[b.length];
        for (int i = 0; i < b.length; i++) out[i] = b[i] & 0xFF;
        return out;
    }

    @Test
    void unsignedEncodings() {
        assertArrayEquals(new byte[] {0}, uleb(0));
        assertArrayEquals(new byte[] {0x7F}, uleb(127));
        assertArrayEquals(new byte[] {(byte) 0x80, 0x01}, uleb(128));
        assertArrayEquals(new byte[] {(byte) 0xFF, 0x7F}, uleb(16383));
        assertArrayEquals(new byte[] {(byte) 0x80, (byte) 0x80, 0x01}, uleb(16384));
        assertArrayEquals(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07}, uleb(Integer.MAX_VALUE));
    }

    @Test
    void signedEncodings() {
        assertArrayEquals(new byte[] {0}, sleb(0));
        assertArrayEquals(new byte[] {0x7F}, sleb(-1));
        assertArrayEquals(new byte[] {0x3F}, sleb(63));
        assertArrayEquals(new byte[] {(byte) 0xC0, 0x00}, sleb(64));
        assertArrayEquals(new byte[] {0x40}, sleb(-64));
        assertArrayEquals(new byte[] {(byte) 0xBF, 0x7F}, sleb(-65));
        assertArrayEquals(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x78}, sleb(Integer.MIN_VALUE));
        assertArrayEquals(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07}, sleb(Integer.MAX_VALUE));
    }

    @Test
    void roundTripsAcrossTheIntRange() throws BytecodeException {
        int[] edges = {0, 1, 63, 64, 127, 128, 8191, 8192, 16383, 16384, 1 << 20, (1 << 28) - 1, 1 << 28,
                Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
        for (int v : edges) {
            assertEquals(v, readUleb(ints(uleb(v))));
            assertEquals(v, readSleb(ints(sleb(v))));
            assertEquals(-v, readSleb(ints(sleb(-v))));
        }
        assertEquals(Integer.MIN_VALUE, readSleb(ints(sleb(Integer.MIN_VALUE))));
        for (int shift = 0; shift < 32; shift++) {
            int v = 1 << shift;
            assertEquals(v - 1, readSleb(ints(sleb(v - 1))));
            assertEquals(-v, readSleb(ints(sleb(-v))));
        }
    }

    @Test
    void paddedEncodingsUpToTenBytesAreAccepted() throws BytecodeException {
        assertEquals(0, readUleb(0x80, 0x00));
        assertEquals(5, readUleb(0x85, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00));
        assertEquals(-1, readSleb(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F));
        assertEquals(3, readSleb(0x83, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00));
    }

    private static String error(Executable e) {
        return assertThrows(BytecodeException.class, e::run).getMessage();
    }

    private interface Executable {
        void run() throws BytecodeException;
    }

    @Test
    void overLongEncodingsAreRejected() {
        assertEquals("test region, byte 0: over-long LEB128 value (more than 10 bytes)",
                error(() -> readUleb(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00)));
        assertEquals("test region, byte 0: over-long LEB128 value (more than 10 bytes)",
                error(() -> readSleb(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F)));
    }

    @Test
    void valuesBeyondIntAreRejected() {
        assertEquals("test region, byte 0: value does not fit a 32-bit int", error(() -> readUleb(0x80, 0x80, 0x80, 0x80, 0x08)));
        assertEquals("test region, byte 0: value does not fit a 32-bit int",
                error(() -> readUleb(0x80, 0x80, 0x80, 0x80, 0x80, 0x01)));
        assertEquals("test region, byte 0: value does not fit a 32-bit int", error(() -> readSleb(0x80, 0x80, 0x80, 0x80, 0x08)));
        assertEquals("test region, byte 0: value does not fit a 32-bit int", error(() -> readSleb(0xFF, 0xFF, 0xFF, 0xFF, 0x77)));
        assertEquals("test region, byte 0: value does not fit a 32-bit int",
                error(() -> readSleb(0x80, 0x80, 0x80, 0x80, 0x80, 0x01)));
        assertEquals("test region, byte 0: value does not fit a 32-bit int",
                error(() -> readSleb(0x80, 0x80, 0x80, 0x80, 0x80, 0x7F, 0x00)));
    }

    @Test
    void truncatedEncodingsAreRejected() {
        assertEquals("test region, byte 0: truncated LEB128 value: it runs past the end of the file (byte 2)",
                error(() -> readUleb(0x80, 0x80)));
        assertEquals("test region, byte 0: truncated LEB128 value: it runs past the end of the file (byte 0)",
                error(() -> readSleb()));
    }

    @Test
    void theWriterRefusesNegativeUnsignedValues() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> uleb(-1));
        assertEquals("value is negative (-1); the format stores it unsigned", e.getMessage());
    }
}
