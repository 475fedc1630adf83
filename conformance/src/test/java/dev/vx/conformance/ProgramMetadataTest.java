package dev.vx.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every golden program has a .out next to it and says where its expected output came from. */
class ProgramMetadataTest {

    static final List<String> AREAS = List.of("lexical", "types", "decls", "blocks", "operators", "lambdas",
            "patterns", "numbers", "parallel", "arrays", "strings", "io", "errors", "diagnostics", "stack", "heap",
            "examples", "classic");

    @TestFactory
    Stream<DynamicTest> eachProgram() {
        return GoldenProgram.programs().stream().map(p -> DynamicTest.dynamicTest(p.relative(), () -> check(p)));
    }

    private static void check(GoldenProgram p) throws IOException {
        assertTrue(Files.isRegularFile(p.expectedOut()), "missing " + p.expectedOut());
        assertValidUtf8(Files.readAllBytes(p.expectedOut()), p.expectedOut().toString());
        assertEquals(1, p.expectedFrom().size(), "exactly one '# vx-test: expected-from:' line");
        String from = p.expectedFrom().get(0);
        assertTrue(from.startsWith("Java twin ") || from.startsWith("hand computation") || from.startsWith("Java mirror "),
                "expected-from must be 'Java twin <class> <args...>', 'Java mirror ...' or 'hand computation (...)': " + from);
        assertTrue(p.unknownKeys().isEmpty(), "unknown metadata keys " + p.unknownKeys());
        assertTrue(p.misplacedMetadata().isEmpty(), "metadata outside the leading comment block: " + p.misplacedMetadata());
        assertTrue(p.status() >= 0 && p.status() <= 255, "status out of range");
        assertTrue(AREAS.contains(p.area()), "not in a known area folder: " + p.relative());
        if (p.status() == 1 || p.status() == 2) {
            assertTrue(!p.stderrContains().isEmpty(), "a failing program must name a stderr fragment");
        }
        if (p.area().equals("diagnostics")) {
            assertEquals(2, p.status(), "diagnostics exit with status 2");
            String name = p.source().getFileName().toString();
            Pattern loc = Pattern.compile(Pattern.quote(name) + ":\\d+:\\d+: error:");
            assertTrue(p.stderrContains().stream().anyMatch(s -> loc.matcher(s).matches()),
                    "a diagnostic names its location as '" + name + ":LINE:COL: error:'");
            assertEquals(0, Files.size(p.expectedOut()), "a compile error prints nothing on stdout");
        }
        String src = Files.readString(p.source());
        if (src.contains("\t")) {
            assertEquals("diagnostics/tab_indentation.vx", p.relative(), "tabs only where a tab is the point");
        }
        List<String> twin = p.twin();
        if (twin != null) {
            assertTrue(!twin.isEmpty() && twin.get(0).startsWith("dev.vx.bench.twins."), "twin class: " + twin);
            try {
                Class.forName(twin.get(0)).getMethod("main", String[].class);
            } catch (ReflectiveOperationException e) {
                fail("no twin " + twin.get(0) + ": " + e);
            }
            if (p.hasArgsLine()) {
                assertEquals(p.args(), twin.subList(1, twin.size()), "the twin runs with the program's args");
            }
        }
    }

    private static void assertValidUtf8(byte[] bytes, String what) {
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            fail(what + " is not UTF-8");
        }
    }

    @Test
    void everyAreaHasProgramsAndThereAreEnough() {
        Map<String, Long> perArea = GoldenProgram.programs().stream()
                .collect(Collectors.groupingBy(GoldenProgram::area, TreeMap::new, Collectors.counting()));
        for (String area : AREAS) {
            assertTrue(perArea.getOrDefault(area, 0L) > 0, "no programs in " + area);
        }
        assertTrue(GoldenProgram.programs().size() >= 90, "at least 90 golden programs: " + perArea);
    }

    @Test
    void librariesAreMarkedAndHaveNoExpectations() {
        for (GoldenProgram p : GoldenProgram.all()) {
            if (p.library()) {
                assertTrue(p.expectedFrom().isEmpty(), p.relative() + ": a library has no expected-from");
                assertTrue(!Files.exists(p.expectedOut()), p.relative() + ": a library has no .out");
            }
        }
    }

    @Test
    void everyOutHasItsProgram() throws IOException {
        try (Stream<java.nio.file.Path> s = Files.walk(GoldenProgram.root())) {
            for (java.nio.file.Path out : s.filter(x -> x.toString().endsWith(".out")).collect(Collectors.toList())) {
                String n = out.getFileName().toString();
                assertTrue(Files.exists(out.resolveSibling(n.substring(0, n.length() - 4) + ".vx")), "orphan " + out);
            }
        }
    }
}
