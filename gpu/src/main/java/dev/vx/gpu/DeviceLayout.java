package dev.vx.gpu;

import dev.vx.bytecode.Layout;
import dev.vx.vm.Allocator;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The layout of the device buffers, shared by the kernel generator (as {@code #define}s) and
 * the host (which reads and writes the same words). See docs/gpu.md, "Device memory".
 */
final class DeviceLayout {
    private DeviceLayout() {}

    // Lane states: LANE_STATE_WORDS words per lane.
    static final int LANE_STATE_WORDS = 384;
    static final int LS_STATUS = 0, LS_NF = 1, LS_NL = 2, LS_SP = 3, LS_RV = 4, LS_PEAK = 5, LS_STEPS = 6,
            LS_CALLS = 7, LS_FORKS = 8, LS_STEALS = 9, LS_SPILLS = 10, LS_RESTORES = 11, LS_ALLOCW = 12,
            LS_FREEDW = 13, LS_LIVE = 14, LS_PEAKLIVE = 15, LS_BUMP = 16, LS_BUMPEND = 17, LS_COMP = 18,
            LS_CJOIN = 19, LS_CCHILD = 20, LS_WAITJ = 21, LS_SHAREDLIVE = 22, LS_PEAKSHARED = 23;
    /**
     * Free-list heads by exact size 0..SMALL_MAX, their lengths, large-block heads by class and
     * the gaps' head, and the large blocks' counters (vm's LargeBlocks: blocks released since the last merge, blocks).
     */
    static final int LS_FREE = 32, LS_FCOUNT = 100, LS_LARGE = 170, LARGE_CLASSES = Allocator.LARGE_CLASSES,
            LS_LGAPS = LS_LARGE + LARGE_CLASSES, LS_LRELEASES = LS_LGAPS + 1, LS_LBLOCKS = LS_LRELEASES + 1;

    static {
        if (LS_LBLOCKS >= LANE_STATE_WORDS) throw new AssertionError("the lane state outgrew LANE_STATE_WORDS");
    }

    // Lane status.
    static final int S_IDLE = 0, S_RUN = 1, S_WAIT = 2, S_DONE = 3, S_ERR = 4;
    // What a lane's result is for.
    static final int COMP_ROOT = 0, COMP_CHILD = 1;

    // The control block.
    static final int CTL_WORDS = 32 + Allocator.smallMax() + 1 + LARGE_CLASSES;
    static final int CTL_DONE = 0, CTL_RESULT = 1, CTL_ERR = 2, CTL_ERR_LANE = 3, CTL_ERR_A = 4, CTL_ERR_B = 5,
            CTL_ERR_C = 6, CTL_ERR_F = 7, CTL_ERR_PC = 8, CTL_ERR_SP = 9, CTL_TOP = 10, CTL_CAP = 11,
            CTL_IDLE = 12, CTL_PUBLISHED = 13, CTL_STEPS = 14, CTL_CHUNK = 15, CTL_LIVE = 16, CTL_PEAKLIVE = 17,
            /** The lanes' pool of free small cells, a head per size 0..SMALL_MAX (runtime.cl, vx_stack_push). */
            CTL_POOL = 32,
            /** With several lanes, freed large cells by class (runtime.cl, vx_stack_push). */
            CTL_LPOOL = CTL_POOL + Allocator.smallMax() + 1;

    // Fork groups: join records and task slots in device memory.
    static final int MAX_CHILDREN = 8;
    static final int MAX_TASK_ARGS = 16;
    static final int JOIN_WORDS = 8 + 3 * MAX_CHILDREN;
    static final int J_STATE = 0, J_PENDING = 1, J_PARENT = 2, J_K = 3, J_ARRIVED = 4, J_DELIVERED = 5, J_RESULTS = 8,
            J_STOLEN = 8 + MAX_CHILDREN, J_TASK = 8 + 2 * MAX_CHILDREN;
    static final int TASK_WORDS = 8 + MAX_TASK_ARGS;
    static final int T_STATE = 0, T_JOIN = 1, T_CHILD = 2, T_FN = 3, T_NARGS = 4, T_EPOCH = 5, T_ARGS = 8;
    static final int T_FREE = 0, T_PUBLISHED = 1, T_CLAIMED = 2, T_RESERVED = 3;

    /** Words of each lane's scratch (the first part of the work list of markShared). */
    static final int SCRATCH_WORDS = 1024;
    /**
     * A lane that offers tasks ends its dispatch within this many steps, so that idle lanes
     * (which look for tasks when a dispatch starts and when they finish one) can take them soon.
     */
    static final int SHARE_STEPS = 1024;
    /**
     * Words a lane takes from the top of the heap at a time: as Heap.CHUNK_WORDS on one lane;
     * with many lanes less, so that their partly used chunks cannot fill a small heap.
     */
    static final int CHUNK_WORDS = 1 << 14, MIN_CHUNK_WORDS = 512;

    static long chunkWords(int lanes, long free) {
        if (lanes == 1) return CHUNK_WORDS;
        return Math.max(MIN_CHUNK_WORDS, Math.min(CHUNK_WORDS, free / (8L * lanes)));
    }

    // Error codes of CTL_ERR.
    static final int E_DIV0 = 1, E_OVF = 2, E_NAT = 3, E_INDEX = 4, E_ASLICE = 5, E_PANIC = 6, E_EXIT = 7,
            E_OOM = 8, E_SSLICE = 9, E_STRLONG = 10, E_INTERNAL = 11, E_FROMCP = 12;

    /** The #defines of the kernel source. */
    static Map<String, Long> defines(int nJoins, int nTasks, int maxRegs) {
        Map<String, Long> d = new LinkedHashMap<>();
        d.put("HEAP_BASE", (long) Layout.HEAP_BASE);
        d.put("STACK_WORDS", (long) Layout.LANE_STACK_WORDS);
        d.put("EXIT_FRAME_WORDS", (long) Layout.EXIT_FRAME_WORDS);
        d.put("SPILL_KEEP_WORDS", (long) Layout.SPILL_KEEP_WORDS);
        d.put("RESTORE_WORDS", (long) Layout.RESTORE_WORDS);
        d.put("KIND_STRING", (long) Layout.KIND_STRING);
        d.put("KIND_ARRAY_SCALAR", (long) Layout.KIND_ARRAY_SCALAR);
        d.put("KIND_ARRAY_REF", (long) Layout.KIND_ARRAY_REF);
        d.put("KIND_ARRAY_HALF", (long) Layout.KIND_ARRAY_HALF);
        d.put("KIND_SPILL", (long) Layout.KIND_SPILL);
        d.put("KIND_FREE", (long) Layout.KIND_FREE);
        d.put("FIRST_CTOR", (long) Layout.FIRST_CTOR);
        d.put("SMALL_MAX", (long) Allocator.smallMax());
        d.put("FREE_BATCH", (long) Allocator.batchCells());
        d.put("LARGE_STEPS_LOG", (long) Allocator.LARGE_STEPS_LOG);
        d.put("LARGE_CLASSES", (long) LARGE_CLASSES);
        d.put("SCRATCH_WORDS", (long) SCRATCH_WORDS);
        d.put("SHARE_STEPS", (long) SHARE_STEPS);
        d.put("MAX_REGS", (long) maxRegs);
        d.put("LANE_STATE_WORDS", (long) LANE_STATE_WORDS);
        for (var f : DeviceLayout.class.getDeclaredFields()) {
            String n = f.getName();
            if (f.getType() == int.class && java.lang.reflect.Modifier.isStatic(f.getModifiers())
                    && (n.startsWith("LS_") || n.startsWith("S_") || n.startsWith("COMP_") || n.startsWith("CTL_")
                    || n.startsWith("J_") || n.startsWith("T_") || n.startsWith("E_"))) {
                try {
                    d.put(n, (long) f.getInt(null));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        d.put("JOIN_WORDS", (long) JOIN_WORDS);
        d.put("TASK_WORDS", (long) TASK_WORDS);
        d.put("NJOINS", (long) nJoins);
        d.put("NTASKS", (long) nTasks);
        return d;
    }
}
