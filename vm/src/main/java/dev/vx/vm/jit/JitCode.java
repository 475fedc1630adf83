package dev.vx.vm.jit;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Insn;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.vm.JitSupport;
import dev.vx.vm.Program;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Set;

/**
 * The compiled code of one module: the classes generated for its functions (through one
 * {@link JitLoader}), which functions stay in the interpreter, and what a fault needs to
 * correct the counters. It belongs to the module, not to a run: a later run of the same
 * loaded module in this JVM (the benchmark's in-process series, an embedding host) takes it
 * from {@link #forProgram}'s small cache and starts with HotSpot's optimised code instead of
 * generating and warming up the classes again. Generated code holds no state of a run: it
 * reaches the heap, the lane and the counters through its {@link JitCtx}.
 */
final class JitCode {
    static final byte UNKNOWN = 0, COMPILED = 1, FALLBACK = 2;

    /** Modules whose code is kept (the most recently run first); a bound, so nothing leaks. */
    private static final int CACHED_MODULES = 4;
    private static final LinkedList<JitCode> CACHE = new LinkedList<>();

    final Module module;
    /** The program the code was generated for: instruction positions and string cells come from it. */
    final Program prog;
    final int threshold;
    final int maxBytecode;
    final int stackBudget;
    private final long[] stringCells;
    private final JitFunction[] fns;
    private final byte[] state;
    /** By function and instruction: the work (steps, calls) counted in advance after it in its basic block. */
    private final long[][] workAfter;
    private final int[] frameBytes;
    /** By function: 0 not yet known, 1 a leaf (see {@link #leaf}), 2 not. */
    private final byte[] leaf;
    private final JitLoader loader;
    private final Object lock = new Object();
    private final List<String> fallbacks = new ArrayList<>();
    private int compiled;
    private long generateNanos;

    private JitCode(Program prog, int threshold, int maxBytecode, int stackBudget) {
        this.module = prog.module;
        this.prog = prog;
        this.threshold = threshold;
        this.maxBytecode = maxBytecode;
        this.stackBudget = stackBudget;
        this.stringCells = JitSupport.stringCells(prog).clone();
        int n = prog.functionCount();
        fns = new JitFunction[n];
        state = new byte[n];
        workAfter = new long[n][];
        frameBytes = new int[n];
        leaf = new byte[n];
        loader = new JitLoader(this);
    }

    /**
     * The code for a run of {@code prog}: the cached code of its module when the settings
     * agree and the string constants stand at the same heap addresses (generated code holds
     * them as constants), else new code, which replaces the oldest cached entry. The
     * threshold is part of the key so that tests of a tiering mode get that mode's code.
     */
    static JitCode forProgram(Program prog, int threshold, int maxBytecode, int stackBudget) {
        synchronized (CACHE) {
            for (Iterator<JitCode> it = CACHE.iterator(); it.hasNext(); ) {
                JitCode c = it.next();
                if (c.module == prog.module && c.threshold == threshold && c.maxBytecode == maxBytecode
                        && c.stackBudget == stackBudget && Arrays.equals(c.stringCells, JitSupport.stringCells(prog))) {
                    it.remove();
                    CACHE.addFirst(c);
                    return c;
                }
            }
            JitCode c = new JitCode(prog, threshold, maxBytecode, stackBudget);
            CACHE.addFirst(c);
            if (CACHE.size() > CACHED_MODULES) CACHE.removeLast();
            return c;
        }
    }

    int functionCount() {
        return fns.length;
    }

    /** The compiled code of {@code f}, or null (not compiled yet, or it stays in the interpreter). */
    JitFunction function(int f) {
        return fns[f];
    }

    /** Whether {@code f} is known to stay in the interpreter. */
    boolean isFallback(int f) {
        synchronized (lock) {
            return state[f] == FALLBACK;
        }
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
            return state[f] == COMPILED ? fns[f] : null;
        }
    }

    /** The class of {@code f} (called by the loader): compiled code, or a stub that hands calls to the interpreter. */
    byte[] generate(int f) {
        long t0 = System.nanoTime();
        try {
            if (name(f).equals(System.getProperty("vx.jit.failFor"))) {
                throw new IllegalStateException("injected failure (vx.jit.failFor)");
            }
            String tooLarge = FunctionCompiler.tooLargeToTry(module.function(f), maxBytecode);
            if (tooLarge == null) {
                FunctionCompiler fc = new FunctionCompiler(this, f);
                try {
                    byte[] code = fc.compile();
                    int size = FunctionCompiler.codeSize(code, "run");
                    if (size <= maxBytecode) {
                        synchronized (lock) {
                            workAfter[f] = fc.workAfter();
                        }
                        dump(f, code);
                        return code;
                    }
                    tooLarge = size + " bytes of JVM bytecode (the limit is " + maxBytecode + ")";
                } catch (org.objectweb.asm.MethodTooLargeException | org.objectweb.asm.ClassTooLargeException e) {
                    tooLarge = "more than 64 KiB of JVM bytecode";
                }
            }
            synchronized (lock) {
                state[f] = FALLBACK;
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

    /**
     * Instructions that touch only scalar registers and cannot fail, allocate, free, call or
     * loop: a function made of them alone can neither observe its caller's frame nor need it.
     */
    private static final Set<Opcode> LEAF_OPS = EnumSet.of(
            Opcode.NOP, Opcode.MOV, Opcode.LDI, Opcode.LDK,
            Opcode.ADD_U32, Opcode.SUB_U32, Opcode.MUL_U32,
            Opcode.ADD_I32, Opcode.SUB_I32, Opcode.MUL_I32,
            Opcode.ADD_64, Opcode.SUB_64, Opcode.MUL_64, Opcode.SUB_NAT,
            Opcode.ADD_F32, Opcode.SUB_F32, Opcode.MUL_F32,
            Opcode.DIV_F32, Opcode.REM_F32,
            Opcode.ADD_F64, Opcode.SUB_F64, Opcode.MUL_F64,
            Opcode.DIV_F64, Opcode.REM_F64,
            Opcode.NEG_I32, Opcode.NEG_I64, Opcode.NEG_F32, Opcode.NEG_F64,
            Opcode.SQRT_F32, Opcode.SQRT_F64,
            Opcode.AND, Opcode.OR, Opcode.XOR,
            Opcode.NOT_U32, Opcode.NOT_64, Opcode.NOT_BOOL,
            Opcode.SHL_U32, Opcode.SHL_I32, Opcode.SHL_64,
            Opcode.SHR_U32, Opcode.SHR_I32, Opcode.SHR_U64, Opcode.SHR_I64,
            Opcode.EQ, Opcode.NE, Opcode.LT_S, Opcode.LE_S,
            Opcode.LT_U64, Opcode.LE_U64,
            Opcode.EQ_F32, Opcode.LT_F32, Opcode.LE_F32,
            Opcode.EQ_F64, Opcode.LT_F64, Opcode.LE_F64,
            Opcode.CONV, Opcode.JT, Opcode.JF, Opcode.RET);

    /** Leaves of at most this many instructions are called without their frame. */
    static final int MAX_LEAF_INSNS = 64;

    /**
     * Whether {@code f} is a small leaf: only {@link #LEAF_OPS}, forward jumps only (no loop),
     * at most {@link #MAX_LEAF_INSNS} instructions, and surely compiled (its method cannot
     * reach {@link #maxBytecode}: at most 48 bytes of JVM code an instruction, 16 a parameter
     * (the entry that reads arguments from {@code argv}), plus 400). Compiled
     * code calls such a function without writing the continuation frame (docs/jit.md, "Leaf
     * calls"): it cannot fail, so no backtrace reads the frame, and it calls nothing, so no
     * return or unwind pops it.
     */
    boolean leaf(int f) {
        byte s = leaf[f];
        if (s == 0) {
            List<Insn> code = module.function(f).code();
            int params = module.function(f).arity();
            boolean ok = code.size() <= MAX_LEAF_INSNS && 400 + 48 * code.size() + 16 * params <= maxBytecode;
            for (int i = 0; ok && i < code.size(); i++) {
                Insn in = code.get(i);
                ok = LEAF_OPS.contains(in.op()) || in.op() == Opcode.JMP;
                if (in.op() == Opcode.JMP) ok = in.get(0) > i;
                if (in.op() == Opcode.JT || in.op() == Opcode.JF) ok = in.get(1) > i;
            }
            s = ok ? (byte) 1 : (byte) 2;
            leaf[f] = s;
        }
        return s == 1;
    }

    /** Estimated bytes of a JVM frame of {@code f}'s compiled method (interpreted frames are the largest). */
    int frameBytes(int f) {
        int b = frameBytes[f];
        if (b == 0) {
            FunctionDesc fd = module.function(f);
            int slots = 3 + 16;
            for (int t : fd.registerTypes()) slots += FunctionCompiler.slots(FunctionCompiler.kindOf(t));
            int maxList = 0;
            for (var i : fd.code()) maxList = Math.max(maxList, i.operands().length);
            b = 8 * (slots + 2 * maxList + 16) + 128;
            frameBytes[f] = b;
        }
        return b;
    }

    String name(int f) {
        return Module.printable(module.functionName(f)); // one line in --stats and messages
    }

    /** Functions compiled so far, and the nanoseconds spent generating classes. */
    long[] totals() {
        synchronized (lock) {
            return new long[]{compiled, generateNanos};
        }
    }

    /** "name: why" of every function known to stay in the interpreter. */
    List<String> fallbacks() {
        synchronized (lock) {
            return List.copyOf(fallbacks);
        }
    }
}
