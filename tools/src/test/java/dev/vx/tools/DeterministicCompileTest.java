package dev.vx.tools;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.ModuleWriter;
import dev.vx.compiler.Compiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same sources give the same bytes (RUNTIME.md §1): every golden and benchmark program,
 * compiled twice, gives identical files. Two compilations in one JVM use different objects,
 * so any dependence on identity hash codes or hash-map iteration order shows up here.
 */
class DeterministicCompileTest {
    @Test
    void everyProgramCompilesToTheSameBytesTwice() throws Exception {
        List<Path> programs;
        try (Stream<Path> s = Stream.concat(Files.walk(Path.of("../conformance/programs")), Files.walk(Path.of("../bench/programs")))) {
            programs = s.filter(p -> p.toString().endsWith(".vx")).sorted().toList();
        }
        int compiled = 0;
        for (Path p : programs) {
            Compiler.Result a = Compiler.compile(p, Programs.base());
            if (a.module() == null) continue; // the compile-error programs
            Compiler.Result b = Compiler.compile(p, Programs.base());
            assertArrayEquals(ModuleWriter.write(a.module()), ModuleWriter.write(b.module()), p.toString());
            compiled++;
        }
        assertTrue(compiled > 100, "compiled only " + compiled + " programs");
    }

    @Test
    void spellingsOfTheSamePathGiveTheSameBytes() throws Exception {
        Path p = Path.of("../bench/programs/fib.vx");
        byte[] plain = ModuleWriter.write(Compiler.compile(p, Programs.base()).module());
        for (Path same : List.of(Path.of("./../bench/programs/fib.vx"), Path.of("../bench/programs/../programs/./fib.vx"))) {
            assertArrayEquals(plain, ModuleWriter.write(Compiler.compile(same, Programs.base()).module()), same.toString());
        }
        Path absolute = p.toAbsolutePath();
        assertArrayEquals(plain, ModuleWriter.write(Compiler.compile(absolute, Programs.base()).module()), absolute.toString());
    }

    /**
     * A program and its imports compiled from two folders, under relative and absolute paths, give
     * one file: the module names each source by its path from the main file's folder.
     */
    @Test
    void theSameSourcesInAnotherFolderGiveTheSameBytes(@TempDir Path dir) throws Exception {
        List<byte[]> written = new ArrayList<>();
        List<String> names = null;
        for (Path copy : List.of(dir.resolve("one"), dir.resolve("two/deeper"))) {
            Files.createDirectories(copy.resolve("lib"));
            Files.writeString(copy.resolve("main.vx"), "import lib.half\n\ndef main() -> U32:\n  half(84)\n");
            Files.writeString(copy.resolve("lib/half.vx"), "def half(x: U32) -> U32:\n  x / 2\n");
            for (Path main : List.of(copy.resolve("main.vx"), Path.of("").toAbsolutePath().relativize(copy.resolve("main.vx")))) {
                Module m = Compiler.compile(main, Programs.base()).module();
                written.add(ModuleWriter.write(m));
                names = m.functions().stream().map(FunctionDesc::file).map(m.strings()::get).distinct().sorted().toList();
            }
        }
        for (byte[] w : written) assertArrayEquals(written.get(0), w);
        // Base's files keep their own names; the program's are relative to its main file's folder.
        assertEquals(List.of("lib/half.vx", "main.vx"), names.stream().filter(n -> !n.startsWith("vx/base/")).toList());
    }
}
