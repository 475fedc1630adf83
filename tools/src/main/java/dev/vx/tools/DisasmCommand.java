package dev.vx.tools;

import dev.vx.bytecode.Disassembler;
import dev.vx.bytecode.Module;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "disasm", mixinStandardHelpOptions = true, versionProvider = Vxvm.Version.class, description = "Print a module (.vxb, or a .vx compiled in memory) as readable text.")
final class DisasmCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROGRAM")
    Path program;

    @Override
    public Integer call() {
        Module m = Programs.load(program); // compile errors: status 2 (Vxvm.failed)
        Vxvm.out().print(Disassembler.disassemble(m));
        return 0;
    }
}
