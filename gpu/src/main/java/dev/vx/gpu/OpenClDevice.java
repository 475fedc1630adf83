package dev.vx.gpu;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Insn;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.vm.Allocator;
import dev.vx.vm.Backtrace;
import dev.vx.vm.DeviceFailure;
import dev.vx.vm.DeviceUnavailable;
import dev.vx.vm.Heap;
import dev.vx.vm.Host;
import dev.vx.vm.JobDevice;
import dev.vx.vm.OutOfHeap;
import dev.vx.vm.Program;
import dev.vx.vm.ProgramExit;
import dev.vx.vm.ProgramFailure;
import dev.vx.vm.Stats;
import dev.vx.vm.Strings;
import dev.vx.vm.VmOptions;
import dev.vx.vm.Worker;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static dev.vx.gpu.DeviceLayout.*;
import static org.lwjgl.opencl.CL10.*;

/**
 * Runs jobs on one OpenCL device (docs/gpu.md). At the first job it generates the module's
 * kernel (every function a device job can reach), builds it or takes it from the cache, and
 * creates the device buffers. Each job then: uploads the heap, starts lane 0 on the job's
 * function with the job worker's allocator state, dispatches the kernel until the job is
 * done or failed, and downloads the heap, the allocator state and the statistics, so the
 * program continues on the CPU exactly as if a CPU lane had run the job.
 */
final class OpenClDevice implements JobDevice {
    private static final String BUILD_OPTIONS = "-cl-std=CL1.2";
    private static final int STAGE_WORDS = 1 << 19;
    private static final long MIN_BUDGET = 1 << 10, MAX_BUDGET = 1 << 28;

    private final OpenCl.DeviceInfo info;
    private final Program prog;
    private final Module module;
    private final Host host;
    private final int lanes;
    private final int nJoins;
    private final int nTasks;

    // Decided at the first job.
    private Map<Integer, JobAnalysis> analyses;
    private final Map<Integer, Boolean> noted = new HashMap<>();
    private boolean built;
    private long context, queue, program, kernel;
    private long heapMem, lsMem, stMem, lrMem, scrMem, tasksMem, joinsMem, ctlMem;
    private long heapBufferWords;
    private int maxRegs;
    private long localSize, globalSize;
    private ByteBuffer stage;
    private long budget = 1 << 15;
    /** The work-group size asked for ({@code VX_OPENCL_LOCAL}), or 0. */
    private final long localWanted;
    /** A budget that does not adapt ({@code VX_OPENCL_BUDGET}, for tests of resumable dispatch), or 0. */
    private final long fixedBudget;

    // Statistics.
    private long compileMs = -1;
    private boolean cached;
    private long dispatches;
    private long deviceJobs;
    private long cpuJobs;
    /** Jobs that failed on several lanes and were run again on the CPU. */
    private long rerunOnCpu;
    private long deviceNanos;
    /** Lanes that ran at least one step, summed over jobs. */
    private long lanesUsed;

    OpenClDevice(OpenCl.DeviceInfo info, Program prog, VmOptions options, Host host) throws DeviceUnavailable {
        this.info = info;
        this.prog = prog;
        this.module = prog.module;
        this.host = host;
        long n = number("vx.opencl.lanes", "VX_OPENCL_LANES", 1, 65536);
        // One CPU thread means one lane (RUNTIME.md: a job run on one lane reports the same
        // stack figures on every engine), so --threads 1 is a single-lane run here too.
        if (n == 0 && options.threads() == 1) n = 1;
        if (n == 0) n = info.isGpu() ? Math.min(4096, Math.max(256, info.computeUnits() * 64L)) : Math.max(64, info.computeUnits() * 64L);
        this.lanes = (int) n;
        this.localWanted = number("vx.opencl.local", "VX_OPENCL_LOCAL", 1, 1024);
        this.fixedBudget = number("vx.opencl.budget", "VX_OPENCL_BUDGET", 1, MAX_BUDGET);
        if (fixedBudget > 0) budget = fixedBudget;
        this.nJoins = (int) Math.max(256, 2 * n);
        this.nTasks = (int) Math.max(256, 2 * n);
    }

    /** A numeric setting in [min, max], or 0 when it is not set; a bad value is a usage error. */
    private static long number(String property, String env, long min, long max) throws DeviceUnavailable {
        String v = OpenClBackend.setting(property, env);
        if (v == null) return 0;
        try {
            long n = Long.parseLong(v);
            if (n >= min && n <= max) return n;
        } catch (NumberFormatException e) {
            // below
        }
        String name = System.getProperty(property, "").isBlank() ? env : "-D" + property;
        throw new DeviceUnavailable(name + " must be a number from " + min + " to " + max + ", not '" + v + "'");
    }

    @Override
    public String kind() {
        return deviceJobs > 0 ? "opencl" : "cpu";
    }

    @Override
    public synchronized Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("device_name", info.name());
        m.put("device_lanes", lanes);
        m.put("device_jobs", deviceJobs);
        m.put("device_lanes_used", lanesUsed);
        m.put("device_fallback_jobs", cpuJobs);
        m.put("device_failed_jobs_rerun", rerunOnCpu);
        m.put("kernel_compile_ms", compileMs < 0 ? 0 : compileMs);
        m.put("kernel_cached", cached);
        m.put("dispatches", dispatches);
        m.put("device_ms", deviceNanos / 1_000_000);
        return m;
    }

    // ------------------------------------------------------------------ jobs

    @Override
    public OptionalLong run(Worker worker, Program program, int function, long[] args) {
        Heap heap = worker.alloc.heap();
        // Deciding and building hold this device only: other workers keep running meanwhile.
        synchronized (this) {
            if (analyses == null) analyze();
            JobAnalysis a = analyses.get(function);
            String why = a == null ? "it is not a job of this module" : a.runsOnDevice() ? null : a.reason(module);
            if (why == null && !built) build(heap);
            if (why == null && heap.topWords() > heapBufferWords) {
                why = "the heap in use (" + dev.vx.vm.Sizes.format(heap.topWords() * 8)
                        + ") is larger than the device's largest buffer (" + dev.vx.vm.Sizes.format(heapBufferWords * 8) + ")";
            }
            if (why != null) {
                if (noted.put(function, Boolean.TRUE) == null) {
                    host.err().println("vxvm: note: job " + Module.printable(module.functionName(function)) + " runs on the CPU: " + why);
                }
                cpuJobs++;
                return OptionalLong.empty();
            }
        }
        // The job itself: every other worker parked (the device works on a copy of the heap).
        try {
            return OptionalLong.of(heap.exclusive(() -> {
                synchronized (this) {
                    long t0 = System.nanoTime();
                    deviceJobs++;
                    try {
                        return runJob(worker, heap, function, args);
                    } finally {
                        deviceNanos += System.nanoTime() - t0;
                    }
                }
            }));
        } catch (RerunOnCpu e) {
            return OptionalLong.empty();
        }
    }

    /** A job failed on several lanes at once: the CPU reruns it to report the right failure. */
    private static final class RerunOnCpu extends RuntimeException {
        RerunOnCpu() {
            super("rerun on the CPU", null, false, false);
        }
    }

    private int lanesThatRan(long[] states) {
        int n = 0;
        for (int l = 0; l < lanes; l++) if (states[l * LANE_STATE_WORDS + LS_STEPS] > 0) n++;
        return n;
    }

    /** Every job entry of the module, and what each can reach. */
    private void analyze() {
        analyses = new HashMap<>();
        for (FunctionDesc fd : module.functions()) {
            for (Insn in : fd.code()) {
                if (in.op() == Opcode.JOB && !analyses.containsKey(in.get(1))) {
                    analyses.put(in.get(1), JobAnalysis.of(module, in.get(1)));
                }
            }
        }
    }

    private long runJob(Worker worker, Heap heap, int function, long[] args) {
        Allocator alloc = worker.alloc;
        long hostTop = heap.topWords();
        long cap = Math.min(heap.capacityBytes() / 8, heapBufferWords);
        // Lane 0 starts where the worker's allocator stands; exporting its state links the
        // shared pool's cells into its free lists, in the heap, so it comes before the upload.
        long[] fs = alloc.exportFreeState();
        writeWords(heapMem, 0, heap.words, 0, hostTop);
        fill(lsMem, (long) lanes * LANE_STATE_WORDS);
        fill(tasksMem, (long) nTasks * TASK_WORDS);
        fill(joinsMem, (long) nJoins * JOIN_WORDS);
        long[] ls = new long[LANE_STATE_WORDS];
        ls[LS_STATUS] = S_RUN;
        ls[LS_NF] = function;
        ls[LS_NL] = 0;
        ls[LS_SP] = Layout.EXIT_FRAME_WORDS;
        ls[LS_COMP] = COMP_ROOT;
        int small = Allocator.smallMax();
        ls[LS_BUMP] = fs[0];
        ls[LS_BUMPEND] = fs[1];
        for (int i = 0; i <= small; i++) {
            ls[LS_FREE + i] = fs[2 + i];
            ls[LS_FCOUNT + i] = fs[3 + small + i];
        }
        // Heads by class and the gaps' head, releases since the last merge, blocks (Heap.largeFreeState).
        long[] large = heap.largeFreeState();
        System.arraycopy(large, 0, ls, LS_LARGE, LARGE_CLASSES + 1);
        ls[LS_LRELEASES] = large[LARGE_CLASSES + 1];
        ls[LS_LBLOCKS] = large[LARGE_CLASSES + 2];
        writeWords(lsMem, 0, ls, 0, LANE_STATE_WORDS);
        writeWords(stMem, 0, new long[]{0, 0, Layout.FID_EXIT}, 0, 3);
        if (args.length > 0) writeWords(lrMem, 0, args, 0, args.length);
        long[] ctl = new long[CTL_WORDS];
        ctl[CTL_TOP] = hostTop;
        ctl[CTL_CAP] = cap;
        ctl[CTL_IDLE] = lanes - 1;
        ctl[CTL_CHUNK] = chunkWords(lanes, cap - hostTop);
        writeWords(ctlMem, 0, ctl, 0, CTL_WORDS);

        // Dispatch until the job is done or failed.
        long lastSteps = 0;
        while (true) {
            long t = System.nanoTime();
            OpenCl.check(clSetKernelArg1l(kernel, 9, budget), "clSetKernelArg");
            OpenCl.check(clSetKernelArg1l(kernel, 10, dispatches + 1), "clSetKernelArg");
            dispatch();
            readWords(ctlMem, 0, ctl, 0, CTL_WORDS);
            long ms = (System.nanoTime() - t) / 1_000_000;
            dispatches++;
            if (ctl[CTL_ERR] != 0 || ctl[CTL_DONE] != 0) break;
            if (ctl[CTL_STEPS] == lastSteps) {
                throw new DeviceFailure("vxvm: internal error: the OpenCL lanes made no progress in a dispatch (job "
                        + Module.printable(module.functionName(function)) + "); this is a bug of vxvm, please report it with the program");
            }
            lastSteps = ctl[CTL_STEPS];
            if (fixedBudget > 0) continue;
            if (ms < 20 && budget < MAX_BUDGET) budget *= 2;
            else if (ms > 200 && budget > MIN_BUDGET) budget /= 2;
        }
        long top = ctl[CTL_TOP];
        long[] states = new long[lanes * LANE_STATE_WORDS];
        readWords(lsMem, 0, states, 0, states.length);
        if (ctl[CTL_ERR] != 0) {
            if (lanesThatRan(states) > 1) {
                // Lanes report the first error in time, not the first in program order; the
                // host heap is untouched (it is read back only after a success), so the CPU
                // runs the job again and reports what a sequential run reports. Only the
                // rerun's work is counted, as if the job had run on the CPU. Running out of
                // heap too: each lane keeps free blocks of its own, so many lanes can run out
                // of a heap whose free blocks, in the CPU's one set of lists, hold the job.
                rerunOnCpu++;
                lanesUsed += lanesThatRan(states); // they ran, even though their work is not counted
                // The lists as exported (the pool's batches joined them) go back to the
                // allocator, which hands the surplus to the pool again.
                alloc.importFreeState(fs);
                throw new RerunOnCpu();
            }
            // The run ends here; its statistics still count what the lanes did, and the heap
            // top where they left it (the footprint).
            addCounters(worker, states, ctl);
            // The run ends: the host never reads those words, so the array need not grow to
            // hold them (near a 1 GiB heap the JVM may have no room for that copy).
            heap.recordFootprint(top);
            throw failure(ctl, top, heap);
        }

        // Take the results back: heap, allocator state, free lists and statistics.
        addCounters(worker, states, ctl);
        heap.extendTop(top);
        readWords(heapMem, 0, heap.words, 0, top);
        long[] h = heap.words;
        for (int i = 0; i <= small; i++) {
            fs[2 + i] = states[LS_FREE + i];
            fs[3 + small + i] = states[LS_FCOUNT + i];
        }
        fs[0] = states[LS_BUMP];
        fs[1] = states[LS_BUMPEND];
        alloc.importFreeState(fs);
        large = new long[LARGE_CLASSES + 3];
        System.arraycopy(states, LS_LARGE, large, 0, LARGE_CLASSES + 1);
        large[LARGE_CLASSES + 1] = states[LS_LRELEASES];
        for (int l = 1; l < lanes; l++) {
            int b = l * LANE_STATE_WORDS;
            // Cells other lanes freed go to the job worker's lists (large ones to the heap's).
            for (int size = 0; size <= small; size++) {
                for (long c = states[b + LS_FREE + size]; c != 0; ) {
                    long next = h[(int) c + 1];
                    alloc.recycle(c, size);
                    c = next;
                }
            }
            for (int cls = 0; cls <= LARGE_CLASSES; cls++) { // the gaps' list too
                for (long c = states[b + LS_LARGE + cls]; c != 0; ) {
                    long next = h[(int) c + 1];
                    h[(int) c + 1] = large[cls];
                    large[cls] = c;
                    c = next;
                }
            }
            large[LARGE_CLASSES + 1] += states[b + LS_LRELEASES];
        }
        // The large blocks left in the lanes' pool (several lanes: runtime.cl, vx_stack_push).
        for (int cls = 0; cls < LARGE_CLASSES; cls++) {
            for (long b = ctl[CTL_LPOOL + cls] & 0xFFFF_FFFFL; b != 0; ) {
                long next = h[(int) b + 1] & 0xFFFF_FFFFL;
                h[(int) b + 1] = large[cls];
                large[cls] = b;
                large[LARGE_CLASSES + 1]++; // freed, so due for merging as the CPU's releases are
                b = next;
            }
        }
        heap.setLargeFreeState(large);
        // The batches left in the lanes' pool (runtime.cl, vx_stack_push) go to the worker too.
        for (int size = 0; size <= small; size++) {
            for (long batch = ctl[CTL_POOL + size] & 0xFFFF_FFFFL; batch != 0; ) {
                long nextBatch = h[(int) batch] & 0xFFFF_FFFFL;
                for (long c = batch; c != 0; ) {
                    long next = h[(int) c + 1];
                    alloc.recycle(c, size);
                    c = next;
                }
                batch = nextBatch;
            }
        }
        return ctl[CTL_RESULT];
    }

    /**
     * Adds the lanes' counters to the job worker's statistics and allocator figures. The peak:
     * one lane's own, exact; with several lanes at work, the highest of their shared live count
     * (vx_share_live), since lanes free each other's cells and each lane's own count then only
     * grows.
     */
    private void addCounters(Worker worker, long[] states, long[] ctl) {
        Stats st = worker.stats;
        long allocated = 0, freed = 0, peakDelta = 0;
        for (int l = 0; l < lanes; l++) {
            int b = l * LANE_STATE_WORDS;
            st.steps += states[b + LS_STEPS];
            if (states[b + LS_STEPS] > 0) lanesUsed++;
            st.calls += states[b + LS_CALLS];
            st.forks += states[b + LS_FORKS];
            st.steals += states[b + LS_STEALS];
            st.spills += states[b + LS_SPILLS];
            st.restores += states[b + LS_RESTORES];
            st.peakStackWords = (int) Math.max(st.peakStackWords, states[b + LS_PEAK]);
            allocated += states[b + LS_ALLOCW];
            freed += states[b + LS_FREEDW];
            peakDelta += states[b + LS_PEAKLIVE];
        }
        if (lanesThatRan(states) > 1) peakDelta = ctl[CTL_PEAKLIVE];
        worker.alloc.accountDevice(allocated, freed, peakDelta);
    }

    private void dispatch() {
        try (MemoryStack s = MemoryStack.stackPush()) {
            OpenCl.check(clEnqueueNDRangeKernel(queue, kernel, 1, null, s.pointers(globalSize), s.pointers(localSize),
                    null, null), "clEnqueueNDRangeKernel");
        }
    }

    /** The error a lane posted, as the exception the CPU engines would throw. */
    private RuntimeException failure(long[] ctl, long top, Heap heap) {
        int code = (int) ctl[CTL_ERR];
        long a = ctl[CTL_ERR_A], b = ctl[CTL_ERR_B], c = ctl[CTL_ERR_C];
        if (code == E_OOM) {
            if (heapBufferWords * 8 < heap.capacityBytes()) {
                host.err().println("vxvm: note: the job ran on " + info.name() + ", whose largest buffer ("
                        + dev.vx.vm.Sizes.format(heapBufferWords * 8) + ") is smaller than the heap; run it with --device cpu");
            }
            // An array's or a string's failure names the words it asked for (a: 0 for a small
            // cell), so that the advice is the CPU's: a heap that holds what was in use and them.
            return new OutOfHeap(heap.capacityBytes(), a > 0 ? 8 * (top + a) : 0).at(backtrace(ctl, top));
        }
        if (code == E_EXIT) return new ProgramExit((int) a);
        if (code == E_INTERNAL) {
            return new DeviceFailure("vxvm: internal error: the OpenCL kernel reached an unexpected state (function "
                    + a + ", label " + b + "); this is a bug of vxvm, please report it with the program");
        }
        String message = switch (code) {
            case E_DIV0 -> "division by zero";
            case E_OVF -> "integer overflow in MIN / -1";
            case E_NAT -> "Nat overflow";
            case E_INDEX -> "index " + a + " out of range for length " + b;
            case E_ASLICE -> "Array.slice: range " + a + " .. " + b + " out of range for length " + c;
            case E_SSLICE -> "String.slice: range " + a + " .. " + b + " out of range for length " + c;
            case E_STRLONG -> Strings.TOO_LONG;
            case E_FROMCP -> "String.from_code_points: " + a + " is not a Unicode scalar value";
            case E_PANIC -> string(new PagedHeap(top), a);
            default -> "unknown device error " + code;
        };
        return new ProgramFailure(message, backtrace(ctl, top));
    }

    /**
     * The device heap's words below {@code top}, read from its buffer a page at a time: a
     * trace follows spill blocks anywhere in a heap that may be larger than the JVM could copy
     * (a recursion that filled a 1 GiB device heap once ended without its trace).
     */
    private final class PagedHeap implements Backtrace.HeapWords {
        private static final int PAGE = 1 << 15;
        private final long top;
        private final long[] page = new long[PAGE];
        private long pageStart = -1;

        PagedHeap(long top) {
            this.top = top;
        }

        @Override
        public long word(long index) {
            if (index < 0 || index >= top) return 0;
            long start = index - index % PAGE;
            if (start != pageStart) {
                readWords(heapMem, start, page, 0, Math.min(PAGE, top - start));
                pageStart = start;
            }
            return page[(int) (index - start)];
        }
    }

    /** The backtrace of the lane that posted the error, from its stack and the spilled frames in the heap. */
    private java.util.List<Backtrace.Entry> backtrace(long[] ctl, long top) {
        int lane = (int) ctl[CTL_ERR_LANE];
        int sp = (int) ctl[CTL_ERR_SP];
        long[] stack = new long[Layout.LANE_STACK_WORDS];
        readWords(stMem, (long) lane * Layout.LANE_STACK_WORDS, stack, 0, Layout.LANE_STACK_WORDS);
        return Backtrace.ofInstruction(prog, new PagedHeap(top), (int) ctl[CTL_ERR_F], (int) ctl[CTL_ERR_PC], stack, sp);
    }

    private static String string(Backtrace.HeapWords h, long a) {
        int len = (int) h.word(a + 1);
        byte[] out = new byte[len];
        for (int i = 0; i < len; i++) out[i] = (byte) (h.word(a + 2 + (i >>> 3)) >>> ((i & 7) * 8));
        return new String(out, StandardCharsets.UTF_8);
    }

    // ------------------------------------------------------------------ building

    private void build(Heap heap) {
        long t0 = System.nanoTime();
        BitSet fns = new BitSet();
        for (JobAnalysis a : analyses.values()) if (a.runsOnDevice()) fns.or(a.functions);
        KernelSource gen = new KernelSource(module, prog, fns);
        String source = gen.generate(nJoins, nTasks);
        // Test hook: a kernel that cannot build, to check how a build failure is reported.
        if (Boolean.getBoolean("vx.opencl.test.brokenKernel")) source += "\nint vx_broken(void) { return undefined_name; }\n";
        maxRegs = gen.maxRegs;
        String dump = OpenClBackend.setting("vx.opencl.dump", "VX_OPENCL_DUMP");
        if (dump != null) {
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of(dump), source);
            } catch (java.io.IOException e) {
                host.err().println("vxvm: note: cannot write the kernel source to " + dump + ": " + e.getMessage());
            }
        }
        try (MemoryStack s = MemoryStack.stackPush()) {
            IntBuffer err = s.mallocInt(1);
            PointerBuffer props = s.mallocPointer(3).put(CL_CONTEXT_PLATFORM).put(info.platform()).put(0).flip();
            context = clCreateContext(props, info.device(), null, 0, err);
            OpenCl.check(err.get(0), "clCreateContext");
            queue = clCreateCommandQueue(context, info.device(), 0, err);
            OpenCl.check(err.get(0), "clCreateCommandQueue");
            String name = KernelCache.name(module.sourceHash(), KernelSource.GENERATOR_VERSION, source, info.name(),
                    info.platformName(), info.version(), info.driver(), BUILD_OPTIONS);
            byte[] bin = KernelCache.enabled() ? KernelCache.load(name) : null;
            if (bin != null) {
                program = fromBinary(bin);
                cached = program != 0;
            }
            if (program == 0) {
                int rc = buildFromSource(source);
                if (rc != CL_SUCCESS) {
                    // Once more: POCL's own kernel cache fails a build (-11, "unable to rename
                    // temporary ...") when another build of the same kernel, in another process
                    // or thread, renames its files at the same moment; the next build finds
                    // them in place. A kernel that really does not build fails again.
                    clReleaseProgram(program);
                    rc = buildFromSource(source);
                }
                if (rc != CL_SUCCESS) {
                    throw new DeviceFailure("vxvm: internal error: the OpenCL kernel of this program did not build on "
                            + info.name() + " (error " + rc + "); this is a bug of vxvm, please report it with the"
                            + " program and this build log:\n" + buildLog().strip());
                }
                if (KernelCache.enabled()) {
                    byte[] b = binary();
                    if (b != null) KernelCache.store(name, b);
                }
            }
            kernel = clCreateKernel(program, "vx_lanes", err);
            OpenCl.check(err.get(0), "clCreateKernel");
            long wg = info.maxWorkGroup();
            PointerBuffer kwg = s.mallocPointer(1);
            if (clGetKernelWorkGroupInfo(kernel, info.device(), CL_KERNEL_WORK_GROUP_SIZE, kwg, null) == CL_SUCCESS) {
                wg = Math.min(wg, kwg.get(0));
            }
            // A CPU driver runs the work-items of a group one after another on one thread, so on
            // CPU devices small groups let idle lanes on other threads take tasks while a lane runs.
            long want = localWanted > 0 ? localWanted : info.isGpu() ? 64 : 4;
            localSize = Math.max(1, Math.min(want, Math.min(wg, lanes)));
            globalSize = (lanes + localSize - 1) / localSize * localSize;
        }
        // Buffers.
        heapBufferWords = Math.min(heap.capacityBytes() / 8, Math.min(info.maxAlloc() / 8, Integer.MAX_VALUE - 8L));
        stage = MemoryUtil.memAlloc(STAGE_WORDS * 8);
        heapMem = buffer(heapBufferWords);
        lsMem = buffer((long) lanes * LANE_STATE_WORDS);
        stMem = buffer((long) lanes * Layout.LANE_STACK_WORDS);
        lrMem = buffer((long) lanes * maxRegs);
        scrMem = buffer((long) lanes * SCRATCH_WORDS);
        tasksMem = buffer((long) nTasks * TASK_WORDS);
        joinsMem = buffer((long) nJoins * JOIN_WORDS);
        ctlMem = buffer(CTL_WORDS);
        long[] mems = {heapMem, lsMem, stMem, lrMem, scrMem, tasksMem, joinsMem, ctlMem};
        for (int i = 0; i < mems.length; i++) OpenCl.check(clSetKernelArg1p(kernel, i, mems[i]), "clSetKernelArg");
        // A dispatch with no lanes: some drivers (POCL) generate the code for a local size at
        // its first dispatch, which belongs to the build time.
        OpenCl.check(clSetKernelArg1i(kernel, 8, 0), "clSetKernelArg");
        OpenCl.check(clSetKernelArg1l(kernel, 9, 0), "clSetKernelArg");
        OpenCl.check(clSetKernelArg1l(kernel, 10, 0), "clSetKernelArg");
        dispatch();
        OpenCl.check(clFinish(queue), "clFinish");
        OpenCl.check(clSetKernelArg1i(kernel, 8, lanes), "clSetKernelArg");
        built = true;
        compileMs = (System.nanoTime() - t0) / 1_000_000;
    }

    /** Creates {@link #program} from source and builds it; the build's status. */
    private int buildFromSource(String source) {
        try (MemoryStack s = MemoryStack.stackPush()) {
            IntBuffer err = s.mallocInt(1);
            program = clCreateProgramWithSource(context, source, err);
            OpenCl.check(err.get(0), "clCreateProgramWithSource");
            return clBuildProgram(program, info.device(), BUILD_OPTIONS, null, 0);
        }
    }

    private long fromBinary(byte[] bin) {
        try (MemoryStack s = MemoryStack.stackPush()) {
            ByteBuffer b = MemoryUtil.memAlloc(bin.length);
            try {
                b.put(bin).flip();
                IntBuffer status = s.mallocInt(1);
                IntBuffer err = s.mallocInt(1);
                long p = clCreateProgramWithBinary(context, s.pointers(info.device()), b, status, err);
                if (err.get(0) != CL_SUCCESS || status.get(0) != CL_SUCCESS) {
                    if (p != 0) clReleaseProgram(p);
                    return 0;
                }
                if (clBuildProgram(p, info.device(), BUILD_OPTIONS, null, 0) != CL_SUCCESS) {
                    clReleaseProgram(p);
                    return 0;
                }
                return p;
            } finally {
                MemoryUtil.memFree(b);
            }
        }
    }

    private byte[] binary() {
        try (MemoryStack s = MemoryStack.stackPush()) {
            PointerBuffer sizes = s.mallocPointer(1);
            if (clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizes, null) != CL_SUCCESS) return null;
            long n = sizes.get(0);
            if (n <= 0 || n > Integer.MAX_VALUE) return null;
            ByteBuffer b = MemoryUtil.memAlloc((int) n);
            try {
                PointerBuffer ptrs = s.pointers(MemoryUtil.memAddress(b));
                if (clGetProgramInfo(program, CL_PROGRAM_BINARIES, ptrs, null) != CL_SUCCESS) return null;
                byte[] out = new byte[(int) n];
                b.get(out);
                return out;
            } finally {
                MemoryUtil.memFree(b);
            }
        }
    }

    private String buildLog() {
        try (MemoryStack s = MemoryStack.stackPush()) {
            PointerBuffer size = s.mallocPointer(1);
            clGetProgramBuildInfo(program, info.device(), CL_PROGRAM_BUILD_LOG, (ByteBuffer) null, size);
            ByteBuffer b = MemoryUtil.memAlloc((int) Math.max(1, size.get(0)));
            try {
                clGetProgramBuildInfo(program, info.device(), CL_PROGRAM_BUILD_LOG, b, null);
                return MemoryUtil.memUTF8(b, (int) Math.max(0, size.get(0) - 1));
            } finally {
                MemoryUtil.memFree(b);
            }
        }
    }

    private long buffer(long words) {
        try (MemoryStack s = MemoryStack.stackPush()) {
            IntBuffer err = s.mallocInt(1);
            long mem = clCreateBuffer(context, CL_MEM_READ_WRITE, Math.max(8, words * 8), err);
            OpenCl.check(err.get(0), "clCreateBuffer of " + words * 8 + " bytes");
            return mem;
        }
    }

    // ------------------------------------------------------------------ transfers

    private void writeWords(long mem, long at, long[] src, int from, long n) {
        for (long k = 0; k < n; k += STAGE_WORDS) {
            int m = (int) Math.min(STAGE_WORDS, n - k);
            stage.clear();
            LongBuffer lb = stage.asLongBuffer();
            lb.put(src, (int) (from + k), m);
            stage.limit(m * 8);
            OpenCl.check(clEnqueueWriteBuffer(queue, mem, true, (at + k) * 8, stage, null, null), "clEnqueueWriteBuffer");
        }
    }

    private void readWords(long mem, long at, long[] dst, int from, long n) {
        for (long k = 0; k < n; k += STAGE_WORDS) {
            int m = (int) Math.min(STAGE_WORDS, n - k);
            stage.clear();
            stage.limit(m * 8);
            OpenCl.check(clEnqueueReadBuffer(queue, mem, true, (at + k) * 8, stage, null, null), "clEnqueueReadBuffer");
            stage.asLongBuffer().get(dst, (int) (from + k), m);
        }
    }

    private void fill(long mem, long words) {
        try (MemoryStack s = MemoryStack.stackPush()) {
            ByteBuffer zero = s.calloc(8);
            OpenCl.check(org.lwjgl.opencl.CL12.clEnqueueFillBuffer(queue, mem, zero, 0, words * 8, null, null),
                    "clEnqueueFillBuffer");
        }
    }

    @Override
    public synchronized void close() {
        if (!built) return;
        built = false;
        for (long m : new long[]{heapMem, lsMem, stMem, lrMem, scrMem, tasksMem, joinsMem, ctlMem}) {
            if (m != 0) clReleaseMemObject(m);
        }
        if (kernel != 0) clReleaseKernel(kernel);
        if (program != 0) clReleaseProgram(program);
        if (queue != 0) clReleaseCommandQueue(queue);
        if (context != 0) clReleaseContext(context);
        if (stage != null) MemoryUtil.memFree(stage);
    }
}
