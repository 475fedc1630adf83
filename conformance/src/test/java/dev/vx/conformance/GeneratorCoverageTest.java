package dev.vx.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.conformance.gen.GeneratedProgram;
import dev.vx.conformance.gen.MutantGen;
import dev.vx.conformance.gen.ProgramGen;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The generators make what the differential and rejection tests rely on: over a few hundred
 * programs, every language feature the suite claims to cover shows up, and every mutation kind
 * is drawn. (Text only: nothing is compiled here.)
 */
class GeneratorCoverageTest {
    static final int SAMPLES = 400;

    /** Feature name to a regular expression over the source. */
    static final Map<String, String> FEATURES = new TreeMap<>(Map.ofEntries(
            Map.entry("recursive user type", "RLink\\{next: Rec"),
            Map.entry("generic type Tree<T>", "Node\\{"),
            Map.entry("generic function", "def g\\d+<A>"),
            Map.entry("nested constructor pattern", "case \\w+\\{[^}]*\\w+\\{"),
            Map.entry("literal pattern", "case (-?\\d+(u32|i32|i64|u64)|\"|-?\\d+\\.\\d)"),
            Map.entry("list patterns", "case (\\[\\]|\\w+ <> \\w+|\\[\\w+, \\w+\\])"),
            Map.entry("Nat patterns", "case 1n\\+p\\d+"),
            Map.entry("wildcard", "case _:"),
            Map.entry("tuple destructuring", "\\(v\\d+, v\\d+\\) = "),
            Map.entry("closure (lambda)", "\\(\\\\"),
            Map.entry("List.map / fold / filter", "List\\.(map|fold|filter)\\("),
            Map.entry("Maybe functions", "Maybe\\.(map|with_default|and_then)\\("),
            Map.entry("Array.gen / get / set / fold", "Array\\.(gen|set|fold)\\(|\\]\\["),
            Map.entry("division", " [/%] "),
            Map.entry("shifts", " (<<|>>) "),
            Map.entry("conversions", "\\.to_(u32|i32|u64|i64|f32|f64|nat)\\("),
            Map.entry("if expression", "\\(if .* then .* else "),
            Map.entry("if statement with elif", "elif "),
            Map.entry("match on the right of =", "= match "),
            Map.entry("fork group", "= fork "),
            Map.entry("job", "!\\("),
            Map.entry("deep recursion (1000+ levels)", "deep\\d+!?\\(\\d{4,}n"),
            Map.entry("mutual tail recursion", "def odd\\d+"),
            Map.entry("string building and show", "\\+\\+ .*\\.show\\("),
            Map.entry("IO do block", "do:"),
            Map.entry("value main", "def main\\(\\) -> [^I]")));

    @Test
    void generatedProgramsCoverTheLanguage() {
        List<String> sources = new ProgramGen(1).samples(42, SAMPLES).stream().map(GeneratedProgram::source)
                .collect(Collectors.toList());
        StringBuilder missing = new StringBuilder();
        FEATURES.forEach((name, regex) -> {
            Pattern p = Pattern.compile(regex);
            long n = sources.stream().filter(s -> p.matcher(s).find()).count();
            if (n == 0) {
                missing.append(name).append(" (").append(regex).append(")\n");
            }
        });
        assertTrue(missing.length() == 0, "features no generated program has:\n" + missing);
    }

    @Test
    void everyMutationKindIsDrawn() {
        EnumSet<MutantGen.Kind> seen = EnumSet.noneOf(MutantGen.Kind.class);
        new MutantGen(1).samples(7, 200).forEach(m -> seen.add(m.kind()));
        assertTrue(seen.containsAll(EnumSet.allOf(MutantGen.Kind.class)), "mutation kinds drawn: " + seen);
    }
}
