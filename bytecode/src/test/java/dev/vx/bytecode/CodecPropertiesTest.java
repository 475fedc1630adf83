package dev.vx.bytecode;

import static org.junit.jupiter.api.Assertions.*;

import dev.vx.testkit.Gen;
import dev.vx.testkit.Property;
import org.junit.jupiter.api.Test;

/** Property tests of the codec, the verifier and the disassembler over generated modules. */
class CodecPropertiesTest {
    /** A case may not take longer than this: a hang detector, not a performance assertion. */
    private static final long HANG_NANOS = 2_000_000_000L;

    @Test
    void validModulesRoundTrip() {
        Property.forAll(new ModuleGen(12))
                .named("read(write(m)) equals m, deterministically, for valid modules")
                .runs(400)
                .check(m -> {
                    Verifier.verify(m);
                    byte[] bytes = ModuleWriter.write(m);
                    assertArrayEquals(bytes, ModuleWriter.write(m), "write is deterministic");
                    Module back = ModuleReader.read(bytes);
                    assertEquals(m, back);
                    assertArrayEquals(bytes, ModuleWriter.write(back));
                    assertEquals(Disassembler.disassemble(m), Disassembler.disassemble(back));
                    Verifier.verify(back);
                });
    }

    /** Encoded small valid modules, then damaged. */
    private static final Gen<byte[]> DAMAGED_FILES = choices -> {
        Module m = choices.draw(new ModuleGen(4));
        return Mutations.mutate(choices, ModuleWriter.write(m));
    };

    @Test
    void damagedFilesAreRejectedCleanly() {
        Property.forAll(DAMAGED_FILES)
                .named("read and verify reject damaged .vxb files with a BytecodeException, or accept them")
                .runs(10_000)
                .check(bytes -> {
                    long start = System.nanoTime();
                    try {
                        Module m = ModuleReader.read(bytes);
                        Verifier.verify(m);
                        // Accepted: then it is a module like any other.
                        assertEquals(m, ModuleReader.read(ModuleWriter.write(m)));
                    } catch (BytecodeException e) {
                        assertCleanMessage(e);
                    }
                    long elapsed = System.nanoTime() - start;
                    assertTrue(elapsed < HANG_NANOS, "took " + elapsed / 1_000_000 + " ms");
                });
    }

    /** Valid modules with any value anywhere replaced: out-of-range ids, null arrays, bad shapes. */
    private static final Gen<Module> DAMAGED_MODULES = choices ->
            Mutations.mutate(choices, choices.draw(new ModuleGen(4)));

    @Test
    void damagedModuleObjectsAreRejectedCleanly() {
        Property.forAll(DAMAGED_MODULES)
                .named("the verifier and disassembler survive any Module object")
                .runs(3_000)
                .check(m -> {
                    long start = System.nanoTime();
                    assertNotNull(Disassembler.disassemble(m));
                    try {
                        Verifier.verify(m);
                        assertEquals(m, ModuleReader.read(ModuleWriter.write(m)));
                    } catch (BytecodeException e) {
                        assertCleanMessage(e);
                    }
                    long elapsed = System.nanoTime() - start;
                    assertTrue(elapsed < HANG_NANOS, "took " + elapsed / 1_000_000 + " ms");
                });
    }

    static void assertCleanMessage(BytecodeException e) {
        String message = e.getMessage();
        assertNotNull(message);
        assertFalse(message.isBlank(), "empty message");
        assertFalse(message.contains("\n"), "multi-line message: " + message);
        assertFalse(message.contains("internal error"), message);
    }
}
