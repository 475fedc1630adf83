package dev.vx.compiler.tast;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Diagnostic;
import dev.vx.compiler.types.AdtDecl;
import java.util.List;

/**
 * A whole checked program: Base's and the user's declarations, ready for monomorphisation.
 *
 * @param types     every declared type (Base's first, then the user's, in source order)
 * @param functions every {@code def}, each with its body (Base's first)
 * @param main      the entry point: no parameters, no type parameters; its result type is
 *                  either {@code IO(T)} (run the action) or anything else (print the value)
 * @param warnings  the warnings found while checking
 * @param sources   every source file read (Base's, then the main file and its imports)
 */
public record Program(List<AdtDecl> types, List<FunctionDef> functions, FunctionDef main,
                      List<Diagnostic> warnings, List<SourceFile> sources) {
    public Program {
        types = List.copyOf(types);
        functions = List.copyOf(functions);
        warnings = List.copyOf(warnings);
        sources = List.copyOf(sources);
    }
}
