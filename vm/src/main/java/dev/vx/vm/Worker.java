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

    public boolean needsAttention() {
        return alloc.heap().safepointRequested || sched.stopping;
    }

    /** Parks for a heap growth, or leaves the run if another worker failed. */
    public void attend() {
        alloc.heap().safepoint();
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
    void startJob(Lane host, int function, long[] args, int register) {
        JobDevice device = sched.device;
        if (device != null) {
            java.util.OptionalLong r = device.run(this, sched.program, function, args);
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
        job.completion = new Completion.JobDone(host, register);
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
            if (d.join().pending.decrementAndGet() == 0) {
                deque.push(new Task.Resume(d.join().parent));
                sched.signalWork();
            }
        }
        spareLanes.push(lane);
    }

    void execute(Task t) {
        if (t instanceof Task.Resume r) {
            engine.run(r.lane(), this);
        } else if (t instanceof Task.Child c) {
            Lane lane = newLane();
            lane.inJob = c.inJob();
            lane.function = c.function();
            lane.pc = 0;
            System.arraycopy(c.args(), 0, lane.regs, 0, c.args().length);
            lane.completion = new Completion.ChildDone(c.join(), c.child());
            engine.run(lane, this);
        }
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
