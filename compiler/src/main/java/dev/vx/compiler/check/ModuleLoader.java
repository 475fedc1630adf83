package dev.vx.compiler.check;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.SourceLoader;
import dev.vx.compiler.diag.Diagnostics;
import dev.vx.compiler.diag.Progress;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.diag.Utf8Errors;
import dev.vx.compiler.syntax.Ast;
import dev.vx.compiler.syntax.Lexer;
import dev.vx.compiler.syntax.Parser;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses Base's files and the user's main file with everything it imports. {@code import a.b}
 * in {@code dir/x.vx} names {@code dir/a/b.vx}; each file is read and parsed once (the loader
 * says which paths name one file: {@link SourceLoader#identity}), so import cycles are
 * harmless. Base's files are given, never read from disk; their imports must name one of them.
 */
public final class ModuleLoader {
    private ModuleLoader() {
    }

    public static List<ProgramChecker.ParsedFile> load(List<SourceFile> base, SourceFile main, SourceLoader loader,
                                                       Diagnostics diags, Progress progress) {
        List<ProgramChecker.ParsedFile> out = new ArrayList<>();
        Map<String, SourceFile> baseByPath = new HashMap<>();
        for (SourceFile f : base) {
            baseByPath.put(key(f.path()), f);
        }
        for (SourceFile f : base) {
            Ast.FileAst ast = parse(f, diags, progress);
            out.add(new ProgramChecker.ParsedFile(f, ast, true, false));
            for (Ast.Import imp : ast.imports()) {
                if (!baseByPath.containsKey(key(target(f, imp)))) {
                    diags.error(imp.span(), "cannot import `" + imp.name() + "`: Base has no file " + target(f, imp));
                }
            }
        }
        Set<String> seen = new HashSet<>();
        Deque<SourceFile> pending = new ArrayDeque<>();
        seen.add(loader.identity(main.path()));
        pending.add(main);
        while (!pending.isEmpty()) {
            SourceFile f = pending.removeFirst();
            Ast.FileAst ast = parse(f, diags, progress);
            boolean anyFailed = false; // then names this file uses may be missing: they are not reported
            for (Ast.Import imp : ast.imports()) {
                String path = target(f, imp);
                if (!seen.add(loader.identity(path))) {
                    continue;
                }
                boolean loaded = false;
                try {
                    pending.add(new SourceFile(path, loader.read(path)));
                    loaded = true;
                } catch (NoSuchFileException e) {
                    diags.error(imp.span(), "cannot import `" + imp.name() + "`: there is no file " + path);
                } catch (CharacterCodingException e) {
                    // Where in the imported file, as for the main file; the import's line when it cannot be read again.
                    Span bad = Utf8Errors.firstInvalid(Path.of(path));
                    if (bad != null) {
                        diags.error(bad, "this is not valid UTF-8 text (Vx source is UTF-8); imported at " + imp.span());
                    } else {
                        diags.error(imp.span(), "cannot import `" + imp.name() + "`: " + path + " is not valid UTF-8");
                    }
                } catch (IOException e) {
                    diags.error(imp.span(), "cannot import `" + imp.name() + "` from " + path + ": " + e.getMessage());
                }
                anyFailed |= !loaded;
            }
            out.add(new ProgramChecker.ParsedFile(f, ast, false, anyFailed));
        }
        return out;
    }

    private static Ast.FileAst parse(SourceFile f, Diagnostics diags, Progress progress) {
        return Parser.parse(Lexer.lex(f, diags), diags, progress);
    }

    /** The path {@code import a.b} in {@code from} names: {@code a/b.vx} next to {@code from}. */
    private static String target(SourceFile from, Ast.Import imp) {
        Path dir = Path.of(from.path()).getParent();
        String relative = imp.name().replace('.', '/') + ".vx";
        return (dir == null ? Path.of(relative) : dir.resolve(relative)).normalize().toString();
    }

    private static String key(String path) {
        return Path.of(path).normalize().toString();
    }
}
