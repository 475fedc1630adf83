package dev.vx.vm;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Insn;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Operand;
import dev.vx.bytecode.Scalar;
import dev.vx.bytecode.TypeDesc;

import java.util.List;

/**
 * A verified module prepared for execution: pre-decoded code (see {@link Code}), call-site
 * tables and the constructor shapes. Shared by every lane and worker; immutable once built.
 */
public final class Program {
    public final Module module;
    public final Shapes shapes;
    /** By function: pre-decoded code. */
    final int[][] code;
    /** By function and instruction index: the instruction's code position (one more entry: the code's length). */
    final int[][] insnPos;
    /** By function and code position: the source line (only instruction starts are meaningful). */
    final int[][] lines;
    /** By function and site: the code position of the call instruction. */
    final int[][] sitePos;
    final int[] arity;
    /** By function and parameter: whether the parameter holds a reference. */
    final boolean[][] paramIsRef;
    final int maxRegisters;
    /** By string-table index: the immortal string cell's address (0 if never loaded by LDS). */
    final long[] stringCells;

    public Program(Module module) {
        this.module = module;
        this.shapes = new Shapes(module);
        int n = module.functions().size();
        code = new int[n][];
        insnPos = new int[n][];
        lines = new int[n][];
        sitePos = new int[n][];
        arity = new int[n];
        paramIsRef = new boolean[n][];
        int maxRegs = 1;
        for (int f = 0; f < n; f++) {
            FunctionDesc fd = module.function(f);
            arity[f] = fd.arity();
            paramIsRef[f] = new boolean[fd.arity()];
            for (int i = 0; i < fd.arity(); i++) paramIsRef[f][i] = module.type(fd.params()[i]).isRef();
            maxRegs = Math.max(maxRegs, fd.registerCount());
            decode(f, fd);
        }
        maxRegisters = maxRegs;
        stringCells = new long[module.strings().size()];
    }

    /** The address of the immortal cell of string constant {@code s} (0 if no {@code lds} loads it). */
    public long stringCell(int s) {
        return stringCells[s];
    }

    public int functionCount() {
        return code.length;
    }

    /** Words of the continuation frame with this resume word ({@code FID_EXIT}: 3). */
    int frameWords(long resumeWord) {
        if (resumeWord == Layout.FID_EXIT) return Layout.EXIT_FRAME_WORDS;
        return Layout.resumeFrameWords(resumeWord);
    }

    /** Writes the immortal string cells that LDS instructions load, below the allocatable heap. */
    void loadStrings(Heap heap) {
        boolean[] used = new boolean[stringCells.length];
        for (FunctionDesc fd : module.functions())
            for (Insn i : fd.code()) if (i.op() == Opcode.LDS) used[i.get(1)] = true;
        int words = 0;
        for (int s = 0; s < used.length; s++) if (used[s]) words += dev.vx.vm.Strings.immortalWords(module.string(s));
        if (words == 0) return;
        long at = heap.takeImmortal(words);
        long[] h = heap.words;
        for (int s = 0; s < used.length; s++) {
            if (!used[s]) continue;
            stringCells[s] = at;
            at += dev.vx.vm.Strings.writeImmortal(h, (int) at, module.string(s));
        }
    }

    private void decode(int f, FunctionDesc fd) {
        List<Insn> insns = fd.code();
        int count = insns.size();
        int[] pos = new int[count + 1];
        int p = 0;
        int groupSize = 0;
        int childrenSeen = -1;
        for (int i = 0; i < count; i++) {
            pos[i] = p;
            Insn in = insns.get(i);
            Opcode op = in.op();
            int len = 1 + in.operands().length;
            if (op == Opcode.FORK) {
                groupSize = in.get(1);
                childrenSeen = 0;
            } else if (op.isCallSite()) {
                len += 1; // the site ordinal
                if (op == Opcode.CALL && childrenSeen >= 0) len += 2; // FCALL's join register and child index
            } else if (op == Opcode.SWITCH || op == Opcode.PRIM || op == Opcode.ANEW || op == Opcode.AEMPTY) {
                len += 1; // the first constructor id (of the scrutinee's / the result's type)
            } else if (op == Opcode.JOIN) {
                len = 3 + groupSize;
                childrenSeen = -1;
            } else if (op == Opcode.ALLOC) {
                len += 1; // the constructor's field count
            } else if (isImmediateNew(in)) {
                len = 3; // becomes `ldi d, id`
            }
            p += len;
        }
        pos[count] = p;
        int[] out = new int[p];
        int[] ln = new int[p];
        int[] sites = fd.sites();
        int[] sp = new int[sites.length];
        int site = 0;
        int forkChild = -1; // index of the next child within an open fork group, or -1
        int forkReg = -1;
        int[] forkDsts = null;
        for (int i = 0; i < count; i++) {
            Insn in = insns.get(i);
            int at = pos[i];
            java.util.Arrays.fill(ln, at, pos[i + 1], fd.lines()[i]);
            Opcode op = in.op();
            int[] o = in.operands();
            if (op == Opcode.FORK) {
                forkReg = o[0];
                forkChild = 0;
                forkDsts = new int[o[1]];
            }
            if (op.isCallSite()) {
                sp[site] = at;
                boolean child = op == Opcode.CALL && forkChild >= 0;
                out[at] = child ? Code.FCALL : op.ordinal();
                out[at + 1] = site;
                System.arraycopy(o, 0, out, at + 2, o.length);
                if (child) {
                    out[at + 2 + o.length] = forkReg;
                    out[at + 3 + o.length] = forkChild;
                }
                if (child) forkDsts[forkChild++] = o[0];
                site++;
                continue;
            }
            if (op == Opcode.JOIN) {
                out[at] = op.ordinal();
                out[at + 1] = o[0];
                out[at + 2] = forkDsts.length;
                System.arraycopy(forkDsts, 0, out, at + 3, forkDsts.length);
                forkChild = -1;
                continue;
            }
            if (isImmediateNew(in)) {
                out[at] = Opcode.LDI.ordinal();
                out[at + 1] = o[0];
                out[at + 2] = o[1];
                continue;
            }
            out[at] = op.ordinal();
            if (op == Opcode.SWITCH) {
                TypeDesc t = module.type(fd.registerTypes()[o[0]]);
                out[at + 1] = o[0];
                out[at + 2] = t.firstCtor();
                out[at + 3] = o[1];
                for (int k = 0; k < o[1]; k++) out[at + 4 + k] = pos[o[2 + k]];
                continue;
            }
            if (op == Opcode.ANEW) {
                System.arraycopy(o, 0, out, at + 1, o.length);
                out[at + 4] = Layout.arrayKind(module, fd.registerTypes()[o[0]]);
                continue;
            }
            if (op == Opcode.AEMPTY) {
                out[at + 1] = o[0];
                out[at + 2] = Layout.arrayKind(module, fd.registerTypes()[o[0]]);
                continue;
            }
            if (op == Opcode.AGET) {
                int element = module.type(fd.registerTypes()[o[1]]).element();
                System.arraycopy(o, 0, out, at + 1, o.length);
                if (Layout.isHalfElement(element)) out[at] = element == Scalar.I32.typeId() ? Code.AGET_HALF_I32 : Code.AGET_HALF;
                continue;
            }
            if (op == Opcode.ALLOC) {
                out[at + 1] = o[0];
                out[at + 2] = o[1];
                out[at + 3] = module.ctor(o[1]).fields().length;
                continue;
            }
            if (op == Opcode.PRIM) {
                System.arraycopy(o, 0, out, at + 1, o.length);
                TypeDesc t = module.type(fd.registerTypes()[o[0]]);
                out[at + 1 + o.length] = t.kind().hasCtors() ? t.firstCtor() : 0;
                continue;
            }
            // Generic copy, translating targets.
            int q = 0;
            int w = at + 1;
            for (Operand kind : op.operands()) {
                if (kind == Operand.TARGET) {
                    out[w++] = pos[o[q++]];
                } else if (kind.isList()) {
                    int len = o[q++];
                    out[w++] = len;
                    for (int k = 0; k < len; k++) out[w++] = kind == Operand.TARGETS ? pos[o[q++]] : o[q++];
                } else {
                    out[w++] = o[q++];
                }
            }
        }
        code[f] = out;
        insnPos[f] = pos;
        lines[f] = ln;
        sitePos[f] = sp;
    }

    /** A {@code new} of a nullary data constructor: its value is the immediate constructor id. */
    private boolean isImmediateNew(Insn in) {
        return in.op() == Opcode.NEW && in.get(2) == 0 && module.ctor(in.get(1)).closureFunction() < 0;
    }
}
