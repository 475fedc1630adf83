package dev.vx.compiler;

import java.util.Objects;

/**
 * One Vx source file: the path it was loaded from (as given, used in diagnostics and in the
 * debug table) and its full text. Compared by identity: every span points to its file, and
 * hashing or comparing whole texts would cost more than it could ever tell.
 */
public final class SourceFile {
    /**
     * The largest source file read, in bytes: far beyond any program written by hand or
     * generated for compilation, and a bound for paths that never end ({@code /dev/zero}).
     */
    public static final long MAX_BYTES = 256L << 20;

    private final String path;
    private final String text;

    public SourceFile(String path, String text) {
        this.path = Objects.requireNonNull(path, "path");
        this.text = Objects.requireNonNull(text, "text");
    }

    public String path() {
        return path;
    }

    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return path;
    }
}
