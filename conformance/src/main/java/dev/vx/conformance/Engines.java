package dev.vx.conformance;

import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.vm.DeviceBackend;
import dev.vx.vm.Devices;
import dev.vx.vm.VmOptions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The engines every golden and generated program runs on. Adding one is one line in
 * {@link #ALL}. An engine that is not usable here (not built yet, no driver) is reported
 * once, with its probe's reason, by the tests that use this list.
 *
 * <p>Probes are behavioural: they run a tiny job with {@code --stats} and read which engine
 * and device the VM says it used (RUNTIME.md §7), so an option the VM silently ignores (the
 * JIT before it exists) is not mistaken for an engine.
 */
public final class Engines {
    private Engines() {
    }

    private static final VmOptions CPU = VmOptions.defaults().withEngine("interp").withDevice("cpu");

    public static final List<Engine> ALL = List.of(
            new Engine("interp --threads 1", CPU.withThreads(1), always()),
            new Engine("interp --threads 4", CPU.withThreads(4), always()),
            new Engine("jit --threads 1", CPU.withEngine("jit").withThreads(1), reportsStat("engine", "jit")),
            new Engine("jit --threads 4", CPU.withEngine("jit").withThreads(4), reportsStat("engine", "jit")),
            new Engine("opencl", CPU.withDevice("opencl").withThreads(4), device("opencl")));

    /** The engines usable here. */
    public static List<Engine> usable() {
        return ALL.stream().filter(e -> e.unavailable().get().isEmpty()).toList();
    }

    private static Supplier<Optional<String>> always() {
        return Optional::empty;
    }

    private static final String PROBE = "def inc(n: U32) -> U32:\n  n + 1\n\ndef main() -> U32:\n  inc!(41)\n";
    private static final ConcurrentHashMap<String, Optional<String>> PROBED = new ConcurrentHashMap<>();

    /** Usable when a probe run with these options reports {@code stat: value} in its statistics. */
    private static Supplier<Optional<String>> reportsStat(String stat, String value) {
        return () -> PROBED.computeIfAbsent(stat + "=" + value, k -> probe(stat, value));
    }

    private static Supplier<Optional<String>> device(String kind) {
        return () -> PROBED.computeIfAbsent("device=" + kind, k -> {
            boolean installed = Devices.backends().stream().map(DeviceBackend::kind).anyMatch(kind::equals);
            if (!installed) {
                return Optional.of("no " + kind + " device backend is installed (Devices.backends() has none)");
            }
            return probe("device", kind);
        });
    }

    private static Optional<String> probe(String stat, String value) {
        Compiler.Result r = Toolchain.compile(new SourceFile("probe.vx", PROBE));
        if (r.module() == null) {
            return Optional.of("the probe program does not compile: " + r.diagnostics());
        }
        VmOptions o = ("engine".equals(stat) ? CPU.withEngine(value) : CPU.withDevice(value)).withThreads(1).withStats(true);
        RunResult run;
        try {
            run = InProcessVm.run(r.module(), o, List.of(), Duration.ofSeconds(60));
        } catch (AssertionError | RuntimeException e) {
            return Optional.of("the probe run failed: " + e);
        }
        String line = stat + ": " + value;
        if (run.status() != 0 || !run.stdout().equals("42\n")) {
            return Optional.of("the probe run with " + stat + " " + value + " failed: " + run.describe());
        }
        if (run.stderr().lines().noneMatch(line::equals)) {
            String said = run.stderr().lines().filter(l -> l.startsWith(stat + ":")).findFirst().orElse("no '" + stat + ":' line");
            return Optional.of("asked for " + stat + " " + value + ", the VM ran with '" + said + "'");
        }
        return Optional.empty();
    }
}
