package dev.vx.vm;

import dev.vx.bytecode.Module;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs a verified module: sets up the heap, the program and the CPU workers, runs the entry,
 * prints its result when the module asks for it, and turns every way a run can end into an
 * exit status with a message (RUNTIME.md §6). Never lets a JVM exception reach the user.
 */
public final class Vm {
    private Vm() {}

    /** Exit statuses of RUNTIME.md §6. */
    public static final int OK = 0, FAILED = 1, USAGE = 2, OUT_OF_MEMORY = 3, INTERNAL = 4;

    /** How a run ended: its exit status, and whether the program chose it ({@code IO.exit}). */
    public record Ending(int status, boolean programExit) {}

    public static int run(Module module, VmOptions opts, Host host) {
        return runToEnd(module, opts, host).status();
    }

    public static Ending runToEnd(Module module, VmOptions opts, Host host) {
        long start = System.nanoTime();
        boolean programExit = false;
        Heap heap = new Heap(opts.heapBytes());
        Program prog = new Program(module);
        Scheduler sched = null;
        JobDevice device = null;
        int status;
        boolean quiet = false; // every worker thread has ended
        try {
            device = JobDevices.open(opts, prog, host);
            prog.loadStrings(heap);
            sched = new Scheduler(Math.max(1, opts.threads()), prog.maxRegisters, heap, prog.shapes, host,
                    engines(opts, prog));
            sched.program = prog;
            sched.device = device;
            long result = sched.run(module.entry());
            quiet = true;
            int type = module.function(module.entry()).result();
            if (module.printResult()) {
                host.out().println(ValuePrinter.print(module, heap.words, result, type));
            }
            // The entry owns its result: dropping it makes a run's freed words equal its
            // allocated words unless something leaked (the tests check that).
            if (module.type(type).isRef()) sched.workers[0].alloc.drop(result);
            status = OK;
        } catch (ProgramFailure e) {
            host.out().flush();
            host.err().println("vxvm: error: " + e.getMessage());
            for (String line : Backtrace.render(e.backtrace)) host.err().println(line);
            status = FAILED;
        } catch (ProgramExit e) {
            status = exitStatus(e, host);
            programExit = true;
        } catch (OutOfHeap e) {
            host.out().flush();
            host.err().println(e.userMessage());
            if (e.backtrace != null) for (String line : Backtrace.render(e.backtrace)) host.err().println(line);
            status = OUT_OF_MEMORY;
        } catch (OutOfMemoryError e) {
            host.out().flush();
            host.err().println(heap.jvmOutOfMemory().userMessage());
            status = OUT_OF_MEMORY;
        } catch (DeviceFailure e) {
            host.out().flush();
            host.err().println(e.getMessage());
            status = INTERNAL;
        } catch (StackOverflowError e) {
            host.out().flush();
            host.err().println("vxvm: internal error: the VM overflowed the JVM stack; this is a bug of vxvm, please report it with the program");
            status = INTERNAL;
        } catch (Throwable e) {
            host.out().flush();
            host.err().println("vxvm: internal error: " + e + "; this is a bug of vxvm, please report it with the program and this message");
            StackTraceElement[] st = e.getStackTrace();
            for (int i = 0; i < Math.min(8, st.length); i++) host.err().println("    at " + st[i]);
            status = INTERNAL;
        }
        host.out().flush();
        if (opts.stats() && sched != null) printStats(host, opts, sched, heap, start);
        host.err().flush();
        if (device != null) device.close();
        if (quiet) heap.recycle();
        return new Ending(status, programExit);
    }

    /** One engine per worker: {@code --engine jit} shares one JIT (its compiled code) between them. */
    static java.util.function.Supplier<Engine> engines(VmOptions opts, Program prog) {
        if ("jit".equals(opts.engine())) {
            dev.vx.vm.jit.Jit jit = new dev.vx.vm.jit.Jit(prog);
            return () -> new dev.vx.vm.jit.JitEngine(jit);
        }
        return () -> new Interpreter(prog);
    }

    static void printStats(Host host, VmOptions opts, Scheduler sched, Heap heap, long start) {
        Stats s = sched.totals();
        long allocated = 0, freed = 0, onePeak = 0;
        int allocating = 0;
        for (Worker w : sched.workers) {
            allocated += w.alloc.allocatedWords;
            freed += w.alloc.freedWords;
            w.alloc.shareLive();
            if (w.alloc.allocatedWords + w.alloc.freedWords > 0) {
                allocating++;
                onePeak = w.alloc.peakLiveWords;
            }
        }
        // When one worker did all the allocating and freeing, its own count is exact; when
        // several did, cells crossed between them and only the shared count means anything.
        long peak = allocating <= 1 ? onePeak : heap.sharedPeakLiveWords();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", sched.workers[0].engine.name());
        m.put("device", sched.device == null ? "cpu" : sched.device.kind());
        m.put("threads", sched.threads);
        m.put("wall_ms", (System.nanoTime() - start) / 1_000_000);
        m.put("steps", s.steps);
        m.put("calls", s.calls);
        m.put("forks", s.forks);
        m.put("steals", s.steals);
        m.put("jobs", s.jobs);
        // Every lane starts with its exit frame, so a run whose lanes never pushed a frame
        // still stood that high (the engines record the peak at pushes only).
        m.put("peak_stack_words", Math.max(s.peakStackWords, dev.vx.bytecode.Layout.EXIT_FRAME_WORDS));
        m.put("spills", s.spills);
        m.put("restores", s.restores);
        m.put("heap_peak_words", peak);
        m.put("heap_allocated_words", allocated);
        m.put("heap_freed_words", freed);
        m.put("heap_footprint_words", heap.topWords());
        m.put("heap_capacity_words", heap.capacityBytes() / 8);
        sched.workers[0].engine.addStats(m);
        if (sched.device != null) m.putAll(sched.device.stats());
        StatLines.print(m, host.err());
    }

    /**
     * The process status of {@code IO.exit(n)}: {@code n}, or 255 for {@code n} above 255,
     * which a process cannot return (the system keeps the low 8 bits, so 256 would read as
     * success); a note says so. A status other than 0 says on stderr that the program chose
     * it: no non-zero exit is silent, and statuses 1 to 4 otherwise read as the VM's own
     * (a failure, bad usage, out of memory, an internal error).
     */
    private static int exitStatus(ProgramExit e, Host host) {
        long n = Integer.toUnsignedLong(e.status);
        if (n == 0) return 0;
        host.out().flush();
        if (n <= 255) {
            host.err().println("vxvm: IO.exit(" + n + "): the program ended with status " + n);
            return (int) n;
        }
        host.err().println("vxvm: note: IO.exit(" + n + "): an exit status is at most 255; exiting with 255");
        return 255;
    }
}
