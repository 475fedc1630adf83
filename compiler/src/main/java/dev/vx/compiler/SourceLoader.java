package dev.vx.compiler;

import java.io.IOException;
import dev.vx.bytecode.BoundedFiles;
import java.nio.file.Path;

/** Reads the source files that {@code import}s name. */
@FunctionalInterface
public interface SourceLoader {
    /** The text of the file at {@code path} (UTF-8); throws when it cannot be read. */
    String read(String path) throws IOException;

    /**
     * Which file {@code path} names, for loading each file once: two paths with the same
     * identity are one file. By default the path itself, normalised.
     */
    default String identity(String path) {
        return Path.of(path).normalize().toString();
    }

    /** Reads from the file system. */
    SourceLoader FILES = new SourceLoader() {
        @Override
        public String read(String path) throws IOException {
            return BoundedFiles.readUtf8(Path.of(path), SourceFile.MAX_BYTES);
        }

        /**
         * The file's real path when it exists: a file reached through a symbolic link, or
         * through a folder linked into itself, is the file the link leads to (a folder that
         * links to itself would otherwise be a new path on every import, each loading the
         * same definitions again).
         */
        @Override
        public String identity(String path) {
            Path p = Path.of(path).normalize();
            try {
                return p.toRealPath().toString();
            } catch (IOException | SecurityException e) {
                return p.toString(); // not there: reading it reports why
            }
        }
    };
}
