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
    void aDeepRecursionNeedsLittleMoreHeapThanItsFrames() {
        // 1,000,000 one-word levels live in spill blocks of about 1,026 words: 8 MB of frames.
        // A block takes its size class (at most an eighth more); when classes were powers of
        // two it took 2,048 words, and this run needed 16 MiB.
        Run r = run(HandModules.deep(1_000_000, true), VmOptions.defaults().withThreads(1).withHeap(10L << 20));
        assertEquals(0, r.status(), r.err());
        assertEquals("1000000\n", r.out());
    }

    @Test
    void largeSizeClassesHoldTheirCellsWithinAnEighth() {
        for (int words = Allocator.smallMax() + 1; words < 1 << 21; words++) {
            int cls = Allocator.largeClass(words);
            long block = Allocator.largeClassWords(cls);
            assertTrue(block >= words && block <= words + words / 8 + 1, words + " words in a block of " + block);
            assertTrue(cls == 0 || Allocator.largeClassWords(cls - 1) < words, words + ": a smaller class holds it");
        }
        assertEquals(Allocator.LARGE_CLASSES - 1, Allocator.largeClass(Integer.MAX_VALUE));
        assertEquals(1L << 31, Allocator.largeClassWords(Allocator.LARGE_CLASSES - 1));
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
