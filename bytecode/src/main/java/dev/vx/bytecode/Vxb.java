package dev.vx.bytecode;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Loading and saving {@code .vxb} files: what the VM and the tools use. A loaded module has been
 * read and verified, so engines may trust it.
 */
public final class Vxb {
    private Vxb() {}

    /** The largest module file read (a compiled program is a small fraction of its source). */
    public static final long MAX_FILE_BYTES = 256L << 20;

    /** Reads and verifies a module. */
    public static Module load(byte[] bytes) throws BytecodeException {
        Module m = ModuleReader.read(bytes);
        Verifier.verify(m);
        return m;
    }

    /**
     * Reads and verifies the module in {@code path}. Every failure, including a missing or
     * unreadable file or a directory, is a one-line {@link BytecodeException} that starts with
     * the path.
     */
    public static Module load(Path path) throws BytecodeException {
        if (path == null) throw new BytecodeException("no .vxb file given");
        byte[] bytes;
        try {
            if (Files.isDirectory(path)) throw new BytecodeException(path + ": is a directory, not a .vxb file");
            bytes = BoundedFiles.readBytes(path, MAX_FILE_BYTES);
        } catch (BoundedFiles.TooLarge e) {
            throw new BytecodeException(path + ": too large to be a .vxb file (" + e.getMessage() + ")");
        } catch (NoSuchFileException e) {
            throw new BytecodeException(path + ": no such file");
        } catch (AccessDeniedException e) {
            throw new BytecodeException(path + ": permission denied");
        } catch (IOException | SecurityException e) {
            throw new BytecodeException(path + ": cannot read the file (" + e.getMessage() + ")");
        }
        try {
            return load(bytes);
        } catch (BytecodeException e) {
            throw new BytecodeException(path + ": " + e.getMessage());
        }
    }

    /**
     * Writes {@code m} to {@code path}. The module should have been verified: one the format
     * cannot represent is an {@link IllegalArgumentException} (see {@link ModuleWriter}).
     */
    public static void save(Module m, Path path) throws IOException {
        Files.write(path, ModuleWriter.write(m));
    }
}
