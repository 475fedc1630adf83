package dev.vx.bytecode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whole-file reads with a size bound. A path a user names can be a device that never ends
 * ({@code /dev/zero}, a FIFO fed forever) or a file larger than anything the JVM can hold;
 * {@code Files.readAllBytes} then fails with an {@code OutOfMemoryError} after filling the
 * memory. These stop one byte past the bound instead, and say so in a {@link TooLarge}
 * ("larger than 256 MiB").
 * Shared by the module reader, the compiler's source reading and the VM's {@code IO.read_file}.
 */
public final class BoundedFiles {
    private BoundedFiles() {
    }

    /** The file is larger than the bound given, or than the JVM can hold. */
    public static final class TooLarge extends IOException {
        TooLarge(String why) {
            super(why);
        }
    }

    /** The bytes of {@code path}, at most {@code limit} of them (at most 2 GiB - 64). */
    public static byte[] readBytes(Path path, long limit) throws IOException {
        long bound = Math.min(limit, Integer.MAX_VALUE - 64);
        if (Files.isRegularFile(path) && Files.size(path) > bound) {
            throw larger(bound);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            bytes = in.readNBytes((int) bound);
            if (in.read() >= 0) {
                throw larger(bound);
            }
        } catch (OutOfMemoryError e) {
            // Only the buffer being filled is lost: the JVM cannot hold a file this large.
            throw new TooLarge("larger than this JVM can hold in memory");
        }
        return bytes;
    }

    /**
     * The text of {@code path}, UTF-8, at most {@code limit} bytes; malformed UTF-8 is a
     * {@link java.nio.charset.CharacterCodingException}, as with {@code Files.readString}.
     */
    public static String readUtf8(Path path, long limit) throws IOException {
        return StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(readBytes(path, limit))).toString();
    }

    private static TooLarge larger(long bound) {
        return new TooLarge("larger than " + (bound % (1 << 20) == 0 ? (bound >> 20) + " MiB" : bound + " bytes"));
    }
}
