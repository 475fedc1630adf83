package dev.vx.gpu;

import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jobs on the OpenCL device give the CPU's output, status and messages; run on one lane they
 * give the CPU's statistics too (RUNTIME.md §3: the same peak, spills and restores). Skipped,
 * with the reason, where there is no OpenCL device.
 */
class DeviceJobTest {
    /** Figures that must not differ between the CPU and a single device lane. */
    static final List<String> SAME = List.of("calls", "peak_stack_words", "spills", "restores", "heap_peak_words",
            "heap_allocated_words", "heap_freed_words", "heap_footprint_words");

    @BeforeEach
    void device() {
        Gpu.assumeDevice();
    }

    static void sameAsCpu(Module m) {
        Gpu.Run cpu = Gpu.run(m, Gpu.cpu());
        Gpu.Run dev = Gpu.withLanes(1, () -> Gpu.run(m, Gpu.opencl()));
        assertEquals(cpu.status(), dev.status(), dev.err());
        assertEquals(cpu.out(), dev.out());
        assertEquals("opencl", dev.stat("device"), dev.err());
        assertEquals("1", dev.stat("device_jobs"));
        for (String s : SAME) assertEquals(cpu.stat(s), dev.stat(s), s + "\n" + cpu.err() + "\n---\n" + dev.err());
    }

    @Test
    void deepRecursionAroundTheFillDepth() {
        // 3 exit words + (1 + keep) words a level.
        for (int keep = 0; keep <= 2; keep++) {
            int fill = (2048 - 3) / (1 + keep);
            for (int n : new int[]{fill - 1, fill, fill + 1, fill + 2}) sameAsCpu(Modules.deep(n, keep));
        }
    }

    @Test
    void aMillionLevelsSpillAndRestoreAsOnTheCpu() {
        Module m = Modules.deep(1_000_000, 0);
        sameAsCpu(m);
        Gpu.Run dev = Gpu.withLanes(1, () -> Gpu.run(m, Gpu.opencl()));
        assertEquals("1000000\n", dev.out());
        assertEquals("2048", dev.stat("peak_stack_words"));
        assertEquals("978", dev.stat("spills"));
        assertEquals("978", dev.stat("restores"));
    }

    @Test
    void runtimeErrorsHaveTheCpuMessagesAndBacktrace() {
        for (Opcode op : new Opcode[]{Opcode.DIV_U32, Opcode.REM_U32}) {
            Module m = Modules.binaryJob(op, 7, 0);
            Gpu.Run cpu = Gpu.run(m, Gpu.cpu());
            Gpu.Run dev = Gpu.run(m, Gpu.opencl());
            assertEquals(1, dev.status(), dev.err());
            assertTrue(dev.err().startsWith("vxvm: error: division by zero\n  at calc (calc.vx:3)\n"), dev.err());
            assertEquals(cpu.err().lines().filter(l -> l.startsWith("vxvm: error") || l.startsWith("  at")).toList(),
                    dev.err().lines().filter(l -> l.startsWith("vxvm: error") || l.startsWith("  at")).toList());
        }
    }

    @Test
    void aKernelThatDoesNotBuildIsAnInternalErrorWithTheBuildLog() {
        // The test hook appends a function that cannot compile; the build is tried twice (a
        // race in POCL's kernel cache fails one build of a good kernel), then reported.
        System.setProperty("vx.opencl.test.brokenKernel", "true");
        try {
            Gpu.Run dev = Gpu.run(Modules.binaryJob(Opcode.ADD_U32, 7, 5), Gpu.opencl());
            assertEquals(4, dev.status(), dev.err());
            assertTrue(dev.err().contains("the OpenCL kernel of this program did not build"), dev.err());
            assertTrue(dev.err().contains("undefined_name"), "the build log names the error:\n" + dev.err());
        } finally {
            System.clearProperty("vx.opencl.test.brokenKernel");
        }
    }

    @Test
    void aJobThatFillsTheHeapEndsWithTheOutOfMemoryMessage() {
        Module m = Modules.deep(2_000_000, 2);
        dev.vx.vm.VmOptions small = Gpu.opencl().withHeap(16L << 20);
        Gpu.Run dev = Gpu.run(m, small);
        assertEquals(3, dev.status(), dev.err());
        assertTrue(dev.err().startsWith("vxvm: out of memory: the heap is full (16.0 MiB); run again with a larger heap, e.g. --heap 64M\n"),
                dev.err());
    }

    @Test
    void lanesResumeAnywhereAcrossDispatches() {
        // One step a dispatch: every lane stops at every loop head, call and return, and at
        // every join whose children are not all delivered; results and figures stay the same.
        String old = System.getProperty("vx.opencl.budget");
        System.setProperty("vx.opencl.budget", "1");
        try {
            sameAsCpu(Modules.deep(2100, 1));
            Module m = Modules.forkSum(512);
            Gpu.Run cpu = Gpu.run(m, Gpu.cpu());
            Gpu.Run dev = Gpu.run(m, Gpu.opencl());
            assertEquals(cpu.out(), dev.out(), dev.err());
            assertTrue(Long.parseLong(dev.stat("dispatches")) > 20, dev.err());
            sameCounts(cpu, dev);
        } finally {
            if (old == null) System.clearProperty("vx.opencl.budget");
            else System.setProperty("vx.opencl.budget", old);
        }
    }

    @Test
    void forkTreesSpreadOverLanesAndGiveTheSameResult() {
        Module m = Modules.forkSum(4096);
        Gpu.Run cpu = Gpu.run(m, Gpu.cpu());
        Gpu.Run dev = Gpu.run(m, Gpu.opencl());
        assertEquals(0, dev.status(), dev.err());
        assertEquals(cpu.out(), dev.out());
        // sum of i * i for i < 4096, modulo 2^32
        long want = 0;
        for (long i = 0; i < 4096; i++) want += i * i;
        assertEquals((want & 0xFFFF_FFFFL) + "\n", dev.out());
        assertTrue(Long.parseLong(dev.stat("steals")) > 0, dev.err());
        sameCounts(cpu, dev);
        assertTrue(Long.parseLong(dev.stat("device_lanes_used")) > 1, dev.err());
        // One lane: the fork groups run as plain calls, exactly as with one CPU thread.
        sameAsCpu(m);
    }

    /**
     * Steps and calls do not depend on which lane ran what (RUNTIME.md 7: exact figures): a join
     * that waits counts once, when it completes, and a stolen child's start is the call its
     * parent skipped. The one-lane CPU run is the reference.
     */
    private static void sameCounts(Gpu.Run oneLane, Gpu.Run dev) {
        assertEquals(oneLane.stat("steps"), dev.stat("steps"), "steps\n" + dev.err());
        assertEquals(oneLane.stat("calls"), dev.stat("calls"), "calls\n" + dev.err());
    }
}
