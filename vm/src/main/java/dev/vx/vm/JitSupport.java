package dev.vx.vm;

import dev.vx.bytecode.Layout;

/**
 * What the JIT ({@code dev.vx.vm.jit}) needs from the VM's package-private parts: the
 * pre-decoded code positions, the worker's host, the scheduler's job and fork-group
 * protocol, and the return into a continuation frame. Everything here is the same code the
 * interpreter runs (or a thin accessor), so both engines follow one protocol.
 */
public final class JitSupport {
    private JitSupport() {}

    // ------------------------------------------------------------------ program

    /** By instruction index: the instruction's code position in the interpreter's pre-decoded code. */
    public static int[] insnPositions(Program prog, int f) {
        return prog.insnPos[f];
    }

    /** Whether cells of constructor {@code ctor} have reference fields (closures: captures). */
    public static boolean hasRefFields(Program prog, int ctor) {
        return prog.shapes.refFields[ctor].length > 0;
    }

    /** By string-table index: the immortal string cell (0 if no LDS loads it). */
    public static long[] stringCells(Program prog) {
        return prog.stringCells;
    }

    public static int maxRegisters(Program prog) {
        return prog.maxRegisters;
    }

    public static Host host(Worker w) {
        return w.host;
    }

    // ------------------------------------------------------------------ returns

    /**
     * Returns {@code v} into the lane's top frame exactly as the interpreter's {@code ret}
     * does, starting from stack pointer {@code sp}: restores spilled frames; at the bottom exit
     * frame finishes the lane ({@link Worker#finished}) and answers false; otherwise pops the
     * frame into {@code lane.regs} (its saved registers and the call's destination) and leaves
     * the lane ready to run at {@code (lane.function, lane.pc)}, answering true.
     */
    public static boolean returnInto(Program prog, Lane lane, Worker w, int sp, long v) {
        long[] st = lane.stack;
        while (true) {
            long rw = st[--sp];
            if (rw == Layout.FID_EXIT) {
                if (st[0] == 0) {
                    lane.sp = sp + 1;
                    w.finished(lane, v);
                    return false;
                }
                sp = LaneStack.restore(st, prog, w.alloc, w.stats);
                continue;
            }
            int f = Layout.resumeFunction(rw);
            int[] code = prog.code[f];
            int at = prog.sitePos[f][Layout.resumeSite(rw)];
            int na = code[at + 4];
            int sb = at + 5 + na;
            int ns = code[sb];
            sp -= ns;
            long[] r = lane.regs;
            for (int i = 0; i < ns; i++) r[code[sb + 1 + i]] = st[sp + i];
            r[code[at + 2]] = v;
            lane.function = f;
            lane.pc = sb + 1 + ns + (code[at] == Code.FCALL ? 2 : 0);
            lane.sp = sp;
            return true;
        }
    }

    // ------------------------------------------------------------------ jobs

    /**
     * {@code job} at code position {@code jobPc} outside a job: the lane waits at
     * {@code (f, pc)} while {@code callee(args)} runs as a job.
     */
    public static void startJob(Worker w, Lane lane, int f, int pc, int sp, int callee, long[] args, int register, int jobPc) {
        lane.function = f;
        lane.pc = pc;
        lane.sp = sp;
        w.stats.jobs++;
        w.startJob(lane, callee, args, register, jobPc);
    }

    // ------------------------------------------------------------------ fork groups

    /**
     * Publishes the children 2..k of the fork group whose {@code fork} is at code position
     * {@code pc} of {@code f}, reading their arguments from {@code r}; returns the join handle.
     */
    public static long publishChildren(Program prog, Lane lane, Worker w, long[] r, int f, int pc, int k, int sp) {
        return Interpreter.publishChildren(prog, lane, w, r, prog.code[f], pc, k, f, sp);
    }

    /** The first child of the group with handle {@code jv != 0} runs (always on this lane). */
    public static void firstChild(Lane lane, long jv) {
        lane.joins[(int) jv - 1].current = 0;
    }

    /**
     * A later child of a fork group with join handle {@code jv != 0}: true when this lane runs
     * it (it took the task back), false when another lane took it (the call is skipped).
     */
    public static boolean claimChild(Lane lane, Worker w, long jv, int child) {
        JoinRecord j = lane.joins[(int) jv - 1];
        if (!w.claim(j.tasks[child])) {
            j.stolen[child] = true;
            return false;
        }
        j.pending.decrementAndGet();
        j.current = child;
        return true;
    }

    /** Whether the lane already arrived at the {@code join} of the group with handle {@code jv != 0}. */
    public static boolean joinArrived(Lane lane, long jv) {
        return lane.joins[(int) jv - 1].arrived;
    }

    /**
     * The lane arrives at the {@code join} of the group with handle {@code jv != 0}: true when
     * it must wait for children on other lanes. The caller has saved the lane's state first:
     * once this answers true, the last child to deliver may resume the lane on any worker.
     */
    public static boolean joinArrive(Lane lane, long jv) {
        JoinRecord j = lane.joins[(int) jv - 1];
        j.arrived = true;
        return j.pending.decrementAndGet() != 0;
    }

    public static boolean joinStolen(Lane lane, long jv, int child) {
        return lane.joins[(int) jv - 1].stolen[child];
    }

    public static long joinResult(Lane lane, long jv, int child) {
        return lane.joins[(int) jv - 1].results[child];
    }

    /**
     * The group with handle {@code jv}, whose {@code join} is at code position {@code pc} of
     * {@code f}, is complete: if a child that ran on another lane failed, the first such
     * child's failure is the lane's, here (as the interpreter's {@code join}).
     */
    public static void joinEnd(Program prog, Lane lane, Worker w, long jv, int f, int pc, int sp) {
        JoinRecord j = lane.joins[(int) jv - 1];
        lane.joinDepth--;
        for (int i = 1; i < j.failures.length; i++) {
            if (j.failures[i] != null) {
                lane.function = f;
                lane.pc = pc;
                lane.sp = sp;
                throw j.failures[i].under(Backtrace.of(prog, w.alloc.heap().words, f, j.callPc[i], lane.stack, sp));
            }
        }
    }
}
