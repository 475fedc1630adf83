package dev.vx.gpu;

import dev.vx.vm.Devices;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Discovery never throws: with or without OpenCL, {@code vxvm devices} gets one line per device or one reason. */
class DiscoveryTest {
    @Test
    void describesEveryDeviceOrWhyThereIsNone() {
        List<String> lines = new OpenClBackend().describe();
        assertFalse(lines.isEmpty());
        for (String l : lines) {
            assertTrue(l.startsWith("opencl: "), l);
            assertTrue(l.contains("usable"), l);
            assertFalse(l.contains("\n"), l);
        }
    }

    @Test
    void theVmFindsTheBackendThroughTheServiceLoader() {
        assertTrue(Devices.backends().stream().anyMatch(b -> b.kind().equals("opencl")));
        assertTrue(Devices.describeAll().stream().anyMatch(l -> l.startsWith("opencl: ")));
    }
}
