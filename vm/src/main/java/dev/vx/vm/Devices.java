package dev.vx.vm;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** The devices jobs can run on: the CPU, and whatever {@link DeviceBackend}s are installed. */
public final class Devices {
    private Devices() {}

    public static List<DeviceBackend> backends() {
        List<DeviceBackend> out = new ArrayList<>();
        for (DeviceBackend b : ServiceLoader.load(DeviceBackend.class)) out.add(b);
        return out;
    }

    public static List<String> describeAll() {
        List<String> lines = new ArrayList<>();
        lines.add("cpu: " + Runtime.getRuntime().availableProcessors() + " threads on the JVM ("
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + "), usable");
        for (DeviceBackend b : backends()) {
            try {
                lines.addAll(b.describe());
            } catch (Throwable e) {
                lines.add(b.kind() + ": not usable: " + e);
            }
        }
        return lines;
    }
}
