package dev.vx.bytecode;

import static org.junit.jupiter.api.Assertions.*;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Measures how compact the code encoding is: bytes per instruction in the functions section,
 * over generated modules. The figures are printed (and quoted in docs/bytecode.md §6); the
 * assertion only guards against a gross regression such as fixed-width operands.
 * {@link #measure} works on any module, e.g. compiled programs.
 */
class CompactnessTest {

    /** Instruction counts and their encoded bytes, all and call sites alone. */
    record CodeSize(long instructions, long bytes, long calls, long callBytes, long fileBytes) {
        CodeSize plus(CodeSize o) {
            return new CodeSize(instructions + o.instructions, bytes + o.bytes, calls + o.calls,
                    callBytes + o.callBytes, fileBytes + o.fileBytes);
        }

        double perInstruction() {
            return (double) bytes / instructions;
        }

        @Override
        public String toString() {
            long other = instructions - calls;
            return String.format(java.util.Locale.ROOT,
                    "%d instructions, %.2f code bytes/instruction (call sites %.1f%% of instructions at %.2f bytes, "
                            + "others %.2f bytes); whole file %.2f bytes/instruction",
                    instructions, perInstruction(), 100.0 * calls / instructions, (double) callBytes / Math.max(1, calls),
                    (double) (bytes - callBytes) / Math.max(1, other), (double) fileBytes / instructions);
        }
    }

    static CodeSize measure(Module m) {
        long insns = 0, bytes = 0, calls = 0, callBytes = 0;
        for (FunctionDesc f : m.functions()) {
            for (Insn insn : f.code()) {
                ByteSink sink = new ByteSink();
                ModuleWriter.instruction(sink, insn, "");
                insns++;
                bytes += sink.size();
                if (insn.op().isCallSite()) {
                    calls++;
                    callBytes += sink.size();
                }
            }
        }
        return new CodeSize(insns, bytes, calls, callBytes, ModuleWriter.write(m).length);
    }

    @Test
    void codeBytesPerInstructionOverGeneratedModules() {
        ModuleGen gen = new ModuleGen(12);
        SplittableRandom seeds = new SplittableRandom(20_260_101L); // fixed: the documented figures are reproducible
        CodeSize total = new CodeSize(0, 0, 0, 0, 0);
        for (int i = 0; i < 2000; i++) total = total.plus(measure(gen.sample(seeds.nextLong())));
        System.out.println("[compactness] generated modules: " + total);
        assertTrue(total.perInstruction() < 12, total.toString());
        assertTrue(measure(Samples.rich()).perInstruction() < 6);
    }
}
