package dev.vx.bytecode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BoundedFilesTest {
    @TempDir
    Path dir;

    @Test
    void aFileUpToTheBoundIsReadWhole() throws IOException {
        Path file = dir.resolve("f");
        byte[] bytes = new byte[100];
        bytes[99] = 7;
        Files.write(file, bytes);
        assertArrayEquals(bytes, BoundedFiles.readBytes(file, 100));
        assertEquals("larger than 99 bytes",
                assertThrows(BoundedFiles.TooLarge.class, () -> BoundedFiles.readBytes(file, 99)).getMessage());
        assertEquals("larger than 1 MiB", assertThrows(BoundedFiles.TooLarge.class,
                () -> BoundedFiles.readBytes(writeZeros((1 << 20) + 1), 1 << 20)).getMessage());
    }

    /** A device that never ends is read to one byte past the bound, not until memory runs out. */
    @Test
    void aStreamThatNeverEndsStopsPastTheBound() {
        Path zero = Path.of("/dev/zero");
        if (!Files.isReadable(zero)) {
            System.out.println("[skipped] BoundedFilesTest.aStreamThatNeverEndsStopsPastTheBound: no /dev/zero here");
            Assumptions.abort("no /dev/zero");
        }
        assertEquals("larger than 1 MiB",
                assertThrows(BoundedFiles.TooLarge.class, () -> BoundedFiles.readBytes(zero, 1 << 20)).getMessage());
    }

    @Test
    void textIsStrictUtf8() throws IOException {
        Path file = dir.resolve("t");
        Files.writeString(file, "héllo 😀", StandardCharsets.UTF_8);
        assertEquals("héllo 😀", BoundedFiles.readUtf8(file, 100));
        Files.write(file, new byte[] {'a', (byte) 0xC3});
        assertThrows(CharacterCodingException.class, () -> BoundedFiles.readUtf8(file, 100));
    }

    @Test
    void aModuleFileIsBoundedToo() throws IOException {
        Path file = writeZeros(Vxb.MAX_FILE_BYTES + 1);
        assertEquals(file + ": too large to be a .vxb file (larger than 256 MiB)",
                assertThrows(BytecodeException.class, () -> Vxb.load(file)).getMessage());
    }

    /** A sparse file of {@code n} zero bytes (no disk space used). */
    private Path writeZeros(long n) throws IOException {
        Path file = dir.resolve("zeros" + n);
        try (var f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(n);
        }
        return file;
    }
}
