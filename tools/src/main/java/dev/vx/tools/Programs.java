package dev.vx.tools;

import dev.vx.bytecode.BytecodeException;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Vxb;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.stdlib.BaseLibrary;
import dev.vx.vm.Sizes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Getting a verified module from what the user named: a {@code .vx} source or a {@code .vxb} file. */
final class Programs {
    private Programs() {}

    static List<SourceFile> base() {
        return BaseLibrary.sources().stream().map(s -> new SourceFile(s.path(), s.text())).toList();
    }

    /** Compiles or loads {@code file}; prints diagnostics; a failure is a {@link Vxvm.UsageError} (status 2). */
    static Module load(Path file) {
        requireReadable(file);
        if (file.toString().endsWith(".vxb")) {
            try {
                return Vxb.load(file);
            } catch (BytecodeException e) {
                throw new Vxvm.UsageError(e.getMessage()); // it starts with the path
            } catch (OutOfMemoryError e) {
                throw tooLarge(file);
            }
        }
        return compile(file, false);
    }

    /** Compiles {@code file}, through the cache of compiled modules unless {@code fresh}. */
    static Module compile(Path file, boolean fresh) {
        requireReadable(file);
        Compiler.Result r;
        try {
            r = fresh ? Compiler.compileUsingBase(file, base())
                    : CompileCache.compile(file, () -> Compiler.compileUsingBase(file, base()));
        } catch (OutOfMemoryError e) {
            throw tooLarge(file);
        }
        if (!r.diagnostics().isEmpty()) Vxvm.err().print(r.diagnostics());
        if (r.module() == null) throw new CompileFailed(r.errorCount());
        return r.module();
    }

    /**
     * A file whose module does not fit in the JVM's memory (a .vxb of 20 MB takes about 1 GiB
     * loaded): one line with the way out, not a JVM OutOfMemoryError (RUNTIME.md 2).
     */
    private static Vxvm.UsageError tooLarge(Path file) {
        long size;
        try {
            size = Files.size(file);
        } catch (java.io.IOException e) {
            size = 0;
        }
        long jvm = Runtime.getRuntime().maxMemory();
        return new Vxvm.UsageError(file + ": too large to load in the JVM's memory (" + Sizes.format(size)
                + " file, " + Sizes.format(jvm) + " for the JVM); give the JVM more memory, e.g. VXVM_JAVA_OPTS=-Xmx"
                + Sizes.flag(2 * jvm));
    }

    static void requireReadable(Path file) {
        if (!Files.exists(file)) throw new Vxvm.UsageError(file + ": no such file");
        if (Files.isDirectory(file)) throw new Vxvm.UsageError(file + ": is a directory, not a program");
        if (!Files.isReadable(file)) throw new Vxvm.UsageError(file + ": cannot read it (permission denied)");
    }

    /** Compile errors were printed; the command ends with status 2. */
    static final class CompileFailed extends RuntimeException {
        CompileFailed(int errors) {
            super(errors + (errors == 1 ? " error" : " errors"));
        }
    }
}
