package dev.vx.gpu;

import dev.vx.bytecode.CtorDesc;
import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Insn;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Prim;
import dev.vx.bytecode.TypeDesc;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a job can reach: the functions its code can call (directly, by tail call, as a fork
 * child, a nested job, or through a closure of a function type it calls), and whether every
 * primitive those functions use can run on the device. The host-only primitives (IO) and those
 * the VM implements in Java with BigDecimal (float show, parse and fmt) cannot; a job that can
 * reach one runs on the CPU instead. Jobs cannot do IO in Vx (IO actions run on the host), so
 * the analysis normally finds none, but it checks rather than assumes.
 */
final class JobAnalysis {
    /** Primitives the kernel implements (runtime.cl). */
    static final Set<Prim> DEVICE_PRIMS = EnumSet.of(
            Prim.STR_LEN, Prim.STR_CONCAT, Prim.STR_APPEND, Prim.STR_EQ, Prim.STR_CMP, Prim.STR_SLICE,
            Prim.SHOW_U32, Prim.SHOW_I32, Prim.SHOW_U64, Prim.SHOW_I64, Prim.SHOW_NAT,
            Prim.FLOOR_F32, Prim.CEIL_F32, Prim.FLOOR_F64, Prim.CEIL_F64,
            Prim.STR_CODE_POINTS, Prim.STR_FROM_CODE_POINTS);

    final BitSet functions = new BitSet();
    /** The first primitive found that the device cannot run, or null. */
    Prim blocker;
    /** A function that uses it. */
    int blockerFunction = -1;

    private JobAnalysis() {}

    static JobAnalysis of(Module m, int entry) {
        JobAnalysis a = new JobAnalysis();
        ArrayDeque<Integer> work = new ArrayDeque<>();
        a.functions.set(entry);
        work.add(entry);
        while (!work.isEmpty()) {
            int f = work.poll();
            FunctionDesc fd = m.function(f);
            for (Insn in : fd.code()) {
                Opcode op = in.op();
                switch (op) {
                    case CALL, JOB -> a.reach(in.get(1), work);
                    case TCALL -> a.reach(in.get(0), work);
                    case CALLC -> a.reachClosures(m, fd.registerTypes()[in.get(1)], work);
                    case TCALLC -> a.reachClosures(m, fd.registerTypes()[in.get(0)], work);
                    case PRIM -> {
                        Prim p = Prim.ofId(in.get(1));
                        if (!DEVICE_PRIMS.contains(p) && a.blocker == null) {
                            a.blocker = p;
                            a.blockerFunction = f;
                        }
                    }
                    default -> { }
                }
            }
        }
        return a;
    }

    private void reach(int f, ArrayDeque<Integer> work) {
        if (!functions.get(f)) {
            functions.set(f);
            work.add(f);
        }
    }

    /** Every closure shape of the function type: any of them may be the one called. */
    private void reachClosures(Module m, int funcType, ArrayDeque<Integer> work) {
        TypeDesc t = m.type(funcType);
        for (int c = t.firstCtor(); c < t.firstCtor() + t.ctorCount(); c++) {
            CtorDesc cd = m.ctor(c);
            if (cd.closureFunction() >= 0) reach(cd.closureFunction(), work);
        }
    }

    boolean runsOnDevice() {
        return blocker == null;
    }

    /** Why the job runs on the CPU, for the note. */
    String reason(Module m) {
        String what = blocker.isHostOnly() ? "the host-only primitive " : "the primitive ";
        // "may": through a closure call, every function of the called type counts, whether or
        // not this job can really be handed it.
        return "it may reach " + what + blocker.name().toLowerCase(Locale.ROOT) + " (in "
                + Module.printable(m.functionName(blockerFunction)) + "), which the OpenCL kernel does not implement";
    }

    static int ctorIndex(int ctorId) {
        return ctorId - Layout.FIRST_CTOR;
    }
}
