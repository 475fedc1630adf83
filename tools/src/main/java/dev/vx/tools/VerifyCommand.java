package dev.vx.tools;

import dev.vx.bytecode.Module;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "verify", mixinStandardHelpOptions = true, versionProvider = Vxvm.Version.class, description = "Check that a .vxb module is well formed and passes the verifier.")
final class VerifyCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "MODULE")
    Path module;

    @Override
    public Integer call() {
        // read + verify (a failure is a one-line UsageError), or compile; status 2 either way (Vxvm.failed)
        Module m = Programs.load(module);
        Vxvm.out().println(module + ": ok (" + m.functions().size() + " functions, "
                + m.functions().stream().mapToInt(f -> f.code().size()).sum() + " instructions)");
        return 0;
    }
}
