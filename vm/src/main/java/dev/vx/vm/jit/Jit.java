package dev.vx.vm.jit;

import dev.vx.bytecode.Module;
import dev.vx.vm.Program;

import java.util.List;
import java.util.Map;

/**
 * The JIT of one program run, shared by the workers: the module's compiled code
 * ({@link JitCode}, which may come from an earlier run of the same loaded module) and the
 * interpreter's hot counters of this run.
 *
 * <p>Tiering: every function starts in the interpreter with a budget of
 * {@link #threshold} calls (tail calls and lane starts included); the call that exhausts it
 * hands the lane over and the function is compiled. Compiled code calls other functions
 * through their classes, and the JVM asks for a class when such a call first runs, so the
 * callees of compiled code are compiled when they are first called from it. A function
 * whose code an earlier run compiled runs compiled from its first call.
 *
 * <p>Configuration (system properties, for measurements and tests): {@code vx.jit.threshold}
 * (calls before a function is compiled, default {@value #DEFAULT_THRESHOLD}; 0 compiles every
 * function at its first call), {@code vx.jit.maxBytecode} (the largest method the JIT
 * generates, default {@value #DEFAULT_MAX_BYTECODE} bytes: HotSpot does not compile larger
 * ones), {@code vx.jit.stackBudget} (bytes of estimated JVM frames of direct calls before a
 * call goes through the dispatcher, default {@value #DEFAULT_STACK_BUDGET}), {@code vx.jit.dump}
 * (a folder to write the generated classes to), {@code vx.jit.failFor} (a function name: its
 * class generation fails, to test that failure's report).
 */
public final class Jit {
    static final int DEFAULT_THRESHOLD = 100;
    static final int DEFAULT_MAX_BYTECODE = 8000;
    static final int DEFAULT_STACK_BUDGET = 256 * 1024;

    final Program prog;
    final Module module;
    final int threshold;
    final JitCode code;
    /** Shared with the workers' interpreters (see {@code Interpreter}'s mixed mode). */
    final int[] hot;
    /** The code's totals when this run began: the run's statistics are the growth. */
    private final long[] totalsAtStart;

    public Jit(Program prog) {
        this.prog = prog;
        this.module = prog.module;
        this.threshold = Math.max(0, Integer.getInteger("vx.jit.threshold", DEFAULT_THRESHOLD));
        int maxBytecode = Math.max(1, Math.min(65535, Integer.getInteger("vx.jit.maxBytecode", DEFAULT_MAX_BYTECODE)));
        int stackBudget = Math.max(0, Integer.getInteger("vx.jit.stackBudget", DEFAULT_STACK_BUDGET));
        this.code = JitCode.forProgram(prog, threshold, maxBytecode, stackBudget);
        this.totalsAtStart = code.totals();
        int n = prog.functionCount();
        hot = new int[n];
        for (int f = 0; f < n; f++) {
            hot[f] = code.function(f) != null ? -1 : code.isFallback(f) ? Integer.MAX_VALUE : threshold;
        }
    }

    /**
     * The compiled code to run {@code f} from {@code pc} with, or null when the interpreter
     * runs it. {@code counted}: the interpreter already counted this entry (it handed the lane
     * over); otherwise a start at {@code pc == 0} counts as a call.
     */
    JitFunction enterable(int f, int pc, boolean counted) {
        JitFunction fn = code.function(f);
        if (fn != null) {
            hot[f] = -1;
            return fn;
        }
        if (pc == 0 && !counted) {
            if (--hot[f] >= 0) return null;
        } else if (hot[f] >= 0) {
            return null;
        }
        fn = code.compile(f);
        hot[f] = fn != null ? -1 : Integer.MAX_VALUE;
        return fn;
    }

    /** {@code f}'s compiled code, generating it now if need be; null when {@code f} stays in the interpreter. */
    JitFunction compiled(int f) {
        JitFunction fn = code.function(f);
        return fn != null ? fn : code.compile(f);
    }

    long workAfter(int f, int ip) {
        return code.workAfter(f, ip);
    }

    /**
     * The {@code --stats} lines of the JIT: functions compiled by this run, and functions
     * whose code an earlier run of the module compiled ({@code jit_cached}).
     */
    void addStats(Map<String, Object> m) {
        long[] now = code.totals();
        m.put("jit_compiled", now[0] - totalsAtStart[0]);
        m.put("jit_cached", totalsAtStart[0]);
        m.put("jit_compile_ms", (now[1] - totalsAtStart[1]) / 1_000_000);
        List<String> fallbacks = code.fallbacks();
        m.put("jit_fallbacks", fallbacks.size());
        for (String s : fallbacks) m.put("jit_fallback " + s.substring(0, s.indexOf(": ")), s.substring(s.indexOf(": ") + 2));
    }
}
