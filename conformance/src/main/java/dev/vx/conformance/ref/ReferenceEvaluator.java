package dev.vx.conformance.ref;

import dev.vx.compiler.tast.Program;
import dev.vx.compiler.types.IoType;
import dev.vx.conformance.RunResult;
import java.time.Duration;
import java.util.List;

/**
 * The oracle of the differential tests: runs a checked program ({@link Program}, from the
 * compiler's front end) by direct evaluation, with no bytecode, reference counts or lane
 * stacks, and reports what the VM would: main's result printed as LANGUAGE §9 says (or its
 * IO actions run), a runtime error as status 1 with {@code vxvm: error: <message>} (no
 * backtrace: only the first line of stderr is comparable), {@code IO.exit(n)} as status n.
 *
 * <p>It runs on a thread with a large stack ({@link #STACK_BYTES}): non-tail recursion costs
 * Java stack. What it cannot model (deeper than that stack, slower than the time limit, larger
 * than the Java heap, out-of-heap runs of the VM) comes back as {@link RefResult.NotModelled}
 * with the reason, never as a wrong answer.
 */
public final class ReferenceEvaluator {
    /** Reserved, not committed: only what deep recursion touches is used. */
    public static final long STACK_BYTES = 2L << 30;

    private ReferenceEvaluator() {
    }

    public static RefResult run(Program program, List<String> args, Duration timeLimit) {
        return run(program, args, timeLimit, STACK_BYTES);
    }

    /** As {@link #run(Program, List, Duration)}, on a thread with {@code stackBytes} of stack. */
    public static RefResult run(Program program, List<String> args, Duration timeLimit, long stackBytes) {
        RefResult[] out = new RefResult[1];
        RuntimeException[] bug = new RuntimeException[1];
        long deadline = System.nanoTime() + timeLimit.toNanos();
        Runnable task = () -> {
            try {
                out[0] = runHere(program, args, deadline);
            } catch (RuntimeException e) {
                bug[0] = e;
            }
        };
        Thread t = new Thread(null, task, "vx-reference-evaluator", stackBytes);
        t.setDaemon(true);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the reference evaluator ran", e);
        }
        if (bug[0] != null) {
            throw new IllegalStateException("the reference evaluator failed (a bug of the evaluator, or a typed AST it "
                    + "does not expect): " + bug[0], bug[0]);
        }
        return out[0];
    }

    private static RefResult runHere(Program program, List<String> args, long deadline) {
        StringBuilder stdout = new StringBuilder();
        Evaluator ev = new Evaluator(new BuiltinOps(args, stdout), deadline);
        try {
            Object result = ev.invoke(program.main(), new Object[0]);
            if (program.main().resultType() instanceof IoType) {
                ev.runIo(result);
            } else {
                stdout.append(ValueText.top(result)).append('\n');
            }
            return ran(0, stdout, "");
        } catch (VxRuntimeError e) {
            return ran(1, stdout, "vxvm: error: " + e.getMessage() + "\n");
        } catch (VxExit e) {
            return exited(Integer.toUnsignedLong(e.status), stdout);
        } catch (Unsupported e) {
            return new RefResult.NotModelled(e.getMessage());
        } catch (StackOverflowError e) {
            return new RefResult.NotModelled("too deep for the reference evaluator (its Java stack overflowed)");
        } catch (OutOfMemoryError e) {
            return new RefResult.NotModelled("too large for the reference evaluator (the Java heap is full)");
        }
    }

    /**
     * {@code IO.exit(n)} as docs/vm.md has it: status n, announced on stderr unless 0; above
     * 255, which a process cannot return, status 255 with a note.
     */
    private static RefResult exited(long n, StringBuilder stdout) {
        if (n == 0) return ran(0, stdout, "");
        if (n > 255) return ran(255, stdout, "vxvm: note: IO.exit(" + n + "): an exit status is at most 255; exiting with 255\n");
        return ran((int) n, stdout, "vxvm: IO.exit(" + n + "): the program ended with status " + n + "\n");
    }

    private static RefResult ran(int status, StringBuilder stdout, String stderr) {
        return new RefResult.Ran(new RunResult(status, stdout.toString(), stderr));
    }
}
