package dev.vx.gpu;

import dev.vx.vm.Sizes;
import org.lwjgl.PointerBuffer;
import org.lwjgl.opencl.CL;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.lwjgl.opencl.CL10.*;

/**
 * Explicit initialisation of LWJGL's OpenCL binding and discovery of the devices, once per
 * JVM. Every way OpenCL can be missing (no loader library, no driver, no device, a device
 * without the extensions the kernels need) becomes a one-line reason, never an exception
 * (docs/gpu.md, "Host side").
 */
final class OpenCl {
    private OpenCl() {}

    /** One OpenCL device and whether the kernels can run on it ({@code unusable} is null when they can). */
    record DeviceInfo(long platform, long device, String platformName, String name, long type, int computeUnits,
                      long globalMem, long maxAlloc, long maxWorkGroup, String version, String cVersion,
                      String driver, Set<String> extensions, String unusable) {
        boolean isGpu() {
            return (type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) != 0;
        }

        String typeName() {
            if ((type & CL_DEVICE_TYPE_GPU) != 0) return "GPU";
            if ((type & CL_DEVICE_TYPE_ACCELERATOR) != 0) return "accelerator";
            if ((type & CL_DEVICE_TYPE_CPU) != 0) return "CPU";
            return "device type " + type;
        }

        String line() {
            return "opencl: " + name + " (" + platformName + ", " + version + "): " + typeName() + ", "
                    + computeUnits + " compute units, " + Sizes.format(globalMem) + " (largest buffer "
                    + Sizes.format(maxAlloc) + "), " + (unusable == null ? "usable" : "not usable: " + unusable);
        }
    }

    /** What discovery found: the devices, or why there are none ({@code problem}). */
    record Discovery(String problem, List<DeviceInfo> devices) {}

    private static Discovery discovery;

    /** Where LWJGL's diagnostics go unless -Dorg.lwjgl.util.DebugStream says otherwise. */
    private static final java.io.PrintStream QUIET = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());

    /** Loads the OpenCL loader and lists the devices (cached). */
    static synchronized Discovery discover() {
        if (discovery == null) discovery = load();
        return discovery;
    }

    private static Discovery load() {
        try {
            Configuration.OPENCL_EXPLICIT_INIT.set(true);
            // LWJGL reports a library it cannot load on its debug stream; the reason goes into our one line instead.
            if (System.getProperty("org.lwjgl.util.DebugStream") == null) Configuration.DEBUG_STREAM.set(QUIET);
        } catch (Throwable e) {
            return new Discovery("LWJGL is not usable here (" + e + ")", List.of());
        }
        String libError = null;
        boolean created = false;
        List<String> names = new ArrayList<>();
        String configured = System.getProperty("org.lwjgl.opencl.libname");
        if (configured != null) names.add(configured);
        for (String n : List.of("libOpenCL.so.1", "libOpenCL.so")) if (!names.contains(n)) names.add(n);
        for (String n : names) {
            try {
                CL.create(n);
                created = true;
                break;
            } catch (IllegalStateException alreadyCreated) {
                created = true;
                break;
            } catch (Throwable e) {
                if (libError == null) libError = n + ": " + oneLine(e);
            }
        }
        if (!created) return new Discovery("no OpenCL loader (" + libError + ")", List.of());
        try (MemoryStack s = MemoryStack.stackPush()) {
            IntBuffer n = s.mallocInt(1);
            int rc = clGetPlatformIDs(null, n);
            if (rc == -1001 || (rc == CL_SUCCESS && n.get(0) == 0)) {
                return new Discovery("no OpenCL driver (the loader found no platform" + (rc == CL_SUCCESS ? "" : ", error " + rc) + ")", List.of());
            }
            if (rc != CL_SUCCESS) return new Discovery("clGetPlatformIDs failed with error " + rc, List.of());
            PointerBuffer platforms = s.mallocPointer(n.get(0));
            check(clGetPlatformIDs(platforms, (IntBuffer) null), "clGetPlatformIDs");
            List<DeviceInfo> devices = new ArrayList<>();
            for (int p = 0; p < platforms.capacity(); p++) {
                long platform = platforms.get(p);
                String pname = platformString(platform, CL_PLATFORM_NAME);
                IntBuffer dn = s.mallocInt(1);
                int drc = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, null, dn);
                if (drc != CL_SUCCESS || dn.get(0) == 0) continue;
                PointerBuffer ids = s.mallocPointer(dn.get(0));
                check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, ids, (IntBuffer) null), "clGetDeviceIDs");
                for (int d = 0; d < ids.capacity(); d++) devices.add(describe(platform, pname, ids.get(d)));
            }
            if (devices.isEmpty()) return new Discovery("no OpenCL device (the drivers list none)", List.of());
            return new Discovery(null, List.copyOf(devices));
        } catch (Throwable e) {
            return new Discovery("OpenCL discovery failed (" + oneLine(e) + ")", List.of());
        }
    }

    private static DeviceInfo describe(long platform, String pname, long device) {
        String name = deviceString(device, CL_DEVICE_NAME).trim();
        long type = deviceLong(device, CL_DEVICE_TYPE);
        int cus = (int) deviceInt(device, CL_DEVICE_MAX_COMPUTE_UNITS);
        long mem = deviceLong(device, CL_DEVICE_GLOBAL_MEM_SIZE);
        long maxAlloc = deviceLong(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
        long maxWg = devicePointer(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
        String version = deviceString(device, CL_DEVICE_VERSION).trim();
        String cVersion = deviceString(device, org.lwjgl.opencl.CL11.CL_DEVICE_OPENCL_C_VERSION).trim();
        String driver = deviceString(device, CL_DRIVER_VERSION).trim();
        Set<String> ext = new HashSet<>(Arrays.asList(deviceString(device, CL_DEVICE_EXTENSIONS).trim().split("\\s+")));
        String why = null;
        if (deviceInt(device, CL_DEVICE_AVAILABLE) == 0) why = "the driver says it is not available";
        else if (deviceInt(device, CL_DEVICE_COMPILER_AVAILABLE) == 0) why = "it has no OpenCL C compiler";
        else if (!ext.contains("cl_khr_fp64")) why = "it lacks cl_khr_fp64 (64-bit floats)";
        else if (!ext.contains("cl_khr_int64_base_atomics")) why = "it lacks cl_khr_int64_base_atomics";
        else if (!cVersion.matches("OpenCL C ([2-9]|1\\.[2-9]).*")) why = "it has " + cVersion + "; the kernels need OpenCL C 1.2";
        return new DeviceInfo(platform, device, pname, name, type, cus, mem, maxAlloc, maxWg, version, cVersion, driver,
                Set.copyOf(ext), why);
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage();
        String s = e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
        s = s.replace('\n', ' ').replace('\r', ' ').trim();
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    static void check(int rc, String what) {
        if (rc != CL_SUCCESS) throw new ClError(what, rc);
    }

    /** An OpenCL call that failed: its name and error code. */
    static final class ClError extends RuntimeException {
        final int code;

        ClError(String what, int code) {
            super(what + " failed with OpenCL error " + code);
            this.code = code;
        }
    }

    static String platformString(long platform, int param) {
        try (MemoryStack s = MemoryStack.stackPush()) {
            PointerBuffer size = s.mallocPointer(1);
            check(clGetPlatformInfo(platform, param, (ByteBuffer) null, size), "clGetPlatformInfo");
            ByteBuffer b = MemoryUtil.memAlloc((int) size.get(0));
            try {
                check(clGetPlatformInfo(platform, param, b, null), "clGetPlatformInfo");
                return stripNul(MemoryUtil.memUTF8(b, (int) size.get(0)));
            } finally {
                MemoryUtil.memFree(b);
            }
        }
    }

    static String deviceString(long device, int param) {
        try (MemoryStack s = MemoryStack.stackPush()) {
            PointerBuffer size = s.mallocPointer(1);
            check(clGetDeviceInfo(device, param, (ByteBuffer) null, size), "clGetDeviceInfo");
            ByteBuffer b = MemoryUtil.memAlloc((int) Math.max(1, size.get(0)));
            try {
                check(clGetDeviceInfo(device, param, b, null), "clGetDeviceInfo");
                return stripNul(MemoryUtil.memUTF8(b, (int) size.get(0)));
            } finally {
                MemoryUtil.memFree(b);
            }
        }
    }

    private static String stripNul(String s) {
        int z = s.indexOf('\0');
        return z >= 0 ? s.substring(0, z) : s;
    }

    static long deviceLong(long device, int param) {
        try (MemoryStack s = MemoryStack.stackPush()) {
            LongBuffer v = s.callocLong(1);
            check(clGetDeviceInfo(device, param, v, null), "clGetDeviceInfo");
            return v.get(0);
        }
    }

    static long deviceInt(long device, int param) {
        try (MemoryStack s = MemoryStack.stackPush()) {
            IntBuffer v = s.callocInt(1);
            check(clGetDeviceInfo(device, param, v, null), "clGetDeviceInfo");
            return v.get(0) & 0xFFFF_FFFFL;
        }
    }

    static long devicePointer(long device, int param) {
        try (MemoryStack s = MemoryStack.stackPush()) {
            PointerBuffer v = s.callocPointer(1);
            check(clGetDeviceInfo(device, param, v, null), "clGetDeviceInfo");
            return v.get(0);
        }
    }
}
