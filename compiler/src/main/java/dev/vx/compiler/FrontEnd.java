package dev.vx.compiler;

import dev.vx.bytecode.BoundedFiles;
import dev.vx.compiler.check.ModuleLoader;
import dev.vx.compiler.check.ProgramChecker;
import dev.vx.compiler.diag.Diagnostics;
import dev.vx.compiler.diag.Progress;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.diag.Utf8Errors;
import dev.vx.compiler.tast.Program;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The compiler front end: source text in, a typed program ({@link Program}) or diagnostics
 * out. It never throws on bad input.
 *
 * <p>Every phase recurses on the nesting of the source, and source may be nested without
 * bound (100,000 parentheses). So the whole front end runs on a dedicated thread whose stack
 * is {@link #DEFAULT_STACK_BYTES} (reserved, not committed: the memory is used only as deep
 * as the recursion goes), and a {@link StackOverflowError} that still happens is turned into
 * an error at the source position being worked on.
 */
public final class FrontEnd {
    /** 2 GiB: enough for millions of nested constructs. */
    public static final long DEFAULT_STACK_BYTES = 2L << 30;

    private final long stackBytes;
    private final SourceLoader loader;
    private final boolean allOfBase;

    public FrontEnd() {
        this(DEFAULT_STACK_BYTES, SourceLoader.FILES);
    }

    /** A front end with its own thread stack size and way of reading imported files. */
    public FrontEnd(long stackBytes, SourceLoader loader) {
        this(stackBytes, loader, true);
    }

    private FrontEnd(long stackBytes, SourceLoader loader, boolean allOfBase) {
        this.stackBytes = stackBytes;
        this.loader = loader;
        this.allOfBase = allOfBase;
    }

    /**
     * This front end, checking only the Base functions the program uses (directly or through
     * other Base functions); the others are parsed and declared but get no body and are left
     * out of the {@link Program}. It starts much faster (most of Base is never used by one
     * program); errors in unused Base code go unreported, which Base's own tests cover.
     */
    public FrontEnd checkingUsedBaseOnly() {
        return new FrontEnd(stackBytes, loader, false);
    }

    /** Checks the program whose main file is {@code mainFile}, with Base made of {@code base}. */
    public CheckResult check(Path mainFile, List<SourceFile> base) {
        String text;
        try {
            text = BoundedFiles.readUtf8(mainFile, SourceFile.MAX_BYTES);
        } catch (java.nio.charset.CharacterCodingException e) {
            Diagnostics diags = new Diagnostics();
            Span bad = Utf8Errors.firstInvalid(mainFile);
            if (bad != null) {
                diags.error(bad, "this is not valid UTF-8 text (Vx source is UTF-8)");
                return new CheckResult(null, diags);
            }
            return unreadable(mainFile, e);
        } catch (IOException | UncheckedIOException e) {
            return unreadable(mainFile, e);
        }
        return check(new SourceFile(mainFile.toString(), text), base);
    }

    private static CheckResult unreadable(Path mainFile, Exception e) {
        SourceFile empty = new SourceFile(mainFile.toString(), "");
        Diagnostics diags = new Diagnostics();
        String why = e instanceof java.nio.file.NoSuchFileException ? "no such file"
                : e instanceof java.nio.charset.CharacterCodingException ? "it is not valid UTF-8 text (Vx source is UTF-8)"
                : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                : e instanceof BoundedFiles.TooLarge ? "it is too large for a Vx source file (" + e.getMessage() + ")"
                : e.getMessage();
        diags.error(new Span(empty, 0, 0, 1, 1), "cannot read " + mainFile + ": " + why);
        return new CheckResult(null, diags);
    }

    /** Checks a program whose main file's text is given (its imports are read relative to {@code path}). */
    public CheckResult check(String path, String text, List<SourceFile> base) {
        return check(new SourceFile(path, text), base);
    }

    public CheckResult check(SourceFile main, List<SourceFile> base) {
        Diagnostics diags = new Diagnostics();
        Progress progress = new Progress();
        Program[] program = new Program[1];
        Runnable task = () -> {
            try {
                var files = ModuleLoader.load(base, main, loader, diags, progress);
                program[0] = ProgramChecker.check(files, main, diags, progress, allOfBase);
            } catch (StackOverflowError e) {
                program[0] = null;
                diags.error(where(progress, main), "this is nested too deeply to compile (the compiler ran out of "
                        + "stack here); split it into smaller definitions");
            } catch (OutOfMemoryError e) {
                program[0] = null;
                diags.error(where(progress, main), "the program is too large to compile in the available memory");
            } catch (RuntimeException | Error e) {
                // Any other failure (a class that cannot be loaded: a jar replaced under a
                // running JVM) must still say something: a thread that dies silently would
                // leave no program and no diagnostic, a compile that fails without a word.
                program[0] = null;
                diags.error(where(progress, main), "internal compiler error (" + e + "); please report it with the "
                        + "program that caused it");
            }
        };
        runWithBigStack(task);
        return new CheckResult(program[0], diags);
    }

    /**
     * Runs {@code task} on a thread with {@link #stackBytes} of stack and waits for it. Where
     * the system refuses so large a stack (a low address-space limit), a smaller one is tried,
     * and as a last resort the calling thread: the task reports a stack overflow itself.
     */
    private void runWithBigStack(Runnable task) {
        for (long size = stackBytes; ; size /= 8) {
            Thread thread = new Thread(null, task, "vx-front-end", size);
            try {
                thread.start();
            } catch (OutOfMemoryError e) {
                if (size > 1 << 20) {
                    continue;
                }
                task.run();
                return;
            }
            joinUninterruptibly(thread);
            return;
        }
    }

    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static Span where(Progress progress, SourceFile main) {
        Span s = progress.span();
        return s != null ? s : new Span(main, 0, 0, 1, 1);
    }
}
