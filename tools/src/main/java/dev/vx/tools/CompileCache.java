package dev.vx.tools;

import dev.vx.bytecode.BoundedFiles;
import dev.vx.bytecode.BytecodeException;
import dev.vx.bytecode.CacheDirectory;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.ModuleWriter;
import dev.vx.bytecode.Vxb;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Compiled modules of {@code vxvm run prog.vx}, kept in the user's cache directory so that
 * running an unchanged program again skips compilation (checking Base costs more than
 * running a small program). An entry is keyed by the toolchain build and the main file's
 * path and text, and records the hash of every other file the program read (its imports);
 * it is used only if all of them are unchanged. Any problem with the cache only costs a
 * compilation: the cache is never a reason for a run to fail. The directory is kept under
 * {@link #MAX_BYTES}, the least recently used entries deleted first.
 */
final class CompileCache {
    private CompileCache() {}

    /** The most the directory holds: thousands of entries of a few kilobytes each. */
    static final long MAX_BYTES = 64L << 20;

    record Entry(Module module, String diagnostics) {}

    /** Compiles {@code file} or takes it from the cache; returns the compiler's result. */
    static Compiler.Result compile(Path file, java.util.function.Supplier<Compiler.Result> compiler) {
        return compile(file, directory(), toolchainId(), compiler);
    }

    /** As above, with the cache directory and the toolchain's identity given (null: no cache). */
    static Compiler.Result compile(Path file, Path dir, String toolchain,
                                   java.util.function.Supplier<Compiler.Result> compiler) {
        if (dir == null || toolchain == null) return compiler.get();
        String key;
        try {
            key = sha256(toolchain + "\0" + file.toAbsolutePath().normalize() + "\0" + readSource(file));
        } catch (IOException | RuntimeException e) {
            return compiler.get();
        }
        Path vxb = dir.resolve(key + ".vxb");
        Path deps = dir.resolve(key + ".deps");
        Path diags = dir.resolve(key + ".diagnostics");
        Compiler.Result hit = lookup(vxb, deps, diags);
        if (hit != null) return hit;
        Compiler.Result r = compiler.get();
        if (r.module() != null) store(dir, vxb, deps, diags, r, file);
        return r;
    }

    /** A source's text, read as the compiler reads it (so a file too large for it is too large here). */
    private static String readSource(Path p) throws IOException {
        return BoundedFiles.readUtf8(p, SourceFile.MAX_BYTES);
    }

    private static Compiler.Result lookup(Path vxb, Path deps, Path diags) {
        try {
            if (!Files.exists(vxb) || !Files.exists(deps)) return null;
            for (String line : Files.readAllLines(deps, StandardCharsets.UTF_8)) {
                int tab = line.indexOf('\t');
                if (tab < 0) return null;
                Path p = Path.of(line.substring(tab + 1));
                if (!Files.exists(p) || !sha256(readSource(p)).equals(line.substring(0, tab))) return null;
            }
            Module m = Vxb.load(vxb);
            String d = Files.exists(diags) ? Files.readString(diags) : "";
            for (Path p : List.of(vxb, deps, diags)) CacheDirectory.touch(p);
            return new Compiler.Result(m, d, 0, List.of());
        } catch (IOException | BytecodeException | RuntimeException e) {
            return null;
        }
    }

    private static void store(Path dir, Path vxb, Path deps, Path diags, Compiler.Result r, Path main) {
        try {
            Files.createDirectories(dir);
            List<String> lines = new ArrayList<>();
            Path mainAbs = main.toAbsolutePath().normalize();
            for (SourceFile s : r.sources()) {
                Path p = Path.of(s.path());
                if (!Files.exists(p)) continue; // Base, read from the toolchain itself
                Path abs = p.toAbsolutePath().normalize();
                if (abs.equals(mainAbs)) continue; // part of the key
                lines.add(sha256(s.text()) + "\t" + abs);
            }
            write(dir, deps, String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
            write(dir, diags, r.diagnostics().getBytes(StandardCharsets.UTF_8));
            write(dir, vxb, ModuleWriter.write(r.module()));
            CacheDirectory.prune(dir, MAX_BYTES);
        } catch (IOException | RuntimeException e) {
            // An unwritable cache only means the next run compiles again.
        }
    }

    private static void write(Path dir, Path target, byte[] bytes) throws IOException {
        Path tmp = Files.createTempFile(dir, "entry", ".tmp");
        Files.write(tmp, bytes);
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** {@code modules} in the cache directory ({@link CacheDirectory#root}); null when disabled ({@code VX_NO_CACHE} set, and not to 0). */
    static Path directory() {
        String off = System.getenv("VX_NO_CACHE");
        if (off != null && !off.isEmpty() && !off.equals("0")) return null;
        Path root = CacheDirectory.root();
        return root == null ? null : root.resolve("modules");
    }

    /** Identifies this build of the toolchain: the jar's size and time; null when not run from a jar. */
    private static String toolchainId() {
        try {
            Path jar = Path.of(CompileCache.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) return null;
            return jar + ":" + Files.size(jar) + ":" + Files.getLastModifiedTime(jar).toMillis();
        } catch (Exception e) {
            return null;
        }
    }

    static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
