package dev.vx.vm.jit;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Module;
import dev.vx.vm.Program;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JIT of one program run, shared by the workers: which functions are compiled, the
 * classes generated for them, the interpreter's hot counters, and the functions that stay in
 * the interpreter (too large for a JVM method that HotSpot would compile).
 *
 * <p>Tiering: every function starts in the interpreter with a budget of
 * {@link #threshold} calls (tail calls and lane starts included); the call that exhausts it
 * hands the lane over and the function is compiled. Compiled code calls other functions
 * through their classes, and the JVM asks for a class when such a call first runs, so the
 * callees of compiled code are compiled when they are first called from it.
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

    static final byte UNKNOWN = 0, COMPILED = 1, FALLBACK = 2;

    final Program prog;
    final Module module;
    final int threshold;
    final int maxBytecode;
    final int stackBudget;
    /** Shared with the workers' interpreters (see {@code Interpreter}'s mixed mode). */
    final int[] hot;
    private final JitFunction[] fns;
    private final byte[] state;
    /** By function and instruction: the work (steps, calls) counted in advance after it in its basic block. */
    private final long[][] workAfter;
    private final int[] frameBytes;
    private final JitLoader loader;
    private final Object lock = new Object();
    private final List<String> fallbacks = new ArrayList<>();
    private int compiled;
    private long generateNanos;

    public Jit(Program prog) {
        this.prog = prog;
        this.module = prog.module;
        this.threshold = Math.max(0, Integer.getInteger("vx.jit.threshold", DEFAULT_THRESHOLD));
        this.maxBytecode = Math.max(1, Math.min(65535, Integer.getInteger("vx.jit.maxBytecode", DEFAULT_MAX_BYTECODE)));
        this.stackBudget = Math.max(0, Integer.getInteger("vx.jit.stackBudget", DEFAULT_STACK_BUDGET));
        int n = prog.functionCount();
        hot = new int[n];
        java.util.Arrays.fill(hot, threshold);
        fns = new JitFunction[n];
        state = new byte[n];
        workAfter = new long[n][];
        frameBytes = new int[n];
        loader = new JitLoader(this);
    }

    int functionCount() {
        return fns.length;
    }

    /**
     * The compiled code to run {@code f} from {@code pc} with, or null when the interpreter
     * runs it. {@code counted}: the interpreter already counted this entry (it handed the lane
     * over); otherwise a start at {@code pc == 0} counts as a call.
     */
    JitFunction enterable(int f, int pc, boolean counted) {
        JitFunction fn = fns[f];
        if (fn != null) {
            hot[f] = -1;
            return fn;
        }
        if (pc == 0 && !counted) {
            if (--hot[f] >= 0) return null;
        } else if (hot[f] >= 0) {
            return null;
        }
        return compile(f);
    }

    /** Compiles {@code f} now (if it is not yet): its code, or null if it stays in the interpreter. */
    JitFunction compile(int f) {
        synchronized (lock) {
            if (state[f] == COMPILED) return fns[f];
            if (state[f] == FALLBACK) return null;
        }
        try {
            Class.forName(JitLoader.className(f), true, loader);
        } catch (ClassNotFoundException e) {
            throw new JitError("the JIT lost the class of function " + name(f), e);
        }
        synchronized (lock) {
            if (state[f] == COMPILED) {
                hot[f] = -1;
                return fns[f];
            }
            hot[f] = Integer.MAX_VALUE;
            return null;
        }
    }

    /** The class of {@code f} (called by the loader): compiled code, or a stub that hands calls to the interpreter. */
    byte[] generate(int f) {
        long t0 = System.nanoTime();
        try {
            if (name(f).equals(System.getProperty("vx.jit.failFor"))) {
                throw new IllegalStateException("injected failure (vx.jit.failFor)");
            }
            FunctionCompiler fc = new FunctionCompiler(this, f);
            byte[] code;
            String tooLarge;
            try {
                code = fc.compile();
                int size = FunctionCompiler.codeSize(code, "run");
                tooLarge = size > maxBytecode ? size + " bytes of JVM bytecode (the limit is " + maxBytecode + ")" : null;
            } catch (org.objectweb.asm.MethodTooLargeException | org.objectweb.asm.ClassTooLargeException e) {
                code = null;
                tooLarge = "more than 64 KiB of JVM bytecode";
            }
            if (tooLarge == null) {
                synchronized (lock) {
                    workAfter[f] = fc.workAfter();
                }
                dump(f, code);
                return code;
            }
            synchronized (lock) {
                state[f] = FALLBACK;
                hot[f] = Integer.MAX_VALUE;
                fallbacks.add(name(f) + ": " + tooLarge);
            }
            return FunctionCompiler.stub(this, f);
        } catch (RuntimeException | LinkageError | AssertionError e) {
            throw new JitError("the JIT failed to generate the class of function " + name(f) + ": " + e, e);
        } finally {
            synchronized (lock) {
                generateNanos += System.nanoTime() - t0;
            }
        }
    }

    /** With {@code -Dvx.jit.dump=DIR}, writes each generated class to DIR (for javap). */
    private static void dump(int f, byte[] code) {
        String dir = System.getProperty("vx.jit.dump");
        if (dir == null) return;
        try {
            java.nio.file.Files.createDirectories(java.nio.file.Path.of(dir));
            java.nio.file.Files.write(java.nio.file.Path.of(dir, "F" + f + ".class"), code);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A generated class was initialized: its function runs compiled from now on. */
    void registered(int f, JitFunction fn) {
        synchronized (lock) {
            fns[f] = fn;
            state[f] = COMPILED;
            hot[f] = -1;
            compiled++;
        }
    }

    long workAfter(int f, int ip) {
        long[] s;
        synchronized (lock) {
            s = workAfter[f];
        }
        return s == null || ip < 0 || ip >= s.length ? 0 : s[ip];
    }

    /** Estimated bytes of a JVM frame of {@code f}'s compiled method (interpreted frames are the largest). */
    int frameBytes(int f) {
        int b = frameBytes[f];
        if (b == 0) {
            FunctionDesc fd = module.function(f);
            int slots = 3 + 16;
            for (int t : fd.registerTypes()) slots += t == FunctionCompiler.F32 ? 1 : 2;
            int maxList = 0;
            for (var i : fd.code()) maxList = Math.max(maxList, i.operands().length);
            b = 8 * (slots + 2 * maxList + 16) + 128;
            frameBytes[f] = b;
        }
        return b;
    }

    String name(int f) {
        return module.functionName(f);
    }

    /** The {@code --stats} lines of the JIT. */
    void addStats(Map<String, Object> m) {
        synchronized (lock) {
            m.put("jit_compiled", compiled);
            m.put("jit_compile_ms", generateNanos / 1_000_000);
            m.put("jit_fallbacks", fallbacks.size());
            for (String s : fallbacks) m.put("jit_fallback " + s.substring(0, s.indexOf(": ")), s.substring(s.indexOf(": ") + 2));
        }
    }
}
