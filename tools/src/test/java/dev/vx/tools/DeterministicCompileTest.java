package dev.vx.tools;

import dev.vx.bytecode.ModuleWriter;
import dev.vx.compiler.Compiler;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
    }
}
