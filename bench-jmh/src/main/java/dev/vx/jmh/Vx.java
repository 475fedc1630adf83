package dev.vx.jmh;

import dev.vx.vm.StatLines;
import dev.vx.bytecode.Module;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.stdlib.BaseLibrary;
import dev.vx.vm.Host;
import dev.vx.vm.Vm;
import dev.vx.vm.VmOptions;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Compiling and running small Vx programs for the benchmarks (public VM API only). */
final class Vx {
    private Vx() {}

    static Module compile(String source) {
        List<SourceFile> base = BaseLibrary.sources().stream().map(s -> new SourceFile(s.path(), s.text())).toList();
        Compiler.Result r = Compiler.compile(new SourceFile("bench.vx", source), base);
        if (r.module() == null) throw new IllegalStateException("does not compile:\n" + r.diagnostics());
        return r.module();
    }

    static final PrintStream NULL = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);

    /** One thread on the interpreter: deterministic, and the figures are the VM's own paths, not generated code's. */
    static final VmOptions ONE_THREAD = VmOptions.defaults().withThreads(1).withHeap(256L << 20).withEngine("interp");

    /** Runs {@code m} and returns its status (output discarded). */
    static int run(Module m, VmOptions opts) {
        return Vm.run(m, opts, new Host(List.of(), NULL, NULL));
    }

    /** Runs {@code m} once with --stats and returns the {@code name} figure. */
    static long stat(Module m, String name) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Vm.run(m, ONE_THREAD.withStats(true), new Host(List.of(), NULL, new PrintStream(err, true, StandardCharsets.UTF_8)));
        if (status != 0) throw new IllegalStateException("status " + status + ": " + err);
        String v = StatLines.parse(err.toString(StandardCharsets.UTF_8)).get(name);
        if (v == null) throw new IllegalStateException("no " + name + " in --stats");
        return Long.parseLong(v);
    }

    /** A tail loop: compare, branch, two additions and a tail call per iteration. */
    static String loop(int n) {
        return """
                def loop(n: U32, acc: U32) -> U32:
                  if n == 0:
                    acc
                  else:
                    loop(n - 1, acc + n)

                def main() -> U32:
                  loop(%d, 0)
                """.formatted(n);
    }

    /** Naive Fibonacci: non-tail calls and returns through the lane stack. */
    static String fib(int n) {
        return """
                def fib(n: U32) -> U32:
                  if n < 2:
                    n
                  else:
                    fib(n - 1) + fib(n - 2)

                def main() -> U32:
                  fib(%d)
                """.formatted(n);
    }

    /** Builds an n-element list and sums it: allocation, matching and freeing (the list dies as it is summed). */
    static String list(int n) {
        return """
                def gen(n: Nat, k: U32, acc: List<U32>) -> List<U32>:
                  match n:
                    case 0n:
                      acc
                    case 1n+p:
                      gen(p, k + 1, k <> acc)

                def sum(xs: List<U32>, acc: U32) -> U32:
                  match xs:
                    case []:
                      acc
                    case h <> t:
                      sum(t, acc + h)

                def main() -> U32:
                  sum(gen(%dn, 0, []), 0)
                """.formatted(n);
    }

    /**
     * The fill-depth loop of bench/programs/fill_depth.vx: {@code depth} levels of one word,
     * then {@code calls} non-tail calls of a leaf. At 2045 every call is at the spill point.
     */
    static String fillDepth(int depth, int calls) {
        return """
                def step(s: U64) -> U64:
                  k = s >> 32
                  acc = s & 0xFFFFFFFF
                  ((k - 1) << 32) | ((acc * 31 + k) & 0xFFFFFFFF)

                def spin(s: U64) -> U64:
                  if s >> 32 == 0:
                    s
                  else:
                    spin(step(s))

                def fill(n: Nat, s: U64) -> U64:
                  match n:
                    case 0n:
                      spin(s)
                    case 1n+p:
                      fill(p, s) + 1

                def main() -> U64:
                  fill!(%dn, U32.to_u64(%d) << 32)
                """.formatted(depth, calls);
    }
}
