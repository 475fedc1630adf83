package dev.vx.tools;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The {@code vxvm} command line. Every way it can end has an exit status of RUNTIME.md §6
 * and, when not 0, a message on stderr; usage errors are one line, never a stack trace.
 */
@Command(name = "vxvm", mixinStandardHelpOptions = true, versionProvider = Vxvm.Version.class,
        description = "The Vx toolchain: compile, inspect and run Vx programs.",
        subcommands = {RunCommand.class, CompileCommand.class, BenchCommand.class, DisasmCommand.class, VerifyCommand.class,
                DevicesCommand.class, CommandLine.HelpCommand.class})
public final class Vxvm implements Runnable {
    static final PrintStream OUT = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
            StandardCharsets.UTF_8);
    static final PrintStream ERR = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true,
            StandardCharsets.UTF_8);

    public static void main(String[] args) {
        int status = execute(args);
        OUT.flush();
        ERR.flush();
        System.exit(status);
    }

    /** Runs the command line and returns the exit status (tests call this). */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new Vxvm());
        cl.setOut(new java.io.PrintWriter(OUT, true));
        cl.setErr(new java.io.PrintWriter(ERR, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            ERR.println("vxvm: " + ex.getMessage() + " (see 'vxvm --help')");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            if (ex instanceof UsageError u) {
                ERR.println("vxvm: " + u.getMessage());
                return 2;
            }
            ERR.println("vxvm: internal error: " + ex + "; this is a bug of vxvm, please report it");
            StackTraceElement[] st = ex.getStackTrace();
            for (int i = 0; i < Math.min(8, st.length); i++) ERR.println("    at " + st[i]);
            return 4;
        });
        try {
            return cl.execute(args);
        } catch (StackOverflowError e) {
            ERR.println("vxvm: internal error: the JVM stack overflowed; this is a bug of vxvm, please report it");
            return 4;
        } finally {
            OUT.flush();
        }
    }

    @Override
    public void run() {
        new CommandLine(this).usage(OUT);
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
