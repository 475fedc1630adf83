package dev.vx.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line: statuses and messages for good and bad input (RUNTIME.md §6). */
class CliTest {
    @TempDir
    Path tmp;

    record Run(int status, String out, String err) {
        /** Bad input: exactly one line on stderr, and no stack trace. */
        void oneLine() {
            assertEquals(1, err.lines().count(), err);
            assertFalse(err.contains("\tat ") || err.contains("Exception"), err);
        }
    }

    static Run vxvm(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Vxvm.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path write(String name, String text) throws Exception {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void helpListsTheCommands() {
        Run r = vxvm("--help");
        assertEquals(0, r.status());
        for (String c : new String[]{"run", "compile", "disasm", "verify", "devices"}) assertTrue(r.out().contains(c), r.out());
    }

    @Test
    void noCommandIsBadUsage() {
        Run r = vxvm();
        assertEquals(2, r.status());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("Usage: vxvm") && r.err().contains("run"), r.err());
    }

    @Test
    void everyCommandHasHelp() {
        for (String c : new String[]{"run", "compile", "disasm", "verify", "devices", "bench"}) {
            Run r = vxvm(c, "--help");
            assertEquals(0, r.status(), c + ": " + r.err());
            assertTrue(r.out().startsWith("Usage: vxvm " + c), r.out());
        }
    }

    @Test
    void runCompileDisasmVerify() throws Exception {
        Path src = write("p.vx", "def main() -> U32:\n  6 * 7\n");
        Run run = vxvm("run", src.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals("42\n", run.out());
        Path vxb = tmp.resolve("p.vxb");
        assertEquals(0, vxvm("compile", src.toString(), "-o", vxb.toString()).status());
        assertEquals("42\n", vxvm("run", vxb.toString()).out());
        Run verify = vxvm("verify", vxb.toString());
        assertEquals(0, verify.status());
        assertTrue(verify.out().contains("ok"), verify.out());
        Run disasm = vxvm("disasm", vxb.toString());
        assertEquals(0, disasm.status());
        assertTrue(disasm.out().contains("fn ") && disasm.out().contains("main"), disasm.out());
    }

    @Test
    void programArgumentsFollowTheDoubleDash() throws Exception {
        Path src = write("a.vx", "def main() -> IO(Unit):\n  do:\n    args <- IO.args()\n    IO.print(String.join(args, \"+\"))\n");
        Run r = vxvm("run", src.toString(), "--", "x", "--heap", "y");
        assertEquals(0, r.status(), r.err());
        assertEquals("x+--heap+y\n", r.out());
    }

    @Test
    void argumentsStartingWithAtAreWordsNotFiles() throws Exception {
        // picocli reads @FILE as the words of FILE unless told not to: a program's argument
        // could make vxvm read any file (and its words reached the program instead).
        Path src = write("a.vx", "def main() -> IO(Unit):\n  do:\n    args <- IO.args()\n    IO.print(String.join(args, \"+\"))\n");
        Path words = write("words.txt", "hello world\n");
        for (String[] line : new String[][] {
                {"run", src.toString(), "--", "@" + words},
                {"run", src.toString(), "@" + words},
                {"run", "--stats", src.toString(), "--", "@" + words}}) {
            Run r = vxvm(line);
            assertEquals(0, r.status(), r.err());
            assertEquals("@" + words + "\n", r.out());
        }
        Run compile = vxvm("compile", "@" + words);
        assertEquals(2, compile.status());
        assertTrue(compile.err().contains("@" + words), compile.err());
    }

    @Test
    void missingAndUnreadableFiles() throws Exception {
        Run missing = vxvm("run", tmp.resolve("nope.vx").toString());
        assertEquals(2, missing.status());
        missing.oneLine();
        assertTrue(missing.err().contains("no such file"), missing.err());
        Run dir = vxvm("run", tmp.toString());
        assertEquals(2, dir.status());
        dir.oneLine();
        Run verify = vxvm("verify", tmp.resolve("nope.vxb").toString());
        assertEquals(2, verify.status());
        verify.oneLine();
    }

    @Test
    void malformedBytecodeIsRejectedInOneLine() throws Exception {
        Path bad = tmp.resolve("bad.vxb");
        Files.write(bad, new byte[]{'V', 'X', 'B', 0, 1, 0, 0, 0, 9, 9});
        for (String cmd : new String[]{"run", "verify", "disasm"}) {
            Run r = vxvm(cmd, bad.toString());
            assertEquals(2, r.status(), cmd);
            r.oneLine();
            assertTrue(r.err().startsWith("vxvm: " + bad), r.err());
            assertEquals(r.err().indexOf(bad.toString()), r.err().lastIndexOf(bad.toString()), "the path once: " + r.err());
        }
    }

    @Test
    void badFlags() throws Exception {
        Path src = write("p.vx", "def main() -> U32:\n  1\n");
        for (String[] args : new String[][]{
                {"run", src.toString(), "--heap", "lots"},
                {"run", src.toString(), "--threads", "0"},
                {"run", src.toString(), "--engine", "fast"},
                {"run", src.toString(), "--device", "tpu"},
                {"run", src.toString(), "--no-such-flag"},
                {"frobnicate"},
                {"run"}}) {
            Run r = vxvm(args);
            assertEquals(2, r.status(), String.join(" ", args) + ": " + r.err());
            r.oneLine();
        }
    }

    @Test
    void compileErrorsHaveStatus2AndLocations() throws Exception {
        Path src = write("bad.vx", "def main() -> U32:\n  undefined_thing\n");
        for (String cmd : new String[]{"run", "compile", "disasm", "verify"}) {
            Run r = vxvm(cmd, src.toString());
            assertEquals(2, r.status(), cmd);
            assertTrue(r.err().contains("bad.vx:2:3: error:"), cmd + ": " + r.err());
            assertFalse(r.err().contains("internal error") || r.err().contains("\tat ") || r.err().contains("    at "), r.err());
            assertEquals("", r.out());
        }
    }

    /** vxvm in a JVM of its own, with {@code jvmFlags}, its standard output sent to {@code stdout}. */
    private static Run process(List<String> jvmFlags, java.io.File stdout, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmFlags);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Vxvm.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (stdout != null) pb.redirectOutput(stdout);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        String out = stdout != null ? "" : new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out, err);
    }

    /**
     * `vxvm run p | head -1`: once standard output's reader has gone, the run stops at its next
     * print, quietly and with status 0, as a Unix tool that gets SIGPIPE does; it used to go on
     * printing into the closed pipe (40 s for 2 million lines, against 1 s) and ran the rest of
     * the program. The file written after the loop shows where it stopped.
     */
    @Test
    void aRunWhoseReaderHasGoneStopsQuietly() throws Exception {
        Path after = tmp.resolve("after.txt");
        Path src = write("lines.vx", "def loop(i: U32) -> IO(Unit):\n  if i == 0:\n    IO.pure(())\n  else:\n    do:\n"
                + "      IO.print(\"line \" ++ U32.show(i))\n      loop(i - 1)\n\ndef main() -> IO(Unit):\n  do:\n"
                + "    loop(2000000)\n    r <- IO.write_file(\"" + after + "\", \"written\")\n    IO.print(\"end\")\n");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Vxvm.class.getName(), "run", src.toString(), "--device", "cpu");
        Process p = pb.start();
        String first = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        p.getInputStream().close();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), err);
        assertEquals("line 2000000", first);
        assertEquals("", err);
        assertFalse(Files.exists(after), "the program went on after its reader had gone");
    }

    @Test
    void filesThatCannotBeReadOrWrittenSayWhy() throws Exception {
        Path src = write("p.vx", "def main() -> U32:\n  1\n");
        Path nowhere = tmp.resolve("no-such-dir").resolve("p.vxb");
        Run noDir = vxvm("compile", src.toString(), "-o", nowhere.toString());
        assertEquals(2, noDir.status());
        noDir.oneLine();
        assertEquals("vxvm: cannot write " + nowhere + ": there is no directory " + nowhere.getParent(), noDir.err().strip());
        Run over = vxvm("compile", src.toString(), "-o", src.toString());
        assertEquals(2, over.status());
        over.oneLine();
        assertTrue(over.err().contains("it is the source being compiled"), over.err());
        assertEquals("def main() -> U32:\n  1\n", Files.readString(src), "the source is intact");
        Path latin1 = tmp.resolve("latin1.vx");
        Files.write(latin1, new byte[]{'d', 'e', 'f', ' ', (byte) 0xE9, '\n'});
        Run notUtf8 = vxvm("run", latin1.toString());
        assertEquals(2, notUtf8.status());
        // The error points at the first byte that is not UTF-8 (line 1, after "def ").
        assertTrue(notUtf8.err().startsWith(latin1 + ":1:5: error: this is not valid UTF-8 text (Vx source is UTF-8)"),
                notUtf8.err());
        Path later = tmp.resolve("later.vx");
        Files.write(later, "def main() -> String:\n  # caf\u00e9 ok\n  \"x\u00e9y\" ++ \"".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Files.write(later, new byte[]{(byte) 0xC3, '"', '\n'}, java.nio.file.StandardOpenOption.APPEND);
        Run lateBad = vxvm("run", later.toString());
        assertEquals(2, lateBad.status());
        assertTrue(lateBad.err().startsWith(later + ":3:13: error: this is not valid UTF-8 text"), lateBad.err());
        // In an imported file: at the byte there too, saying where it was imported.
        Path lib = tmp.resolve("badlib.vx");
        Files.write(lib, new byte[]{'d', 'e', 'f', ' ', 'b', '(', ')', ' ', '-', '>', ' ', 'U', '3', '2', ':', '\n', ' ', ' ', '#', (byte) 0xFF, '\n', ' ', ' ', '1', '\n'});
        Path user = write("usesbad.vx", "import badlib\n\ndef main() -> U32:\n  b()\n");
        Run imported = vxvm("run", user.toString());
        assertEquals(2, imported.status(), imported.err());
        assertTrue(imported.err().startsWith(lib + ":2:4: error: this is not valid UTF-8 text (Vx source is UTF-8); "
                + "imported at " + user + ":1:8"), imported.err());
    }

    @Test
    void aDeviceWithoutADriverIsOneNoteAndTheJobsRunOnTheCpu() throws Exception {
        // RUNTIME.md 4. This build has no Vulkan backend at all: the extreme case of no driver.
        Path src = write("job.vx", "def sq(x: U32) -> U32:\n  x * x\n\ndef main() -> U32:\n  sq!(7) + 1\n");
        Run r = vxvm("run", src.toString(), "--device", "vulkan", "--stats");
        assertEquals(0, r.status(), r.err());
        assertEquals("50", r.out().strip());
        assertEquals("vxvm: note: --device vulkan: this build of vxvm has no vulkan backend; jobs run on the CPU",
                r.err().lines().findFirst().orElse(""));
        assertTrue(r.err().contains("device: cpu"), r.err());
        // `devices` says the same of it, instead of leaving it out.
        Run devices = vxvm("devices");
        assertEquals(0, devices.status(), devices.err());
        assertTrue(devices.out().lines().anyMatch(l -> l.equals("vulkan: not usable: this build of vxvm has no vulkan backend")),
                devices.out());
        assertTrue(devices.out().lines().anyMatch(l -> l.startsWith("opencl: ")), devices.out());
    }

    @Test
    void anEmptyOutputPathIsBadUsage() throws Exception {
        Path src = write("p.vx", "def main() -> U32:\n  1\n");
        Run r = vxvm("compile", src.toString(), "-o", "");
        assertEquals(2, r.status(), r.err());
        assertEquals("vxvm: -o needs a file name (the .vxb to write)", r.err().strip());
    }

    @Test
    void outputThatCannotBeWrittenFailsTheRun() throws Exception {
        java.io.File full = new java.io.File("/dev/full");
        if (!full.exists()) {
            System.out.println("[skipped] CliTest.outputThatCannotBeWrittenFailsTheRun: no /dev/full on this system");
            return;
        }
        Path src = write("seven.vx", "def main() -> U32:\n  7\n");
        Run r = process(List.of(), full, "run", src.toString());
        assertEquals(1, r.status(), r.err());
        assertEquals("vxvm: cannot write to standard output: No space left on device", r.err().strip());
    }

    @Test
    void standardOutputIsBufferedButKeepsItsPlaceBeforeStandardError() throws Exception {
        // Piped, standard output is buffered (StandardStreams); what goes to standard error
        // must still come after the lines printed before it, as it does on a terminal.
        Path src = write("order.vx", """
                def sq(x: U32) -> U32:
                  x * x

                def lines(i: U32) -> IO(Unit):
                  if i == 0:
                    IO.pure(())
                  else:
                    do:
                      IO.print("line " ++ U32.show(i))
                      lines(i - 1)

                def main() -> IO(Unit):
                  do:
                    lines(3)
                    IO.print(U32.show(sq!(7)))
                    IO.write("no newline ")
                    _ <- IO.die("stop")
                    IO.print("never")
                """);
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Vxvm.class.getName(),
                "run", src.toString(), "--device", "cpu");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String both = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(1, p.waitFor(), both);
        List<String> lines = both.lines().toList();
        assertEquals(List.of("line 3", "line 2", "line 1", "49", "no newline vxvm: error: stop"),
                lines.subList(0, 5), both);
        assertFalse(both.contains("never"), both);
    }

    @Test
    void whatGoesToStandardErrorFirstPushesOutWhatWaitsForStandardOutput() {
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(new java.io.BufferedOutputStream(terminal, 1 << 16), false,
                StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new StandardStreams.AfterFlushing(out, terminal), true, StandardCharsets.UTF_8);
        out.println("first");
        out.print("second ");
        assertEquals("", terminal.toString(StandardCharsets.UTF_8), "standard output is buffered");
        err.println("note");
        out.println("third");
        out.flush();
        assertEquals("first\nsecond note\nthird\n", terminal.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aPairwiseMatchOverManyConstructorsCompilesInLittleMemory() throws Exception {
        // match (t, u) with a case (C{i}, C{i}) for each of 600 constructors: the constructors
        // of each inner switch that reach `_` share one target block. With a block each
        // (360,000 of them for the compiler's passes) 128 MB of JVM heap was not enough;
        // now 32 MB is, so 64 MB leaves a margin either way.
        int n = 600;
        StringBuilder src = new StringBuilder("type T:\n");
        for (int i = 0; i < n; i++) src.append("  C").append(i).append("{}\n");
        src.append("\ndef same(t: T, u: T) -> U32:\n  match (t, u):\n");
        for (int i = 0; i < n; i++) src.append("    case (C").append(i).append("{}, C").append(i).append("{}):\n      ").append(i).append('\n');
        src.append("    case _:\n      0\n\ndef main() -> U32:\n  same(C598{}, C598{}) + same(C3{}, C4{})\n");
        Path file = write("pairs.vx", src.toString());
        Path vxb = tmp.resolve("pairs.vxb");
        // `compile` always compiles (`run` could find the module in the cache).
        Run compiled = process(List.of("-Xmx64m"), null, "compile", file.toString(), "-o", vxb.toString());
        assertEquals(0, compiled.status(), compiled.err());
        Run r = vxvm("run", vxb.toString(), "--device", "cpu");
        assertEquals(0, r.status(), r.err());
        assertEquals("598", r.out().strip());
    }

    @Test
    void aModuleTooLargeForTheJvmsMemoryIsOneLine() throws Exception {
        // 2,000,000 nops: a 2 MB file that takes some 100 MB loaded, more than -Xmx64m holds.
        // It ended with a JVM OutOfMemoryError and its trace, status 1.
        dev.vx.bytecode.ModuleBuilder b = new dev.vx.bytecode.ModuleBuilder();
        int u32 = dev.vx.bytecode.Scalar.U32.typeId();
        dev.vx.bytecode.FunctionBuilder f = b.function("main", new int[0], u32, "nops.vx");
        int x = f.register(u32);
        for (int i = 0; i < 2_000_000; i++) f.emit(1, dev.vx.bytecode.Opcode.NOP);
        f.emit(1, dev.vx.bytecode.Opcode.LDI, x, 7);
        f.emit(1, dev.vx.bytecode.Opcode.RET, x);
        Path vxb = tmp.resolve("nops.vxb");
        dev.vx.bytecode.Vxb.save(b.entry(f.id()).build(), vxb);
        for (String command : List.of("verify", "run")) {
            Run r = process(List.of("-Xmx64m"), null, command, vxb.toString());
            assertEquals(2, r.status(), r.err());
            r.oneLine();
            assertTrue(r.err().matches("vxvm: \\S*nops\\.vxb: too large to load in the JVM's memory \\([0-9.]+ MiB file, "
                    + "[0-9.]+ MiB for the JVM\\); give the JVM more memory, e\\.g\\. VXVM_JAVA_OPTS=-Xmx[0-9]+[MG]\\s*"),
                    r.err());
        }
    }

    @Test
    void aSmallJvmStillGivesTheProgramAHeap() throws Exception {
        // The JVM keeps part of its memory for itself; with -Xmx128m that part must not take it all.
        Path src = write("sum.vx", "def main() -> U32:\n  List.sum(List.range(0, 10000))\n");
        Run r = process(List.of("-Xmx128m"), null, "run", src.toString(), "--heap", "120M");
        assertEquals(0, r.status(), r.err());
        assertEquals(String.valueOf(9999L * 10000 / 2), r.out().strip());
        assertTrue(r.err().matches("vxvm: note: --heap 120M is more than this JVM can give; using [0-9.]+ MiB\\s*"), r.err());
    }

    @Test
    void aHeapTheJvmCannotGrowToNamesTheJvmAsTheLimit() throws Exception {
        // --heap allows 192 MiB here. The first array grows the heap to 128 MiB; growing it
        // for the second needs the old array and the new one at once, more than -Xmx256m
        // holds: a larger --heap would not help.
        Path src = write("big.vx", "def main() -> U32:\n  a = Array.fill(10000000, 1u64)\n"
                + "  b = Array.fill(10000000, 2u64)\n  Array.len(a) + Array.len(b)\n");
        Run r = process(List.of("-Xmx256m"), null, "run", src.toString(), "--heap", "1G");
        assertEquals(3, r.status(), r.err());
        String last = r.err().lines().filter(l -> l.startsWith("vxvm: out of memory")).findFirst().orElse("");
        assertTrue(r.err().strip().endsWith("at main (" + src.getFileName() + ":3)"), r.err());
        assertTrue(last.matches("vxvm: out of memory: the heap is full \\([0-9.]+ MiB of the [0-9.]+ MiB allowed: "
                + "the JVM has no memory for more\\); give the JVM more memory, e\\.g\\. VXVM_JAVA_OPTS=-Xmx[0-9]+[MG]"), r.err());
    }

    @Test
    void aRecursionThatFillsTheHeapEndsWithItsTraceShortened() throws Exception {
        // Some 30 million frames spilled into a 256 MiB heap. The trace once held an entry for
        // each: more memory than the JVM had (the run then ended without a trace, or, at the
        // default 1 GiB heap, took minutes with nothing printed). Only the innermost 20 and
        // outermost 10 frames are kept, and the ones between counted.
        Path src = write("deep.vx", "def deep(n: Nat) -> U32:\n  match n:\n    case 0n:\n      0\n"
                + "    case 1n+p:\n      deep(p) + 1\n\ndef main() -> U32:\n  deep!(400000000n)\n");
        Run r = process(List.of("-Xmx600m"), null, "run", src.toString(), "--heap", "256M", "--engine", "jit");
        assertEquals(3, r.status(), r.err());
        List<String> lines = r.err().strip().lines().toList();
        assertEquals("vxvm: out of memory: the heap is full (256.0 MiB); run again with a larger heap, e.g. --heap 1G",
                lines.get(0), r.err());
        assertEquals(1 + 20 + 1 + 10, lines.size(), r.err());
        for (int i = 1; i < lines.size() - 1; i++) {
            if (i != 21) assertEquals("  at deep (" + src.getFileName() + ":6)", lines.get(i), r.err());
        }
        assertTrue(lines.get(21).matches("  \\.\\.\\. [0-9]{8} more frames \\.\\.\\."), r.err());
        // Below the job's frames, those of the lane that waits for it.
        assertEquals("  at main (" + src.getFileName() + ":9)", lines.get(lines.size() - 1), r.err());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"interp", "jit"})
    void anOperationTheJvmHasNoMemoryForNamesTheJvmAndWhere(String engine) throws Exception {
        // F64.fmt with 400 million digits builds its text in Java first (hundreds of MB) and
        // fails there, with the heap far below --heap: the JVM is the limit, not the heap, and
        // the backtrace says where, as for any other out-of-memory failure. This once read
        // "the heap is full (1.0 GiB); run again with a larger heap", without a backtrace.
        Path src = write("digits.vx", "def main() -> U32:\n  String.len(F64.fmt(1.0, 400000000))\n");
        Run r = process(List.of("-Xmx256m"), null, "run", src.toString(), "--heap", "128M", "--engine", engine);
        assertEquals(3, r.status(), r.err());
        List<String> lines = r.err().strip().lines().toList();
        assertTrue(lines.get(0).matches("vxvm: out of memory: the heap is full \\([0-9.]+ MiB of the 128\\.0 MiB allowed: "
                + "the JVM has no memory for more\\); give the JVM more memory, e\\.g\\. VXVM_JAVA_OPTS=-Xmx[0-9]+[MG]"), r.err());
        assertEquals("  at main (" + src.getFileName() + ":2)", lines.get(lines.size() - 1), r.err());
    }


    /** The smallest heap runs a hello world: the string constants come on top of it. */
    @Test
    void theSmallestHeapRunsAProgramWithStringConstants() throws Exception {
        Path hello = write("hello.vx", "def main() -> IO(Unit):\n  IO.print(\"hello, \" ++ \"world\")\n");
        Run r = vxvm("run", hello.toString(), "--heap", "1");
        assertEquals(0, r.status(), r.err());
        assertEquals("hello, world\n", r.out());
        assertEquals("vxvm: note: --heap 1 is less than the smallest heap; using 160.0 KiB (and room for the program's "
                + "string constants)", r.err().strip());
    }

    /** A path that never ends, as a source and as a module: one located line each, status 2. */
    @Test
    void aFileThatNeverEndsIsTooLargeNotAnOutOfMemoryError() throws Exception {
        Path zero = Path.of("/dev/zero");
        if (!Files.isReadable(zero)) {
            System.out.println("[skipped] CliTest.aFileThatNeverEndsIsTooLargeNotAnOutOfMemoryError: no /dev/zero here");
            org.junit.jupiter.api.Assumptions.abort("no /dev/zero");
        }
        Run source = vxvm("run", zero.toString());
        assertEquals(2, source.status(), source.err());
        assertTrue(source.err().startsWith("/dev/zero:1:1: error: cannot read /dev/zero: it is too large for a Vx "
                + "source file (larger than 256 MiB)\n"), source.err());
        Path vxb = Files.createSymbolicLink(tmp.resolve("zero.vxb"), zero);
        Run module = vxvm("run", vxb.toString());
        assertEquals(2, module.status(), module.err());
        module.oneLine();
        assertEquals("vxvm: " + vxb + ": too large to be a .vxb file (larger than 256 MiB)", module.err().strip());
        // A program that reads it gets an error value, not a dead JVM.
        Path reader = write("reader.vx", "def text(r: Result<String, String>) -> String:\n  match r:\n"
                + "    case Ok{s}: \"read\"\n    case Err{e}: e\n\n"
                + "def main() -> IO(Unit):\n  do:\n    r <- IO.read_file(\"/dev/zero\")\n    IO.print(text(r))\n");
        Run read = vxvm("run", reader.toString(), "--heap", "16M");
        assertEquals(0, read.status(), read.err());
        assertEquals("/dev/zero: too large to read (larger than 16 MiB, the heap's capacity)\n", read.out());
    }

    /** File errors name the path once, and an empty path says so. */
    @Test
    void fileErrorsNameThePathOnce() throws Exception {
        Path prog = write("files.vx", "def text(r: Result<Unit, String>) -> String:\n  match r:\n"
                + "    case Ok{_}: \"ok\"\n    case Err{e}: e\n\n"
                + "def text2(r: Result<String, String>) -> String:\n  match r:\n"
                + "    case Ok{_}: \"ok\"\n    case Err{e}: e\n\n"
                + "def main() -> IO(Unit):\n  do:\n    w <- IO.write_file(\"/dev/null/x\", \"a\")\n    IO.print(text(w))\n"
                + "    r <- IO.read_file(\"\")\n    IO.print(text2(r))\n");
        Run r = vxvm("run", prog.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("/dev/null/x: Not a directory\nan empty path names no file\n", r.out());
    }

    /**
     * Thousands of values live at once get registers of their own: the interference graph keeps
     * a large neighbourhood as a bit set, so this is correct and cheap (the sum would be wrong
     * if two of them shared a register).
     */
    @Test
    void thousandsOfValuesLiveAtOnceKeepTheirOwnRegisters() throws Exception {
        int n = 3000;
        StringBuilder s = new StringBuilder("def sum(k: U32) -> U32:\n");
        StringBuilder sum = new StringBuilder("  0");
        for (int i = 0; i < n; i++) {
            s.append("  x").append(i).append(" = k * ").append(i).append("\n");
            sum.append(" + x").append(i);
        }
        s.append(sum).append("\n\ndef main() -> IO(Unit):\n  IO.print(U32.show(sum(1)))\n");
        Run r = vxvm("run", write("many_live.vx", s.toString()).toString());
        assertEquals(0, r.status(), r.err());
        assertEquals((long) n * (n - 1) / 2 + "\n", r.out()); // 0 + 1 + ... + (n - 1)
    }

    /**
     * Cells that come and go between two shares of the live count still show in the peak of a
     * run on several threads: a worker shares how far above its count now its own count went.
     * Here main allocates before a fork tree and again after it, on whichever worker resumes it
     * (so two workers allocate and the shared count is the one reported); the peak read 0 in
     * about half of the runs before. Fresh JVMs: in one JVM the schedule hardly varies.
     */
    @Test
    void aPeakBetweenTwoSharesIsNotLost() throws Exception {
        Path src = write("peak.vx", """
                def spin(i: U32, acc: U32) -> U32:
                  if i == 0 then acc else spin(i - 1, acc * 3 + i)

                def rows(lo: U32, hi: U32) -> U32:
                  if hi - lo == 1:
                    spin(20000, lo)
                  else:
                    mid = lo + (hi - lo) / 2
                    a = fork rows(lo, mid)
                    b = fork rows(mid, hi)
                    a + b

                def main() -> IO(Unit):
                  n = List.length(List.range(0, 5))
                  IO.print(U32.show(rows(0, 8 * n)))
                """);
        Run one = vxvm("run", src.toString(), "--threads", "1", "--engine", "interp", "--stats");
        long exact = Long.parseLong(dev.vx.vm.StatLines.parse(one.err()).get("heap_peak_words"));
        assertTrue(exact >= 15, one.err()); // five cells of 3 words
        for (int i = 0; i < 8; i++) {
            Run two = process(List.of(), null, "run", src.toString(), "--threads", "2", "--engine", "interp", "--stats");
            assertEquals(one.out(), two.out(), two.err());
            long peak = Long.parseLong(dev.vx.vm.StatLines.parse(two.err()).get("heap_peak_words"));
            assertTrue(peak >= exact, "run " + i + ": peak " + peak + " on two threads, " + exact + " on one");
        }
    }

    /** The back end running out of JVM memory is a compile error, as in the front end, not an internal error. */
    @Test
    void aBackEndWithoutMemoryIsACompileError() throws Exception {
        // 16,000 values live at once: the front end fits in 40 MiB (measured), the back end's
        // interference graph (a bit per pair, 16 MiB) and live sets need more than 64 MiB.
        StringBuilder s = new StringBuilder("def main() -> U32:\n");
        StringBuilder sum = new StringBuilder("  0");
        for (int i = 0; i < 16000; i++) {
            s.append("  x").append(i).append(" = ").append(i).append("\n");
            sum.append(" + x").append(i);
        }
        Path src = write("live.vx", s.append(sum).append("\n").toString());
        Run r = process(List.of("-Xmx48m"), null, "compile", src.toString(), "-o", tmp.resolve("live.vxb").toString());
        assertEquals(2, r.status(), r.err());
        assertEquals(src + ": error: the program is too large to compile in the available memory", r.err().strip());
    }

    @Test
    void aVxbThatBreaksReferenceCountingSaysSoWhenItFails() throws Exception {
        // The spec's tree.vx compiled, then one byte changed so that a `newr` stores its own
        // reuse token as a field (`newr r4, r9, Node, [r4, r9]`): types still check, so the
        // verifier accepts it, but the counts are wrong and the run ends in an internal error.
        Path vxb = tmp.resolve("inconsistent_counts.vxb");
        try (var in = CliTest.class.getResourceAsStream("inconsistent_counts.vxb")) {
            Files.write(vxb, in.readAllBytes());
        }
        assertEquals(0, vxvm("verify", vxb.toString()).status());
        Run r = vxvm("run", vxb.toString());
        assertEquals(4, r.status(), r.err());
        assertTrue(r.err().strip().endsWith("vxvm: note: " + vxb + " was run as given: a .vxb not written by "
                + "`vxvm compile` can break rules the verifier does not check (reference counts, docs/bytecode.md) "
                + "and end this way"), r.err());
    }

    @Test
    void runtimeErrorsHaveStatus1AndABacktrace() throws Exception {
        Path src = write("div.vx", "def f(x: U32) -> U32:\n  100 / x\n\ndef main() -> U32:\n  f(0) + 1\n");
        Run r = vxvm("run", src.toString());
        assertEquals(1, r.status());
        assertEquals("vxvm: error: division by zero", r.err().lines().findFirst().orElse(""));
        assertTrue(r.err().contains("  at f (" + src.getFileName() + ":2)"), r.err());
        assertTrue(r.err().contains("  at main (" + src.getFileName() + ":5)"), r.err());
    }

    @Test
    void exitStatusOfIoExit() throws Exception {
        Path src = write("exit.vx", "def main() -> IO(Unit):\n  do:\n    IO.print(\"bye\")\n    IO.exit(7)\n");
        Run r = vxvm("run", src.toString());
        assertEquals(7, r.status());
        assertEquals("bye\n", r.out());
        // No non-zero exit is silent, and the status is the program's, not the VM's.
        assertEquals("vxvm: IO.exit(7): the program ended with status 7", r.err().strip());
        // Status 4 is also the VM's internal error: from a .vxb, no note about a broken module.
        Path four = write("four.vx", "def main() -> IO(Unit):\n  do:\n    IO.exit(4)\n");
        Path fourVxb = tmp.resolve("four.vxb");
        assertEquals(0, vxvm("compile", four.toString(), "-o", fourVxb.toString()).status());
        Run f = vxvm("run", fourVxb.toString());
        assertEquals(4, f.status());
        assertEquals("vxvm: IO.exit(4): the program ended with status 4", f.err().strip());
        Path zero = write("zero.vx", "def main() -> IO(Unit):\n  do:\n    IO.exit(0)\n");
        Run z = vxvm("run", zero.toString());
        assertEquals(0, z.status());
        assertEquals("", z.err());
        // 256 must not read as success: statuses above 255 become 255, with a note.
        for (String code : new String[]{"256", "4294967295"}) {
            Path big = write("exit" + code + ".vx", "def main() -> IO(Unit):\n  do:\n    IO.exit(" + code + ")\n");
            Run b = vxvm("run", big.toString());
            assertEquals(255, b.status());
            assertEquals("vxvm: note: IO.exit(" + code + "): an exit status is at most 255; exiting with 255", b.err().strip());
        }
    }
}
