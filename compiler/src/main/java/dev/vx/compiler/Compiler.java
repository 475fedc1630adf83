package dev.vx.compiler;

import dev.vx.bytecode.BytecodeException;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Verifier;
import dev.vx.compiler.backend.Backend;
import dev.vx.compiler.backend.CompileLimitException;
import dev.vx.compiler.diag.Diagnostic;
import dev.vx.compiler.diag.Severity;
import dev.vx.compiler.diag.Span;

import java.nio.file.Path;
import java.util.List;

/**
 * The whole compiler: the front end, then the back end, then the verifier (the compiler's
 * own output is checked like any other module before an engine sees it).
 */
public final class Compiler {
    private Compiler() {}

    /**
     * A compilation's outcome: the module (null when there were errors), the rendered
     * diagnostics (warnings too; empty when there are none), the number of errors, and the
     * source files that were read (Base's, the main file, its imports).
     */
    public record Result(Module module, String diagnostics, int errorCount, List<SourceFile> sources) {}

    /** Thrown when the compiler produced a module the verifier rejects: a compiler bug. */
    public static final class InternalError extends RuntimeException {
        InternalError(String message, Throwable cause) {
            super(message, cause);
        }
    }

    public static Result compile(Path mainFile, List<SourceFile> base) {
        return finish(new FrontEnd().check(mainFile, base));
    }

    /**
     * Compiles a program checking only the part of Base it uses (the rest of Base is checked
     * by Base's own tests): what {@code vxvm run} and {@code vxvm compile} do, to start fast.
     */
    public static Result compileUsingBase(Path mainFile, List<SourceFile> base) {
        return finish(new FrontEnd().checkingUsedBaseOnly().check(mainFile, base));
    }

    public static Result compile(SourceFile main, List<SourceFile> base) {
        return finish(new FrontEnd().check(main, base));
    }

    private static Result finish(CheckResult checked) {
        String diagnostics = checked.diagnostics().render();
        if (!checked.ok()) {
            return new Result(null, diagnostics, Math.max(1, checked.diagnostics().errorCount()), List.of());
        }
        List<SourceFile> sources = checked.program().sources();
        Module[] module = new Module[1];
        CompileLimitException[] error = new CompileLimitException[1];
        Throwable[] bug = new Throwable[1];
        Runnable task = () -> {
            try {
                module[0] = Backend.compile(checked.program());
            } catch (CompileLimitException e) {
                error[0] = e;
            } catch (StackOverflowError e) {
                error[0] = new CompileLimitException("the program is nested too deeply to compile; split it into smaller definitions");
            } catch (OutOfMemoryError e) {
                // As in the front end: what was being built is garbage now, and the JVM lives on.
                error[0] = new CompileLimitException("the program is too large to compile in the available memory");
            } catch (RuntimeException | Error e) { // never a silent death of the thread
                bug[0] = e;
            }
        };
        // The back end recurses on the nesting of expressions, like the front end.
        Thread t = new Thread(null, task, "vx-back-end", FrontEnd.DEFAULT_STACK_BYTES);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while compiling", e);
        }
        if (bug[0] != null) throw new InternalError("the compiler failed: " + bug[0], bug[0]);
        if (error[0] != null) {
            Span where = error[0].where();
            String report = where != null
                    ? new Diagnostic(Severity.ERROR, where, error[0].getMessage()).render()
                    : checked.program().main().file().path() + ": error: " + error[0].getMessage() + "\n";
            return new Result(null, diagnostics + report, 1, sources);
        }
        try {
            Verifier.verify(module[0]);
        } catch (BytecodeException e) {
            throw new InternalError("the compiler produced a module that does not verify: " + e.getMessage(), e);
        }
        return new Result(module[0], diagnostics, 0, sources);
    }
}
