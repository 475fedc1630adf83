package dev.vx.compiler;

import java.util.Objects;

/**
 * One Vx source file: the path it was loaded from (as given, used in diagnostics and in the
 * debug table) and its full text.
 */
public record SourceFile(String path, String text) {
    public SourceFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
    }

    @Override
    public String toString() {
        return path;
    }
}
