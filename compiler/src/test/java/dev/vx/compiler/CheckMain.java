package dev.vx.compiler;

import dev.vx.compiler.tast.TastPrinter;
import java.nio.file.Path;

/** Checks a file against the test Base and prints the diagnostics and the typed program: a debugging aid. */
public final class CheckMain {
    private CheckMain() {
    }

    public static void main(String[] args) throws Exception {
        Path p = Path.of(args[0]);
        CheckResult r = new FrontEnd().check(p, TestBase.sources());
        System.out.print(r.diagnostics().render());
        if (r.ok() && args.length > 1) {
            System.out.print(TastPrinter.print(r.program(), false));
        }
    }
}
