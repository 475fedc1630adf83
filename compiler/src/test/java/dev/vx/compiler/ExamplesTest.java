package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.tast.TastInvariants;
import dev.vx.compiler.tast.TastPrinter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The example programs of LANGUAGE.md (copied verbatim to resources) and the construct corpus type-check. */
class ExamplesTest {
    private static final Path EXAMPLES = Path.of("src/test/resources/vx/examples");

    private static Map<String, String> files(Path dir) throws IOException {
        Map<String, String> files = new HashMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.filter(p -> p.toString().endsWith(".vx")).toList()) {
                files.put(dir.relativize(p).toString(), Files.readString(p));
            }
        }
        return files;
    }

    @ParameterizedTest
    @ValueSource(strings = {"lsum.vx", "deep.vx", "tree.vx", "shapes.vx", "spec_io_main.vx"})
    void completeProgramsCheck(String name) throws IOException {
        Map<String, String> files = files(EXAMPLES);
        files.put("prog.vx", files.get(name));
        CheckResult r = TestBase.check(files);
        assertEquals("", r.diagnostics().render());
        TastInvariants.check(r.program());
    }

    @Test
    void fragmentsCheckTogether() throws IOException {
        Map<String, String> files = files(EXAMPLES);
        files.put("prog.vx", """
                import spec_types
                import spec_depth
                import spec_hyp
                import spec_sum

                def main() -> F64:
                  U32.to_f64(depth(Node{Leaf{1}, Leaf{2}}) + sum(Leaf{3})) + hyp(3.0, 4.0)
                """);
        CheckResult r = TestBase.check(files);
        assertEquals("", r.diagnostics().render());
    }

    @Test
    void shapesFoldStartsFromAnF64() throws IOException {
        CheckResult r = TestBase.check(Files.readString(EXAMPLES.resolve("shapes.vx")));
        String main = TastPrinter.print(r.program().main());
        assertTrue(main.contains("List.fold<Shape, F64>("), main);
        assertTrue(main.contains(", 0.0:F64, (\\acc: F64, s: Shape -> (acc add.F64 area(s)))"), main);
    }

    @Test
    void constructCorpusChecks() throws IOException {
        CheckResult r = TestBase.check(files(Path.of("src/test/resources/vx/programs")).entrySet().stream()
                .collect(java.util.stream.Collectors.toMap(
                        e -> e.getKey().equals("constructs.vx") ? "prog.vx" : e.getKey(), Map.Entry::getValue)));
        assertEquals("", r.diagnostics().render());
        TastInvariants.check(r.program());
    }
}
