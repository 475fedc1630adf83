package dev.vx.bytecode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The body of one function under construction (see {@link ModuleBuilder#define}): its
 * registers and its instructions, each with a source line. Instructions take their operands
 * flat, as {@link Insn} stores them; the helpers for the instructions with list operands
 * ({@link #call}, {@link #newCell}, {@link #switchOn}, ...) add the list lengths. Forward jumps
 * are emitted with a placeholder target and fixed with {@link #patch}.
 */
public final class FunctionBuilder {
    private final int id;
    private final int file;
    private final int[] params;
    private int[] registers;
    private int registerCount;
    private final List<Insn> code = new ArrayList<>();
    private int[] lines = new int[16];

    FunctionBuilder(int id, int[] params, int file) {
        this.id = id;
        this.file = file;
        this.params = params.clone();
        this.registers = Arrays.copyOf(params, Math.max(8, params.length));
        this.registerCount = params.length;
    }

    /** The function's id in the module. */
    public int id() {
        return id;
    }

    /** A new register of type {@code type}. */
    public int register(int type) {
        if (registerCount == registers.length) registers = Arrays.copyOf(registers, registerCount * 2);
        registers[registerCount] = type;
        return registerCount++;
    }

    public int registerType(int r) {
        return registers[r];
    }

    public int registerCount() {
        return registerCount;
    }

    public int arity() {
        return params.length;
    }

    /** The index the next instruction will have (a jump target). */
    public int here() {
        return code.size();
    }

    /** Appends an instruction; returns its index. */
    public int emit(int line, Opcode op, int... operands) {
        return emit(line, new Insn(op, operands.clone()));
    }

    public int emit(int line, Insn insn) {
        if (code.size() == lines.length) lines = Arrays.copyOf(lines, lines.length * 2);
        lines[code.size()] = line;
        code.add(insn);
        return code.size() - 1;
    }

    /** Sets flat operand {@code position} of instruction {@code index} (a jump target, typically). */
    public void patch(int index, int position, int value) {
        Insn old = code.get(index);
        int[] operands = old.operands().clone();
        operands[position] = value;
        code.set(index, new Insn(old.op(), operands));
    }

    public Insn insn(int index) {
        return code.get(index);
    }

    public int call(int line, int d, int function, int[] args, int[] saves) {
        return emit(line, Opcode.CALL, concat(new int[] {d, function}, args, saves));
    }

    public int job(int line, int d, int function, int[] args, int[] saves) {
        return emit(line, Opcode.JOB, concat(new int[] {d, function}, args, saves));
    }

    public int callc(int line, int d, int closure, int[] args, int[] saves) {
        return emit(line, Opcode.CALLC, concat(new int[] {d, closure}, args, saves));
    }

    public int tcall(int line, int function, int... args) {
        return emit(line, Opcode.TCALL, concat(new int[] {function}, args));
    }

    public int tcallc(int line, int closure, int... args) {
        return emit(line, Opcode.TCALLC, concat(new int[] {closure}, args));
    }

    public int newCell(int line, int d, int ctor, int... fields) {
        return emit(line, Opcode.NEW, concat(new int[] {d, ctor}, fields));
    }

    public int alloc(int line, int d, int ctor) {
        return emit(line, Opcode.ALLOC, d, ctor);
    }

    public int newr(int line, int d, int token, int ctor, int... fields) {
        return emit(line, Opcode.NEWR, concat(new int[] {d, token, ctor}, fields));
    }

    public int switchOn(int line, int scrutinee, int... targets) {
        return emit(line, Opcode.SWITCH, concat(new int[] {scrutinee}, targets));
    }

    public int prim(int line, int d, Prim p, int... args) {
        return emit(line, Opcode.PRIM, concat(new int[] {d, p.ordinal()}, args));
    }

    /** {@code fixed} followed by each list as its length and items. */
    static int[] concat(int[] fixed, int[]... lists) {
        int n = fixed.length;
        for (int[] l : lists) n += 1 + l.length;
        int[] out = Arrays.copyOf(fixed, n);
        int pos = fixed.length;
        for (int[] l : lists) {
            out[pos++] = l.length;
            System.arraycopy(l, 0, out, pos, l.length);
            pos += l.length;
        }
        return out;
    }

    FunctionDesc toDesc(int name, int result) {
        return new FunctionDesc(name, params.clone(), result, Arrays.copyOf(registers, registerCount), code, file,
                Arrays.copyOf(lines, code.size()));
    }
}
