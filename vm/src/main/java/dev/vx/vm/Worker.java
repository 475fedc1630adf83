package dev.vx.vm;

import java.util.ArrayDeque;

/**
 * One worker thread of the CPU device: its allocator, statistics, task deque and spare
 * lanes. It runs tasks from its own deque, steals when that is empty, and idles when there is
 * nothing anywhere.
 */
public final class Worker {
    final int id;
    final Scheduler sched;
    public final Allocator alloc;
    public final Stats stats = new Stats();
    final Host host;
    final Engine engine;
    final WorkDeque deque = new WorkDeque();
    private final ArrayDeque<Lane> spareLanes = new ArrayDeque<>();

    Worker(int id, Scheduler sched, Allocator alloc, Host host, Engine engine) {
        this.id = id;
        this.sched = sched;
        this.alloc = alloc;
        this.host = host;
        this.engine = engine;
    }

    /**
     * Whether a fork group starting now publishes its children for other workers. Only when
     * there is demand: a worker is idle, or this worker offers fewer than two tasks. Thieves
     * take the oldest tasks (the biggest subtrees), so a couple on offer keep every worker
     * fed, and the groups below run as plain calls without allocating anything.
     */
    public boolean parallel() {
        return sched.threads > 1 && (deque.sizeHint() < 2 || sched.idleWorkers() > 0);
    }

    /**
     * Polls between live-count shares on several threads ({@link #attend}): every 64th look
     * at the flags, about every 65,536 steps. Sharing at every look cost a fifth of a
     * two-thread compute loop (attention): the engines' looks are inlined into the loops they
     * poll, and so was the sharing, which made those loops compile worse.
     */
    private static final int POLLS_PER_SHARE = 64;
    private int pollsToShare = POLLS_PER_SHARE;

    /** The engines' look, every 1,024 steps or so: whether to call {@link #attend}. */
    public boolean needsAttention() {
        return alloc.heap().safepointRequested || sched.stopping || (sched.threads > 1 && --pollsToShare <= 0);
    }

    /**
     * Shares this worker's live count when its turn has come (the shared peak, {@link
     * Allocator#shareLive}); parks for a heap growth, or leaves the run if another worker
     * failed.
     */
    public void attend() {
        if (pollsToShare <= 0) {
            pollsToShare = POLLS_PER_SHARE;
            alloc.shareLive();
        }
        if (alloc.heap().safepointRequested) alloc.heap().safepoint(); // synchronized: only when asked
        if (sched.stopping) throw Scheduler.STOPPED;
    }

    void publish(Task t) {
        deque.push(t);
        sched.signalWork();
    }

    boolean claim(Task t) {
        return deque.takeIfNewest(t);
    }

    Lane newLane() {
        Lane l = spareLanes.poll();
        if (l == null) l = new Lane(sched.registers);
        l.reset();
        return l;
    }

    /** Runs {@code function(args)} as a job on a lane of its own; the host lane waits. */
    void startJob(Lane host, int function, long[] args, int register, int jobPc) {
        JobDevice device = sched.device;
        if (device != null) {
            java.util.OptionalLong r;
            try {
                r = device.run(this, sched.program, function, args);
            } catch (ProgramFailure f) {
                // The job's frames, then the host's at the job: what a CPU job reports.
                throw f.under(Backtrace.of(sched.program, alloc.heap().words, host.function, jobPc, host.stack,
                        host.sp));
            } catch (OutOfHeap o) {
                throw o.under(Backtrace.of(sched.program, alloc.heap().words, host.function, jobPc, host.stack,
                        host.sp));
            }
            if (r.isPresent()) {
                host.regs[register] = r.getAsLong();
                deque.push(new Task.Resume(host));
                return;
            }
        }
        Lane job = newLane();
        job.inJob = true;
        job.function = function;
        job.pc = 0;
        System.arraycopy(args, 0, job.regs, 0, args.length);
        job.completion = new Completion.JobDone(host, register, jobPc);
        deque.push(new Task.Resume(job));
    }

    /** A lane returned into its bottom exit frame with {@code value}. */
    public void finished(Lane lane, long value) {
        Completion c = lane.completion;
        if (c instanceof Completion.ProgramDone) {
            sched.programDone(value);
            return;
        }
        if (c instanceof Completion.JobDone d) {
            d.host().regs[d.register()] = value;
            deque.push(new Task.Resume(d.host()));
        } else if (c instanceof Completion.ChildDone d) {
            d.join().results[d.child()] = value;
            deliverChild(d.join(), d.child(), null);
        }
        spareLanes.push(lane);
    }

    /** A stolen child's outcome reaches its group: resume the parent if it waits for it. */
    private void deliverChild(JoinRecord j, int child, ProgramFailure failure) {
        Lane waiting;
        synchronized (j) {
            j.failures[child] = failure;
            j.delivered[child] = true;
            waiting = j.waiting;
            j.waiting = null;
        }
        if (waiting != null) push(new Task.Resume(waiting));
        if (j.pending.decrementAndGet() == 0) push(new Task.Resume(j.parent));
    }

    private void push(Task t) {
        deque.push(t);
        sched.signalWork();
    }

    /**
     * A lane failed. Its failure is reported as a sequential run would report it: if a fork
     * group the lane is inside has an earlier child that ran on another lane, that child
     * comes first in program order — so wait until it has delivered, and if it failed, report
     * its failure instead (outer groups first: their earlier children precede everything
     * inside). Then the failure goes where the lane's result would have gone.
     */
    void failed(Lane lane, ProgramFailure failure) {
        lane.pendingFailure = null;
        for (int g = 0; g < lane.joinDepth; g++) {
            JoinRecord j = lane.joins[g];
            synchronized (j) {
                for (int child = 1; child < j.current; child++) {
                    if (!j.stolen[child]) continue;
                    if (!j.delivered[child]) {
                        lane.pendingFailure = failure; // resumed by deliverChild
                        j.waiting = lane;
                        return;
                    }
                    if (j.failures[child] != null) {
                        failure = j.failures[child].under(groupFrames(lane, j, child, failure));
                        lane.joinDepth = g;
                        break;
                    }
                }
            }
        }
        report(lane, failure);
    }

    /** The parent's frames at the call of {@code child}, for a failure that happened there. */
    private java.util.List<Backtrace.Entry> groupFrames(Lane lane, JoinRecord j, int child, ProgramFailure later) {
        Program prog = sched.program;
        long[] heap = alloc.heap().words;
        if (j.stackBelowUnchanged()) {
            return Backtrace.of(prog, heap, j.parentFunction, j.callPc[child], lane.stack, j.sp);
        }
        // The stack below the group spilled since the fork, so the group's frames are no longer
        // at a known position: use the later failure's trace without its innermost frame, which
        // has the same frames below the group (and possibly a few of that later child's).
        java.util.List<Backtrace.Entry> t = later.backtrace;
        return t.subList(Math.min(t.size(), 1), t.size());
    }

    private void report(Lane lane, ProgramFailure failure) {
        Completion c = lane.completion;
        if (c instanceof Completion.ChildDone d) {
            deliverChild(d.join(), d.child(), failure);
            spareLanes.push(lane);
        } else if (c instanceof Completion.JobDone d) {
            Lane host = d.host();
            failed(host, failure.under(Backtrace.of(sched.program, alloc.heap().words, host.function, d.jobPc(),
                    host.stack, host.sp)));
        } else {
            throw failure; // the program's own lane: the run ends with this failure
        }
    }


    void execute(Task t) {
        Lane lane;
        if (t instanceof Task.Resume r) {
            lane = r.lane();
            if (lane.pendingFailure != null) {
                failed(lane, lane.pendingFailure);
                return;
            }
        } else {
            Task.Child c = (Task.Child) t;
            stats.calls++; // the call its parent skips: calls do not depend on which lane ran a child
            lane = newLane();
            lane.inJob = c.inJob();
            lane.function = c.function();
            lane.pc = 0;
            System.arraycopy(c.args(), 0, lane.regs, 0, c.args().length);
            lane.completion = new Completion.ChildDone(c.join(), c.child());
        }
        try {
            engine.run(lane, this);
        } catch (ProgramFailure f) {
            failed(lane, f);
        } catch (OutOfHeap o) {
            java.util.List<Backtrace.Entry> below = new java.util.ArrayList<>();
            Lane last = framesBelow(lane, false, below);
            throw o.under(below, last.completion instanceof Completion.ChildDone ? last : null);
        }
        if (sched.threads > 1) alloc.shareLive();
    }

    /**
     * Running out of heap ends the run at once, from the lane that asked. Below that lane's
     * frames come those of the lanes waiting for it, outwards: a job's host (it waits, so its
     * stack holds still) and, with {@code throughStolenChildren}, a stolen fork child's parent
     * at the child's call. The parent may still be running on another thread, so its frames
     * are read only after every worker has stopped ({@link #withGroupFrames}); on one thread
     * nothing is stolen. Adds the frames to {@code out}; returns the outermost lane reached.
     */
    private Lane framesBelow(Lane lane, boolean throughStolenChildren, java.util.List<Backtrace.Entry> out) {
        Program prog = sched.program;
        long[] heap = alloc.heap().words;
        Lane l = lane;
        boolean gap = false; // a parent's frames could not be read: only jobs' hosts follow
        while (true) {
            if (l.completion instanceof Completion.JobDone d) {
                Lane host = d.host();
                out.addAll(Backtrace.of(prog, heap, host.function, d.jobPc(), host.stack, host.sp));
                l = host;
            } else if (throughStolenChildren && l.completion instanceof Completion.ChildDone d) {
                // When the parent's stack spilled since the fork, the group's frames are no
                // longer where the record says: from there on the trace holds the jobs' hosts
                // alone, reached through the parents (it once stopped there, without them).
                JoinRecord j = d.join();
                gap |= !j.bottomUnchanged();
                if (!gap) out.addAll(Backtrace.of(prog, heap, j.parentFunction, j.callPc[d.child()], j.parent.stack, j.sp));
                l = j.parent;
            } else {
                return l;
            }
        }
    }

    /** {@code o} with the frames below its stolen child; call only once every worker has stopped. */
    OutOfHeap withGroupFrames(OutOfHeap o) {
        if (o.stolenChild == null) return o;
        java.util.List<Backtrace.Entry> below = new java.util.ArrayList<>();
        framesBelow(o.stolenChild, true, below);
        return o.under(below, null);
    }

    /** The worker's loop: until the program is done or has failed. */
    void loop() {
        try {
            while (!sched.done) {
                Task t = deque.pollNewest();
                if (t == null) t = sched.steal(this);
                if (t == null) {
                    sched.idle(this);
                    continue;
                }
                execute(t);
            }
        } catch (Throwable e) {
            sched.fail(e);
        } finally {
            // A worker that has left no longer holds heap words: growth must not wait for it.
            alloc.heap().leaveRunning();
        }
    }
}
