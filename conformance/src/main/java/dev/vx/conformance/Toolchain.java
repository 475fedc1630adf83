package dev.vx.conformance;

import dev.vx.compiler.CheckResult;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.FrontEnd;
import dev.vx.compiler.SourceFile;
import dev.vx.stdlib.BaseLibrary;
import java.util.List;

/** The compiler as the CLI uses it (with Base from {@link BaseLibrary}), for in-process tests. */
public final class Toolchain {
    private Toolchain() {
    }

    private static final List<SourceFile> BASE =
            BaseLibrary.sources().stream().map(s -> new SourceFile(s.path(), s.text())).toList();

    public static List<SourceFile> base() {
        return BASE;
    }

    /** Front end, back end and verifier: the module, or diagnostics. */
    public static Compiler.Result compile(SourceFile main) {
        return Compiler.compile(main, BASE);
    }

    /** The front end only: the checked typed program the reference evaluator runs. */
    public static CheckResult check(SourceFile main) {
        return new FrontEnd().check(main, BASE);
    }
}
