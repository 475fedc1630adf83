package dev.vx.conformance.jit;

import dev.vx.vm.StatLines;
import dev.vx.bytecode.Module;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.stdlib.BaseLibrary;
import dev.vx.vm.Host;
import dev.vx.vm.Sizes;
import dev.vx.vm.Vm;
import dev.vx.vm.VmOptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The JIT against the interpreter on every golden program (conformance/programs): the same
 * exit status, standard output and error output (messages and backtraces), and with one
 * thread the same statistics, every figure but the wall time (steps included). The JIT runs
 * compiling every function at its first call ({@code vx.jit.threshold=0}, so compiled code
 * runs nearly everything), with the default tiering and a later one (mixed mode), and with a
 * tiny JVM stack budget for direct calls (nearly every call through the dispatcher). It also
 * runs with two threads, where output and status must still agree.
 */
class JitParityTest {
    record Run(int status, String out, String err, Map<String, String> stats) {}

    static List<SourceFile> base() {
        return BaseLibrary.sources().stream().map(s -> new SourceFile(s.path(), s.text())).toList();
    }

    static Path root() {
        for (Path p : List.of(Path.of("programs"), Path.of("conformance", "programs"))) {
            if (Files.isDirectory(p)) return p;
        }
        throw new IllegalStateException("conformance/programs not found");
    }

    static Run run(Module m, VmOptions opts, List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Host host = new Host(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = Vm.run(m, opts.withStats(true), host);
        String e = err.toString(StandardCharsets.UTF_8);
        StringBuilder rest = new StringBuilder();
        for (String line : e.split("\n", -1)) {
            if (!StatLines.isStat(line)) rest.append(line).append('\n');
        }
        return new Run(status, out.toString(StandardCharsets.UTF_8), rest.toString(), StatLines.parse(e));
    }

    /** The statistics that must agree between engines on one thread. */
    static Map<String, String> comparable(Map<String, String> s) {
        Map<String, String> m = new LinkedHashMap<>(s);
        m.remove("wall_ms");
        m.remove("engine");
        m.keySet().removeIf(k -> k.startsWith("jit_"));
        return m;
    }

    /** {@code threshold} is the JIT's; "0/3000" also limits direct calls to a 3000-byte JVM stack budget. */
    static Run withThreshold(String threshold, Module m, VmOptions o, List<String> args) {
        String[] parts = threshold.split("/");
        String old = System.getProperty("vx.jit.threshold");
        String oldBudget = System.getProperty("vx.jit.stackBudget");
        System.setProperty("vx.jit.threshold", parts[0]);
        if (parts.length > 1) System.setProperty("vx.jit.stackBudget", parts[1]);
        try {
            return run(m, o.withEngine("jit"), args);
        } finally {
            if (old == null) System.clearProperty("vx.jit.threshold");
            else System.setProperty("vx.jit.threshold", old);
            if (oldBudget == null) System.clearProperty("vx.jit.stackBudget");
            else System.setProperty("vx.jit.stackBudget", oldBudget);
        }
    }

    @TestFactory
    Stream<DynamicTest> goldenPrograms() throws IOException {
        Path root = root();
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(p -> p.toString().endsWith(".vx")).sorted().toList();
        }
        List<SourceFile> base = base();
        List<DynamicTest> tests = new ArrayList<>();
        for (Path f : files) {
            List<String> meta = Files.readAllLines(f, StandardCharsets.UTF_8).stream()
                    .takeWhile(l -> l.isBlank() || l.startsWith("#")).filter(l -> l.startsWith("# vx-test:")).toList();
            if (meta.stream().anyMatch(l -> l.strip().endsWith("library"))) continue;
            List<String> args = field(meta, "args");
            List<String> flags = field(meta, "flags");
            tests.add(DynamicTest.dynamicTest(root.relativize(f).toString(), () -> {
                Compiler.Result c = Compiler.compile(f, base);
                if (c.module() == null) return; // a diagnostics program: no engine runs it
                VmOptions o = options(flags).withThreads(1);
                Run interp = run(c.module(), o.withEngine("interp"), args);
                for (String threshold : List.of("0", "100", "1000", "0/3000")) {
                    Run jit = withThreshold(threshold, c.module(), o, args);
                    String what = f + " (threshold " + threshold + ")";
                    assertEquals(interp.status(), jit.status(), what + ": status\n" + jit.err());
                    assertEquals(interp.out(), jit.out(), what + ": stdout");
                    assertEquals(interp.err(), jit.err(), what + ": stderr");
                    assertEquals(comparable(interp.stats()), comparable(jit.stats()), what + ": statistics");
                }
                Run two = withThreshold("0", c.module(), o.withThreads(2), args);
                assertEquals(interp.status(), two.status(), f + " on 2 threads: status\n" + two.err());
                assertEquals(interp.out(), two.out(), f + " on 2 threads: stdout");
            }));
        }
        return tests.stream();
    }

    static List<String> field(List<String> meta, String key) {
        for (String l : meta) {
            String body = l.substring("# vx-test:".length()).strip();
            if (body.startsWith(key + ":")) {
                String v = body.substring(key.length() + 1).strip();
                return v.isEmpty() ? List.of() : Arrays.asList(v.split("\\s+"));
            }
        }
        return List.of();
    }

    static VmOptions options(List<String> flags) {
        VmOptions o = VmOptions.defaults();
        for (int i = 0; i < flags.size(); i++) {
            switch (flags.get(i)) {
                case "--heap" -> o = o.withHeap(Sizes.parse(flags.get(++i)));
                case "--threads" -> o = o.withThreads(Integer.parseInt(flags.get(++i)));
                case "--stats" -> {}
                default -> throw new IllegalArgumentException("flag " + flags.get(i));
            }
        }
        return o;
    }
}
