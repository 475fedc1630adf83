package dev.vx.conformance;

import dev.vx.compiler.CheckResult;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.conformance.gen.GeneratedProgram;
import dev.vx.conformance.ref.RefResult;
import dev.vx.conformance.ref.ReferenceEvaluator;
import dev.vx.testkit.Property;
import dev.vx.vm.StatLines;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One differential check: a generated program is compiled (it must compile: it is well typed
 * by construction), run by the reference evaluator and on every usable engine; every engine
 * must give the evaluator's exit status, stdout and first stderr line.
 */
final class Differential {
    private Differential() {
    }

    static final String PATH = "gen.vx";
    static final Duration REFERENCE_LIMIT = Duration.ofSeconds(30);
    static final Duration VM_LIMIT = Duration.ofSeconds(60);

    /** Cases the reference evaluator does not model (printed, and skipped as invalid cases). */
    static final AtomicInteger NOT_MODELLED = new AtomicInteger();

    /** The compiler rejected a generated program: a generator bug or a compiler bug. */
    static final class GeneratedProgramRejected extends AssertionError {
        GeneratedProgramRejected(String message) {
            super(message);
        }
    }

    /** An engine's run differs from the reference evaluator's. */
    static final class EnginesDisagree extends AssertionError {
        EnginesDisagree(String message) {
            super(message);
        }
    }

    static void check(GeneratedProgram program) {
        check(program.source(), Engines.usable());
    }

    static void check(String source, List<Engine> engines) {
        SourceFile file = new SourceFile(PATH, source);
        Compiler.Result compiled = Toolchain.compile(file);
        if (compiled.module() == null) {
            throw new GeneratedProgramRejected("a generated program does not compile:\n" + compiled.diagnostics());
        }
        CheckResult checked = Toolchain.check(file);
        RefResult ref = ReferenceEvaluator.run(checked.program(), List.of(), REFERENCE_LIMIT);
        if (ref instanceof RefResult.NotModelled n) {
            NOT_MODELLED.incrementAndGet();
            System.out.println("[skipped case] " + n.reason());
            Property.assume(false);
        }
        RunResult want = ((RefResult.Ran) ref).result();
        for (Engine engine : engines) {
            RunResult withStats = InProcessVm.run(compiled.module(), engine.options().withStats(true), List.of(), VM_LIMIT);
            RunResult got = withoutStats(withStats);
            if (!(got.status() == want.status() && got.stdout().equals(want.stdout())
                    && got.firstStderrLine().equals(want.firstStderrLine()))) {
                throw new EnginesDisagree(engine.name() + " differs from the reference evaluator\n=== reference: "
                        + want.describe() + "\n=== " + engine.name() + ": " + got.describe());
            }
            if (got.status() == 0 && !source.contains("IO.exit(")) {
                // A run that ends well frees every word it allocated: a difference is a count
                // lost by the compiler's dups and drops, or by a race between workers. (IO.exit
                // ends a run where it stands, with its data alive, as exit(3) does.)
                Map<String, String> stats = StatLines.parse(withStats.stderr().substring(got.stderr().length()));
                String allocated = stats.get("heap_allocated_words");
                String freed = stats.get("heap_freed_words");
                if (allocated == null || !allocated.equals(freed)) {
                    throw new EnginesDisagree(engine.name() + " allocated " + allocated + " heap words and freed " + freed
                            + "\n=== " + engine.name() + ": " + withStats.describe());
                }
            }
        }
    }

    /** The run without the --stats block that ends its stderr (it starts with the engine's name). */
    private static RunResult withoutStats(RunResult run) {
        String err = run.stderr();
        int line = err.lastIndexOf("\nengine: ");
        int at = err.startsWith("engine: ") ? 0 : line < 0 ? err.length() : line + 1;
        return new RunResult(run.status(), run.stdout(), err.substring(0, at));
    }
}
