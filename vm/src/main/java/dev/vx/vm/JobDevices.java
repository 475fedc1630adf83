package dev.vx.vm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Chooses the device for jobs from {@code --device} (RUNTIME.md §4): {@code cpu} needs none;
 * {@code opencl} or {@code vulkan} opens a usable device of that kind now, and without one
 * (no driver, no device, no backend in this build) says why in one note and runs the jobs on
 * the CPU; {@code auto} looks for a GPU at the first job, and without one says so in one note
 * and runs the jobs on the CPU. The default ({@link VmOptions#DEFAULT_DEVICE}) is {@code auto}
 * without the note: a program run with no {@code --device} should not print about devices on
 * a machine that has no GPU (the choice is in {@code --stats}).
 */
final class JobDevices {
    private JobDevices() {}

    /** The device for {@code opts.device()}, or null for the CPU. */
    static JobDevice open(VmOptions opts, Program prog, Host host) {
        String kind = opts.device();
        if (kind == null || kind.equals("cpu")) return null;
        if (kind.equals("auto")) return new Auto(opts, prog, host, true);
        if (kind.equals(VmOptions.DEFAULT_DEVICE)) return new Auto(opts, prog, host, false);
        for (DeviceBackend b : Devices.backends()) {
            if (!b.kind().equals(kind)) continue;
            try {
                return b.open(prog, opts, host, false);
            } catch (DeviceUnavailable e) {
                return onTheCpu(host, kind, e.getMessage());
            } catch (RuntimeException | LinkageError e) {
                return onTheCpu(host, kind, e.toString());
            }
        }
        return onTheCpu(host, kind, Devices.noBackend(kind));
    }

    /** Without a usable driver the VM says so in one line and runs the jobs on the CPU (RUNTIME.md §4). */
    private static JobDevice onTheCpu(Host host, String kind, String why) {
        host.err().println("vxvm: note: --device " + kind + ": " + why + "; jobs run on the CPU");
        return null;
    }

    /** {@code --device auto}: the first GPU any backend offers, decided at the first job. */
    private static final class Auto implements JobDevice {
        private final VmOptions opts;
        private final Program prog;
        private final Host host;
        private final boolean announce;
        private boolean decided;
        private JobDevice chosen;

        Auto(VmOptions opts, Program prog, Host host, boolean announce) {
            this.opts = opts;
            this.prog = prog;
            this.host = host;
            this.announce = announce;
        }

        @Override
        public OptionalLong run(Worker worker, Program program, int function, long[] args) {
            synchronized (this) {
                if (!decided) {
                    decided = true;
                    List<String> why = new ArrayList<>();
                    for (DeviceBackend b : Devices.backends()) {
                        try {
                            chosen = b.open(prog, opts, host, true);
                            break;
                        } catch (DeviceUnavailable e) {
                            why.add(b.kind() + ": " + e.getMessage());
                        } catch (RuntimeException | LinkageError e) {
                            why.add(b.kind() + ": " + e);
                        }
                    }
                    if (chosen == null && announce) {
                        host.err().println("vxvm: note: --device auto: no GPU"
                                + (why.isEmpty() ? "" : " (" + String.join("; ", why) + ")")
                                + "; jobs run on the CPU");
                    }
                }
            }
            return chosen == null ? OptionalLong.empty() : chosen.run(worker, program, function, args);
        }

        @Override
        public String kind() {
            return chosen == null ? "cpu" : chosen.kind();
        }

        @Override
        public Map<String, Object> stats() {
            return chosen == null ? Map.of() : chosen.stats();
        }

        @Override
        public void close() {
            if (chosen != null) chosen.close();
        }
    }
}
