package dev.vx.tools;

import dev.vx.vm.StatLines;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.vm.Host;
import dev.vx.vm.Vm;
import dev.vx.vm.VmOptions;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** Compiles Vx source in memory and runs it, capturing output and --stats figures. */
final class VxRun {
    record Result(int status, String out, String err, Map<String, String> stats) {
        long stat(String name) {
            String v = stats.get(name);
            if (v == null) throw new AssertionError("no stat " + name + " in:\n" + err);
            return Long.parseLong(v);
        }
    }

    static Result run(String source, VmOptions opts, String... args) {
        Compiler.Result c = Compiler.compile(new SourceFile("test.vx", source), Programs.base());
        if (c.module() == null) throw new AssertionError("does not compile:\n" + c.diagnostics());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Host host = new Host(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = Vm.run(c.module(), opts.withStats(true), host);
        String e = err.toString(StandardCharsets.UTF_8);
        Map<String, String> stats = StatLines.parse(e);
        return new Result(status, out.toString(StandardCharsets.UTF_8), e, stats);
    }

    static VmOptions oneThread() {
        return VmOptions.defaults().withThreads(1);
    }
}
