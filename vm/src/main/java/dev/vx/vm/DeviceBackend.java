package dev.vx.vm;

import java.util.List;

/**
 * A device that can run jobs besides the CPU (OpenCL, Vulkan). The VM finds implementations
 * with {@link java.util.ServiceLoader}, so it never depends on the modules that provide them.
 */
public interface DeviceBackend {
    /** {@code opencl} or {@code vulkan}: the value of {@code --device} that selects it. */
    String kind();

    /** One line per device found: name, type, compute units, memory, usable or why not. */
    List<String> describe();

    /**
     * Opens a device of this kind to run the jobs of {@code program}. With {@code gpuOnly}
     * ({@code --device auto}) only a GPU qualifies. Throws {@link DeviceUnavailable} with a
     * one-line reason when there is no usable device; builds nothing yet (kernels are built at
     * the first job, and cached).
     */
    JobDevice open(Program program, VmOptions options, Host host, boolean gpuOnly) throws DeviceUnavailable;
}
