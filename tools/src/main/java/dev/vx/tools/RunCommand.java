package dev.vx.tools;

import dev.vx.bytecode.Module;
import dev.vx.vm.Host;
import dev.vx.vm.Sizes;
import dev.vx.vm.Vm;
import dev.vx.vm.VmOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "run", description = "Run a program (.vx is compiled in memory first).")
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROGRAM", description = "a .vx source or a .vxb module")
    Path program;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "arguments for the program (after --)")
    List<String> args = new ArrayList<>();

    @Option(names = "--stats", description = "print run statistics to stderr")
    boolean stats;

    @Option(names = "--heap", paramLabel = "SIZE", description = "heap capacity, e.g. 512M or 4G (default 1G)")
    String heap;

    @Option(names = "--threads", paramLabel = "N", description = "CPU worker threads (default: available processors)")
    Integer threads;

    @Option(names = "--device", paramLabel = "DEVICE", description = "cpu, opencl, vulkan or auto (default auto)")
    String device;

    @Option(names = "--engine", paramLabel = "ENGINE", description = "interp or jit (default interp)")
    String engine = "interp";

    @Override
    public Integer call() {
        VmOptions opts = options();
        Module m;
        try {
            m = Programs.load(program);
        } catch (Programs.CompileFailed e) {
            return Vm.USAGE;
        }
        return Vm.run(m, opts, new Host(List.copyOf(args), Vxvm.out(), Vxvm.err()));
    }

    private VmOptions options() {
        VmOptions o = VmOptions.defaults().withStats(stats);
        if (heap != null) {
            long bytes = Sizes.parse(heap);
            if (bytes <= 0) throw new Vxvm.UsageError("invalid --heap '" + heap + "': expected a size such as 512M or 4G");
            o = o.withHeap(bytes);
        }
        long usable = Runtime.getRuntime().maxMemory() - (256L << 20);
        if (o.heapBytes() > usable) {
            if (heap != null) {
                Vxvm.err().println("vxvm: note: --heap " + heap + " is more than this JVM can give; using "
                        + Sizes.format(usable));
            }
            o = o.withHeap(usable);
        }
        if (threads != null) {
            if (threads < 1 || threads > 1024) throw new Vxvm.UsageError("invalid --threads " + threads + ": expected 1 to 1024");
            o = o.withThreads(threads);
        }
        if (device == null) {
            device = VmOptions.DEFAULT_DEVICE;
        } else if (!List.of("cpu", "opencl", "vulkan", "auto").contains(device)) {
            throw new Vxvm.UsageError("invalid --device '" + device + "': expected cpu, opencl, vulkan or auto");
        }
        if (!List.of("interp", "jit").contains(engine)) {
            throw new Vxvm.UsageError("invalid --engine '" + engine + "': expected interp or jit");
        }
        return o.withDevice(device).withEngine(engine);
    }
}
