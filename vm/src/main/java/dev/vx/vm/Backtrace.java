package dev.vx.vm;

import dev.vx.bytecode.Layout;

import java.util.ArrayList;
import java.util.List;

/**
 * The Vx functions active on a lane, innermost first: the running function, then every
 * continuation frame on the lane stack and, through {@code FID_EXIT} frames, in the heap
 * blocks it spilled to.
 */
public final class Backtrace {
    private Backtrace() {}

    public record Entry(String function, String file, int line) {
        @Override
        public String toString() {
            return "  at " + function + " (" + file + ":" + line + ")";
        }
    }

    /** Frames are printed in full up to this many; longer traces keep the innermost and outermost. */
    static final int HEAD = 20;
    static final int TAIL = 10;

    public static List<Entry> of(Program prog, long[] heap, int function, int pc, long[] stack, int sp) {
        List<Entry> out = new ArrayList<>();
        out.add(entry(prog, function, pc));
        addFrames(out, prog, heap, stack, sp);
        return out;
    }

    /**
     * As {@link #of}, for an engine that knows the failing instruction by its index in the
     * function's code (a device kernel); with {@code function < 0}, only the frames.
     */
    public static List<Entry> ofInstruction(Program prog, long[] heap, int function, int insn, long[] stack, int sp) {
        List<Entry> out = new ArrayList<>();
        if (function >= 0) {
            int[] pos = prog.insnPos[function];
            out.add(entry(prog, function, pos[Math.max(0, Math.min(insn, pos.length - 1))]));
        }
        addFrames(out, prog, heap, stack, Math.min(sp, stack.length));
        return out;
    }

    /** Every continuation frame under {@code sp}, innermost first, following spills into the heap. */
    private static void addFrames(List<Entry> out, Program prog, long[] heap, long[] stack, int sp) {
        long[] words = stack;
        int base = 0;
        int top = sp;
        while (top > base) {
            long rw = words[top - 1];
            if (rw == Layout.FID_EXIT) {
                long block = words[top - 3];
                int count = (int) words[top - 2];
                if (block == 0) break;
                words = heap;
                base = (int) block + 2;
                top = base + count;
                continue;
            }
            int f = Layout.resumeFunction(rw);
            int site = Layout.resumeSite(rw);
            out.add(entry(prog, f, prog.sitePos[f][site]));
            top -= prog.frameWords(rw);
        }
    }

    private static Entry entry(Program prog, int f, int pc) {
        var fd = prog.module.function(f);
        int[] lines = prog.lines[f];
        int line = lines.length == 0 ? 0 : lines[Math.min(pc, lines.length - 1)];
        return new Entry(prog.module.string(fd.name()), prog.module.string(fd.file()), line);
    }

    /** The lines to print, eliding the middle of very long traces. */
    public static List<String> render(List<Entry> entries) {
        List<String> out = new ArrayList<>();
        if (entries.size() <= HEAD + TAIL + 1) {
            for (Entry e : entries) out.add(e.toString());
            return out;
        }
        for (int i = 0; i < HEAD; i++) out.add(entries.get(i).toString());
        out.add("  ... " + (entries.size() - HEAD - TAIL) + " more frames ...");
        for (int i = entries.size() - TAIL; i < entries.size(); i++) out.add(entries.get(i).toString());
        return out;
    }
}
