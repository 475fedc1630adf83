package dev.vx.tools;

import dev.vx.compiler.Compiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class CompileCacheTest {
    @TempDir
    Path tmp;

    private final AtomicInteger compilations = new AtomicInteger();

    private Compiler.Result compile(Path main, Path cache, String toolchain) {
        return CompileCache.compile(main, cache, toolchain, () -> {
            compilations.incrementAndGet();
            return Compiler.compile(main, Programs.base());
        });
    }

    @Test
    void anUnchangedProgramIsCompiledOnce() throws Exception {
        Path main = tmp.resolve("main.vx");
        Path lib = tmp.resolve("lib.vx");
        Files.writeString(lib, "def answer() -> U32:\n  42\n");
        Files.writeString(main, "import lib\n\ndef main() -> U32:\n  answer()\n");
        Path cache = tmp.resolve("cache");
        assertNotNull(compile(main, cache, "t1").module());
        assertNotNull(compile(main, cache, "t1").module());
        assertEquals(1, compilations.get(), "the second run hits the cache");

        Files.writeString(lib, "def answer() -> U32:\n  43\n");
        compile(main, cache, "t1");
        assertEquals(2, compilations.get(), "a changed import is a miss");

        Files.writeString(main, "import lib\n\ndef main() -> U32:\n  answer() + 1\n");
        compile(main, cache, "t1");
        assertEquals(3, compilations.get(), "a changed main file is a miss");

        compile(main, cache, "t2");
        assertEquals(4, compilations.get(), "another toolchain build is a miss");
    }

    @Test
    void programsWithErrorsAreNotCached() throws Exception {
        Path main = tmp.resolve("bad.vx");
        Files.writeString(main, "def main() -> U32:\n  nope\n");
        Path cache = tmp.resolve("cache");
        assertNull(compile(main, cache, "t").module());
        assertNull(compile(main, cache, "t").module());
        assertEquals(2, compilations.get());
    }

    @Test
    void aCorruptEntryIsIgnored() throws Exception {
        Path main = tmp.resolve("main.vx");
        Files.writeString(main, "def main() -> U32:\n  1\n");
        Path cache = tmp.resolve("cache");
        compile(main, cache, "t");
        try (var files = Files.list(cache)) {
            for (Path p : files.toList()) if (p.toString().endsWith(".vxb")) Files.write(p, new byte[]{1, 2, 3});
        }
        assertNotNull(compile(main, cache, "t").module());
        assertEquals(2, compilations.get());
    }
}
