package dev.vx.vm.jit;

import dev.vx.bytecode.Layout;
import dev.vx.vm.Allocator;
import dev.vx.vm.Backtrace;
import dev.vx.vm.Heap;
import dev.vx.vm.Host;
import dev.vx.vm.JitSupport;
import dev.vx.vm.Lane;
import dev.vx.vm.LaneStack;
import dev.vx.vm.OutOfHeap;
import dev.vx.vm.Program;
import dev.vx.vm.ProgramFailure;
import dev.vx.vm.Stats;
import dev.vx.vm.VmError;
import dev.vx.vm.Worker;

/**
 * One worker's state for compiled code: the lane being run (its stack and stack pointer),
 * counters not yet added to the worker's statistics, and how compiled code asks the
 * dispatcher to take over ({@link #unwind}). Generated classes read and write these fields
 * directly, so they are public.
 */
public final class JitCtx {
    /** Compiled code is running normally (or returned normally). */
    public static final int RUN = 0;
    /**
     * Every compiled activation returns at once: the lane must run {@link #nextFunction} from
     * its start, with its arguments in {@code lane.regs} (a call beyond the JVM stack budget, a
     * call of a function the interpreter runs, or of a closure dispatched dynamically). The
     * frames of the abandoned activations are all on the lane stack.
     */
    public static final int START = 1;
    /** Every compiled activation returns at once: the lane waits (at a join, or for a job). */
    public static final int WAIT = 2;

    /** Steps between two looks at the worker's attention flag, as the interpreter's slice. */
    static final long POLL_STEPS = 1024;

    public final Jit jit;
    public final Program prog;
    public final Worker w;
    public final Allocator alloc;
    public final Heap heap;
    public final Stats stats;
    public final Host host;
    /** Arguments of a call to a function with too many parameters for a JVM method's descriptor. */
    public final long[] argv = new long[Layout.MAX_ARGS + 1];

    public Lane lane;
    public long[] st;
    /**
     * The lane's stack pointer when a compiled activation ends: after a return, the stack
     * pointer; while the lane unwinds ({@link #unwind} is {@link #START} or {@link #WAIT}), its
     * complement {@code ~sp}, so one negative test tells a caller to leave too.
     */
    public int sp;
    public int peak;
    /**
     * Counters that compiled activations add when they end (or poll): steps in the low 32
     * bits, calls in the high 32 bits ({@link #CALL}). {@link #poll} moves them to
     * {@link #steps} and {@link #calls} often enough that the low half never carries.
     */
    public long work;
    public long steps;
    public long calls;
    public int unwind;
    public int nextFunction;

    /** One call in a {@link #work} count. */
    public static final long CALL = 1L << 32;

    private long stepsReported;
    private long callsReported;

    JitCtx(Jit jit, Worker w) {
        this.jit = jit;
        this.prog = jit.prog;
        this.w = w;
        this.alloc = w.alloc;
        this.heap = w.alloc.heap();
        this.stats = w.stats;
        this.host = JitSupport.host(w);
    }

    /** Takes up a lane: its stack and stack pointer, and the worker's peak so far. */
    void begin(Lane l) {
        faulted = null;
        lane = l;
        st = l.stack;
        sp = l.sp;
        peak = stats.peakStackWords;
        unwind = RUN;
    }

    private void settle() {
        steps += work & 0xFFFF_FFFFL;
        calls += work >>> 32;
        work = 0;
    }

    /** Adds the counters to the worker's statistics (before another engine runs, and at the end). */
    void report() {
        settle();
        stats.steps += steps - stepsReported;
        stepsReported = steps;
        stats.calls += calls - callsReported;
        callsReported = calls;
        if (peak > stats.peakStackWords) stats.peakStackWords = peak;
    }

    /** Looks at the worker's attention flag: parks for a heap growth, leaves a failed run. */
    public void poll() {
        settle();
        if (w.needsAttention()) w.attend();
    }

    /** Makes room on the lane stack for a push that would not fit (the interpreter's spill). */
    public int spill(int sp) {
        return LaneStack.spill(st, sp, prog, alloc, stats);
    }

    // ---- Small helpers that generated code calls (HotSpot inlines them; they keep the
    // ---- generated methods small enough to be inlined in turn).

    /** At the start of an activation: every {@link #POLL_STEPS} steps, a look at the attention flag. */
    public void enter() {
        if ((int) work >= POLL_STEPS) poll();
    }

    /** The activation ends (returning to compiled code or to the dispatcher) with stack pointer {@code sp}. */
    public void leave(int steps, int calls, int sp) {
        work += steps + ((long) calls << 32);
        this.sp = sp;
    }

    /**
     * A leaf's steps, left here by its return for its caller to take (docs/jit.md, "Leaf
     * calls"): a plain store that the caller's read follows at once, so HotSpot keeps the
     * value in a register, where a {@link #leave} would have added it to {@link #work} (a
     * read-modify-write through memory on every leaf call).
     */
    public int leafSteps;

    /**
     * A leaf that returned to a caller other than a {@code leafCall} (an ordinary call, a
     * tail call, the dispatcher): what its {@link #leave} would have done.
     */
    public void leafReturned(int sp) {
        work += leafSteps;
        this.sp = sp;
    }

    /** Adds an activation's counters. */
    public void add(int steps, int calls) {
        work += steps + ((long) calls << 32);
    }

    /** The push of a continuation frame {@code [rw]} at {@code sp}; returns the new stack pointer. */
    public int push(int sp, long rw) {
        if (sp > Layout.LANE_STACK_WORDS - 1) sp = spill(sp);
        st[sp++] = rw;
        if (sp > peak) peak = sp;
        return sp;
    }

    /** The push of a continuation frame {@code [a, rw]}. */
    public int push(int sp, long a, long rw) {
        if (sp > Layout.LANE_STACK_WORDS - 2) sp = spill(sp);
        long[] s = st;
        s[sp] = a;
        s[sp + 1] = rw;
        sp += 2;
        if (sp > peak) peak = sp;
        return sp;
    }

    /** The push of a continuation frame {@code [a, b, rw]}. */
    public int push(int sp, long a, long b, long rw) {
        if (sp > Layout.LANE_STACK_WORDS - 3) sp = spill(sp);
        long[] s = st;
        s[sp] = a;
        s[sp + 1] = b;
        s[sp + 2] = rw;
        sp += 3;
        if (sp > peak) peak = sp;
        return sp;
    }

    /** The push of a continuation frame {@code [a, b, c, rw]}. */
    public int push(int sp, long a, long b, long c, long rw) {
        if (sp > Layout.LANE_STACK_WORDS - 4) sp = spill(sp);
        long[] s = st;
        s[sp] = a;
        s[sp + 1] = b;
        s[sp + 2] = c;
        s[sp + 3] = rw;
        sp += 4;
        if (sp > peak) peak = sp;
        return sp;
    }

    /**
     * The peak after a frame that ends at {@code top}: a longer push written in place, or a
     * leaf's call, whose frame is not written at all (docs/jit.md, "Leaf calls").
     */
    public void framePeak(int top) {
        if (top > peak) peak = top;
    }

    /**
     * A compiled callee returned into the caller's frame of {@code n} words: restores spilled
     * frames if the top is an exit frame (as {@code ret} does), pops the frame, and returns the
     * caller's stack pointer.
     */
    public int popped(int n) {
        int s = sp;
        if (s <= Layout.EXIT_FRAME_WORDS) {
            if (s < 0) return -1; // the lane unwinds
            // Only the bottom exit frame is left: the caller's frame was spilled.
            s = restoreTop(s);
        }
        return s - n;
    }

    /** Register {@code r} of the lane's register file. */
    public long reg(int r) {
        return lane.regs[r];
    }

    public void setReg(int r, long w) {
        lane.regs[r] = w;
    }

    /** Unwinds to the dispatcher, which starts {@code f} (its arguments are in {@code lane.regs}). */
    public void start(int f, int sp) {
        nextFunction = f;
        this.sp = ~sp;
        unwind = START;
    }

    /** Unwinds to the dispatcher: the lane waits (its state is saved). */
    public void await(int sp) {
        this.sp = ~sp;
        unwind = WAIT;
    }

    /**
     * After a compiled call returned (into the caller's own frame): brings spilled frames back
     * while the top of the stack is an exit frame with a block, as {@code ret} does.
     */
    public int restoreTop(int sp) {
        long[] s = st;
        while (s[sp - 1] == Layout.FID_EXIT) {
            if (s[0] == 0) throw new IllegalStateException("returned into the bottom exit frame of a compiled caller");
            sp = LaneStack.restore(s, prog, alloc, stats);
        }
        return sp;
    }

    /** The function a closure runs. */
    public int closureFunction(long clo) {
        return prog.shapes.closureFunction[Layout.ctor(heap.words[(int) clo])];
    }

    /**
     * Calls the function of closure {@code clo} (its arguments, the closure first, in
     * {@code lane.regs}) directly when it has compiled code (compiling it now if it has not
     * been yet, as a direct call's class load does); a function that stays in the interpreter
     * is started by the dispatcher, as its stub's {@code run} would.
     */
    public long invokeClosure(long clo, int depth, int sp) {
        int f = closureFunction(clo);
        JitFunction fn = jit.compiled(f);
        if (fn != null) return fn.invoke(this, depth, sp);
        start(f, sp);
        return 0;
    }

    /**
     * An exception left compiled function {@code f}'s activation with its local counters
     * {@code work} and stack pointer {@code sp}. If its own instruction {@code ip} failed
     * ({@code ip >= 0}; its whole basic block was counted in advance), the counters are
     * corrected to the interpreter's, and a Vx runtime error becomes the failure with its
     * backtrace (the lane stack holds every caller's frame); otherwise (it came from a callee)
     * the counters are added as they are.
     */
    public Throwable fault(Throwable t, int f, int ip, int steps, int calls, int sp) {
        add(steps, calls);
        if (ip < 0 || t == faulted) return t;
        this.work -= jit.workAfter(f, ip);
        if (t instanceof VmError) {
            int pc = JitSupport.insnPositions(prog, f)[ip];
            // Where the lane stood, as the interpreter leaves it (Worker.failed reads it).
            lane.function = f;
            lane.pc = pc;
            lane.sp = sp;
            t = new ProgramFailure(t.getMessage(), Backtrace.of(prog, heap.words, f, pc, st, sp));
        } else if (t instanceof OutOfHeap o) {
            t = o.at(Backtrace.of(prog, heap.words, f, JitSupport.insnPositions(prog, f)[ip], st, sp));
        } else if (t instanceof OutOfMemoryError) {
            t = heap.jvmOutOfMemory().at(Backtrace.of(prog, heap.words, f, JitSupport.insnPositions(prog, f)[ip], st, sp));
        }
        faulted = t;
        return t;
    }

    /**
     * The exception the innermost compiled activation already accounted for: the activations
     * it passes through on its way out (their calls' callee failed) only add their counters.
     */
    private Throwable faulted;

    /** The lane waits at {@code (f, pc)} (its registers are in {@code lane.regs}). */
    public void suspend(int f, int pc, int sp) {
        lane.function = f;
        lane.pc = pc;
        lane.sp = sp;
    }
}
