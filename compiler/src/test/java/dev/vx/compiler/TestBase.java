package dev.vx.compiler;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The small test Base in {@code src/test/resources/vx/testbase}, and helpers to check programs against it. */
public final class TestBase {
    private static final String[] FILES = {"core.vx", "list.vx", "io.vx"};
    private static List<SourceFile> sources;

    private TestBase() {
    }

    public static synchronized List<SourceFile> sources() {
        if (sources == null) {
            List<SourceFile> list = new ArrayList<>();
            for (String f : FILES) {
                list.add(new SourceFile("base/" + f, resource("/vx/testbase/" + f)));
            }
            sources = List.copyOf(list);
        }
        return sources;
    }

    public static String resource(String name) {
        try (InputStream in = TestBase.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Checks {@code text} as {@code prog.vx}. */
    public static CheckResult check(String text) {
        return check(Map.of("prog.vx", text));
    }

    /** Checks {@code prog.vx} from an in-memory file system {@code files} (path to text). */
    public static CheckResult check(Map<String, String> files) {
        Map<String, String> fs = new HashMap<>(files);
        SourceLoader loader = path -> {
            String text = fs.get(path);
            if (text == null) {
                throw new java.nio.file.NoSuchFileException(path);
            }
            return text;
        };
        return new FrontEnd(FrontEnd.DEFAULT_STACK_BYTES, loader).check("prog.vx", fs.get("prog.vx"), sources());
    }
}
