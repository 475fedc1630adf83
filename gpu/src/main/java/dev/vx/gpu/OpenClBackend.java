package dev.vx.gpu;

import dev.vx.vm.DeviceBackend;
import dev.vx.vm.DeviceUnavailable;
import dev.vx.vm.Host;
import dev.vx.vm.JobDevice;
import dev.vx.vm.Program;
import dev.vx.vm.VmOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The OpenCL device backend, found by the VM through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.vx.vm.DeviceBackend}).
 */
public final class OpenClBackend implements DeviceBackend {
    @Override
    public String kind() {
        return "opencl";
    }

    @Override
    public List<String> describe() {
        OpenCl.Discovery d = OpenCl.discover();
        if (d.problem() != null) return List.of("opencl: not usable: " + d.problem());
        List<String> lines = new ArrayList<>();
        for (OpenCl.DeviceInfo i : d.devices()) lines.add(i.line());
        return lines;
    }

    @Override
    public JobDevice open(Program program, VmOptions options, Host host, boolean gpuOnly) throws DeviceUnavailable {
        return new OpenClDevice(choose(gpuOnly), program, options, host);
    }

    /** Why {@code --device opencl} cannot run jobs here (one line), or null when it can: for tests and tools. */
    public static String unavailable() {
        try {
            choose(false);
            return null;
        } catch (DeviceUnavailable e) {
            return e.getMessage();
        }
    }

    /**
     * The device jobs run on: {@code VX_OPENCL_DEVICE} (a substring of the name) when set, else
     * the first usable GPU, else (not for {@code auto}) the first usable device of any type.
     */
    static OpenCl.DeviceInfo choose(boolean gpuOnly) throws DeviceUnavailable {
        OpenCl.Discovery d = OpenCl.discover();
        if (d.problem() != null) throw new DeviceUnavailable(d.problem());
        String want = setting("vx.opencl.device", "VX_OPENCL_DEVICE");
        List<String> why = new ArrayList<>();
        OpenCl.DeviceInfo any = null;
        for (OpenCl.DeviceInfo i : d.devices()) {
            if (want != null && !i.name().toLowerCase(Locale.ROOT).contains(want.toLowerCase(Locale.ROOT))) continue;
            if (i.unusable() != null) {
                why.add(i.name() + ": " + i.unusable());
                continue;
            }
            if (i.isGpu()) return i;
            if (any == null) any = i;
            why.add(i.name() + " is a " + i.typeName() + " device");
        }
        if (!gpuOnly && any != null) return any;
        if (want != null && why.isEmpty()) throw new DeviceUnavailable("no OpenCL device named like '" + want + "' (VX_OPENCL_DEVICE)");
        if (gpuOnly) throw new DeviceUnavailable(String.join("; ", why));
        throw new DeviceUnavailable("no usable OpenCL device (" + String.join("; ", why) + ")");
    }

    /** A system property, else an environment variable, else null. */
    static String setting(String property, String env) {
        String v = System.getProperty(property);
        if (v == null || v.isBlank()) v = System.getenv(env);
        return v == null || v.isBlank() ? null : v.trim();
    }
}
