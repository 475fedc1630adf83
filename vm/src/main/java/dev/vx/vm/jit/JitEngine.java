package dev.vx.vm.jit;

import dev.vx.vm.Engine;
import dev.vx.vm.Interpreter;
import dev.vx.vm.JitSupport;
import dev.vx.vm.Lane;
import dev.vx.vm.Worker;

import java.util.Map;

/**
 * The JIT engine of one worker: a dispatcher that runs a lane in compiled code and in the
 * interpreter, whichever runs the function at hand (docs/jit.md, "Dispatcher"). Every
 * transfer between them goes through the lane: the function and code position to continue
 * at, the registers in {@code lane.regs}, the continuation frames on the lane stack — the
 * state a waiting lane keeps, so both engines can continue any frame.
 */
public final class JitEngine implements Engine {
    private final Jit jit;
    private JitCtx ctx;
    private Interpreter interp;

    public JitEngine(Jit jit) {
        this.jit = jit;
    }

    @Override
    public String name() {
        return "jit";
    }

    @Override
    public void addStats(Map<String, Object> stats) {
        jit.addStats(stats);
    }

    @Override
    public void run(Lane lane, Worker w) {
        JitCtx c = ctx;
        if (c == null) {
            c = ctx = new JitCtx(jit, w);
            interp = new Interpreter(jit.prog, jit.hot);
        }
        c.begin(lane);
        int f = lane.function;
        int pc = lane.pc;
        boolean counted = lane.handoff;
        lane.handoff = false;
        try {
            while (true) {
                JitFunction fn = jit.enterable(f, pc, counted);
                counted = false;
                if (fn == null) {
                    c.report();
                    lane.function = f;
                    lane.pc = pc;
                    lane.sp = c.sp;
                    interp.run(lane, w);
                    if (!lane.handoff) return; // finished or waiting: the lane is no longer ours
                    lane.handoff = false;
                    c.begin(lane);
                    f = lane.function;
                    pc = lane.pc;
                    counted = true;
                    continue;
                }
                long v = fn.enter(c, pc);
                if (c.sp >= 0) {
                    if (!JitSupport.returnInto(jit.prog, lane, w, c.sp, v)) return;
                    c.sp = lane.sp;
                    f = lane.function;
                    pc = lane.pc;
                    continue;
                }
                c.sp = ~c.sp;
                int u = c.unwind;
                c.unwind = JitCtx.RUN;
                if (u == JitCtx.START) {
                    f = c.nextFunction;
                    pc = 0;
                } else {
                    return; // waiting: the compiled code saved the lane's state
                }
            }
        } finally {
            c.unwind = JitCtx.RUN;
            c.report();
        }
    }
}
