package dev.vx.tools;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@code vxvm run} command lines are parsed without picocli when they are plain
 * ({@link RunCommand#plain}); the result must be exactly picocli's, and everything that is
 * not plain must be left to picocli.
 */
class RunCommandLineTest {
    private static final List<String[]> PLAIN = List.of(
            new String[]{"run", "p.vxb"},
            new String[]{"run", "p.vx", "16"},
            new String[]{"run", "--stats", "p.vx", "a", "b"},
            new String[]{"run", "p.vx", "16", "--stats"},
            new String[]{"run", "--threads", "1", "--engine", "interp", "p.vx"},
            new String[]{"run", "--threads=2", "--engine=jit", "--device=cpu", "--heap=512M", "p.vx"},
            new String[]{"run", "--heap", "4G", "--device", "opencl", "p.vx", "x", "y"},
            new String[]{"run", "p.vx", "--", "--stats", "-5", "--threads"},
            new String[]{"run", "--", "p.vx", "--heap"},
            new String[]{"run", "--engine", "bogus", "p.vx"},    // the command itself rejects the value
            new String[]{"run", "--threads", "0", "p.vx"},
            new String[]{"run", "p.vx", "a=b", "ü"},
            new String[]{"run", "@args.txt"},                   // words, not argument files
            new String[]{"run", "p.vx", "@more", "--", "@pom.xml"},
            new String[]{"run", "--heap", "@pom.xml", "p.vx"});

    private static final List<String[]> LEFT_TO_PICOCLI = List.of(
            new String[]{"run"},
            new String[]{"run", "--stats"},
            new String[]{"run", "--help"},
            new String[]{"run", "-h", "p.vx"},
            new String[]{"run", "--bogus", "p.vx"},
            new String[]{"run", "--threads", "two", "p.vx"},
            new String[]{"run", "--threads", "-1", "p.vx"},
            new String[]{"run", "--threads", "99999999999", "p.vx"},
            new String[]{"run", "--stats", "--stats", "p.vx"},
            new String[]{"run", "--stats=true", "p.vx"},
            new String[]{"run", "--heap"},
            new String[]{"run", "p.vx", "-5"},
            new String[]{"compile", "p.vx"},
            new String[]{"--version"});

    @Test
    void plainRunLinesParseExactlyAsPicocliParsesThem() {
        for (String[] line : PLAIN) {
            RunCommand fast = RunCommand.plain(line);
            assertNotNull(fast, String.join(" ", line));
            RunCommand slow = viaPicocli(line);
            String what = String.join(" ", line);
            assertEquals(slow.program, fast.program, what);
            assertEquals(slow.args, fast.args, what);
            assertEquals(slow.stats, fast.stats, what);
            assertEquals(slow.heap, fast.heap, what);
            assertEquals(slow.threads, fast.threads, what);
            assertEquals(slow.device, fast.device, what);
            assertEquals(slow.engine, fast.engine, what);
        }
    }

    @Test
    void everythingElseIsLeftToPicocli() {
        for (String[] line : LEFT_TO_PICOCLI) assertNull(RunCommand.plain(line), String.join(" ", line));
    }

    /**
     * An unknown option after the program is most often an argument meant for it: the usage
     * error says how to pass one. Other commands' unknown options get no such hint.
     */
    @Test
    void anUnknownOptionOfRunSaysWhereTheProgramsArgumentsGo() {
        assertEquals(List.of(2, "", "vxvm: Unknown option: '-n' (see 'vxvm --help'); arguments for the program that start"
                        + " with '-' go after '--', as in: vxvm run grep.vx -- -n"),
                execute("run", "grep.vx", "word", "-n"));
        assertEquals(List.of(2, "", "vxvm: Unknown option: '-q' (see 'vxvm --help')"), execute("compile", "p.vx", "-q"));
    }

    /** Status, standard output and standard error (trimmed) of a command line. */
    private static List<Object> execute(String... line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Vxvm.execute(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), line);
        return List.of(status, out.toString(StandardCharsets.UTF_8).trim(), err.toString(StandardCharsets.UTF_8).trim());
    }

    private static RunCommand viaPicocli(String[] line) {
        CommandLine cl = Vxvm.commandLine();
        CommandLine.ParseResult r = cl.parseArgs(line);
        return (RunCommand) r.subcommand().commandSpec().userObject();
    }
}
