package dev.vx.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.conformance.gen.GeneratedProgram;
import dev.vx.conformance.gen.MutantGen;
import dev.vx.conformance.gen.ProgramGen;
import dev.vx.stdlib.BaseLibrary;
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
 * is drawn (checked on the text), and the compiler's in-place update of records in arrays,
 * its taking of elements and its closure specialisation are among what the generated programs
 * run (checked on their bytecode).
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
            Map.entry("a list built modulo cons (1000+ levels)", "cons\\d+!?\\(\\d{4,}n"),
            Map.entry("mutual tail recursion", "def odd\\d+"),
            Map.entry("records of an array updated from each other", "Array\\.set\\(Array\\.set\\(a\\d+, i\\d+, "),
            Map.entry("an array updated by fork children, read by their forks", "= fork share_read\\d+\\("),
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
    void someGeneratedUpdatersAreCompiledToInPlaceUpdates() {
        int inPlace = 0;
        int updaters = 0;
        for (Module m : compiledSamplesDefining("upd")) {
            for (int f = 0; f < m.functions().size(); f++) {
                if (!m.functionName(f).startsWith("upd")) continue;
                updaters++;
                if (m.function(f).code().stream().anyMatch(in -> in.op() == Opcode.NEWR)) inPlace++;
            }
        }
        // The constructions come in the order of the stores in about 70 % of the updaters.
        assertTrue(updaters >= 20 && inPlace >= updaters / 3, inPlace + " of " + updaters + " updaters build in place");
    }

    @Test
    void someGeneratedTakersTakeTheElementOutOfTheArray() {
        int takes = 0;
        int programs = 0;
        for (Module m : compiledSamplesDefining("take")) {
            boolean called = java.util.stream.IntStream.range(0, m.functions().size()).anyMatch(f -> m.functionName(f).startsWith("take"));
            if (!called) continue; // a main that does not call it (the module holds what is reached)
            programs++;
            if (m.functions().stream().anyMatch(f -> f.code().stream().anyMatch(in -> in.op() == Opcode.ATAKE))) takes++;
        }
        // Elements of scalar type, and updates that never consume the element, have no take.
        System.out.println("[coverage] " + takes + " of " + programs + " programs that call a taker take an element");
        assertTrue(programs >= 20 && takes >= programs / 4, takes + " of " + programs + " programs with a taker take an element");
    }

    @Test
    void someGeneratedLambdasAreCalledDirectly() {
        // Closure specialisation (docs/compiler.md): a lambda passed to List.map, Array.gen and
        // the like is called as a plain function, which only a specialised copy does (the
        // verifier allows no direct call of a closure's function).
        int direct = 0;
        List<Module> modules = compiledSamples(s -> s.contains("(\\") || s.contains(", \\"));
        for (Module m : modules) {
            boolean any = m.functions().stream().anyMatch(f -> f.code().stream().anyMatch(in -> {
                boolean call = in.op() == Opcode.CALL || in.op() == Opcode.TCALL;
                return call && m.functionName(in.get(in.op() == Opcode.CALL ? 1 : 0)).contains("lambda@");
            }));
            if (any) direct++;
        }
        System.out.println("[coverage] " + direct + " of " + modules.size() + " programs with a lambda call one directly");
        assertTrue(modules.size() >= 50 && direct >= modules.size() / 4, direct + " of " + modules.size() + " programs call a lambda directly");
    }

    /** The modules of the sample programs that define a function named {@code prefix...}; each must compile. */
    private static List<Module> compiledSamplesDefining(String prefix) {
        return compiledSamples(s -> s.contains("def " + prefix));
    }

    /** The modules of the sample programs whose source satisfies {@code which}; each must compile. */
    private static List<Module> compiledSamples(java.util.function.Predicate<String> which) {
        List<SourceFile> base = BaseLibrary.sources().stream().map(f -> new SourceFile(f.path(), f.text())).toList();
        List<Module> modules = new java.util.ArrayList<>();
        for (GeneratedProgram g : new ProgramGen(1).samples(42, SAMPLES)) {
            if (!which.test(g.source())) continue;
            Compiler.Result c = Compiler.compile(new SourceFile("gen.vx", g.source()), base);
            assertTrue(c.module() != null, () -> "a generated program does not compile:\n" + c.diagnostics() + "\n" + g.source());
            modules.add(c.module());
        }
        return modules;
    }

    @Test
    void everyMutationKindIsDrawn() {
        EnumSet<MutantGen.Kind> seen = EnumSet.noneOf(MutantGen.Kind.class);
        new MutantGen(1).samples(7, 200).forEach(m -> seen.add(m.kind()));
        assertTrue(seen.containsAll(EnumSet.allOf(MutantGen.Kind.class)), "mutation kinds drawn: " + seen);
    }
}
