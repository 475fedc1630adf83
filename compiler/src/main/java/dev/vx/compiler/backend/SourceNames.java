package dev.vx.compiler.backend;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.tast.Program;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * How a module names its source files (debug section, so backtraces; source hash): the program's
 * files by their path relative to the main file's folder ({@code p.vx}, {@code lib/geometry.vx}),
 * Base's by their resource path ({@code vx/base/list.vx}). So the same sources give the same
 * bytes wherever they lie and however the main file was spelled on the command line
 * ({@code p.vx}, {@code ./p.vx}, {@code /home/u/p.vx}, {@code sub/p.vx} from the folder above),
 * as javac's source-file attribute and Rust's package-relative paths do. Diagnostics keep the
 * path as the user wrote it, since they are read in the user's own folder.
 */
final class SourceNames {
    private final Set<SourceFile> base = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Path root;

    SourceNames(Program program) {
        SourceFile mainFile = program.main().file();
        // Base's files come first in the program's sources, then the main file and its imports.
        for (SourceFile s : program.sources()) {
            if (s == mainFile) break;
            base.add(s);
        }
        Path main = normalised(mainFile.path());
        this.root = main == null ? null : main.getParent();
    }

    String of(SourceFile file) {
        if (base.contains(file)) return file.path();
        Path p = normalised(file.path());
        if (p == null) return file.path();
        // Imports resolve inside the main file's folder, so every program file lies under it.
        return (root != null && p.startsWith(root) ? root.relativize(p) : p).toString();
    }

    private static Path normalised(String path) {
        try {
            return Path.of(path).normalize();
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
