package dev.vx.tools;

import dev.vx.vm.Vm;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintStream;

/**
 * The {@code vxvm} command line. Every way it can end has an exit status of RUNTIME.md §6
 * and, when not 0, a message on stderr; usage errors are one line, never a stack trace.
 */
@Command(name = "vxvm", mixinStandardHelpOptions = true, versionProvider = Vxvm.Version.class,
        description = "The Vx toolchain: compile, inspect and run Vx programs.",
        subcommands = {RunCommand.class, CompileCommand.class, BenchCommand.class, DisasmCommand.class, VerifyCommand.class,
                DevicesCommand.class, CommandLine.HelpCommand.class})
public final class Vxvm implements java.util.concurrent.Callable<Integer> {
    private static PrintStream out;
    private static PrintStream err;

    public static void main(String[] args) {
        StandardStreams std = StandardStreams.open();
        readerGone = std.watched::readerClosed;
        int status = execute(std.out, std.err, args);
        std.out.flush();
        if (std.watched.failure() != null && !std.watched.readerClosed()) {
            // Output that never arrived is a failed run, however the program ended.
            std.err.println("vxvm: cannot write to standard output: " + std.watched.failure().getMessage());
            if (status == 0) status = 1;
        }
        std.err.flush();
        System.exit(status);
    }

    /** Whether the process's standard output lost its reader (never, for a test's streams). */
    private static java.util.function.BooleanSupplier readerGone = () -> false;

    static java.util.function.BooleanSupplier readerGone() {
        return readerGone;
    }

    /** Where the commands print: the process's streams, or a test's. */
    static PrintStream out() {
        return out;
    }

    static PrintStream err() {
        return err;
    }

    /** Runs the command line with the given output streams and returns the exit status. */
    public static int execute(PrintStream outStream, PrintStream errStream, String... args) {
        out = outStream;
        err = errStream;
        RunCommand plainRun = RunCommand.plain(args);
        if (plainRun != null) return callReporting(plainRun);
        CommandLine cl = commandLine();
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("vxvm: " + ex.getMessage() + " (see 'vxvm --help')" + programArgumentHint(ex));
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> failed(ex));
        try {
            return cl.execute(args);
        } catch (StackOverflowError e) {
            return failed(e);
        } finally {
            out.flush();
        }
    }

    /**
     * For an unknown option given to {@code run}: most often an argument meant for the program
     * ({@code vxvm run grep.vx -i word}), which needs {@code --} before it.
     */
    private static String programArgumentHint(CommandLine.ParameterException ex) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u) || !u.isUnknownOption()) return "";
        // The fields picocli could fill are set: without a program named there is no example to give.
        if (!(ex.getCommandLine().getCommand() instanceof RunCommand run) || run.program == null) return "";
        return "; arguments for the program that start with '-' go after '--', as in: vxvm run "
                + run.program + " -- " + u.getUnmatched().get(0);
    }

    /**
     * picocli's model of the command line. Words starting with {@code @} are words like any
     * other: picocli would read a file of that name in their place, so a program's argument
     * {@code @notes.txt} (even after {@code --}) reached the program as that file's words.
     */
    static CommandLine commandLine() {
        return new CommandLine(new Vxvm()).setExpandAtFiles(false);
    }

    /**
     * Runs a {@code run} command line parsed without picocli ({@link RunCommand#plain}), with
     * the same handling of failures as picocli's execution handler below. Building picocli's
     * model of every command takes about 100 ms, half of a hello world's run.
     */
    private static int callReporting(RunCommand run) {
        try {
            return run.call();
        } catch (Exception | StackOverflowError e) {
            return failed(e);
        } finally {
            out.flush();
        }
    }

    /** The exit status and message of a command that threw. */
    private static int failed(Throwable ex) {
        if (ex instanceof UsageError u) {
            err.println("vxvm: " + u.getMessage());
            return 2;
        }
        if (ex instanceof Programs.CompileFailed) return 2; // the diagnostics are printed

        if (ex instanceof StackOverflowError) {
            err.println("vxvm: internal error: the JVM stack overflowed; this is a bug of vxvm, please report it");
            return 4;
        }
        err.println("vxvm: internal error: " + ex + "; this is a bug of vxvm, please report it");
        printFrames(ex);
        // Where the bug is: the innermost cause (the compiler's worker thread wraps what it threw).
        Throwable root = ex;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        if (root != ex) {
            err.println("caused by: " + root);
            printFrames(root);
        }
        return 4;
    }

    private static void printFrames(Throwable t) {
        StackTraceElement[] st = t.getStackTrace();
        for (int i = 0; i < Math.min(8, st.length); i++) err.println("    at " + st[i]);
    }

    /** {@code vxvm} with no command: bad usage (status 2), the usage on stderr. */
    @Override
    public Integer call() {
        commandLine().usage(err);
        return Vm.USAGE;
    }

    /** A problem with what the user asked for: one line, status 2. */
    static final class UsageError extends RuntimeException {
        UsageError(String message) {
            super(message);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[]{"vxvm 0.1.0 (bytecode format " + dev.vx.bytecode.Module.FORMAT_MAJOR + "."
                    + dev.vx.bytecode.Module.FORMAT_MINOR + ")"};
        }
    }
}
