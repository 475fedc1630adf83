package dev.vx.tools;

import dev.vx.bytecode.Module;
import dev.vx.bytecode.ModuleWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "compile", mixinStandardHelpOptions = true, versionProvider = Vxvm.Version.class, description = "Compile a .vx program to a .vxb module.")
final class CompileCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROGRAM", description = "the .vx source")
    Path source;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "the .vxb to write (default: next to the source)")
    Path output;

    @Override
    public Integer call() {
        if (output != null && output.toString().isEmpty()) {
            throw new Vxvm.UsageError("-o needs a file name (the .vxb to write)");
        }
        Module m = Programs.compile(source, true); // compile errors: status 2 (Vxvm.failed)
        Path out = output != null ? output : defaultOutput(source);
        if (sameFile(out, source)) {
            throw new Vxvm.UsageError("cannot write " + out + ": it is the source being compiled (choose another -o)");
        }
        try {
            Files.write(out, ModuleWriter.write(m));
        } catch (IOException e) {
            throw new Vxvm.UsageError("cannot write " + out + ": " + reason(e, out));
        }
        return 0;
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /** Why writing {@code out} failed, in words (the JDK's message is often just the path). */
    private static String reason(IOException e, Path out) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            Path dir = out.toAbsolutePath().getParent();
            return "there is no directory " + dir;
        }
        if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) return f.getReason();
        return e.getMessage();
    }

    private static Path defaultOutput(Path source) {
        String name = source.getFileName().toString();
        String base = name.endsWith(".vx") ? name.substring(0, name.length() - 3) : name;
        return source.resolveSibling(base + ".vxb");
    }
}
