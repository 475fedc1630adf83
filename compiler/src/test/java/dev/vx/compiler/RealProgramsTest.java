package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.tast.TastInvariants;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The front end against the project's real Base ({@code stdlib}) and golden programs
 * ({@code conformance/programs}, {@code bench/programs}), written by others from the
 * language specification: programs that should run check cleanly, and the compile-error
 * programs report their expected {@code file:line:col} and words ({@code vx-test: status: 2}
 * and {@code stderr-contains} metadata).
 */
class RealProgramsTest {
    private static final Path ROOT = Path.of("..");

    static List<SourceFile> realBase() throws IOException {
        Path dir = ROOT.resolve("stdlib/src/main/resources/vx/base");
        List<SourceFile> base = new ArrayList<>();
        for (String name : Files.readAllLines(dir.resolve("index.txt"))) {
            if (!name.isBlank()) {
                base.add(new SourceFile("vx/base/" + name.trim(), Files.readString(dir.resolve(name.trim()))));
            }
        }
        return base;
    }

    @Test
    void realBaseChecksWithoutDiagnostics() throws IOException {
        CheckResult r = new FrontEnd().check("hello.vx", "def main() -> IO(Unit):\n  IO.print(\"hello\")\n", realBase());
        assertEquals("", r.diagnostics().render());
        assertTrue(r.program().functions().size() > 100);
        TastInvariants.check(r.program());
    }

    @TestFactory
    Stream<DynamicTest> goldenPrograms() throws IOException {
        List<SourceFile> base = realBase();
        List<Path> programs = new ArrayList<>();
        for (String dir : new String[] {"conformance/programs", "bench/programs"}) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(dir))) {
                programs.addAll(files.filter(p -> p.toString().endsWith(".vx")).sorted().toList());
            }
        }
        assertFalse(programs.isEmpty());
        return programs.stream().map(p -> DynamicTest.dynamicTest(ROOT.relativize(p).toString(), () -> check(p, base)));
    }

    private static void check(Path program, List<SourceFile> base) throws IOException {
        String text = Files.readString(program);
        if (text.contains("# vx-test: library")) {
            return;
        }
        boolean compileError = text.contains("# vx-test: status: 2");
        CheckResult r = new FrontEnd().check(program, base);
        String rendered = r.diagnostics().render();
        assertEquals(compileError, !r.ok(), rendered);
        assertEquals(rendered, new FrontEnd().checkingUsedBaseOnly().check(program, base).diagnostics().render());
        if (r.ok()) {
            TastInvariants.check(r.program());
        }
        if (compileError) {
            for (String line : text.lines().toList()) {
                if (line.startsWith("# vx-test: stderr-contains:")) {
                    String fragment = line.substring("# vx-test: stderr-contains:".length()).trim();
                    assertTrue(rendered.contains(fragment), () -> "no `" + fragment + "` in\n" + rendered);
                }
            }
        }
    }
}
