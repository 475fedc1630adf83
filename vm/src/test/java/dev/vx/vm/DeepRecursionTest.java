package dev.vx.vm;

import dev.vx.bytecode.Module;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeepRecursionTest {
    record Run(int status, String out, String err) {}

    static Run run(Module m, VmOptions o) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Host host = new Host(List.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = Vm.run(m, o, host);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void deepMillionAsJob() {
        Run r = run(HandModules.deep(1_000_000, true), VmOptions.defaults().withThreads(1).withStats(true));
        assertEquals(0, r.status(), r.err());
        assertEquals("1000000\n", r.out());
        assertTrue(r.err().contains("peak_stack_words: 2048"), r.err());
    }

    @Test
    void fillDepthBoundary() {
        // 3 exit words + 1 word a level: 2045 levels fill the stack exactly, 2046 spill once.
        Run a = run(HandModules.deep(2045, true), VmOptions.defaults().withThreads(1).withStats(true));
        assertEquals("2045\n", a.out());
        assertTrue(a.err().contains("spills: 0\n"), a.err());
        Run b = run(HandModules.deep(2046, true), VmOptions.defaults().withThreads(1).withStats(true));
        assertEquals("2046\n", b.out());
        assertTrue(b.err().contains("spills: 1\n"), b.err());
        assertTrue(b.err().contains("restores: 1\n"), b.err());
    }
}
