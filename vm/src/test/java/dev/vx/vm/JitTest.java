package dev.vx.vm;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Insn;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Scalar;
import dev.vx.bytecode.Vxb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.vx.bytecode.Opcode.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --engine jit} against the interpreter, without the compiler: hand-built modules and
 * {@code .vxb} fixtures (compiled from bench/programs and conformance/programs with
 * {@code bin/vxvm compile}, in src/test/resources/jit). On one thread every statistic but
 * the wall time must be identical; on two, the output and status.
 */
class JitTest {
    record Run(int status, String out, String err, Map<String, String> stats) {}

    static Run run(Module m, VmOptions o, List<String> args, Map<String, String> props) {
        Map<String, String> old = new LinkedHashMap<>();
        for (var e : props.entrySet()) {
            old.put(e.getKey(), System.getProperty(e.getKey()));
            System.setProperty(e.getKey(), e.getValue());
        }
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Host host = new Host(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            int status = Vm.run(m, o.withStats(true), host);
            String e = err.toString(StandardCharsets.UTF_8);
            StringBuilder rest = new StringBuilder();
            for (String line : e.split("\n", -1)) {
                if (!StatLines.isStat(line)) rest.append(line).append('\n');
            }
            return new Run(status, out.toString(StandardCharsets.UTF_8), rest.toString(), StatLines.parse(e));
        } finally {
            for (var e : old.entrySet()) {
                if (e.getValue() == null) System.clearProperty(e.getKey());
                else System.setProperty(e.getKey(), e.getValue());
            }
        }
    }

    static Map<String, String> comparable(Map<String, String> s) {
        Map<String, String> m = new LinkedHashMap<>(s);
        m.remove("wall_ms");
        m.remove("engine");
        m.keySet().removeIf(k -> k.startsWith("jit_"));
        return m;
    }

    static VmOptions one() {
        return VmOptions.defaults().withThreads(1);
    }

    /** Runs on both engines (the JIT with each property set) and checks they agree exactly; returns the JIT runs. */
    static List<Run> parity(Module m, VmOptions o, List<String> args, List<Map<String, String>> jitProps) {
        Run interp = run(m, o.withEngine("interp"), args, Map.of());
        List<Run> runs = new ArrayList<>();
        for (Map<String, String> p : jitProps) {
            Run jit = run(m, o.withEngine("jit"), args, p);
            assertEquals(interp.status(), jit.status(), p + ": status\n" + jit.err());
            assertEquals(interp.out(), jit.out(), p + ": stdout");
            if (o.threads() == 1) {
                // (With several threads, which lane a failing child ran on, and so its backtrace, varies.)
                assertEquals(interp.err(), jit.err(), p + ": stderr");
                assertEquals(comparable(interp.stats()), comparable(jit.stats()), p + ": statistics");
            }
            assertEquals("jit", jit.stats().get("engine"));
            runs.add(jit);
        }
        return runs;
    }

    /** Compiled at the first call; the default tiering; and direct calls limited to a tiny JVM stack budget. */
    static final List<Map<String, String>> MODES = List.of(
            Map.of("vx.jit.threshold", "0"),
            Map.of(),
            Map.of("vx.jit.threshold", "0", "vx.jit.stackBudget", "3000"));

    static Module fixture(String name) throws IOException, dev.vx.bytecode.BytecodeException {
        try (InputStream in = JitTest.class.getResourceAsStream("/jit/" + name + ".vxb")) {
            if (in == null) throw new IOException("no fixture " + name);
            return Vxb.load(in.readAllBytes());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "fib|20",
            "tree_sum|10",
            "bitonic|8",
            "mandelbrot|32 50",
            "nbody|1000",
            "sha256_merkle|16",
            "lsum|20000",
            "deep|100000",
            "fill_depth|2045 2000",
            "fill_depth|2044 2000",
            "attention|128 8",
            "quicksort|",
            "nqueens|",
            "sieve|",
            "closures|",
            "array_index|",
            "error_deep|",
            "error_in_job|",
            "div_zero|",
            "nat_overflow_mul|",
    })
    void fixturesAgreeWithTheInterpreter(String name, String args) throws Exception {
        Module m = fixture(name);
        List<String> a = args == null ? List.of() : Arrays.asList(args.split(" "));
        parity(m, one(), a, MODES);
        parity(m, VmOptions.defaults().withThreads(2), a, List.of(Map.of("vx.jit.threshold", "0")));
    }

    @Test
    void aLaterRunOfTheSameLoadedModuleReusesItsCode() throws Exception {
        Map<String, String> mode = Map.of("vx.jit.threshold", "7"); // a key no other test uses
        Module m = fixture("attention");
        List<String> args = List.of("128", "4");
        Run first = run(m, one().withEngine("jit"), args, mode);
        Run second = run(m, one().withEngine("jit"), args, mode);
        Run reloaded = run(fixture("attention"), one().withEngine("jit"), args, mode);
        long compiled = Long.parseLong(first.stats().get("jit_compiled"));
        assertTrue(compiled >= 5, first.stats().toString());
        assertEquals("0", second.stats().get("jit_compiled"), second.stats().toString());
        assertEquals(String.valueOf(compiled), second.stats().get("jit_cached"), second.stats().toString());
        // Another load of the same bytes is another module: its code is generated again.
        assertEquals(String.valueOf(compiled), reloaded.stats().get("jit_compiled"), reloaded.stats().toString());
        for (Run r : List.of(second, reloaded)) {
            assertEquals(first.out(), r.out());
            assertEquals(first.err(), r.err());
            assertEquals(comparable(first.stats()), comparable(r.stats()));
        }
    }

    @Test
    void heapExhaustionAgrees() throws Exception {
        List<Run> r = parity(fixture("oom_list"), one().withHeap(16L << 20), List.of(), MODES);
        assertEquals(Vm.OUT_OF_MEMORY, r.get(0).status());
    }

    @Test
    void aMillionLevelsDeep() {
        for (boolean job : new boolean[]{true, false}) {
            List<Run> r = parity(HandModules.deep(1_000_000, job), one(), List.of(), MODES);
            assertEquals("1000000\n", r.get(0).out());
            assertEquals("2048", r.get(0).stats().get("peak_stack_words"));
            assertTrue(Long.parseLong(r.get(0).stats().get("spills")) > 900);
        }
    }

    @Test
    void fillDepthBoundaries() {
        // 3 exit words + 1 word a level: 2045 levels fill the stack exactly, 2046 spill once
        // (one level less when main's own frame is below them, without a job).
        for (boolean job : new boolean[]{true, false}) {
            int fill = job ? 2045 : 2044;
            Run a = parity(HandModules.deep(fill, job), one(), List.of(), MODES).get(0);
            assertEquals("0", a.stats().get("spills"));
            assertEquals("2048", a.stats().get("peak_stack_words"));
            Run b = parity(HandModules.deep(fill + 1, job), one(), List.of(), MODES).get(0);
            assertEquals("1", b.stats().get("spills"));
            assertEquals("1", b.stats().get("restores"));
        }
    }

    /**
     * {@code big(x)}: {@code n} additions in a row (one basic block), called by a main that
     * calls it {@code calls} times in a loop, so the tiering wants to compile it.
     */
    static Module bigFunction(int n, int calls) {
        int U32 = Scalar.U32.typeId(), BOOL = Scalar.BOOL.typeId();
        List<Insn> big = new ArrayList<>();
        big.add(Insn.of(MOV, 1, 0));
        for (int k = 0; k < n; k++) big.add(Insn.of(k % 3 == 2 ? MUL_U32 : ADD_U32, 1, 1, 0));
        big.add(Insn.of(RET, 1));
        FunctionDesc bigFn = HandModules.fn(0, new int[]{U32}, U32, new int[]{U32, U32}, big);
        // loop(i, acc) = if i == 0 then acc else loop(i - 1, acc + big(i))
        FunctionDesc loop = HandModules.fn(3, new int[]{U32, U32}, U32, new int[]{U32, U32, U32, BOOL, U32}, List.of(
                Insn.of(LDI, 2, 0),
                Insn.of(EQ, 3, 0, 2),
                Insn.of(JF, 3, 4),
                Insn.of(RET, 1),
                Insn.of(CALL, 4, 0, 1, 0, 2, 0, 1),
                Insn.of(ADD_U32, 1, 1, 4),
                Insn.of(LDI, 2, 1),
                Insn.of(SUB_U32, 0, 0, 2),
                Insn.of(TCALL, 1, 2, 0, 1)));
        FunctionDesc main = HandModules.fn(2, new int[0], U32, new int[]{U32, U32, U32}, List.of(
                Insn.of(LDI, 0, calls),
                Insn.of(LDI, 1, 0),
                Insn.of(CALL, 2, 1, 2, 0, 1, 0),
                Insn.of(RET, 2)));
        return new Module(new byte[32], List.of("big", "big.vx", "main", "loop"), new long[0],
                Module.BUILTIN_TYPES, List.of(), List.of(bigFn, loop, main), 2, true);
    }

    @Test
    void aFunctionTooLargeForAJvmMethodRunsInTheInterpreter() {
        // About 10 bytes of JVM code an addition: 20,000 of them cannot fit one method (64 KiB).
        // The bytecode limit is raised to the JVM's, so the code is generated and found too
        // large (at the default 8,000 its length alone sends it to the interpreter).
        Module m = bigFunction(20_000, 300);
        List<Map<String, String>> modes = MODES.stream().map(mode -> {
            Map<String, String> raised = new java.util.HashMap<>(mode);
            raised.put("vx.jit.maxBytecode", "65535");
            return Map.copyOf(raised);
        }).toList();
        for (Run r : parity(m, one(), List.of(), modes)) {
            assertEquals("1", r.stats().get("jit_fallbacks"), r.stats().toString());
            assertTrue(r.stats().get("jit_fallback big").contains("64 KiB"), r.stats().toString());
            assertTrue(Integer.parseInt(r.stats().get("jit_compiled")) + Integer.parseInt(r.stats().get("jit_cached")) >= 1,
                    r.stats().toString());
        }
    }

    @Test
    void aFunctionLargerThanHotSpotCompilesRunsInTheInterpreter() {
        // Below 64 KiB but above the 8,000 bytes HotSpot compiles: the interpreter is faster.
        Module m = bigFunction(2_000, 300);
        Run r = parity(m, one(), List.of(), List.of(Map.of("vx.jit.threshold", "0"))).get(0);
        assertEquals("1", r.stats().get("jit_fallbacks"), r.stats().toString());
        assertTrue(r.stats().get("jit_fallback big").contains("limit is 8000"), r.stats().toString());
        // A small one is compiled.
        Run s = parity(bigFunction(20, 300), one(), List.of(), List.of(Map.of("vx.jit.threshold", "0"))).get(0);
        assertEquals("0", s.stats().get("jit_fallbacks"), s.stats().toString());
    }

    /**
     * A function of 200 parameters (more than a JVM method descriptor holds as longs: they
     * travel in an array) that sums them, called directly, tail-called, and started by the
     * dispatcher; and a loop written with a backward jump (the compiler writes loops as tail
     * calls, but the bytecode allows jumps back).
     */
    static Module manyParamsAndBackwardJumps() {
        int U32 = Scalar.U32.typeId(), BOOL = Scalar.BOOL.typeId();
        int np = 200;
        int[] params = new int[np];
        Arrays.fill(params, U32);
        int[] regs = new int[np + 1];
        Arrays.fill(regs, U32);
        List<Insn> sum = new ArrayList<>();
        sum.add(Insn.of(MOV, np, 0));
        for (int k = 1; k < np; k++) {
            sum.add(Insn.of(ADD_U32, np, np, k));
            if (k % 7 == 0) sum.add(Insn.of(MUL_U32, np, np, k)); // the order of the parameters matters
        }
        sum.add(Insn.of(RET, np));
        FunctionDesc wide = HandModules.fn(0, params, U32, regs, sum);
        // tail(x) = tail-calls wide(x, x + 1, ...)
        List<Insn> tail = new ArrayList<>();
        int[] targs = new int[np + 1];
        targs[0] = np;
        tail.add(Insn.of(LDI, np + 1, 1));
        for (int k = 0; k < np; k++) {
            tail.add(Insn.of(k == 0 ? MOV : ADD_U32, k == 0 ? new int[]{1 + k, 0} : new int[]{1 + k, k, np + 1}));
            targs[1 + k] = 1 + k;
        }
        tail.add(Insn.of(TCALL, concat(new int[]{0}, targs)));
        int[] tregs = new int[np + 2];
        Arrays.fill(tregs, U32);
        FunctionDesc tailFn = HandModules.fn(3, new int[]{U32}, U32, tregs, tail);
        // main: i = 50; acc = 0; loop: if i == 0 goto end; acc += tail(i); i -= 1; goto loop; end: ret acc
        FunctionDesc main = HandModules.fn(2, new int[0], U32, new int[]{U32, U32, U32, BOOL, U32}, List.of(
                Insn.of(LDI, 0, 50),
                Insn.of(LDI, 1, 0),
                Insn.of(LDI, 2, 0),
                Insn.of(EQ, 3, 0, 2),
                Insn.of(JT, 3, 10),
                Insn.of(CALL, 4, 1, 1, 0, 2, 0, 1),
                Insn.of(ADD_U32, 1, 1, 4),
                Insn.of(LDI, 2, 1),
                Insn.of(SUB_U32, 0, 0, 2),
                Insn.of(JMP, 2),
                Insn.of(RET, 1)));
        return new Module(new byte[32], List.of("wide", "wide.vx", "main", "tail"), new long[0],
                Module.BUILTIN_TYPES, List.of(), List.of(wide, tailFn, main), 2, true);
    }

    static int[] concat(int[] a, int[] b) {
        int[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void manyParametersAndBackwardJumps() {
        Run r = parity(manyParamsAndBackwardJumps(), one(), List.of(), MODES).get(0);
        assertEquals(0, r.status(), r.err());
        assertEquals("0", r.stats().get("jit_fallbacks"));
        parity(manyParamsAndBackwardJumps(), VmOptions.defaults().withThreads(2), List.of(), List.of(Map.of("vx.jit.threshold", "0")));
    }

    @Test
    void heapGrowthWhileWorkersRunCompiledCode() throws Exception {
        // Builds trees of millions of cells on two and four threads: the heap array is
        // replaced several times while compiled code on other workers holds it.
        for (int threads : new int[]{2, 4}) {
            parity(fixture("tree_sum"), VmOptions.defaults().withThreads(threads), List.of("19"),
                    List.of(Map.of("vx.jit.threshold", "0"), Map.of()));
        }
    }

    @Test
    void aClassGenerationFailureIsAnInternalErrorNamingTheFunction() {
        // Compiled when the dispatcher first starts it, and when compiled code first calls it.
        for (String fn : List.of("main", "big")) {
            Run r = run(bigFunction(10, 3), one().withEngine("jit"), List.of(),
                    Map.of("vx.jit.threshold", "0", "vx.jit.failFor", fn));
            assertEquals(Vm.INTERNAL, r.status(), r.err());
            assertTrue(r.err().startsWith("vxvm: internal error: "), r.err());
            assertTrue(r.err().contains("the JIT failed to generate the class of function " + fn + ":"), r.err());
        }
    }
}
