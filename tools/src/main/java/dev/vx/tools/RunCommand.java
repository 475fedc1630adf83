package dev.vx.tools;

import dev.vx.bytecode.Module;
import dev.vx.vm.Devices;
import dev.vx.vm.Heap;
import dev.vx.vm.Host;
import dev.vx.vm.Sizes;
import dev.vx.vm.Vm;
import dev.vx.vm.VmOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Vxvm.Version.class, description = "Run a program (.vx is compiled in memory first).")
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROGRAM", description = "a .vx source or a .vxb module")
    Path program;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "arguments for the program; vxvm's options may stand before or after PROGRAM, so a word that starts with - is vxvm's unless it comes after --, which ends the options")
    List<String> args = new ArrayList<>();

    @Option(names = "--stats", description = "print run statistics to stderr")
    boolean stats;

    @Option(names = "--heap", paramLabel = "SIZE", description = "heap capacity, e.g. 512M or 4G (default 1G)")
    String heap;

    @Option(names = "--threads", paramLabel = "N", description = "CPU worker threads (default: available processors)")
    Integer threads;

    @Option(names = "--device", paramLabel = "DEVICE", description = "cpu, opencl, vulkan or auto (default auto)")
    String device;

    @Option(names = "--engine", paramLabel = "ENGINE", description = "jit or interp (default jit: compiles hot functions to JVM code; interp: the reference interpreter)")
    String engine = "jit";

    /**
     * The command line {@code args} as a {@code run} command, parsed here when it is plain:
     * {@code run}, then this command's options (each at most once, with its value as the next
     * word or after {@code =}), the program and its arguments, with {@code --} ending the
     * options. Anything else — an unknown option, a malformed number, a repeated option,
     * help — gives null, and picocli parses the line and says what is wrong,
     * so every message comes from one place. {@code RunCommandLineTest} checks that both
     * parsers agree.
     */
    static RunCommand plain(String[] args) {
        if (args.length < 2 || !args[0].equals("run")) return null;
        RunCommand c = new RunCommand();
        Set<String> seen = new HashSet<>();
        boolean options = true;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (options && a.equals("--")) {
                options = false;
                continue;
            }
            if (options && a.startsWith("-")) {
                int eq = a.indexOf('=');
                String name = eq < 0 ? a : a.substring(0, eq);
                if (!seen.add(name)) return null;
                if (name.equals("--stats") && eq < 0) {
                    c.stats = true;
                    continue;
                }
                String value = eq >= 0 ? a.substring(eq + 1) : i + 1 < args.length ? args[++i] : null;
                if (value == null || value.startsWith("-")) return null;
                switch (name) {
                    case "--heap" -> c.heap = value;
                    case "--device" -> c.device = value;
                    case "--engine" -> c.engine = value;
                    case "--threads" -> {
                        if (!value.matches("[0-9]{1,9}")) return null;
                        c.threads = Integer.parseInt(value);
                    }
                    default -> {
                        return null;
                    }
                }
                continue;
            }
            if (c.program == null) {
                try {
                    c.program = Path.of(a);
                } catch (InvalidPathException e) {
                    return null;
                }
            } else {
                c.args.add(a);
            }
        }
        return c.program == null ? null : c;
    }

    @Override
    public Integer call() {
        VmOptions opts = options();
        Module m = Programs.load(program); // compile errors: status 2 (Vxvm.failed)
        Vm.Ending end = Vm.runToEnd(m, opts, new Host(List.copyOf(args), Vxvm.out(), Vxvm.err(), Vxvm.readerGone()));
        int status = end.status();
        if (status == Vm.INTERNAL && !end.programExit() && program.toString().endsWith(".vxb")) {
            // The verifier cannot check reference counting (docs/bytecode.md): a hand-made or
            // edited file that breaks it can end here too, and the report should say so.
            Vxvm.err().println("vxvm: note: " + program + " was run as given: a .vxb not written by `vxvm compile` "
                    + "can break rules the verifier does not check (reference counts, docs/bytecode.md) and end this way");
        }
        return status;
    }

    private VmOptions options() {
        VmOptions o = VmOptions.defaults().withStats(stats);
        if (heap != null) {
            long bytes = Sizes.parse(heap);
            if (bytes <= 0) throw new Vxvm.UsageError("invalid --heap '" + heap + "': expected a size such as 512M or 4G");
            if (bytes < Heap.MIN_CAPACITY_BYTES) {
                Vxvm.err().println("vxvm: note: --heap " + heap + " is less than the smallest heap; using "
                        + Sizes.format(Heap.MIN_CAPACITY_BYTES) + " (and room for the program's string constants)");
            }
            o = o.withHeap(bytes);
        }
        // The JVM keeps room for itself (code, classes, the program's output): 256 MiB, or a
        // quarter of a small JVM's memory, so that a small JVM still gives most of its memory.
        long max = Runtime.getRuntime().maxMemory();
        long usable = max - Math.min(256L << 20, max / 4);
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
        } else if (!device.equals("cpu") && !device.equals("auto") && !Devices.DEVICE_KINDS.contains(device)) {
            throw new Vxvm.UsageError("invalid --device '" + device + "': expected cpu, "
                    + String.join(", ", Devices.DEVICE_KINDS) + " or auto");
        }
        if (!List.of("interp", "jit").contains(engine)) {
            throw new Vxvm.UsageError("invalid --engine '" + engine + "': expected interp or jit");
        }
        return o.withDevice(device).withEngine(engine);
    }
}
