package dev.vx.bytecode;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VxbTest {
    @TempDir
    Path dir;

    @Test
    void loadReadsAndVerifies() throws BytecodeException {
        Module m = Samples.rich();
        assertEquals(m, Vxb.load(ModuleWriter.write(m)));
        byte[] invalid = ModuleWriter.write(Fixture.withEntry(m, 1));
        assertEquals("module: entry function sum takes 1 parameters; it must take none",
                assertThrows(BytecodeException.class, () -> Vxb.load(invalid)).getMessage());
    }

    @Test
    void saveThenLoad() throws Exception {
        Path file = dir.resolve("prog.vxb");
        Vxb.save(Samples.rich(), file);
        assertEquals(Samples.rich(), Vxb.load(file));
    }

    @Test
    void missingFile() {
        Path file = dir.resolve("nope.vxb");
        assertEquals(file + ": no such file", assertThrows(BytecodeException.class, () -> Vxb.load(file)).getMessage());
    }

    @Test
    void directory() {
        assertEquals(dir + ": is a directory, not a .vxb file",
                assertThrows(BytecodeException.class, () -> Vxb.load(dir)).getMessage());
    }

    @Test
    void damagedFileNamesThePathAndThePlace() throws IOException {
        Path file = dir.resolve("bad.vxb");
        Files.write(file, new byte[] {'V', 'X', 'B', 0, 1, 0, 0, 0, 1, 9});
        assertEquals(file + ": file, byte 8: strings section length 9 overruns the file (the section would end at byte 19, the file has 10 bytes)",
                assertThrows(BytecodeException.class, () -> Vxb.load(file)).getMessage());
    }

    @Test
    void unreadableFile() throws IOException {
        Path file = dir.resolve("secret.vxb");
        Files.write(file, ModuleWriter.write(Samples.rich()));
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        } catch (UnsupportedOperationException e) {
            skip("no POSIX permissions here");
        }
        if (Files.isReadable(file)) skip("running with rights that ignore permissions (root)");
        assertEquals(file + ": permission denied", assertThrows(BytecodeException.class, () -> Vxb.load(file)).getMessage());
    }

    /** Skips the test, saying why on stdout too (Maven's quiet mode shows no skip reasons). */
    private static void skip(String why) {
        System.out.println("[skipped] VxbTest.unreadableFile: " + why);
        Assumptions.abort(why);
    }

    @Test
    void noPath() {
        assertEquals("no .vxb file given", assertThrows(BytecodeException.class, () -> Vxb.load((Path) null)).getMessage());
    }
}
