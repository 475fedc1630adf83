package dev.vx.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** bench/programs: each program names an existing twin and its default args, is listed in the README, and matches its golden copy. */
class BenchProgramsTest {

    static Path benchRoot() {
        for (Path p : List.of(Path.of("bench"), Path.of("..", "bench"))) {
            if (Files.isDirectory(p.resolve("programs"))) {
                return p;
            }
        }
        throw new IllegalStateException("bench/ not found from " + Path.of("").toAbsolutePath());
    }

    @TestFactory
    Stream<DynamicTest> eachBenchProgram() throws IOException {
        Path root = benchRoot();
        String readme = Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8);
        List<Path> files;
        try (Stream<Path> s = Files.list(root.resolve("programs"))) {
            files = s.filter(p -> p.toString().endsWith(".vx")).sorted().collect(Collectors.toList());
        }
        assertTrue(files.size() >= 11, "bench programs: " + files);
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            String twin = value(lines, "twin").orElseThrow(() -> new AssertionError("no '# bench: twin' line"));
            assertTrue(value(lines, "default-args").isPresent(), "no '# bench: default-args' line");
            try {
                Class.forName(twin).getMethod("main", String[].class);
            } catch (ReflectiveOperationException e) {
                fail("no twin " + twin);
            }
            assertTrue(readme.contains("`" + f.getFileName() + "`"), "README.md does not list " + f.getFileName());
            Optional<String> golden = value(lines, "golden copy");
            if (golden.isPresent()) {
                Path g = root.toAbsolutePath().normalize().getParent().resolve(golden.get());
                assertEquals(code(Files.readAllLines(g, StandardCharsets.UTF_8)), code(lines), "code differs from " + golden.get());
            }
        }));
    }

    private static Optional<String> value(List<String> lines, String key) {
        String prefix = "# bench: " + key + ":";
        return lines.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()).strip()).findFirst();
    }

    /** The lines that are not blank and not whole-line comments. */
    private static List<String> code(List<String> lines) {
        return lines.stream().filter(l -> !l.isBlank() && !l.strip().startsWith("#")).collect(Collectors.toList());
    }
}
