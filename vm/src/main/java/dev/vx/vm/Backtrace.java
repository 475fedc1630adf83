package dev.vx.vm;

import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Vx functions active on a lane, innermost first: the running function, then every
 * continuation frame on the lane stack and, through {@code FID_EXIT} frames, in the heap
 * blocks it spilled to.
 */
public final class Backtrace {
    private Backtrace() {}

    /**
     * A frame, or, where {@code function} is null, {@code elided} frames left out of the
     * middle of a long trace (only their number is kept: a recursion that filled the heap
     * has hundreds of millions of frames).
     */
    public record Entry(String function, String file, int line, long elided) {
        Entry(String function, String file, int line) {
            this(function, file, line, 0);
        }

        static Entry elision(long frames) {
            return new Entry(null, null, 0, frames);
        }

        /** Where the walk met words that are not frames (elided is then -1). */
        static Entry unreadable() {
            return new Entry(null, null, 0, -1);
        }

        boolean isElision() {
            return function == null;
        }

        @Override
        public String toString() {
            if (!isElision()) return "  at " + function + " (" + file + ":" + line + ")";
            return elided < 0 ? "  ... (the frames below are unreadable: the stack was overwritten)" : "  ... " + elided + " more frames ...";
        }
    }

    /** The heap's words, however they are held (a device's heap is read from its buffer page by page). */
    @FunctionalInterface
    public interface HeapWords {
        long word(long index);
    }

    /** Frames are printed in full up to this many; longer traces keep the innermost and outermost. */
    static final int HEAD = 20;
    static final int TAIL = 10;

    public static List<Entry> of(Program prog, long[] heap, int function, int pc, long[] stack, int sp) {
        List<Entry> out = new ArrayList<>();
        out.add(entry(prog, function, pc));
        addFrames(out, prog, i -> heap[(int) i], stack, sp);
        return out;
    }

    /**
     * As {@link #of}, for an engine that knows the failing instruction by its index in the
     * function's code (a device kernel); with {@code function < 0}, only the frames.
     */
    public static List<Entry> ofInstruction(Program prog, HeapWords heap, int function, int insn, long[] stack, int sp) {
        List<Entry> out = new ArrayList<>();
        if (function >= 0) {
            int[] pos = prog.insnPos[function];
            out.add(entry(prog, function, pos[Math.max(0, Math.min(insn, pos.length - 1))]));
        }
        addFrames(out, prog, heap, stack, Math.min(sp, stack.length));
        return out;
    }

    /**
     * Every continuation frame under {@code sp}, innermost first, following spills into the
     * heap; past the first {@link #HEAD} entries of {@code out}, only the last {@link #TAIL}
     * frames are kept and the ones between are counted (an {@link Entry#elision}). A stack
     * that does not hold frames (a module with broken reference counts can overwrite a spill
     * block, docs/bytecode.md) ends the walk with {@link Entry#unreadable}: a failure's report
     * must never hang or fail itself.
     */
    private static void addFrames(List<Entry> out, Program prog, HeapWords heap, long[] stack, int sp) {
        Entry[] last = new Entry[TAIL + 1];
        long beyondHead = 0;
        boolean readable = true;
        // The frames are on the lane stack, then (past an exit frame) in a spill block of the heap.
        Set<Long> blocks = new HashSet<>();
        boolean inHeap = false;
        long base = 0;
        long top = sp;
        try {
            while (top > base) {
                long rw = inHeap ? heap.word(top - 1) : stack[(int) top - 1];
                if (rw == Layout.FID_EXIT) {
                    if (top - Layout.EXIT_FRAME_WORDS < base) {
                        readable = false;
                        break;
                    }
                    long block = inHeap ? heap.word(top - 3) : stack[(int) top - 3];
                    long count = inHeap ? heap.word(top - 2) : stack[(int) top - 2];
                    if (block == 0) break;
                    if (count < 0 || !blocks.add(block)) { // a block seen before would loop
                        readable = false;
                        break;
                    }
                    inHeap = true;
                    base = block + 2;
                    top = base + count;
                    continue;
                }
                int f = Layout.resumeFunction(rw);
                int site = Layout.resumeSite(rw);
                int words = prog.frameWords(rw);
                if (f < 0 || f >= prog.sitePos.length || site >= prog.sitePos[f].length || words < 1 || words > top - base) {
                    readable = false;
                    break;
                }
                if (out.size() < HEAD) {
                    out.add(entry(prog, f, prog.sitePos[f][site]));
                } else {
                    last[(int) (beyondHead % last.length)] = entry(prog, f, prog.sitePos[f][site]);
                    beyondHead++;
                }
                top -= words;
            }
        } catch (IndexOutOfBoundsException e) { // a spill block's address outside the heap
            readable = false;
        }
        // What render prints in full (HEAD + TAIL + 1 frames) is kept in full.
        long kept = beyondHead <= last.length ? beyondHead : TAIL;
        if (kept < beyondHead) out.add(Entry.elision(beyondHead - kept));
        for (long i = beyondHead - kept; i < beyondHead; i++) out.add(last[(int) (i % last.length)]);
        if (!readable) out.add(Entry.unreadable());
    }

    private static Entry entry(Program prog, int f, int pc) {
        var fd = prog.module.function(f);
        int[] lines = prog.lines[f];
        int line = lines.length == 0 ? 0 : lines[Math.min(pc, lines.length - 1)];
        // Names are escaped: a crafted module's newline in a name would forge a line of the trace.
        return new Entry(Module.printable(prog.module.string(fd.name())), Module.printable(prog.module.string(fd.file())),
                line);
    }

    /**
     * The lines to print, eliding the middle of very long traces. {@code entries} may hold
     * elisions (a trace made of a failure's frames and its callers' keeps at least the first
     * {@link #HEAD} and the last {@link #TAIL} frames around each), which count as their frames.
     */
    public static List<String> render(List<Entry> entries) {
        List<Entry> frames = new ArrayList<>();
        long total = 0;
        for (Entry e : entries) {
            if (e.isElision()) {
                total += e.elided();
            } else {
                frames.add(e);
                total++;
            }
        }
        List<String> out = new ArrayList<>();
        if (total <= HEAD + TAIL + 1) {
            for (Entry e : frames) out.add(e.toString());
            return out;
        }
        for (int i = 0; i < HEAD; i++) out.add(frames.get(i).toString());
        out.add(Entry.elision(total - HEAD - TAIL).toString());
        for (int i = frames.size() - TAIL; i < frames.size(); i++) out.add(frames.get(i).toString());
        return out;
    }
}
