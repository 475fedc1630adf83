package dev.vx.vm.jit;

import dev.vx.bytecode.Module;
import dev.vx.bytecode.Vxb;
import dev.vx.vm.Program;
import org.junit.jupiter.api.Test;

import java.io.InputStream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which functions the JIT calls without writing their frame (docs/jit.md, "Leaf calls"). That
 * the statistics stay identical with it is checked on every golden program by the parity
 * tests (the fill-depth loops' {@code step} is a leaf called at the fill depth and one word
 * below it).
 */
class LeafTest {
    @Test
    void smallScalarFunctionsThatCannotFailAreLeaves() throws Exception {
        JitCode sha = code("sha256_merkle", 8000);
        assertTrue(sha.leaf(function(sha, "rotr")), "rotr: shifts and or");
        assertTrue(sha.leaf(function(sha, "hex_digit")), "hex_digit: a comparison and two branches");
        assertFalse(sha.leaf(function(sha, "word")), "word reads an array: the index can be out of range");
        assertFalse(sha.leaf(function(sha, "rounds")), "rounds loops and allocates");
        JitCode fill = code("fill_depth", 8000);
        assertTrue(fill.leaf(function(fill, "step")));
        assertFalse(fill.leaf(function(fill, "spin")), "spin loops (a self tail call) and calls step");
        assertFalse(fill.leaf(function(fill, "fill")), "fill calls");
        JitCode fib = code("fib", 8000);
        assertFalse(fib.leaf(function(fib, "fib")), "fib calls itself");
    }

    @Test
    void aLeafMustSurelyCompileUnderTheMethodSizeLimit() throws Exception {
        // With a limit this small the leaf's method could fall back to the interpreter, whose
        // stub needs the frame on the lane stack: it is then called like any function.
        JitCode sha = code("sha256_merkle", 300);
        assertFalse(sha.leaf(function(sha, "rotr")));
    }

    private static JitCode code(String name, int maxBytecode) throws Exception {
        Module m;
        try (InputStream in = LeafTest.class.getResourceAsStream("/jit/" + name + ".vxb")) {
            m = Vxb.load(in.readAllBytes());
        }
        return JitCode.forProgram(new Program(m), 100, maxBytecode, 256 * 1024);
    }

    private static int function(JitCode code, String name) {
        Module m = code.module;
        for (int f = 0; ; f++) {
            if (m.functionName(f).equals(name)) return f;
        }
    }
}
