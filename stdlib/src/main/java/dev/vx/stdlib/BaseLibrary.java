package dev.vx.stdlib;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The sources of {@code Base}, Vx's standard library, which every Vx program sees without an
 * import. They are classpath resources under {@value #ROOT}; {@code index.txt} there lists the
 * files in load order, one per line (blank lines and lines starting with {@code #} are
 * ignored). All Base files see each other, so the order only fixes where diagnostics and
 * definitions appear.
 */
public final class BaseLibrary {
    /** The resource folder of the Base sources. */
    public static final String ROOT = "vx/base/";

    /** The resource that lists the Base files in load order. */
    public static final String INDEX = ROOT + "index.txt";

    /**
     * One Base source file.
     *
     * @param path the resource path, such as {@code vx/base/list.vx} (use it as the file name in
     *     diagnostics and debug information)
     * @param text the file's text
     */
    public record Source(String path, String text) {
        public Source {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(text, "text");
        }
    }

    private static final class Holder {
        static final List<Source> SOURCES = load();
    }

    private BaseLibrary() {}

    /** The Base source files in load order (read once, then cached; the list is immutable). */
    public static List<Source> sources() {
        return Holder.SOURCES;
    }

    /** The file names listed in {@code index.txt}, in order. */
    public static List<String> fileNames() {
        List<String> names = new ArrayList<>();
        for (String line : read(INDEX).split("\n", -1)) {
            String name = line.strip();
            if (!name.isEmpty() && !name.startsWith("#")) {
                names.add(name);
            }
        }
        return List.copyOf(names);
    }

    private static List<Source> load() {
        List<Source> sources = new ArrayList<>();
        for (String name : fileNames()) {
            String path = ROOT + name;
            sources.add(new Source(path, read(path)));
        }
        return List.copyOf(sources);
    }

    private static String read(String path) {
        ClassLoader loader = BaseLibrary.class.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("Base library resource not found: " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Base library resource " + path, e);
        }
    }
}
