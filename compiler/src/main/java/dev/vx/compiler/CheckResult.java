package dev.vx.compiler;

import dev.vx.compiler.diag.Diagnostics;
import dev.vx.compiler.tast.Program;

/**
 * What the front end made of a program: the checked program (null when there were errors)
 * and every diagnostic, warnings included.
 */
public record CheckResult(Program program, Diagnostics diagnostics) {
    public boolean ok() {
        return program != null;
    }
}
