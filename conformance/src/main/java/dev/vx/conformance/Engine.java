package dev.vx.conformance;

import dev.vx.bytecode.Module;
import dev.vx.vm.VmOptions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One column of the parity matrix: a way to run a compiled module (an engine, a device, a
 * thread count), and a probe that says why it cannot run here, if it cannot.
 *
 * @param name        e.g. {@code interp --threads 4}
 * @param options     the VM options of this column; a program's own flags are applied on top
 * @param unavailable empty when the engine can run here, else the reason (computed once)
 */
public record Engine(String name, VmOptions options, Supplier<Optional<String>> unavailable) {

    public RunResult run(Module module, List<String> flags, List<String> args, Duration timeLimit) {
        return InProcessVm.run(module, RunFlags.apply(options, flags), args, timeLimit);
    }

    @Override
    public String toString() {
        return name;
    }
}
