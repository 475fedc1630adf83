package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden tests of diagnostics: each folder of {@code src/test/resources/vx/golden} holds a
 * program ({@code prog.vx} and the files it imports) and {@code expected.txt}, the exact
 * output of {@link dev.vx.compiler.diag.Diagnostics#render()}. After a deliberate change of
 * wording, regenerate with {@code -Dvx.golden.update=true} and review the diff.
 */
class GoldenDiagnosticsTest {
    private static final Path ROOT = Path.of("src/test/resources/vx/golden");

    @TestFactory
    Stream<DynamicTest> golden() throws IOException {
        assertTrue(Files.isDirectory(ROOT), "run from the compiler module");
        return Files.list(ROOT).filter(Files::isDirectory).sorted()
                .map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir)));
    }

    private static void check(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.filter(p -> p.toString().endsWith(".vx")).toList()) {
                files.put(dir.relativize(p).toString(), Files.readString(p));
            }
        }
        String actual = TestBase.check(files).diagnostics().render();
        Path expectedFile = dir.resolve("expected.txt");
        if (Boolean.getBoolean("vx.golden.update")) {
            Files.writeString(expectedFile, actual);
            return;
        }
        assertTrue(Files.exists(expectedFile), "missing " + expectedFile + " (generate with -Dvx.golden.update=true)");
        assertEquals(Files.readString(expectedFile), actual);
    }
}
