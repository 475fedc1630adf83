package dev.vx.vm;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The CPU device: {@code threads} workers with work stealing (docs/vm.md, "Scheduling").
 * Worker 0 runs on the calling thread; with one thread there is no other thread at all,
 * fork groups run sequentially and a run is fully deterministic.
 */
public final class Scheduler {
    static final RuntimeException STOPPED = new RuntimeException("stopped", null, false, false) {};

    final int threads;
    final int registers;
    final Worker[] workers;
    volatile boolean done;
    volatile boolean stopping;
    private volatile int idle;
    private long workVersion;
    private Throwable failure;
    private long result;
    /** Runs jobs instead of the workers when set (see {@link JobDevice}); {@code program} goes with it. */
    volatile JobDevice device;
    volatile Program program;

    public Scheduler(int threads, int registers, Heap heap, Shapes shapes, Host host,
                     java.util.function.Supplier<Engine> engines) {
        this.threads = threads;
        this.registers = registers;
        this.workers = new Worker[threads];
        SharedPool pool = new SharedPool();
        for (int i = 0; i < threads; i++) {
            Allocator alloc = new Allocator(heap, shapes, pool);
            alloc.sharesWithOthers(threads > 1);
            workers[i] = new Worker(i, this, alloc, host, engines.get());
        }
        heap.setRunning(threads);
    }

    /** Runs {@code entry()} on a fresh lane until the program is done; returns the entry's result. */
    public long run(int entry) throws Throwable {
        Lane main = workers[0].newLane();
        main.function = entry;
        main.pc = 0;
        main.completion = new Completion.ProgramDone();
        workers[0].deque.push(new Task.Resume(main));
        Thread[] others = new Thread[threads - 1];
        for (int i = 1; i < threads; i++) {
            Worker w = workers[i];
            // Workers run Vx code only on the lane stack, so a small JVM stack is enough.
            others[i - 1] = new Thread(null, w::loop, "vx-worker-" + i, 1 << 20);
            others[i - 1].setDaemon(true);
            others[i - 1].start();
        }
        workers[0].loop();
        for (Thread t : others) t.join();
        synchronized (this) {
            // Every worker has stopped: a stolen child's parent stack holds still now.
            if (failure instanceof OutOfHeap o) throw workers[0].withGroupFrames(o);
            if (failure != null) throw failure;
            return result;
        }
    }

    synchronized void programDone(long value) {
        result = value;
        done = true;
        notifyAll();
    }

    synchronized void fail(Throwable e) {
        if (e == STOPPED) return;
        if (failure == null) failure = e;
        stopping = true;
        done = true;
        notifyAll();
    }

    Task steal(Worker thief) {
        if (threads == 1) return null;
        int start = ThreadLocalRandom.current().nextInt(threads);
        for (int i = 0; i < threads; i++) {
            Worker victim = workers[(start + i) % threads];
            if (victim == thief) continue;
            Task t = victim.deque.steal();
            if (t != null) {
                if (t instanceof Task.Child) thief.stats.steals++;
                return t;
            }
        }
        return null;
    }

    int idleWorkers() {
        return idle;
    }

    void signalWork() {
        if (idle == 0) return;
        synchronized (this) {
            workVersion++;
            notifyAll();
        }
    }

    /** Nothing to run: wait for work (or the end), not counting as running for heap growth. */
    void idle(Worker w) {
        Heap heap = w.alloc.heap();
        heap.leaveRunning();
        try {
            synchronized (this) {
                idle++;
                try {
                    long seen = workVersion;
                    if (!done && !anyWork()) {
                        // The timeout is a safety net against a missed signal; signals normally wake us.
                        while (!done && workVersion == seen) {
                            wait(10);
                            if (anyWork()) break;
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    done = true;
                } finally {
                    idle--;
                }
            }
        } finally {
            heap.enterRunning();
        }
    }

    private boolean anyWork() {
        for (Worker w : workers) if (!w.deque.isEmpty()) return true;
        return false;
    }

    public Stats totals() {
        Stats s = new Stats();
        for (Worker w : workers) s.add(w.stats);
        return s;
    }
}
