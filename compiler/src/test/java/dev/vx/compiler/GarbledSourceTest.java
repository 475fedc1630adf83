package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.vx.compiler.tast.TastInvariants;
import dev.vx.testkit.Choices;
import dev.vx.testkit.Gen;
import dev.vx.testkit.Gens;
import dev.vx.testkit.Property;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Robustness: valid programs garbled at the token level (deletions, duplications, swaps,
 * random characters, tabs, truncation) must give diagnostics or a program, never an
 * exception, and never an internal error.
 */
class GarbledSourceTest {
    private static final Pattern TOKEN = Pattern.compile(
            "\\s+|\"(?:[^\"\\\\\\n]|\\\\.)*\"?|#[^\\n]*|[A-Za-z_][A-Za-z0-9_.]*|\\d[\\w.]*"
            + "|->|<-|<=|>=|==|!=|<>|\\+\\+|<<|>>|.", Pattern.DOTALL);

    private static final String[] VOCABULARY = {
        "def", "type", "match", "case", "if", "then", "elif", "else", "fork", "do", "return", "import", "(", ")", "[",
        "]", "{", "}", ":", ",", "->", "<-", "=", "\\", "!", "<>", "+", "-", "<", ">>", "\n", "\n  ", "\n    ", "\t",
        "_", "0n", "1n+p", "\"", "\"\\u{", "x", "List.map", "Some", "0x", "1e", "2147483648", "-", "~", "not",
    };

    record Garbled(String text) {
        @Override
        public String toString() {
            return "\n" + text;
        }
    }

    private static List<String> corpus() throws IOException {
        List<String> sources = new ArrayList<>();
        for (String dir : new String[] {"src/test/resources/vx/examples", "src/test/resources/vx/golden",
                "src/test/resources/vx/testbase", "src/test/resources/vx/programs", "../conformance/programs",
                "../stdlib/src/main/resources/vx/base"}) {
            try (Stream<Path> files = Files.walk(Path.of(dir))) {
                for (Path p : files.filter(p -> p.toString().endsWith(".vx")).sorted().toList()) {
                    sources.add(Files.readString(p));
                }
            }
        }
        return sources;
    }

    private static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** One edit of a token list; positions are drawn large and taken modulo the current length. */
    private static Gen<java.util.function.UnaryOperator<List<String>>> mutation() {
        Gen<Integer> position = Gens.ints(0, 1 << 20);
        return Gens.oneOf(
                position.map(p -> ts -> edit(ts, p, (list, i) -> list.remove((int) i))),
                position.map(p -> ts -> edit(ts, p, (list, i) -> list.add(i, list.get(i)))),
                position.map(p -> ts -> edit(ts, p, (list, i) -> {
                    if (i + 1 < list.size()) {
                        list.set(i, list.set(i + 1, list.get(i)));
                    }
                })),
                Gens.zip(position, Gens.elements(VOCABULARY), (p, word) -> ts -> edit(ts, p, (list, i) -> list.add(i, word))),
                Gens.zip(position, Gens.strings(4), (p, junk) -> ts -> edit(ts, p, (list, i) -> list.add(i, junk))),
                position.map(p -> ts -> edit(ts, p, (list, i) -> list.subList(i, list.size()).clear())));
    }

    private interface Edit {
        void apply(List<String> tokens, int index);
    }

    private static List<String> edit(List<String> tokens, int position, Edit edit) {
        List<String> out = new ArrayList<>(tokens);
        if (!out.isEmpty()) {
            edit.apply(out, position % out.size());
        }
        return out;
    }

    private static Gen<Garbled> garbled(List<String> corpus) {
        return (Choices c) -> {
            List<String> tokens = tokens(corpus.get((int) c.draw(corpus.size() - 1)));
            for (var m : c.draw(Gens.lists(mutation(), 1, 6))) {
                tokens = m.apply(tokens);
            }
            return new Garbled(String.join("", tokens));
        };
    }

    @Test
    void garbledProgramsGiveDiagnosticsNeverExceptions() throws IOException {
        Property.forAll(garbled(corpus()))
                .runs(1000)
                .maxDuration(Duration.ofSeconds(40))
                .check(g -> {
                    CheckResult r = TestBase.check(g.text());
                    String rendered = r.diagnostics().render();
                    assertFalse(rendered.contains("internal compiler error"), rendered);
                    assertEquals(r.ok(), !r.diagnostics().hasErrors(), rendered);
                    if (r.ok()) {
                        TastInvariants.check(r.program());
                    }
                });
    }
}
