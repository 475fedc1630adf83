package dev.vx.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One golden program of {@code conformance/programs}: its source, expected stdout and the
 * {@code # vx-test:} metadata of its leading comment block (see programs/README.md).
 */
record GoldenProgram(
        Path source,
        String relative,
        boolean library,
        List<String> expectedFrom,
        int status,
        List<String> stderrContains,
        List<String> args,
        boolean hasArgsLine,
        List<String> flags,
        String cliOnly,
        List<String> unknownKeys,
        List<String> misplacedMetadata) {

    static final Set<String> KEYS = Set.of("expected-from", "status", "stderr-contains", "args", "flags", "cli-only");
    static final String PREFIX = "# vx-test:";

    /** The folder that holds the golden programs, whether tests run in the module or at the root. */
    static Path root() {
        for (Path p : List.of(Path.of("programs"), Path.of("conformance", "programs"))) {
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        throw new IllegalStateException("conformance/programs not found from " + Path.of("").toAbsolutePath());
    }

    /** Every .vx file under the root, libraries included, in a stable order. */
    static List<GoldenProgram> all() {
        Path root = root();
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(".vx"))
                    .sorted()
                    .map(p -> parse(root, p))
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The programs the runner executes (libraries left out). */
    static List<GoldenProgram> programs() {
        return all().stream().filter(p -> !p.library()).collect(Collectors.toList());
    }

    static GoldenProgram parse(Path root, Path source) {
        List<String> lines;
        try {
            lines = Files.readAllLines(source, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean library = false;
        List<String> from = new ArrayList<>();
        int status = 0;
        List<String> stderr = new ArrayList<>();
        List<String> args = List.of();
        boolean hasArgs = false;
        List<String> flags = List.of();
        String cliOnly = null;
        List<String> unknown = new ArrayList<>();
        List<String> misplaced = new ArrayList<>();
        boolean header = true;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String trimmed = line.strip();
            if (header && !trimmed.isEmpty() && !trimmed.startsWith("#")) {
                header = false;
            }
            if (!line.startsWith(PREFIX)) {
                if (trimmed.startsWith(PREFIX)) {
                    misplaced.add((i + 1) + ": " + line);
                }
                continue;
            }
            if (!header) {
                misplaced.add((i + 1) + ": " + line);
                continue;
            }
            String body = line.substring(PREFIX.length()).strip();
            if (body.equals("library")) {
                library = true;
                continue;
            }
            int colon = body.indexOf(':');
            String key = colon < 0 ? body : body.substring(0, colon).strip();
            String value = colon < 0 ? "" : body.substring(colon + 1).strip();
            switch (key) {
                case "expected-from":
                    from.add(value);
                    break;
                case "status":
                    status = Integer.parseInt(value);
                    break;
                case "stderr-contains":
                    stderr.add(value);
                    break;
                case "args":
                    hasArgs = true;
                    args = split(value);
                    break;
                case "flags":
                    flags = split(value);
                    break;
                case "cli-only":
                    cliOnly = value;
                    break;
                default:
                    unknown.add(key);
            }
        }
        String rel = root.relativize(source).toString().replace('\\', '/');
        return new GoldenProgram(source, rel, library, from, status, stderr, args, hasArgs, flags, cliOnly, unknown,
                misplaced);
    }

    private static List<String> split(String value) {
        return value.isEmpty() ? List.of() : Arrays.asList(value.split("\\s+"));
    }

    Path expectedOut() {
        String name = source.getFileName().toString();
        return source.resolveSibling(name.substring(0, name.length() - 3) + ".out");
    }

    /** The expected standard output (the .out file). */
    String expectedStdout() {
        try {
            return Files.readString(expectedOut(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The program's text as a compiler input, under its absolute path (imports resolve next to it). */
    dev.vx.compiler.SourceFile sourceFile() {
        try {
            return new dev.vx.compiler.SourceFile(source.toAbsolutePath().normalize().toString(),
                    Files.readString(source, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A compile error is expected: no engine and no evaluator ever runs it. */
    boolean expectsCompileError() {
        return status == 2;
    }

    /** The area: the first folder under programs/. */
    String area() {
        int slash = relative.indexOf('/');
        return slash < 0 ? "" : relative.substring(0, slash);
    }

    /** "Java twin <class> <args...>" as [class, args...], or null when the source is not a twin. */
    List<String> twin() {
        if (expectedFrom.size() != 1 || !expectedFrom.get(0).startsWith("Java twin ")) {
            return null;
        }
        return split(expectedFrom.get(0).substring("Java twin ".length()).strip());
    }
}
