package dev.vx.jmh;

import dev.vx.bytecode.Module;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Dispatch: whole runs of small programs on one thread through the public {@code Vm.run}, on
 * the interpreter ({@code engine=interp}, its dispatch loop) and on the JIT (whose generated
 * code a later run of the same module reuses, so its figure is the compiled code's), reported as runs per second and, through an auxiliary counter, bytecode
 * steps per second ({@code --stats} steps of one run times the runs). Each run also sets up a
 * heap of 1 Mi words and one worker (a few milliseconds), which the sizes below dwarf.
 *
 * <ul>
 *   <li>{@code loop}: a tail loop of 2,000,000 iterations (arithmetic, compare, branch, tail call);
 *   <li>{@code fib}: fib(25), non-tail calls and returns;
 *   <li>{@code list}: build and sum a 300,000-element list (allocation, match, free).
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "-Xmx2g"})
public class DispatchBench {
    @Param({"loop", "fib", "list"})
    public String program;

    @Param({"interp", "jit"})
    public String engine;

    Module module;
    long steps;

    @Setup(Level.Trial)
    public void setup() {
        module = Vx.compile(switch (program) {
            case "loop" -> Vx.loop(2_000_000);
            case "fib" -> Vx.fib(25);
            case "list" -> Vx.list(300_000);
            default -> throw new IllegalArgumentException(program);
        });
        steps = Vx.stat(module, "steps");
    }

    /** Steps executed, as a rate next to the runs per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Steps {
        public long steps;
    }

    @Benchmark
    public int run(Steps counter) {
        int status = Vx.run(module, Vx.ONE_THREAD.withEngine(engine));
        if (status != 0) throw new IllegalStateException("status " + status);
        counter.steps += steps;
        return status;
    }
}
