package dev.vx.bytecode;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void richSampleVerifiesAndRoundTrips() throws Exception {
        Module m = Samples.rich();
        Verifier.verify(m);
        byte[] bytes = ModuleWriter.write(m);
        Module back = ModuleReader.read(bytes);
        assertEquals(m, back);
        System.out.println(bytes.length + " bytes");
        System.out.println(Disassembler.disassemble(back));
    }
}
