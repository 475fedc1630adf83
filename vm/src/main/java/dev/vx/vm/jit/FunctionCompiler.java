package dev.vx.vm.jit;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Insn;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Scalar;
import dev.vx.bytecode.TypeDesc;
import dev.vx.vm.JitSupport;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.objectweb.asm.Opcodes.*;

/**
 * Generates the JVM class of one Vx function (docs/jit.md, "Code generation").
 *
 * <p>The class has a static method {@code run(JitCtx c, int entry, int depth, params...)}
 * whose JVM locals are the function's registers: F32 registers are {@code float} locals,
 * F64 registers {@code double} locals, every other register a {@code long} local holding its
 * word. {@code entry} 0 starts the function with its parameters; entry {@code s + 1} continues
 * it just after call site {@code s} with the registers the call saved, and its destination,
 * in {@code c.lane.regs} (where the dispatcher or the interpreter left them after popping the
 * frame). Each instruction becomes a short sequence of JVM code that calls the shared
 * semantics ({@code Ops}, {@code Allocator}, {@code ArrayCells}, {@code Prims}) and works on
 * the heap array directly.
 *
 * <p>A non-tail call pushes the real continuation frame on the lane stack, as the interpreter
 * does (spilling when it would not fit), then invokes the callee's {@code run} directly while
 * the estimated JVM stack in use ({@code depth}) stays within the JIT's budget; past it, or
 * when the callee runs in the interpreter, it asks the dispatcher to start the callee
 * ({@link JitCtx#START}) and returns. Self tail calls are loops; other tail calls are direct
 * invocations counted against the same budget.
 */
final class FunctionCompiler {
    static final int F32 = Scalar.F32.typeId();
    static final int F64 = Scalar.F64.typeId();
    static final int U32 = Scalar.U32.typeId();
    static final int U64 = Scalar.U64.typeId();
    static final int I64 = Scalar.I64.typeId();
    static final int NAT = Scalar.NAT.typeId();

    private static final String CTX = Type.getInternalName(JitCtx.class);
    private static final String CTX_D = "L" + CTX + ";";
    private static final String OPS = "dev/vx/vm/Ops";
    private static final String ALLOC = "dev/vx/vm/Allocator";
    private static final String ALLOC_D = "L" + ALLOC + ";";
    private static final String ARRAYS = "dev/vx/vm/ArrayCells";
    private static final String HEAP = Type.getInternalName(JitHeap.class);
    private static final String SUPPORT = Type.getInternalName(JitSupport.class);
    private static final String LANE = "dev/vx/vm/Lane";
    private static final String LANE_D = "L" + LANE + ";";
    private static final String WORKER = "dev/vx/vm/Worker";
    private static final String WORKER_D = "L" + WORKER + ";";
    private static final String STATS = "dev/vx/vm/Stats";
    private static final String PROGRAM_D = "Ldev/vx/vm/Program;";
    private static final String FN_IFACE = Type.getInternalName(JitFunction.class);
    private static final String LOADER = Type.getInternalName(JitLoader.class);

    /** A closure call dispatches statically over at most this many shapes of its type. */
    static final int MAX_SHAPES = 16;

    private final JitCode jit;
    private final Module m;
    private final int fn;
    private final FunctionDesc fd;
    private final List<Insn> code;
    private final int n;
    private final int[] pos;
    private final char[] kind;
    private final int[] slot;
    private final int arity;
    private final boolean argsInArray;
    private final String owner;

    // Analysis.
    private final boolean[] leader;
    private final int[] blockEnd;
    private final int[] siteOf;        // by instruction: call-site ordinal, or -1
    private final int[] childOf;       // by instruction: index of a fork group's call (0 = first), or -1
    private final int[] joinRegOf;     // by instruction: the group's join register for its calls, or -1
    private final int[][] joinDsts;    // by JOIN instruction: the destinations of the group's calls
    private final int[] siteInsn;      // by site: instruction index
    private final boolean[] reachable; // by instruction: some path from the start runs it

    // Locals: 0 c, 1 entry, 2 depth, 3 sp, then the registers, then these.
    private static final int sSP = 3;
    private int sST, sH, sALLOC, sSTEPS, sCALLS, sIP, sT0, sTHROW;

    // The heap array local (sH) is loaded lazily: hValid says whether it holds the current
    // array at this point of the code; validIn is the analysis's answer at each block start.
    private boolean hUsed;
    private boolean[] validIn;
    private boolean hValid;

    private MethodVisitor mv;
    private Label[] labels;
    private Label unwound;
    private Label loopTop;
    private final Map<Integer, Label> pollStubs = new HashMap<>();

    FunctionCompiler(JitCode jit, int f) {
        this.jit = jit;
        this.m = jit.module;
        this.fn = f;
        this.fd = m.function(f);
        this.code = fd.code();
        this.n = code.size();
        this.pos = JitSupport.insnPositions(jit.prog, f);
        this.arity = fd.arity();
        this.owner = JitLoader.internalName(f);
        int regs = fd.registerCount();
        kind = new char[regs];
        for (int r = 0; r < regs; r++) kind[r] = kindOf(fd.registerTypes()[r]);
        this.argsInArray = paramsInArray(fd);
        slot = new int[regs];
        leader = new boolean[n + 1];
        blockEnd = new int[n];
        siteOf = new int[n];
        childOf = new int[n];
        joinRegOf = new int[n];
        joinDsts = new int[n][];
        siteInsn = fd.sites();
        analyse();
        reachable = reachable();
    }

    /** The most basic blocks times JVM locals a function may have to be compiled (see below). */
    static final long MAX_FRAME_ENTRIES = 1L << 24;

    /**
     * Why the function {@code fd} is surely too large to compile, decided before generating
     * anything, or null. Every instruction but {@code nop} becomes at least 2 bytes of JVM code (registers
     * live in locals from slot 4, whose loads and stores take 2 bytes; jumps and calls 3), so a
     * function over the limit is known from its length. And ASM computes a stack map frame of
     * every local at every block: a crafted function of 20,000 blocks and 16,384 registers took
     * 30 s and gigabytes before it could fall back, where the interpreter runs it in 2 s.
     */
    static String tooLargeToTry(FunctionDesc fd, int maxBytecode) {
        List<Insn> code = fd.code();
        long instructions = 0;
        long blocks = 1;
        for (Insn in : code) {
            if (in.op() != Opcode.NOP) instructions++;
            switch (in.op()) {
                case JMP, JT, JF, CALL, CALLC, JOB, TCALL, TCALLC, RET, PANIC, EXIT, FORK, JOIN -> blocks += 2;
                case SWITCH -> blocks += 1 + in.list(1).length;
                default -> {}
            }
        }
        if (2 * instructions > 65535) {
            return "more than 64 KiB of JVM bytecode (" + instructions + " instructions of at least 2 bytes)";
        }
        if (2 * instructions > maxBytecode) {
            return "at least " + 2 * instructions + " bytes of JVM bytecode (the limit is " + maxBytecode + ")";
        }
        long locals = 16;
        for (int t : fd.registerTypes()) locals += slots(kindOf(t));
        if (blocks * locals > MAX_FRAME_ENTRIES) {
            return "too large to compile: about " + blocks + " blocks of " + locals + " JVM locals";
        }
        return null;
    }

    /**
     * How a register of type {@code type} lives in a JVM local: {@code 'F'} a {@code float}
     * (F32), {@code 'D'} a {@code double} (F64), {@code 'J'} a {@code long} holding the word
     * (U64, I64, Nat), {@code 'U'} an {@code int} holding the low half of a zero-extended word
     * (U32), {@code 'I'} an {@code int} holding the low half of a sign-extended word (I32,
     * Bool, Unit, the join handle, and references: a cell's address is below 2^31 because the
     * heap is one JVM array, and an immediate is below 4096). 32-bit arithmetic on int locals
     * needs no extension after each operation, and array indices are JVM ints, which lets
     * HotSpot treat Vx loops as counted loops.
     */
    static char kindOf(int type) {
        if (type == F32) return 'F';
        if (type == F64) return 'D';
        if (type == U32) return 'U';
        if (type == U64 || type == I64 || type == NAT) return 'J';
        return 'I';
    }

    /** The JVM type of a kind (its descriptor letter). */
    static char jvm(char k) {
        return k == 'U' ? 'I' : k;
    }

    /** JVM local slots of a kind. */
    static int slots(char k) {
        return k == 'J' || k == 'D' ? 2 : 1;
    }

    /** Parameters travel in {@code c.argv} when they would not fit a JVM method descriptor. */
    static boolean paramsInArray(FunctionDesc fd) {
        int slots = 0;
        for (int t : fd.params()) slots += slots(kindOf(t));
        return slots > 240;
    }

    static String runDescriptor(Module m, int f) {
        FunctionDesc fd = m.function(f);
        StringBuilder sb = new StringBuilder("(" + CTX_D + "III");
        if (!paramsInArray(fd)) for (int t : fd.params()) sb.append(jvm(kindOf(t)));
        sb.append(')').append(jvm(kindOf(fd.result())));
        return sb.toString();
    }

    // ================================================================== analysis

    private void analyse() {
        java.util.Arrays.fill(siteOf, -1);
        java.util.Arrays.fill(childOf, -1);
        java.util.Arrays.fill(joinRegOf, -1);
        leader[0] = true;
        int site = 0;
        for (int i = 0; i < n; i++) {
            Insn in = code.get(i);
            Opcode op = in.op();
            switch (op) {
                case JMP -> {
                    leader[in.get(0)] = true;
                    leader[i + 1] = true;
                }
                case JT, JF -> {
                    leader[in.get(1)] = true;
                    leader[i + 1] = true;
                }
                case SWITCH -> {
                    for (int t : in.list(1)) leader[t] = true;
                    leader[i + 1] = true;
                }
                case CALL, CALLC, JOB -> {
                    siteOf[i] = site++;
                    leader[i + 1] = true;
                }
                case TCALL, TCALLC, RET, PANIC, EXIT -> leader[i + 1] = true;
                case FORK -> {
                    int k = in.get(1);
                    int[] dsts = new int[k];
                    for (int c = 0; c < k; c++) {
                        childOf[i + 1 + c] = c;
                        joinRegOf[i + 1 + c] = in.get(0);
                        dsts[c] = code.get(i + 1 + c).get(0);
                    }
                    joinDsts[i + 1 + k] = dsts;
                }
                default -> {}
            }
        }
        int end = n;
        for (int i = n - 1; i >= 0; i--) {
            blockEnd[i] = end;
            if (leader[i]) end = i;
        }
    }

    /**
     * The instructions some path from the start reaches. The verifier checks code no path
     * reaches only statically (docs/bytecode.md 5), so a crafted module may put a call there
     * whose continuation would read registers nothing wrote; no frame can name such a site,
     * and its continuation is not generated.
     */
    private boolean[] reachable() {
        boolean[] seen = new boolean[n];
        int[] todo = new int[n];
        int top = 0;
        seen[0] = true;
        todo[top++] = 0;
        while (top > 0) {
            int i = todo[--top];
            Insn in = code.get(i);
            int[] next = switch (in.op()) {
                case JMP -> new int[] {in.get(0)};
                case JT, JF -> new int[] {in.get(1), i + 1};
                case SWITCH -> in.list(1);
                case TCALL, TCALLC, RET, PANIC, EXIT -> new int[0];
                default -> new int[] {i + 1};
            };
            for (int t : next) {
                if (t < n && !seen[t]) {
                    seen[t] = true;
                    todo[top++] = t;
                }
            }
        }
        return seen;
    }

    /** Throws IllegalStateException({@code why}): for paths that only a broken frame could take. */
    private static void throwIllegalState(MethodVisitor v, String why) {
        v.visitTypeInsn(NEW, "java/lang/IllegalStateException");
        v.visitInsn(DUP);
        v.visitLdcInsn(why);
        v.visitMethodInsn(INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "(Ljava/lang/String;)V", false);
        v.visitInsn(ATHROW);
    }

    /** Whether a block ending with instruction {@code i} counts its call in advance (at its start). */
    private boolean countsCallInAdvance(int i) {
        Opcode op = code.get(i).op();
        return op == Opcode.TCALL || op == Opcode.TCALLC || (op == Opcode.CALL && childOf[i] <= 0) || op == Opcode.CALLC;
    }

    /** By instruction: the work counted in advance after it in its block (what a fault there subtracts). */
    long[] workAfter() {
        long[] s = new long[n];
        for (int i = 0; i < n; i++) {
            int last = blockEnd[i] - 1;
            s[i] = last - i + (countsCallInAdvance(last) ? JitCtx.CALL : 0);
        }
        return s;
    }

    // ================================================================== class

    byte[] compile() {
        ClassWriter cw = newWriter();
        cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, owner, null, "java/lang/Object", new String[]{FN_IFACE});
        cw.visitSource(m.string(fd.file()), null);
        constructorAndRegistration(cw, true);
        enterMethod(cw);
        invokeMethod(cw);
        runMethod(cw);
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static ClassWriter newWriter() {
        return new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
    }

    private void constructorAndRegistration(ClassWriter cw, boolean register) {
        MethodVisitor c = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
        c.visitCode();
        c.visitVarInsn(ALOAD, 0);
        c.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        c.visitInsn(RETURN);
        c.visitMaxs(0, 0);
        c.visitEnd();
        if (!register) return;
        MethodVisitor s = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        s.visitCode();
        s.visitLdcInsn(Type.getObjectType(owner));
        s.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Class", "getClassLoader", "()Ljava/lang/ClassLoader;", false);
        s.visitTypeInsn(CHECKCAST, LOADER);
        pushInt(s, fn);
        s.visitTypeInsn(NEW, owner);
        s.visitInsn(DUP);
        s.visitMethodInsn(INVOKESPECIAL, owner, "<init>", "()V", false);
        s.visitMethodInsn(INVOKEVIRTUAL, LOADER, "register", "(IL" + FN_IFACE + ";)V", false);
        s.visitInsn(RETURN);
        s.visitMaxs(0, 0);
        s.visitEnd();
    }

    /** {@code enter(c, pc)}: from the lane's registers, at the start (pc 0) or after a call site. */
    private void enterMethod(ClassWriter cw) {
        MethodVisitor e = cw.visitMethod(ACC_PUBLIC, "enter", "(" + CTX_D + "I)J", null, null);
        e.visitCode();
        int sites = siteInsn.length;
        int[] keys = new int[sites + 1];
        Label[] targets = new Label[sites + 1];
        // lookupswitch keys must be sorted; positions grow with the instruction index.
        keys[0] = 0;
        targets[0] = new Label();
        for (int s = 0; s < sites; s++) {
            keys[s + 1] = pos[siteInsn[s] + 1];
            targets[s + 1] = new Label();
        }
        Label bad = new Label();
        e.visitVarInsn(ILOAD, 2);
        e.visitLookupSwitchInsn(bad, keys, targets);
        String desc = runDescriptor(m, fn);
        char rk = kindOf(fd.result());
        for (int k = 0; k <= sites; k++) {
            e.visitLabel(targets[k]);
            if (k == 0 && argsInArray) argumentsToArgv(e);
            e.visitVarInsn(ALOAD, 1);
            pushInt(e, k);
            e.visitInsn(ICONST_0);
            e.visitVarInsn(ALOAD, 1);
            e.visitFieldInsn(GETFIELD, CTX, "sp", "I");
            if (!argsInArray) {
                if (k == 0) {
                    argumentsFromLane(e);
                } else {
                    for (int p = 0; p < arity; p++) zero(e, kind[p]);
                }
            }
            e.visitMethodInsn(INVOKESTATIC, owner, "run", desc, false);
            if (jit.leaf(fn)) {
                // Only entry 0 (a leaf has no call sites); the stack pointer is the lane's.
                e.visitVarInsn(ALOAD, 1);
                e.visitVarInsn(ALOAD, 1);
                e.visitFieldInsn(GETFIELD, CTX, "sp", "I");
                e.visitMethodInsn(INVOKEVIRTUAL, CTX, "leafReturned", "(I)V", false);
            }
            toWord(e, rk);
            e.visitInsn(LRETURN);
        }
        e.visitLabel(bad);
        e.visitTypeInsn(NEW, "java/lang/IllegalStateException");
        e.visitInsn(DUP);
        e.visitLdcInsn("no compiled entry at this code position");
        e.visitMethodInsn(INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "(Ljava/lang/String;)V", false);
        e.visitInsn(ATHROW);
        e.visitMaxs(0, 0);
        e.visitEnd();
    }

    /** {@link JitFunction#invoke}: {@code run} from the start, the arguments from {@code lane.regs}. */
    private void invokeMethod(ClassWriter cw) {
        MethodVisitor e = cw.visitMethod(ACC_PUBLIC, "invoke", "(" + CTX_D + "II)J", null, null);
        e.visitCode();
        if (argsInArray) argumentsToArgv(e);
        e.visitVarInsn(ALOAD, 1);
        e.visitInsn(ICONST_0);
        e.visitVarInsn(ILOAD, 2);
        e.visitVarInsn(ILOAD, 3);
        if (!argsInArray) argumentsFromLane(e);
        e.visitMethodInsn(INVOKESTATIC, owner, "run", runDescriptor(m, fn), false);
        if (jit.leaf(fn)) {
            // Only closures are invoked this way, and a closure's function is never a leaf (it
            // consumes its closure); kept so that invoke does what its contract says for any function.
            e.visitVarInsn(ALOAD, 1);
            e.visitVarInsn(ILOAD, 3);
            e.visitMethodInsn(INVOKEVIRTUAL, CTX, "leafReturned", "(I)V", false);
        }
        toWord(e, kindOf(fd.result()));
        e.visitInsn(LRETURN);
        e.visitMaxs(0, 0);
        e.visitEnd();
    }

    /** In a method whose first parameter is the context: copies the arguments from {@code lane.regs} to {@code c.argv}. */
    private void argumentsToArgv(MethodVisitor e) {
        e.visitVarInsn(ALOAD, 1);
        e.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
        e.visitFieldInsn(GETFIELD, LANE, "regs", "[J");
        e.visitInsn(ICONST_0);
        e.visitVarInsn(ALOAD, 1);
        e.visitFieldInsn(GETFIELD, CTX, "argv", "[J");
        e.visitInsn(ICONST_0);
        pushInt(e, arity);
        e.visitMethodInsn(INVOKESTATIC, "java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", false);
    }

    /** Pushes the parameters of {@code run}, each read from {@code lane.regs} in its kind. */
    private void argumentsFromLane(MethodVisitor e) {
        for (int p = 0; p < arity; p++) {
            e.visitVarInsn(ALOAD, 1);
            e.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
            e.visitFieldInsn(GETFIELD, LANE, "regs", "[J");
            pushInt(e, p);
            e.visitInsn(LALOAD);
            fromWord(e, kind[p]);
        }
    }

    /** The class of a function the interpreter runs: its {@code run} hands the call to the dispatcher. */
    static byte[] stub(JitCode jit, int f) {
        Module m = jit.module;
        FunctionDesc fd = m.function(f);
        String owner = JitLoader.internalName(f);
        ClassWriter cw = newWriter();
        cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, owner, null, "java/lang/Object", null);
        MethodVisitor r = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "run", runDescriptor(m, f), null, null);
        r.visitCode();
        if (paramsInArray(fd)) {
            r.visitVarInsn(ALOAD, 0);
            r.visitFieldInsn(GETFIELD, CTX, "argv", "[J");
            r.visitInsn(ICONST_0);
            r.visitVarInsn(ALOAD, 0);
            r.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
            r.visitFieldInsn(GETFIELD, LANE, "regs", "[J");
            r.visitInsn(ICONST_0);
            pushInt(r, fd.arity());
            r.visitMethodInsn(INVOKESTATIC, "java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", false);
        } else {
            int s = 4;
            for (int p = 0; p < fd.arity(); p++) {
                char k = kindOf(fd.params()[p]);
                r.visitVarInsn(ALOAD, 0);
                r.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
                r.visitFieldInsn(GETFIELD, LANE, "regs", "[J");
                pushInt(r, p);
                r.visitVarInsn(loadOp(k), s);
                toWord(r, k);
                r.visitInsn(LASTORE);
                s += slots(k);
            }
        }
        r.visitVarInsn(ALOAD, 0);
        pushInt(r, f);
        r.visitVarInsn(ILOAD, 3);
        r.visitMethodInsn(INVOKEVIRTUAL, CTX, "start", "(II)V", false);
        char rk = kindOf(fd.result());
        zero(r, rk);
        r.visitInsn(returnOp(rk));
        r.visitMaxs(0, 0);
        r.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    // ================================================================== heap array analysis

    /** Whether instruction {@code in} reads the heap array (through the local) before anything else. */
    private boolean usesHeapFirst(Insn in) {
        return switch (in.op()) {
            case GET, SETF, SWITCH, AGET, ALEN, DUP, DROP, PANIC, TCALLC, NEWR -> true;
            default -> false;
        };
    }

    /**
     * The heap array's validity after instruction {@code i}, given {@code v} before it: the
     * code generator makes exactly these reloads ({@link #useHeap}) and invalidations.
     */
    private boolean heapAfter(Insn in, boolean v) {
        return switch (in.op()) {
            case GET, SETF, SWITCH, AGET, ALEN, DUP, PANIC, TCALLC, NEWR -> true;
            case NEW -> in.get(2) == 0 && m.ctor(in.get(1)).closureFunction() < 0 ? v : in.get(2) == 0 || in.get(2) > 4;
            case DROP, FREE, ANEW, AEMPTY, ALLOC, ASET, ASLICE, PRIM, FORK, CALL, CALLC, JOB -> false;
            default -> v;
        };
    }

    private void analyseHeap() {
        hUsed = false;
        for (Insn in : code) {
            Opcode op = in.op();
            if (usesHeapFirst(in) || op == Opcode.NEW || op == Opcode.CALLC) hUsed = true;
        }
        validIn = new boolean[n];
        if (!hUsed) return;
        // Edges: from each instruction that ends a block (or falls into a leader) to its successors.
        java.util.Arrays.fill(validIn, true);
        boolean changed = true;
        boolean[] reached = new boolean[n];
        while (changed) {
            changed = false;
            boolean[] in = new boolean[n];
            java.util.Arrays.fill(in, true);
            java.util.Arrays.fill(reached, false);
            in[0] = true; // the prologue loads it
            reached[0] = true;
            for (int s = 0; s < siteInsn.length; s++) {
                in[siteInsn[s] + 1] = false;
                reached[siteInsn[s] + 1] = true;
            }
            boolean v = false;
            for (int i = 0; i < n; i++) {
                if (leader[i]) v = validIn[i];
                Insn ins = code.get(i);
                Opcode op = ins.op();
                // Edges leaving before the instruction's effect.
                if (childOf[i] > 0) edge(in, reached, i + 1, v); // a skipped fork child
                boolean after = heapAfter(ins, v);
                switch (op) {
                    case JMP -> edge(in, reached, ins.get(0), after);
                    case JT, JF -> edge(in, reached, ins.get(1), after);
                    case SWITCH -> { for (int t : ins.list(1)) edge(in, reached, t, after); }
                    case TCALL -> { if (ins.get(0) == fn) edge(in, reached, 0, after); }
                    case TCALLC -> edge(in, reached, 0, after);
                    default -> {}
                }
                v = after;
                if (i + 1 < n && leader[i + 1] && !op.isTerminator()) edge(in, reached, i + 1, v);
            }
            for (int i = 0; i < n; i++) {
                if (!leader[i]) continue;
                boolean nv = in[i] && reached[i];
                if (nv != validIn[i]) {
                    validIn[i] = nv;
                    changed = true;
                }
            }
        }
    }

    private static void edge(boolean[] in, boolean[] reached, int t, boolean v) {
        in[t] &= v;
        reached[t] = true;
    }

    /** Whether the code writes the lane stack in place (a push of more than three saved registers). */
    private boolean needsStack() {
        for (int s : siteInsn) if (code.get(s).list(3).length > 3) return true;
        return false;
    }

    private boolean needsAllocator() {
        for (Insn in : code) {
            switch (in.op()) {
                case NEW, NEWR, ALLOC, DUP, DROP, FREE, ISUNIQ, ANEW, AEMPTY, ASET, ATAKE, ASLICE, PRIM -> { return true; }
                default -> {}
            }
        }
        return false;
    }

    // ================================================================== run

    private void runMethod(ClassWriter cw) {
        analyseHeap();
        mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "run", runDescriptor(m, fn), null, null);
        mv.visitCode();
        int next = 4;
        for (int r = 0; r < kind.length; r++) {
            slot[r] = next;
            next += slots(kind[r]);
        }
        sST = next++;
        sH = next++;
        sALLOC = next++;
        sIP = next++;
        sSTEPS = next++;
        sCALLS = next++;
        sT0 = next;
        next += 2;
        sTHROW = next++;

        labels = new Label[n];
        for (int i = 0; i < n; i++) if (leader[i]) labels[i] = new Label();
        unwound = new Label();

        // Prologue (outside the handler's range: the handler reads these locals). Registers are
        // not initialised: the verifier proved every read follows a write on every path, and the
        // JVM's verifier follows the same paths (continuations define what the call saved).
        if (!jit.leaf(fn)) {
            // A leaf skips both: it adds one small JVM frame and calls nothing, and every
            // unbounded computation passes through a caller's entry or a loop's back edge.
            mv.visitVarInsn(ALOAD, 0);
            mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "enter", "()V", false);
            overBudget();
        }
        if (needsStack()) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "st", "[J");
            mv.visitVarInsn(ASTORE, sST);
        }
        if (hUsed) reloadHeapInto(mv);
        if (needsAllocator()) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "alloc", ALLOC_D);
            mv.visitVarInsn(ASTORE, sALLOC);
        }
        mv.visitInsn(ICONST_0);
        mv.visitVarInsn(ISTORE, sSTEPS);
        mv.visitInsn(ICONST_0);
        mv.visitVarInsn(ISTORE, sCALLS);
        mv.visitInsn(ICONST_M1);
        mv.visitVarInsn(ISTORE, sIP);
        if (argsInArray) {
            // (Also for a continuation, where they are dead: the JVM's verifier wants them defined.)
            for (int p = 0; p < arity; p++) {
                mv.visitVarInsn(ALOAD, 0);
                mv.visitFieldInsn(GETFIELD, CTX, "argv", "[J");
                pushInt(mv, p);
                mv.visitInsn(LALOAD);
                storeWord(p);
            }
        }
        Label tryStart = new Label();
        Label tryEnd = new Label();
        Label handler = new Label();
        Label entries = new Label();
        // The handler covers the whole body, the invocations of compiled callees included: a
        // callee's failure passes through it, which adds this activation's counters (kept in
        // locals across the call) and nothing else, since the invocation is at ip -1.
        mv.visitTryCatchBlock(tryStart, tryEnd, handler, "java/lang/Throwable");
        mv.visitLabel(tryStart);
        mv.visitVarInsn(ILOAD, 1);
        mv.visitJumpInsn(IFNE, entries);
        loopTop = new Label();
        if (hasSelfLoop()) {
            mv.visitLabel(loopTop);
            mv.visitInsn(NOP); // a block of its own: the outer loop's header (see selfLoop)
        }

        for (int i = 0; i < n; i++) {
            Insn in = code.get(i);
            if (leader[i]) {
                mv.visitLabel(labels[i]);
                mv.visitLineNumber(fd.lines()[i], labels[i]);
                hValid = validIn[i];
                countBlock(i);
            }
            boolean expect = heapAfter(in, hValid);
            emit(i, in);
            if (!in.op().isTerminator() && hValid != expect) {
                throw new IllegalStateException("heap array analysis disagrees at instruction " + i + " (" + in.op() + ")");
            }
        }

        // Backward branches go through a poll.
        for (Map.Entry<Integer, Label> p : pollStubs.entrySet()) {
            mv.visitLabel(p.getValue());
            hValid = validIn[p.getKey()];
            backEdgePoll();
            mv.visitJumpInsn(GOTO, labels[p.getKey()]);
        }

        // Continuations: entry s + 1 continues after call site s.
        mv.visitLabel(entries);
        int sites = siteInsn.length;
        if (sites > 0) {
            Label[] cases = new Label[sites];
            for (int s = 0; s < sites; s++) cases[s] = new Label();
            mv.visitVarInsn(ILOAD, 1);
            mv.visitTableSwitchInsn(1, sites, unwound, cases); // (the dispatcher only asks for these)
            for (int s = 0; s < sites; s++) {
                mv.visitLabel(cases[s]);
                int i = siteInsn[s];
                if (!reachable[i]) {
                    throwIllegalState(mv, "a frame names a call site no path reaches");
                    continue;
                }
                Insn in = code.get(i);
                for (int r : in.list(3)) loadFromLane(r);
                loadFromLane(in.get(0));
                mv.visitJumpInsn(GOTO, labels[i + 1]);
            }
        }
        // Leaving the activation because the lane unwinds (START, WAIT): counters first.
        mv.visitLabel(unwound);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitVarInsn(ILOAD, sSTEPS);
        mv.visitVarInsn(ILOAD, sCALLS);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "add", "(II)V", false);
        char rk = kindOf(fd.result());
        zero(mv, rk);
        mv.visitInsn(returnOp(rk));
        mv.visitLabel(tryEnd);

        // Handler: the counters of this activation, and for a fault of its own instruction
        // (ip >= 0) the interpreter's counts and the Vx backtrace.
        mv.visitLabel(handler);
        mv.visitVarInsn(ASTORE, sTHROW);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitVarInsn(ALOAD, sTHROW);
        pushInt(mv, fn);
        mv.visitVarInsn(ILOAD, sIP);
        mv.visitVarInsn(ILOAD, sSTEPS);
        mv.visitVarInsn(ILOAD, sCALLS);
        mv.visitVarInsn(ILOAD, sSP);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "fault", "(Ljava/lang/Throwable;IIIII)Ljava/lang/Throwable;", false);
        mv.visitInsn(ATHROW);

        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    // ================================================================== instructions

    private void emit(int i, Insn in) {
        int[] o = in.operands();
        Opcode op = in.op();
        switch (op) {
            case NOP -> {}
            case MOV -> {
                if (kind[o[0]] == kind[o[1]]) {
                    load(o[1]);
                    store(o[0]);
                } else {
                    loadWord(o[1]);
                    storeWord(o[0]);
                }
            }
            case LDI -> constant(o[0], o[1]);
            case LDK -> constant(o[0], m.constants()[o[1]]);
            case LDS -> constant(o[0], JitSupport.stringCells(jit.prog)[o[1]]);
            case ADD_U32 -> binary(o, "addU32");
            case SUB_U32 -> binary(o, "subU32");
            case MUL_U32 -> binary(o, "mulU32");
            case DIV_U32 -> { setIp(i); binary(o, "divU32"); }
            case REM_U32 -> { setIp(i); binary(o, "remU32"); }
            case ADD_I32 -> binary(o, "addI32");
            case SUB_I32 -> binary(o, "subI32");
            case MUL_I32 -> binary(o, "mulI32");
            case DIV_I32 -> { setIp(i); binary(o, "divI32"); }
            case REM_I32 -> { setIp(i); binary(o, "remI32"); }
            case ADD_64 -> binary(o, "add64");
            case SUB_64 -> binary(o, "sub64");
            case MUL_64 -> binary(o, "mul64");
            case DIV_U64 -> { setIp(i); binary(o, "divU64"); }
            case REM_U64 -> { setIp(i); binary(o, "remU64"); }
            case DIV_I64 -> { setIp(i); binary(o, "divI64"); }
            case REM_I64 -> { setIp(i); binary(o, "remI64"); }
            case ADD_NAT -> { setIp(i); binary(o, "addNat"); }
            case SUB_NAT -> binary(o, "subNat");
            case MUL_NAT -> { setIp(i); binary(o, "mulNat"); }
            case DIV_NAT -> { setIp(i); binary(o, "divNat"); }
            case REM_NAT -> { setIp(i); binary(o, "remNat"); }
            case ADD_F32 -> binary(o, "addF32");
            case SUB_F32 -> binary(o, "subF32");
            case MUL_F32 -> binary(o, "mulF32");
            case DIV_F32 -> binary(o, "divF32");
            case REM_F32 -> binary(o, "remF32");
            case ADD_F64 -> binary(o, "addF64");
            case SUB_F64 -> binary(o, "subF64");
            case MUL_F64 -> binary(o, "mulF64");
            case DIV_F64 -> binary(o, "divF64");
            case REM_F64 -> binary(o, "remF64");
            case NEG_I32 -> unary(o, "negI32");
            case NEG_I64 -> unary(o, "negI64");
            case NEG_F32 -> unary(o, "negF32");
            case NEG_F64 -> unary(o, "negF64");
            case SQRT_F32 -> unary(o, "sqrtF32");
            case SQRT_F64 -> unary(o, "sqrtF64");
            case AND -> binary(o, "and");
            case OR -> binary(o, "or");
            case XOR -> binary(o, "xor");
            case NOT_U32 -> unary(o, "notU32");
            case NOT_64 -> unary(o, "not64");
            case NOT_BOOL -> unary(o, "notBool");
            case SHL_U32 -> binary(o, "shlU32");
            case SHL_I32 -> binary(o, "shlI32");
            case SHL_64 -> binary(o, "shl64");
            case SHR_U32 -> binary(o, "shrU32");
            case SHR_I32 -> binary(o, "shrI32");
            case SHR_U64 -> binary(o, "shrU64");
            case SHR_I64 -> binary(o, "shrI64");
            case EQ -> compare(o, isInt(o[1]) ? "eq32" : "eq64");
            case NE -> compare(o, isInt(o[1]) ? "ne32" : "ne64");
            case LT_S -> compare(o, kind[o[1]] == 'U' ? "ltU32" : kind[o[1]] == 'I' ? "ltI32" : "lt64");
            case LE_S -> compare(o, kind[o[1]] == 'U' ? "leU32" : kind[o[1]] == 'I' ? "leI32" : "le64");
            case LT_U64 -> compare(o, "ltUnsigned64");
            case LE_U64 -> compare(o, "leUnsigned64");
            case EQ_F32 -> compare(o, "eqF32");
            case LT_F32 -> compare(o, "ltF32");
            case LE_F32 -> compare(o, "leF32");
            case EQ_F64 -> compare(o, "eqF64");
            case LT_F64 -> compare(o, "ltF64");
            case LE_F64 -> compare(o, "leF64");
            case CONV -> {
                loadWord(o[1]);
                pushInt(mv, o[2]);
                mv.visitMethodInsn(INVOKESTATIC, OPS, "convert", "(JI)J", false);
                storeWord(o[0]);
            }
            case JMP -> mv.visitJumpInsn(GOTO, target(i, o[0]));
            case JT, JF -> {
                pushAsInt(o[0]);
                mv.visitJumpInsn(op == Opcode.JT ? IFNE : IFEQ, target(i, o[1]));
            }
            case SWITCH -> emitSwitch(i, in);
            case CALL, CALLC, JOB -> emitCall(i, in);
            case TCALL -> emitTailCall(in.get(0), in.list(1));
            case TCALLC -> emitTailCallClosure(in);
            case RET -> {
                if (siteInsn.length > 0) returnIntoOwnFrame(o[0]);
                if (jit.leaf(fn)) {
                    // A leaf calls nothing (no calls of its own to count) and leaves the lane
                    // stack as it was: its steps go to its caller (invokeRun, leafCall).
                    mv.visitVarInsn(ALOAD, 0);
                    mv.visitVarInsn(ILOAD, sSTEPS);
                    mv.visitFieldInsn(PUTFIELD, CTX, "leafSteps", "I");
                } else {
                    mv.visitVarInsn(ALOAD, 0);
                    mv.visitVarInsn(ILOAD, sSTEPS);
                    mv.visitVarInsn(ILOAD, sCALLS);
                    mv.visitVarInsn(ILOAD, sSP);
                    mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "leave", "(III)V", false);
                }
                load(o[0]);
                mv.visitInsn(returnOp(kind[o[0]]));
            }
            case FORK -> emitFork(i, in);
            case JOIN -> emitJoin(i, in);
            case PANIC -> {
                setIp(i);
                useHeap();
                mv.visitTypeInsn(NEW, "dev/vx/vm/VmError");
                mv.visitInsn(DUP);
                mv.visitVarInsn(ALOAD, sH);
                loadWord(o[0]);
                mv.visitMethodInsn(INVOKESTATIC, "dev/vx/vm/Strings", "toJava", "([JJ)Ljava/lang/String;", false);
                mv.visitMethodInsn(INVOKESPECIAL, "dev/vx/vm/VmError", "<init>", "(Ljava/lang/String;)V", false);
                mv.visitInsn(ATHROW);
            }
            case EXIT -> {
                setIp(i);
                mv.visitTypeInsn(NEW, "dev/vx/vm/ProgramExit");
                mv.visitInsn(DUP);
                pushAsInt(o[0]);
                mv.visitMethodInsn(INVOKESPECIAL, "dev/vx/vm/ProgramExit", "<init>", "(I)V", false);
                mv.visitInsn(ATHROW);
            }
            case NEW -> emitNew(i, o[0], -1, o[1], in.list(2));
            case NEWR -> emitNew(i, o[0], o[1], o[2], in.list(3));
            case GET -> {
                useHeap();
                mv.visitVarInsn(ALOAD, sH);
                pushAsInt(o[1]);
                char k = kind[o[0]];
                if (k == 'F' || k == 'D') {
                    // Straight into a float register (JitHeap.wordF).
                    pushInt(mv, o[2]);
                    mv.visitMethodInsn(INVOKESTATIC, HEAP, "get" + k, "([JII)" + k, false);
                    store(o[0]);
                } else {
                    pushInt(mv, 1 + o[2]);
                    mv.visitInsn(IADD);
                    mv.visitInsn(LALOAD);
                    storeWord(o[0]);
                }
            }
            case SETF -> {
                useHeap();
                mv.visitVarInsn(ALOAD, sH);
                pushAsInt(o[0]);
                pushInt(mv, 1 + o[2]);
                mv.visitInsn(IADD);
                loadWord(o[3]);
                mv.visitInsn(LASTORE);
            }
            case DUP, DROP -> {
                // The fast path inline (HotSpot inlines the small helper), the rest out of line.
                if (op == Opcode.DROP) setIp(i);
                useHeap();
                Label done = new Label();
                mv.visitVarInsn(ALOAD, sH);
                loadWord(o[0]);
                mv.visitMethodInsn(INVOKESTATIC, ALLOC, op == Opcode.DUP ? "dupFast" : "dropFast", "([JJ)Z", false);
                mv.visitJumpInsn(IFNE, done);
                mv.visitVarInsn(ALOAD, sALLOC);
                loadWord(o[0]);
                mv.visitMethodInsn(INVOKEVIRTUAL, ALLOC, op == Opcode.DUP ? "dup" : "drop", "(J)V", false);
                mv.visitLabel(done);
                if (op == Opcode.DROP) hValid = false;
            }
            case FREE -> {
                setIp(i);
                mv.visitVarInsn(ALOAD, sALLOC);
                loadWord(o[0]);
                mv.visitMethodInsn(INVOKEVIRTUAL, ALLOC, "freeToken", "(J)V", false);
                hValid = false;
            }
            case ISUNIQ -> {
                mv.visitVarInsn(ALOAD, sALLOC);
                loadWord(o[1]);
                mv.visitMethodInsn(INVOKEVIRTUAL, ALLOC, "isUnique", "(J)Z", false);
                storeBool(o[0]);
            }
            case ANEW -> {
                setIp(i);
                mv.visitVarInsn(ALOAD, sALLOC);
                loadWord(o[1]);
                loadWord(o[2]);
                pushInt(mv, Layout.arrayKind(m, fd.registerTypes()[o[0]]));
                mv.visitMethodInsn(INVOKESTATIC, ARRAYS, "fill", "(" + ALLOC_D + "JJI)J", false);
                storeWord(o[0]);
                hValid = false;
            }
            case ALLOC -> {
                setIp(i);
                mv.visitVarInsn(ALOAD, sALLOC);
                pushInt(mv, o[1]);
                pushInt(mv, m.ctor(o[1]).fields().length);
                mv.visitMethodInsn(INVOKEVIRTUAL, ALLOC, "newCell", "(II)J", false);
                storeWord(o[0]);
                hValid = false;
            }
            case AEMPTY -> {
                setIp(i);
                mv.visitVarInsn(ALOAD, sALLOC);
                pushInt(mv, Layout.arrayKind(m, fd.registerTypes()[o[0]]));
                mv.visitInsn(LCONST_0);
                mv.visitInsn(ICONST_0);
                mv.visitMethodInsn(INVOKEVIRTUAL, ALLOC, "newVariable", "(IJI)J", false);
                storeWord(o[0]);
                hValid = false;
            }
            case AGET -> {
                // The element in the destination's form: no word conversion after the read.
                setIp(i);
                useHeap();
                mv.visitVarInsn(ALOAD, sH);
                pushAsInt(o[1]);
                pushAsInt(o[2]);
                char k = jvm(kind[o[0]]);
                boolean half = Layout.isHalfElement(m.type(fd.registerTypes()[o[1]]).element());
                mv.visitMethodInsn(INVOKESTATIC, HEAP, (half ? "agetH" : "aget") + k, "([JII)" + k, false);
                store(o[0]);
            }
            case ATAKE -> {
                // Reads the heap through the allocator and never replaces it: the cached array stays valid.
                setIp(i);
                mv.visitVarInsn(ALOAD, sALLOC);
                loadWord(o[1]);
                loadWord(o[2]);
                mv.visitMethodInsn(INVOKESTATIC, ARRAYS, "take", "(" + ALLOC_D + "JJ)J", false);
                storeWord(o[0]);
            }
            case ASET -> {
                setIp(i);
                mv.visitVarInsn(ALOAD, sALLOC);
                loadWord(o[1]);
                loadWord(o[2]);
                loadWord(o[3]);
                mv.visitMethodInsn(INVOKESTATIC, ARRAYS, "set", "(" + ALLOC_D + "JJJ)J", false);
                storeWord(o[0]);
                hValid = false;
            }
            case ALEN -> {
                useHeap();
                mv.visitVarInsn(ALOAD, sH);
                pushAsInt(o[1]);
                mv.visitInsn(ICONST_1);
                mv.visitInsn(IADD);
                mv.visitInsn(LALOAD);
                storeWord(o[0]);
            }
            case ASLICE -> {
                setIp(i);
                mv.visitVarInsn(ALOAD, sALLOC);
                loadWord(o[1]);
                loadWord(o[2]);
                loadWord(o[3]);
                mv.visitMethodInsn(INVOKESTATIC, ARRAYS, "slice", "(" + ALLOC_D + "JJJ)J", false);
                storeWord(o[0]);
                hValid = false;
            }
            case PRIM -> {
                setIp(i);
                int[] args = in.list(2);
                pushInt(mv, o[1]);
                for (int k = 0; k < 3; k++) {
                    if (k < args.length) loadWord(args[k]);
                    else mv.visitInsn(LCONST_0);
                }
                TypeDesc t = m.type(fd.registerTypes()[o[0]]);
                pushInt(mv, t.kind().hasCtors() ? t.firstCtor() : 0);
                mv.visitVarInsn(ALOAD, sALLOC);
                mv.visitVarInsn(ALOAD, 0);
                mv.visitFieldInsn(GETFIELD, CTX, "host", "Ldev/vx/vm/Host;");
                mv.visitMethodInsn(INVOKESTATIC, "dev/vx/vm/Prims", "call", "(IJJJI" + ALLOC_D + "Ldev/vx/vm/Host;)J", false);
                storeWord(o[0]);
                hValid = false;
            }
            default -> throw new IllegalStateException("no code for " + op);
        }
    }

    /** {@code d := a op b} through the {@code Ops} method of the operands' form (int, long, float, double). */
    private void binary(int[] o, String method) {
        char k = jvm(kind[o[1]]);
        load(o[1]);
        load(o[2]);
        mv.visitMethodInsn(INVOKESTATIC, OPS, method, "(" + k + k + ")" + k, false);
        store(o[0]);
    }

    private void unary(int[] o, String method) {
        char k = jvm(kind[o[1]]);
        load(o[1]);
        mv.visitMethodInsn(INVOKESTATIC, OPS, method, "(" + k + ")" + k, false);
        store(o[0]);
    }

    /** A comparison: the {@code Ops} predicate's boolean is the Bool register's int form. */
    private void compare(int[] o, String method) {
        char k = jvm(kind[o[1]]);
        load(o[1]);
        load(o[2]);
        mv.visitMethodInsn(INVOKESTATIC, OPS, method, "(" + k + k + ")Z", false);
        storeBool(o[0]);
    }

    /** Stores a JVM boolean (an int 0 or 1 on the stack) in Bool register {@code d}. */
    private void storeBool(int d) {
        if (kind[d] != 'I') throw new IllegalStateException("a Bool register in form " + kind[d]);
        store(d);
    }

    private boolean isInt(int r) {
        return kind[r] == 'I' || kind[r] == 'U';
    }

    /** The label of a jump from {@code from} to {@code t}: backward jumps go through a poll. */
    private Label target(int from, int t) {
        if (t > from) return labels[t];
        return pollStubs.computeIfAbsent(t, k -> new Label());
    }

    private void emitSwitch(int i, Insn in) {
        int a = in.get(0);
        int[] targets = in.list(1);
        TypeDesc t = m.type(fd.registerTypes()[a]);
        useHeap();
        Label cell = new Label();
        Label got = new Label();
        pushAsInt(a);
        pushInt(mv, Layout.HEAP_BASE);
        mv.visitJumpInsn(IF_ICMPGE, cell);
        pushAsInt(a);
        mv.visitJumpInsn(GOTO, got);
        mv.visitLabel(cell);
        mv.visitVarInsn(ALOAD, sH);
        pushAsInt(a);
        mv.visitInsn(LALOAD);
        mv.visitMethodInsn(INVOKESTATIC, "dev/vx/bytecode/Layout", "ctor", "(J)I", false);
        mv.visitLabel(got);
        pushInt(mv, t.firstCtor());
        mv.visitInsn(ISUB);
        Label[] cases = new Label[targets.length];
        for (int k = 0; k < targets.length; k++) cases[k] = target(i, targets[k]);
        Label bad = new Label();
        if (targets.length > 0) { // a type without constructors has no values: only `bad` is left
            mv.visitTableSwitchInsn(0, targets.length - 1, bad, cases);
        } else {
            mv.visitInsn(POP);
        }
        mv.visitLabel(bad);
        mv.visitMethodInsn(INVOKESTATIC, OPS, "switchOutsideType", "()Ljava/lang/IllegalStateException;", false);
        mv.visitInsn(ATHROW);
    }

    // ---------------------------------------------------------------- calls

    private void emitCall(int i, Insn in) {
        Opcode op = in.op();
        int d = in.get(0);
        int[] args = in.list(2);
        int[] saves = in.list(3);
        int ns = saves.length;
        int site = siteOf[i];
        Label after = labels[i + 1];

        if (childOf[i] == 0) {
            // The first child of a fork group: the group's current child from now on.
            Label go = new Label();
            pushAsInt(joinRegOf[i]);
            mv.visitJumpInsn(IFEQ, go);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
            loadWord(joinRegOf[i]);
            mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "firstChild", "(" + LANE_D + "J)V", false);
            mv.visitLabel(go);
        }
        if (childOf[i] > 0) {
            // A later child of a fork group: skipped when another lane took it.
            Label go = new Label();
            pushAsInt(joinRegOf[i]);
            mv.visitJumpInsn(IFEQ, go);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "w", WORKER_D);
            loadWord(joinRegOf[i]);
            pushInt(mv, childOf[i]);
            mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "claimChild", "(" + LANE_D + WORKER_D + "JI)Z", false);
            mv.visitJumpInsn(IFNE, go);
            zero(mv, kind[d]); // defined (the join fills it in), as the verifier sees it after the call
            store(d);
            mv.visitJumpInsn(GOTO, after);
            mv.visitLabel(go);
        }
        if (op == Opcode.JOB) {
            // Outside a job: the lane waits while the callee runs as a job.
            Label inJob = new Label();
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
            mv.visitFieldInsn(GETFIELD, LANE, "inJob", "Z");
            mv.visitJumpInsn(IFNE, inJob);
            for (int r : saves) storeToLane(r);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "w", WORKER_D);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
            pushInt(mv, fn);
            pushInt(mv, pos[i + 1]);
            mv.visitVarInsn(ILOAD, sSP);
            pushInt(mv, in.get(1));
            pushInt(mv, args.length);
            mv.visitIntInsn(NEWARRAY, T_LONG);
            for (int k = 0; k < args.length; k++) {
                mv.visitInsn(DUP);
                pushInt(mv, k);
                loadWord(args[k]);
                mv.visitInsn(LASTORE);
            }
            pushInt(mv, d);
            pushInt(mv, pos[i]);
            mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "startJob", "(" + WORKER_D + LANE_D + "IIII[JII)V", false);
            setIp(-1);
            await();
            mv.visitLabel(inJob);
        }

        if (isLeafCall(i)) leafCall(in, ns, after);

        // Push the continuation frame (spilling first when it would not fit). This
        // activation's counters stay in its locals across the call, to be added when it ends
        // (or by its handler if the callee fails): adding them to the context here was a
        // read-modify-write of memory on every call.
        if (!countsCallInAdvance(i)) countCall();
        setIp(i);
        hValid = false;
        if (ns <= 3) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ILOAD, sSP);
            for (int r : saves) loadWord(r);
            pushLong(Layout.resumeWord(fn, site, ns + 1));
            mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "push", "(I" + "J".repeat(ns + 1) + ")I", false);
            mv.visitVarInsn(ISTORE, sSP);
        } else {
            Label fits = new Label();
            compareWithFrameRoom(ns + 1);
            mv.visitJumpInsn(IF_ICMPLE, fits);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ILOAD, sSP);
            mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "spill", "(I)I", false);
            mv.visitVarInsn(ISTORE, sSP);
            mv.visitLabel(fits);
            for (int k = 0; k < ns; k++) {
                mv.visitVarInsn(ALOAD, sST);
                mv.visitVarInsn(ILOAD, sSP);
                if (k > 0) {
                    pushInt(mv, k);
                    mv.visitInsn(IADD);
                }
                loadWord(saves[k]);
                mv.visitInsn(LASTORE);
            }
            mv.visitVarInsn(ALOAD, sST);
            mv.visitVarInsn(ILOAD, sSP);
            pushInt(mv, ns);
            mv.visitInsn(IADD);
            pushLong(Layout.resumeWord(fn, site, ns + 1));
            mv.visitInsn(LASTORE);
            mv.visitIincInsn(sSP, ns + 1);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ILOAD, sSP);
            mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "framePeak", "(I)V", false);
        }

        Label returned = new Label();
        if (op == Opcode.CALLC) {
            int a = in.get(1);
            int[] all = new int[args.length + 1];
            all[0] = a;
            System.arraycopy(args, 0, all, 1, args.length);
            TypeDesc t = m.type(fd.registerTypes()[a]);
            Label slow = new Label();
            if (t.ctorCount() > 0 && t.ctorCount() <= MAX_SHAPES) {
                Label[] cases = new Label[t.ctorCount()];
                for (int k = 0; k < cases.length; k++) cases[k] = new Label();
                closureShape(a, t.firstCtor());
                mv.visitTableSwitchInsn(0, cases.length - 1, slow, cases);
                for (int k = 0; k < cases.length; k++) {
                    mv.visitLabel(cases[k]);
                    int g = m.ctor(t.firstCtor() + k).closureFunction();
                    directCall(g, all, d, returned);
                }
            }
            if (t.ctorCount() > 0 && t.ctorCount() <= MAX_SHAPES) {
                mv.visitLabel(slow);
                startViaDispatcher(-1, a, all);
            } else {
                invokeClosure(a, all, t);
                mv.visitVarInsn(storeOp(kind[d]), slot[d]);
            }
        } else {
            directCall(in.get(1), args, d, null);
        }
        // The callee returned into this activation's frame: pop it (restoring spilled frames first).
        mv.visitLabel(returned);
        mv.visitVarInsn(ALOAD, 0);
        pushInt(mv, ns + 1);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "popped", "(I)I", false);
        mv.visitInsn(DUP);
        mv.visitVarInsn(ISTORE, sSP);
        mv.visitJumpInsn(IFLT, unwound);
        hValid = false; // the next instruction is the block after the call

    }

    /**
     * A call of a leaf whose frame fits: the peak is kept as if the frame were pushed, but the
     * frame is not written (the leaf can neither fail nor unwind, so nothing reads it) and no
     * pop follows; the step and call counters are the activation's as for any call (the call
     * was counted with its block). When the frame would not fit, control falls through to the
     * ordinary call below, which spills exactly as the interpreter does.
     */
    private void leafCall(Insn in, int ns, Label after) {
        Label full = new Label();
        compareWithFrameRoom(ns + 1);
        mv.visitJumpInsn(IF_ICMPGT, full);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitVarInsn(ILOAD, sSP);
        pushInt(mv, ns + 1);
        mv.visitInsn(IADD);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "framePeak", "(I)V", false);
        int g = in.get(1);
        invokeRun(g, in.list(2), jit.frameBytes(g), false);
        mv.visitVarInsn(storeOp(kind[in.get(0)]), slot[in.get(0)]);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "leafSteps", "I");
        mv.visitVarInsn(ILOAD, sSTEPS);
        mv.visitInsn(IADD);
        mv.visitVarInsn(ISTORE, sSTEPS);
        mv.visitJumpInsn(GOTO, after);
        mv.visitLabel(full);
    }

    /**
     * A return of {@code r} by an activation the dispatcher started or resumed ({@code depth}
     * 0: no compiled caller waits for the value) whose lane's top frame is one of this same
     * function's: instead of returning to the dispatcher, which would pop the frame and resume
     * the function at the call site through {@code enter}, the activation pops the frame itself
     * and continues after that call site — the interpreter's {@code ret}, without the round
     * trip. A deep recursion returns this way after its compiled activations were unwound (the
     * JVM stack budget) or its frames restored from the heap. Counters go on accumulating as
     * they would have (the continuation counts its blocks), so the statistics are unchanged.
     * Every {@link JitCtx#POLL_STEPS} steps it returns anyway, so the dispatcher polls. An exit
     * frame (a spilled block, or the lane's bottom) is the dispatcher's.
     */
    private void returnIntoOwnFrame(int r) {
        Label normal = new Label();
        mv.visitVarInsn(ILOAD, 2);
        mv.visitJumpInsn(IFNE, normal);
        mv.visitVarInsn(ILOAD, sSTEPS);
        pushInt(mv, (int) JitCtx.POLL_STEPS);
        mv.visitJumpInsn(IF_ICMPGE, normal);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "st", "[J");
        mv.visitVarInsn(ILOAD, sSP);
        mv.visitInsn(ICONST_1);
        mv.visitInsn(ISUB);
        mv.visitInsn(LALOAD);
        mv.visitVarInsn(LSTORE, sT0);
        mv.visitVarInsn(LLOAD, sT0);
        pushInt(mv, 32);
        mv.visitInsn(LUSHR);
        mv.visitInsn(L2I);
        pushInt(mv, fn);
        mv.visitJumpInsn(IF_ICMPNE, normal); // another function's frame, or FID_EXIT (-1)
        mv.visitVarInsn(LLOAD, sT0);
        mv.visitInsn(L2I);
        pushInt(mv, Layout.MAX_SITES - 1);
        mv.visitInsn(IAND);
        int sites = siteInsn.length;
        Label[] cases = new Label[sites];
        for (int s = 0; s < sites; s++) cases[s] = new Label();
        mv.visitTableSwitchInsn(0, sites - 1, normal, cases);
        for (int s = 0; s < sites; s++) {
            mv.visitLabel(cases[s]);
            int i = siteInsn[s];
            if (!reachable[i]) {
                mv.visitJumpInsn(GOTO, normal);
                continue;
            }
            Insn call = code.get(i);
            int[] saves = call.list(3);
            // The value first: r may be one of the registers the frame restores.
            loadWord(r);
            storeWord(call.get(0));
            mv.visitIincInsn(sSP, -(saves.length + 1));
            for (int k = 0; k < saves.length; k++) {
                mv.visitVarInsn(ALOAD, 0);
                mv.visitFieldInsn(GETFIELD, CTX, "st", "[J");
                mv.visitVarInsn(ILOAD, sSP);
                if (k > 0) {
                    pushInt(mv, k);
                    mv.visitInsn(IADD);
                }
                mv.visitInsn(LALOAD);
                storeWord(saves[k]);
            }
            mv.visitJumpInsn(GOTO, labels[i + 1]);
        }
        mv.visitLabel(normal);
    }

    /**
     * Pushes the stack pointer and the highest one at which a frame of {@code frameWords}
     * words still fits (as {@link JitCtx#push} tests it): a frame fits when the first is at
     * most the second.
     */
    private void compareWithFrameRoom(int frameWords) {
        mv.visitVarInsn(ILOAD, sSP);
        pushInt(mv, Layout.LANE_STACK_WORDS - frameWords);
    }

    /** Whether instruction {@code i} is a call of a leaf outside a fork group (see {@link #leafCall}). */
    private boolean isLeafCall(int i) {
        Insn in = code.get(i);
        return in.op() == Opcode.CALL && childOf[i] < 0 && jit.leaf(in.get(1));
    }

    /** Pushes the shape index of the closure in register {@code a} (its constructor minus the type's first). */
    private void closureShape(int a, int firstCtor) {
        useHeap();
        mv.visitVarInsn(ALOAD, sH);
        pushAsInt(a);
        mv.visitInsn(LALOAD);
        mv.visitMethodInsn(INVOKESTATIC, "dev/vx/bytecode/Layout", "ctor", "(J)I", false);
        pushInt(mv, firstCtor);
        mv.visitInsn(ISUB);
    }

    /**
     * Invokes {@code g}'s compiled method with {@code args} if the JVM stack budget allows
     * (else jumps to {@code slow}); stores the result in {@code d}; leaves this activation if
     * the callee unwound; else jumps to {@code returned}.
     */
    private void directCall(int g, int[] args, int d, Label returned) {
        invokeRun(g, args, jit.frameBytes(g));
        mv.visitVarInsn(storeOp(kind[d]), slot[d]);
        if (returned != null) mv.visitJumpInsn(GOTO, returned);
    }

    /** Pushes the arguments of {@code g}'s {@code run} and invokes it; a leaf's steps go to the context. */
    private void invokeRun(int g, int[] args, int cost) {
        invokeRun(g, args, cost, true);
    }

    /**
     * Pushes the arguments of {@code g}'s {@code run} and invokes it. A leaf leaves its steps in
     * {@code c.leafSteps}: unless the caller takes them itself ({@code leafCall}),
     * {@code settleLeaf} does what the leaf's {@code leave} would have done.
     */
    private void invokeRun(int g, int[] args, int cost, boolean settleLeaf) {
        setIp(-1); // a failure from here on is the callee's (see the handler)
        FunctionDesc gd = m.function(g);
        boolean viaArray = paramsInArray(gd);
        if (viaArray) {
            for (int k = 0; k < args.length; k++) {
                mv.visitVarInsn(ALOAD, 0);
                mv.visitFieldInsn(GETFIELD, CTX, "argv", "[J");
                pushInt(mv, k);
                loadWord(args[k]);
                mv.visitInsn(LASTORE);
            }
        }
        mv.visitVarInsn(ALOAD, 0);
        mv.visitInsn(ICONST_0);
        mv.visitVarInsn(ILOAD, 2);
        pushInt(mv, cost);
        mv.visitInsn(IADD);
        mv.visitVarInsn(ILOAD, sSP);
        if (!viaArray) {
            for (int k = 0; k < args.length; k++) {
                char want = kindOf(gd.params()[k]);
                load(args[k]);
                if (want != kind[args[k]]) {
                    toWord(mv, kind[args[k]]);
                    fromWord(mv, want);
                }
            }
        }
        mv.visitMethodInsn(INVOKESTATIC, JitLoader.internalName(g), "run", runDescriptor(m, g), false);
        if (settleLeaf && jit.leaf(g)) {
            // The leaf was called with this activation's stack pointer (after its frame, if any).
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ILOAD, sSP);
            mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "leafReturned", "(I)V", false);
        }
    }

    /**
     * Asks the dispatcher to start a function with {@code args} (in {@code lane.regs}): {@code g},
     * or when {@code g < 0} the function of the closure in register {@code clo}.
     */
    private void startViaDispatcher(int g, int clo, int[] args) {
        for (int k = 0; k < args.length; k++) storeToLane(k, args[k]);
        mv.visitVarInsn(ALOAD, 0);
        if (g >= 0) {
            pushInt(mv, g);
        } else {
            mv.visitVarInsn(ALOAD, 0);
            loadWord(clo);
            mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "closureFunction", "(J)I", false);
        }
        mv.visitVarInsn(ILOAD, sSP);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "start", "(II)V", false);
        mv.visitJumpInsn(GOTO, unwound);
    }

    /**
     * Takes back what this activation counted in advance from instruction {@code i} to the end
     * of its block: a {@code join} that waits runs again, with the rest of its block, when the
     * lane resumes, and counts then.
     */
    private void uncountFrom(int i) {
        int last = blockEnd[i] - 1;
        long w = last - i + 1 + (countsCallInAdvance(last) ? JitCtx.CALL : 0);
        mv.visitVarInsn(ILOAD, sSTEPS);
        pushInt(mv, (int) w);
        mv.visitInsn(ISUB);
        mv.visitVarInsn(ISTORE, sSTEPS);
        if (w >>> 32 != 0) {
            mv.visitVarInsn(ILOAD, sCALLS);
            pushInt(mv, (int) (w >>> 32));
            mv.visitInsn(ISUB);
            mv.visitVarInsn(ISTORE, sCALLS);
        }
    }

    /** The lane waits: every compiled activation returns. */
    private void await() {
        mv.visitVarInsn(ALOAD, 0);
        mv.visitVarInsn(ILOAD, sSP);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "await", "(I)V", false);
        mv.visitJumpInsn(GOTO, unwound);
    }

    /** {@code tcall g(args)}; {@code g == fn} is a loop. */
    private void emitTailCall(int g, int[] args) {
        if (g == fn) {
            selfLoop(args);
            return;
        }
        tailCall(g, args);
    }

    /** Leaves this activation for {@code g(args)}: a direct invocation, or through the dispatcher. */
    private void tailCall(int g, int[] args) {
        flush();
        invokeRun(g, args, jit.frameBytes(g));
        mv.visitInsn(returnOp(kindOf(m.function(g).result())));
    }

    /**
     * In the prologue: an activation beyond the JIT's JVM stack budget asks the dispatcher to
     * start it afresh (its caller's frame is already on the lane stack, or it was a tail call),
     * so that no chain of direct calls grows the JVM stack without bound.
     */
    private void overBudget() {
        Label ok = new Label();
        mv.visitVarInsn(ILOAD, 2);
        pushInt(mv, jit.stackBudget);
        mv.visitJumpInsn(IF_ICMPLE, ok);
        if (argsInArray) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "argv", "[J");
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
            mv.visitFieldInsn(GETFIELD, LANE, "regs", "[J");
            mv.visitInsn(ICONST_0);
            pushInt(mv, arity);
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", false);
        } else {
            for (int p = 0; p < arity; p++) storeToLane(p);
        }
        mv.visitVarInsn(ALOAD, 0);
        pushInt(mv, fn);
        mv.visitVarInsn(ILOAD, sSP);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "start", "(II)V", false);
        char rk = kindOf(fd.result());
        zero(mv, rk);
        mv.visitInsn(returnOp(rk));
        mv.visitLabel(ok);
    }

    private void selfLoop(int[] args) {
        for (int k = 0; k < args.length; k++) {
            load(args[k]);
            if (kind[args[k]] != kind[k]) {
                toWord(mv, kind[args[k]]);
                fromWord(mv, kind[k]);
            }
        }
        for (int k = args.length - 1; k >= 0; k--) store(k);
        // The poll leaves the inner loop for an outer one (through loopTop), so that the inner
        // loop has no call in it and HotSpot can hoist what is invariant out of it.
        mv.visitVarInsn(ILOAD, sSTEPS);
        pushInt(mv, (int) JitCtx.POLL_STEPS);
        mv.visitJumpInsn(IF_ICMPLT, labels[0]);
        flush();
        setIp(-1);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "poll", "()V", false);
        if (hValid) reloadHeapInto(mv);
        mv.visitJumpInsn(GOTO, loopTop);
    }

    private boolean hasSelfLoop() {
        for (Insn in : code) {
            if (in.op() == Opcode.TCALL && in.get(0) == fn) return true;
            if (in.op() == Opcode.TCALLC) {
                TypeDesc t = m.type(fd.registerTypes()[in.get(0)]);
                for (int k = 0; k < t.ctorCount(); k++) if (m.ctor(t.firstCtor() + k).closureFunction() == fn) return true;
            }
        }
        return false;
    }

    private void emitTailCallClosure(Insn in) {
        int a = in.get(0);
        int[] args = in.list(1);
        int[] all = new int[args.length + 1];
        all[0] = a;
        System.arraycopy(args, 0, all, 1, args.length);
        TypeDesc t = m.type(fd.registerTypes()[a]);
        Label slow = new Label();
        useHeap();
        if (t.ctorCount() > 0 && t.ctorCount() <= MAX_SHAPES) {
            Label[] cases = new Label[t.ctorCount()];
            for (int k = 0; k < cases.length; k++) cases[k] = new Label();
            closureShape(a, t.firstCtor());
            mv.visitTableSwitchInsn(0, cases.length - 1, slow, cases);
            for (int k = 0; k < cases.length; k++) {
                mv.visitLabel(cases[k]);
                int g = m.ctor(t.firstCtor() + k).closureFunction();
                if (g == fn) selfLoop(all);
                else tailCall(g, all);
            }
        }
        if (t.ctorCount() > 0 && t.ctorCount() <= MAX_SHAPES) {
            mv.visitLabel(slow);
            setIp(-1);
            startViaDispatcher(-1, a, all);
        } else {
            // A tail call through the closure's compiled code, returned as this activation's result.
            flush();
            invokeClosure(a, all, t);
            mv.visitInsn(returnOp(kindOf(fd.result())));
        }
    }

    /**
     * A call of the closure in {@code clo} when its type has more shapes than a static
     * dispatch covers ({@link #MAX_SHAPES}): the arguments go to {@code lane.regs} and
     * {@link JitCtx#invokeClosure} runs the function's compiled code directly (a megamorphic
     * interface call), leaving the result on the JVM stack in the kind of the type's result,
     * as a static call would. A function that stays in the interpreter unwinds to the
     * dispatcher, as a direct call of its stub does.
     */
    private void invokeClosure(int clo, int[] all, TypeDesc t) {
        setIp(-1); // a failure from here on is the callee's (see the handler)
        for (int k = 0; k < all.length; k++) storeToLane(k, all[k]);
        int cost = 0;
        for (int s = 0; s < t.ctorCount(); s++) cost = Math.max(cost, jit.frameBytes(m.ctor(t.firstCtor() + s).closureFunction()));
        mv.visitVarInsn(ALOAD, 0);
        loadWord(clo);
        mv.visitVarInsn(ILOAD, 2);
        pushInt(mv, cost);
        mv.visitInsn(IADD);
        mv.visitVarInsn(ILOAD, sSP);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "invokeClosure", "(JII)J", false);
        fromWord(mv, kindOf(t.result()));
    }

    // ---------------------------------------------------------------- fork groups

    private void emitFork(int i, Insn in) {
        int d = in.get(0);
        int k = in.get(1);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "stats", "L" + STATS + ";");
        mv.visitInsn(DUP);
        mv.visitFieldInsn(GETFIELD, STATS, "forks", "J");
        pushLong(k);
        mv.visitInsn(LADD);
        mv.visitFieldInsn(PUTFIELD, STATS, "forks", "J");
        Label seq = new Label();
        Label done = new Label();
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "w", WORKER_D);
        mv.visitMethodInsn(INVOKEVIRTUAL, WORKER, "parallel", "()Z", false);
        mv.visitJumpInsn(IFEQ, seq);
        setIp(i);
        for (int c = 1; c < k; c++) for (int r : code.get(i + 1 + c).list(2)) storeToLane(r);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "prog", PROGRAM_D);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "w", WORKER_D);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
        mv.visitFieldInsn(GETFIELD, LANE, "regs", "[J");
        pushInt(mv, fn);
        pushInt(mv, pos[i]);
        pushInt(mv, k);
        mv.visitVarInsn(ILOAD, sSP);
        mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "publishChildren", "(" + PROGRAM_D + LANE_D + WORKER_D + "[JIIII)J", false);
        storeWord(d);
        mv.visitJumpInsn(GOTO, done);
        mv.visitLabel(seq);
        zero(mv, kind[d]);
        store(d);
        mv.visitLabel(done);
        hValid = false;
    }

    private void emitJoin(int i, Insn in) {
        int j = in.get(0);
        int[] dsts = joinDsts[i];
        Insn last = code.get(i - 1);
        Label done = new Label();
        Label collect = new Label();
        pushAsInt(j);
        mv.visitJumpInsn(IFEQ, done);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
        loadWord(j);
        mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "joinArrived", "(" + LANE_D + "J)Z", false);
        mv.visitJumpInsn(IFNE, collect);
        // First arrival: save the lane's state (the continuation of the last call) before
        // announcing it, since the last child to deliver may then resume the lane anywhere.
        for (int r : last.list(3)) storeToLane(r);
        storeToLane(last.get(0));
        mv.visitVarInsn(ALOAD, 0);
        pushInt(mv, fn);
        pushInt(mv, pos[i]);
        mv.visitVarInsn(ILOAD, sSP);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "suspend", "(III)V", false);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
        loadWord(j);
        mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "joinArrive", "(" + LANE_D + "J)Z", false);
        Label stay = new Label();
        mv.visitJumpInsn(IFEQ, stay);
        setIp(-1);
        uncountFrom(i);
        await();
        mv.visitLabel(stay);
        mv.visitLabel(collect);
        // The group is complete; a child that failed on another lane fails this lane here.
        setIp(i);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "prog", PROGRAM_D);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, CTX, "w", WORKER_D);
        loadWord(j);
        pushInt(mv, fn);
        pushInt(mv, pos[i]);
        mv.visitVarInsn(ILOAD, sSP);
        mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "joinEnd", "(" + PROGRAM_D + LANE_D + WORKER_D + "JIII)V", false);
        for (int c = 1; c < dsts.length; c++) {
            Label next = new Label();
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
            loadWord(j);
            pushInt(mv, c);
            mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "joinStolen", "(" + LANE_D + "JI)Z", false);
            mv.visitJumpInsn(IFEQ, next);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, CTX, "lane", LANE_D);
            loadWord(j);
            pushInt(mv, c);
            mv.visitMethodInsn(INVOKESTATIC, SUPPORT, "joinResult", "(" + LANE_D + "JI)J", false);
            storeWord(dsts[c]);
            mv.visitLabel(next);
        }
        mv.visitLabel(done);
    }

    // ---------------------------------------------------------------- heap

    private void emitNew(int i, int d, int token, int ctor, int[] fields) {
        if (token < 0 && fields.length == 0 && m.ctor(ctor).closureFunction() < 0) {
            constant(d, ctor);
            return;
        }
        if (token < 0 && fields.length <= 4 && fields.length > 0) {
            // A helper allocates and fills the cell (small code; HotSpot inlines it).
            setIp(i);
            mv.visitVarInsn(ALOAD, sALLOC);
            pushInt(mv, ctor);
            for (int f : fields) loadWord(f);
            mv.visitMethodInsn(INVOKESTATIC, HEAP, "new" + fields.length, "(" + ALLOC_D + "I" + "J".repeat(fields.length) + ")J", false);
            storeWord(d);
            hValid = false;
            return;
        }
        Label fill = new Label();
        Label fresh = new Label();
        if (token >= 0) {
            useHeap();
            loadWord(token);
            mv.visitVarInsn(LSTORE, sT0);
            mv.visitVarInsn(LLOAD, sT0);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFEQ, fresh);
            mv.visitVarInsn(ALOAD, sH);
            mv.visitVarInsn(LLOAD, sT0);
            mv.visitInsn(L2I);
            mv.visitVarInsn(ALOAD, sH);
            mv.visitVarInsn(LLOAD, sT0);
            mv.visitInsn(L2I);
            mv.visitInsn(LALOAD);
            pushLong(Layout.header(1, ctor, fields.length));
            pushInt(mv, JitSupport.hasRefFields(jit.prog, ctor) ? 1 : 0);
            mv.visitMethodInsn(INVOKESTATIC, ALLOC, "rebuiltHeader", "(JJZ)J", false);
            mv.visitInsn(LASTORE);
            mv.visitJumpInsn(GOTO, fill);
        }
        mv.visitLabel(fresh);
        setIp(i);
        mv.visitVarInsn(ALOAD, sALLOC);
        pushInt(mv, ctor);
        pushInt(mv, fields.length);
        mv.visitMethodInsn(INVOKEVIRTUAL, ALLOC, "newCell", "(II)J", false);
        mv.visitVarInsn(LSTORE, sT0);
        reloadHeapInto(mv);
        hValid = true;
        mv.visitLabel(fill);
        for (int k = 0; k < fields.length; k++) {
            mv.visitVarInsn(ALOAD, sH);
            mv.visitVarInsn(LLOAD, sT0);
            mv.visitInsn(L2I);
            pushInt(mv, 1 + k);
            mv.visitInsn(IADD);
            loadWord(fields[k]);
            mv.visitInsn(LASTORE);
        }
        mv.visitVarInsn(LLOAD, sT0);
        storeWord(d);
    }

    // ================================================================== helpers

    /** Counts a basic block's work (all of it, in advance; a fault corrects the count). */
    private void countBlock(int leaderIndex) {
        int steps = blockEnd[leaderIndex] - leaderIndex;
        if (steps <= Short.MAX_VALUE) {
            mv.visitIincInsn(sSTEPS, steps);
        } else {
            mv.visitVarInsn(ILOAD, sSTEPS);
            pushInt(mv, steps);
            mv.visitInsn(IADD);
            mv.visitVarInsn(ISTORE, sSTEPS);
        }
        if (countsCallInAdvance(blockEnd[leaderIndex] - 1)) countCall();
    }

    private void countCall() {
        mv.visitIincInsn(sCALLS, 1);
    }

    /** Adds the activation's counters to the context's (before control leaves it). */
    private void flush() {
        mv.visitVarInsn(ALOAD, 0);
        mv.visitVarInsn(ILOAD, sSTEPS);
        mv.visitVarInsn(ILOAD, sCALLS);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "add", "(II)V", false);
        mv.visitInsn(ICONST_0);
        mv.visitVarInsn(ISTORE, sSTEPS);
        mv.visitInsn(ICONST_0);
        mv.visitVarInsn(ISTORE, sCALLS);
    }

    /** At a loop's back edge: every {@link JitCtx#POLL_STEPS} steps, a look at the attention flag. */
    private void backEdgePoll() {
        Label skip = new Label();
        mv.visitVarInsn(ILOAD, sSTEPS);
        pushInt(mv, (int) JitCtx.POLL_STEPS);
        mv.visitJumpInsn(IF_ICMPLT, skip);
        flush();
        setIp(-1);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "poll", "()V", false);
        if (hValid) reloadHeapInto(mv);
        mv.visitLabel(skip);
    }

    /** Before a read of the heap array: reloads it if something may have replaced it. */
    private void useHeap() {
        if (!hValid) {
            reloadHeapInto(mv);
            hValid = true;
        }
    }

    private void setIp(int i) {
        pushInt(mv, i);
        mv.visitVarInsn(ISTORE, sIP);
    }

    private void reloadHeapInto(MethodVisitor v) {
        v.visitVarInsn(ALOAD, 0);
        v.visitFieldInsn(GETFIELD, CTX, "heap", "Ldev/vx/vm/Heap;");
        v.visitFieldInsn(GETFIELD, "dev/vx/vm/Heap", "words", "[J");
        v.visitVarInsn(ASTORE, sH);
    }

    private void storeToLane(int r) {
        storeToLane(r, r);
    }

    /** {@code lane.regs[at] = } register {@code r}'s word. */
    private void storeToLane(int at, int r) {
        mv.visitVarInsn(ALOAD, 0);
        pushInt(mv, at);
        loadWord(r);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "setReg", "(IJ)V", false);
    }

    private void loadFromLane(int r) {
        mv.visitVarInsn(ALOAD, 0);
        pushInt(mv, r);
        mv.visitMethodInsn(INVOKEVIRTUAL, CTX, "reg", "(I)J", false);
        storeWord(r);
    }

    private void load(int r) {
        mv.visitVarInsn(loadOp(kind[r]), slot[r]);
    }

    private void store(int r) {
        mv.visitVarInsn(storeOp(kind[r]), slot[r]);
    }

    private void loadWord(int r) {
        load(r);
        toWord(mv, kind[r]);
    }

    private void storeWord(int r) {
        fromWord(mv, kind[r]);
        store(r);
    }

    /** Pushes register {@code r} as a JVM int (an address, an index, a Bool, a count: the word's low half). */
    private void pushAsInt(int r) {
        load(r);
        if (kind[r] == 'J') mv.visitInsn(L2I);
        else if (!isInt(r)) throw new IllegalStateException("register " + r + " is not an integer");
    }

    /** {@code r := } the word {@code w}, in r's form. */
    private void constant(int r, long w) {
        if (isInt(r)) pushInt(mv, (int) w);
        else {
            pushLong(w);
            fromWord(mv, kind[r]);
        }
        store(r);
    }

    private void pushLong(long v) {
        if (v == 0) mv.visitInsn(LCONST_0);
        else if (v == 1) mv.visitInsn(LCONST_1);
        else mv.visitLdcInsn(v);
    }

    static void pushInt(MethodVisitor v, int x) {
        if (x >= -1 && x <= 5) v.visitInsn(ICONST_0 + x);
        else if (x >= Byte.MIN_VALUE && x <= Byte.MAX_VALUE) v.visitIntInsn(BIPUSH, x);
        else if (x >= Short.MIN_VALUE && x <= Short.MAX_VALUE) v.visitIntInsn(SIPUSH, x);
        else v.visitLdcInsn(x);
    }

    /** Converts the value of kind {@code k} on the stack to its word (a long). */
    static void toWord(MethodVisitor v, char k) {
        switch (k) {
            case 'F' -> v.visitMethodInsn(INVOKESTATIC, OPS, "w32", "(F)J", false);
            case 'D' -> v.visitMethodInsn(INVOKESTATIC, OPS, "w64", "(D)J", false);
            case 'U' -> v.visitMethodInsn(INVOKESTATIC, OPS, "u32", "(I)J", false);
            case 'I' -> v.visitInsn(I2L);
            default -> {}
        }
    }

    /** Converts the word on the stack to kind {@code k}. */
    static void fromWord(MethodVisitor v, char k) {
        switch (k) {
            case 'F' -> v.visitMethodInsn(INVOKESTATIC, OPS, "f32", "(J)F", false);
            case 'D' -> v.visitMethodInsn(INVOKESTATIC, OPS, "f64", "(J)D", false);
            case 'U', 'I' -> v.visitInsn(L2I);
            default -> {}
        }
    }

    static void zero(MethodVisitor v, char k) {
        v.visitInsn(switch (k) {
            case 'F' -> FCONST_0;
            case 'D' -> DCONST_0;
            case 'J' -> LCONST_0;
            default -> ICONST_0;
        });
    }

    static int loadOp(char k) {
        return asmType(k).getOpcode(ILOAD);
    }

    static int storeOp(char k) {
        return asmType(k).getOpcode(ISTORE);
    }

    static int returnOp(char k) {
        return asmType(k).getOpcode(IRETURN);
    }

    /** The JVM type of a kind (U32, I32 and Bool are {@code int}s), for ASM's typed opcodes. */
    private static Type asmType(char k) {
        return Type.getType(String.valueOf(jvm(k)));
    }

    // ================================================================== class files

    /** The length of the code of method {@code name} in a class file (0 if absent). */
    static int codeSize(byte[] classFile, String name) {
        ClassReader cr = new ClassReader(classFile);
        char[] buf = new char[cr.getMaxStringLength()];
        int u = cr.header + 6;
        u += 2 * cr.readUnsignedShort(u) + 2;          // interfaces
        u = skipMembers(cr, u);                         // fields
        int methods = cr.readUnsignedShort(u);
        u += 2;
        for (int i = 0; i < methods; i++) {
            String mname = cr.readUTF8(u + 2, buf);
            int attrs = cr.readUnsignedShort(u + 6);
            u += 8;
            for (int a = 0; a < attrs; a++) {
                String an = cr.readUTF8(u, buf);
                int len = cr.readInt(u + 2);
                if (an.equals("Code") && mname.equals(name)) return cr.readInt(u + 6 + 4);
                u += 6 + len;
            }
        }
        return 0;
    }

    private static int skipMembers(ClassReader cr, int u) {
        int count = cr.readUnsignedShort(u);
        u += 2;
        for (int i = 0; i < count; i++) {
            int attrs = cr.readUnsignedShort(u + 6);
            u += 8;
            for (int a = 0; a < attrs; a++) u += 6 + cr.readInt(u + 2);
        }
        return u;
    }
}
