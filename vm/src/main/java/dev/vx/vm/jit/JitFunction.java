package dev.vx.vm.jit;

/**
 * The generic entry of a compiled function, for the dispatcher: runs the function from code
 * position {@code pc} (0, or just after one of its call sites) with its registers in
 * {@code c.lane.regs}, and returns its result word (or 0 with {@code c.unwind} set).
 * Compiled code calls compiled code directly through the classes' static {@code run} methods.
 */
public interface JitFunction {
    long enter(JitCtx c, int pc);

    /**
     * Runs the function from its start with its arguments in {@code c.lane.regs}, at JVM depth
     * {@code depth} (counted against the JIT's stack budget, as by a direct call) and stack
     * pointer {@code sp}; returns its result word, with {@code c.sp} as {@code run} leaves it.
     * Compiled code calls a closure of a type with too many shapes for a static dispatch
     * through this, instead of asking the dispatcher to start the function.
     */
    long invoke(JitCtx c, int depth, int sp);
}
