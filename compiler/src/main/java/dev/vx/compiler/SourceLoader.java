package dev.vx.compiler;

import java.io.IOException;
import dev.vx.bytecode.BoundedFiles;
import java.nio.file.Path;

/** Reads the source files that {@code import}s name. */
@FunctionalInterface
public interface SourceLoader {
    /** The text of the file at {@code path} (UTF-8); throws when it cannot be read. */
    String read(String path) throws IOException;

    /** Reads from the file system. */
    SourceLoader FILES = path -> BoundedFiles.readUtf8(Path.of(path), SourceFile.MAX_BYTES);
}
