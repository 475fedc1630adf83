package dev.vx.gpu;

import dev.vx.vm.StatLines;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Verifier;
import dev.vx.vm.Host;
import dev.vx.vm.Vm;
import dev.vx.vm.VmOptions;
import org.junit.jupiter.api.Assumptions;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** Test helpers: is an OpenCL device here, and running a module on the CPU or on it. */
final class Gpu {
    private Gpu() {}

    /** Why no OpenCL device can run jobs here, or null when one can. */
    static String unavailable() {
        return OpenClBackend.unavailable();
    }

    /** Skips the calling test, with the reason, when there is no usable OpenCL device. */
    private static boolean told;

    static void assumeDevice() {
        String why = unavailable();
        if (why != null && !told) {
            told = true;
            System.err.println("[gpu] device tests skipped: no OpenCL device to test on: " + why);
        }
        Assumptions.assumeTrue(why == null, () -> "no OpenCL device to test on: " + why);
    }

    record Run(int status, String out, String err, Map<String, String> stats) {
        String stat(String name) {
            String v = stats.get(name);
            if (v == null) throw new AssertionError("no stat " + name + " in:\n" + err);
            return v;
        }
    }

    static Run run(Module m, VmOptions o) {
        try {
            Verifier.verify(m);
        } catch (dev.vx.bytecode.BytecodeException e) {
            throw new AssertionError("the test module does not verify: " + e.getMessage(), e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Host host = new Host(List.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = Vm.run(m, o.withStats(true), host);
        String e = err.toString(StandardCharsets.UTF_8);
        Map<String, String> stats = StatLines.parse(e);
        return new Run(status, out.toString(StandardCharsets.UTF_8), e, stats);
    }

    static VmOptions cpu() {
        return VmOptions.defaults().withThreads(1).withDevice("cpu");
    }

    /** The device with its many lanes (two CPU threads: with one, the device runs one lane). */
    static VmOptions opencl() {
        return VmOptions.defaults().withThreads(2).withDevice("opencl");
    }

    /** Runs with the device limited to {@code lanes} lanes (a system property the device reads when it opens). */
    static Run withLanes(int lanes, java.util.function.Supplier<Run> r) {
        String old = System.getProperty("vx.opencl.lanes");
        System.setProperty("vx.opencl.lanes", Integer.toString(lanes));
        try {
            return r.get();
        } finally {
            if (old == null) System.clearProperty("vx.opencl.lanes");
            else System.setProperty("vx.opencl.lanes", old);
        }
    }
}
