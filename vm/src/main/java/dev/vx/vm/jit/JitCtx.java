package dev.vx.vm.jit;

import dev.vx.bytecode.Layout;
import dev.vx.vm.Allocator;
import dev.vx.vm.Backtrace;
import dev.vx.vm.Heap;
import dev.vx.vm.Host;
import dev.vx.vm.JitSupport;
import dev.vx.vm.Lane;
import dev.vx.vm.LaneStack;
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
    public int sp;
    public int peak;
    public long steps;
    public long calls;
    public long nextPoll = POLL_STEPS;
    public int unwind;
    public int nextFunction;

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
        lane = l;
        st = l.stack;
        sp = l.sp;
        peak = stats.peakStackWords;
        unwind = RUN;
    }

    /** Adds the counters to the worker's statistics (before another engine runs, and at the end). */
    void report() {
        stats.steps += steps - stepsReported;
        stepsReported = steps;
        stats.calls += calls - callsReported;
        callsReported = calls;
        if (peak > stats.peakStackWords) stats.peakStackWords = peak;
    }

    /** Looks at the worker's attention flag: parks for a heap growth, leaves a failed run. */
    public void poll() {
        nextPoll = steps + POLL_STEPS;
        if (w.needsAttention()) w.attend();
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
     * Compiled function {@code f} failed at instruction {@code ip} with its local counters
     * {@code steps} (its whole basic block counted) and {@code calls}, and stack pointer
     * {@code sp}: adds the counters as the interpreter would have them, and turns a Vx runtime
     * error into the failure with its backtrace (the lane stack holds every caller's frame).
     */
    public Throwable fault(Throwable t, int f, int ip, long steps, long calls, int sp) {
        this.steps += steps - jit.stepsAfter(f, ip);
        this.calls += calls;
        if (t instanceof VmError) {
            int pc = JitSupport.insnPositions(prog, f)[ip];
            return new ProgramFailure(t.getMessage(), Backtrace.of(prog, heap.words, f, pc, st, sp));
        }
        return t;
    }

    /** The lane waits at {@code (f, pc)} (its registers are in {@code lane.regs}). */
    public void suspend(int f, int pc, int sp) {
        lane.function = f;
        lane.pc = pc;
        lane.sp = sp;
        this.sp = sp;
    }
}
