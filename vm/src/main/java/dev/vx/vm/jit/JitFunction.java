package dev.vx.vm.jit;

/**
 * The generic entry of a compiled function, for the dispatcher: runs the function from code
 * position {@code pc} (0, or just after one of its call sites) with its registers in
 * {@code c.lane.regs}, and returns its result word (or 0 with {@code c.unwind} set).
 * Compiled code calls compiled code directly through the classes' static {@code run} methods.
 */
public interface JitFunction {
    long enter(JitCtx c, int pc);
}
