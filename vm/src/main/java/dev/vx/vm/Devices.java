package dev.vx.vm;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** The devices jobs can run on: the CPU, and whatever {@link DeviceBackend}s are installed. */
public final class Devices {
    private Devices() {}

    /** The device kinds {@code --device} names, besides {@code cpu} and {@code auto}. */
    public static final List<String> DEVICE_KINDS = List.of("opencl", "vulkan");

    public static List<DeviceBackend> backends() {
        List<DeviceBackend> out = new ArrayList<>();
        for (DeviceBackend b : ServiceLoader.load(DeviceBackend.class)) out.add(b);
        return out;
    }

    public static List<String> describeAll() {
        List<String> lines = new ArrayList<>();
        lines.add("cpu: " + Runtime.getRuntime().availableProcessors() + " threads on the JVM ("
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + "), usable");
        java.util.Set<String> described = new java.util.HashSet<>();
        for (DeviceBackend b : backends()) {
            described.add(b.kind());
            try {
                lines.addAll(b.describe());
            } catch (Throwable e) {
                lines.add(b.kind() + ": not usable: " + e);
            }
        }
        // Every kind --device accepts gets a line, so a missing backend is said, not left out.
        for (String kind : DEVICE_KINDS) {
            if (!described.contains(kind)) lines.add(kind + ": not usable: " + noBackend(kind));
        }
        return lines;
    }

    /** Why a kind without an installed backend cannot run jobs. */
    static String noBackend(String kind) {
        return "this build of vxvm has no " + kind + " backend";
    }
}
