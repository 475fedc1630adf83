package dev.vx.vm;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Insn;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Scalar;

import java.util.ArrayList;
import java.util.List;

import static dev.vx.bytecode.Opcode.*;

/** Small modules written by hand, to test the VM without the compiler. */
final class HandModules {
    private HandModules() {}

    static Insn i(Opcode op, int... o) {
        return Insn.of(op, o);
    }

    static FunctionDesc fn(int name, int[] params, int result, int[] regs, List<Insn> code) {
        int[] lines = new int[code.size()];
        for (int k = 0; k < lines.length; k++) lines[k] = k + 1;
        return new FunctionDesc(name, params, result, regs, code, 1, lines);
    }

    /**
     * {@code deep(n: Nat) -> U32 = if n == 0 then 0 else deep(n - 1) + 1}, and a main that
     * runs {@code deep(n)} as a job ({@code asJob}) or as a call.
     */
    static Module deep(long n, boolean asJob) {
        int NAT = Scalar.NAT.typeId(), U32 = Scalar.U32.typeId(), BOOL = Scalar.BOOL.typeId();
        FunctionDesc deep = fn(0, new int[]{NAT}, U32, new int[]{NAT, NAT, BOOL, U32, U32, NAT, NAT}, List.of(
                i(LDI, 1, 0),
                i(EQ, 2, 0, 1),
                i(JF, 2, 5),
                i(LDI, 3, 0),
                i(RET, 3),
                i(LDI, 5, 1),
                i(SUB_NAT, 6, 0, 5),
                i(CALL, 3, 0, 1, 6, 0),
                i(LDI, 4, 1),
                i(ADD_U32, 3, 3, 4),
                i(RET, 3)));
        FunctionDesc main = fn(2, new int[0], U32, new int[]{NAT, U32}, List.of(
                i(LDK, 0, 0),
                i(asJob ? JOB : CALL, 1, 0, 1, 0, 0),
                i(RET, 1)));
        return new Module(new byte[32], List.of("deep", "deep.vx", "main"), new long[]{n},
                Module.BUILTIN_TYPES, List.of(), List.of(deep, main), 1, true);
    }
}
