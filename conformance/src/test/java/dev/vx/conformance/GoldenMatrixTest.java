package dev.vx.conformance;

import dev.vx.vm.StatLines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.Compiler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The parity matrix: every golden program on every engine of {@link Engines#ALL}, in this
 * JVM. Each program is compiled once and run on every usable engine; its exit status and
 * stdout must be exactly the expected ones and its stderr must contain every
 * {@code stderr-contains} fragment. Programs whose expectation is a compile error are
 * checked once, against the compiler. An engine that cannot run here is one skipped test
 * that prints why. Every run has {@code --stats}, and a run that ends well must have freed
 * every heap word it allocated.
 */
class GoldenMatrixTest {
    static final Duration TIME_LIMIT = Duration.ofSeconds(120);

    private final Map<String, Compiler.Result> compiled = new ConcurrentHashMap<>();

    @TestFactory
    Stream<DynamicNode> everyGoldenProgramOnEveryEngine() {
        List<GoldenProgram> programs = GoldenProgram.programs();
        DynamicNode compileErrors = DynamicContainer.dynamicContainer("compile errors (no engine runs these)",
                programs.stream().filter(GoldenProgram::expectsCompileError)
                        .map(p -> DynamicTest.dynamicTest(p.relative(), () -> checkCompileError(p))));
        Stream<DynamicNode> engines = Engines.ALL.stream().map(engine -> {
            var reason = engine.unavailable().get();
            if (reason.isPresent()) {
                return Skips.node(engine.name(), "engine not available: " + reason.get());
            }
            return DynamicContainer.dynamicContainer(engine.name(), programs.stream()
                    .filter(p -> !p.expectsCompileError())
                    .map(p -> DynamicTest.dynamicTest(p.relative(), () -> runOn(engine, p))));
        });
        return Stream.concat(Stream.of(compileErrors), engines);
    }

    private Compiler.Result compile(GoldenProgram p) {
        return compiled.computeIfAbsent(p.relative(), k -> Toolchain.compile(p.sourceFile()));
    }

    private void checkCompileError(GoldenProgram p) {
        Compiler.Result r = Toolchain.compile(p.sourceFile());
        assertNull(r.module(), p.relative() + " must not compile; diagnostics:\n" + r.diagnostics());
        assertEquals("", p.expectedStdout(), "a program that does not compile prints nothing");
        for (String fragment : p.stderrContains()) {
            assertTrue(r.diagnostics().contains(fragment),
                    "diagnostics lack '" + fragment + "':\n" + r.diagnostics());
        }
    }

    private void runOn(Engine engine, GoldenProgram p) {
        if (p.cliOnly() != null) {
            Skips.abort(p.relative() + " on " + engine.name(), "needs the CLI: " + p.cliOnly());
        }
        Compiler.Result r = compile(p);
        assertNotNull(r.module(), p.relative() + " does not compile:\n" + r.diagnostics());
        RunResult run = InProcessVm.run(r.module(), RunFlags.apply(engine.options(), p.flags()).withStats(true),
                p.args(), TIME_LIMIT);
        assertGolden(p, run);
        if (run.status() == 0) assertNoLeak(p, run);
    }

    /**
     * A run that ends well has freed every word it allocated: the VM drops the entry's result,
     * so any difference is a cell the compiler's dup/drop or an engine's RC lost track of.
     */
    static void assertNoLeak(GoldenProgram p, RunResult run) {
        long allocated = stat(run, "heap_allocated_words");
        long freed = stat(run, "heap_freed_words");
        assertEquals(allocated, freed, () -> p.relative() + ": heap words allocated but never freed (a leak)\n"
                + run.describe());
    }

    private static long stat(RunResult run, String name) {
        String v = StatLines.parse(run.stderr()).get(name);
        if (v == null) throw new AssertionError("no " + name + " in --stats:\n" + run.describe());
        return Long.parseLong(v);
    }

    /** Status, exact stdout and every stderr fragment. */
    static void assertGolden(GoldenProgram p, RunResult run) {
        assertEquals(p.status(), run.status(), () -> p.relative() + ": exit status\n" + run.describe());
        assertEquals(p.expectedStdout(), run.stdout(), () -> p.relative() + ": stdout\n" + run.describe());
        for (String fragment : p.stderrContains()) {
            assertTrue(run.stderr().contains(fragment),
                    () -> p.relative() + ": stderr lacks '" + fragment + "'\n" + run.describe());
        }
    }
}
