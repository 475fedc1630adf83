package dev.vx.conformance;

import dev.vx.bytecode.Module;
import dev.vx.vm.Host;
import dev.vx.vm.Vm;
import dev.vx.vm.VmOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a compiled module with {@link Vm#run} in this JVM, capturing stdout and stderr as
 * {@code vxvm run} would print them. A run that does not finish in time is reported as a
 * failure of the VM (it is left running on a daemon thread: the VM has no cancellation).
 */
public final class InProcessVm {
    private InProcessVm() {
    }

    private static final ExecutorService RUNNER = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "vx-in-process-vm");
        t.setDaemon(true);
        return t;
    });

    /** Thrown when a run exceeds its time limit. */
    public static final class Timeout extends AssertionError {
        Timeout(String message) {
            super(message);
        }
    }

    public static RunResult run(Module module, VmOptions options, List<String> args, Duration timeLimit) {
        Future<RunResult> f = RUNNER.submit(() -> runHere(module, options, args));
        try {
            return f.get(timeLimit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new Timeout("the VM did not finish within " + timeLimit.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new AssertionError("Vm.run threw " + e.getCause() + " (it must report every failure as a status)",
                    e.getCause());
        }
    }

    private static RunResult runHere(Module module, VmOptions options, List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, false, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, false, StandardCharsets.UTF_8);
        int status = Vm.run(module, options, new Host(List.copyOf(args), o, e));
        o.flush();
        e.flush();
        return new RunResult(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
