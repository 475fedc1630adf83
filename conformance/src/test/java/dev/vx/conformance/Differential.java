package dev.vx.conformance;

import dev.vx.compiler.CheckResult;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.conformance.gen.GeneratedProgram;
import dev.vx.conformance.ref.RefResult;
import dev.vx.conformance.ref.ReferenceEvaluator;
import dev.vx.testkit.Property;
import java.time.Duration;
import java.util.List;
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
            RunResult got = engine.run(compiled.module(), List.of(), List.of(), VM_LIMIT);
            if (got.status() == want.status() && got.stdout().equals(want.stdout())
                    && got.firstStderrLine().equals(want.firstStderrLine())) {
                continue;
            }
            throw new EnginesDisagree(engine.name() + " differs from the reference evaluator\n=== reference: "
                    + want.describe() + "\n=== " + engine.name() + ": " + got.describe());
        }
    }
}
