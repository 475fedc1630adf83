package dev.vx.jmh;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Insn;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.vm.Allocator;
import dev.vx.vm.Heap;
import dev.vx.vm.LaneStack;
import dev.vx.vm.Program;
import dev.vx.vm.SharedPool;
import dev.vx.vm.Stats;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The spill path (docs/vm.md, "Spill", "Restore", "No thrash").
 *
 * <ul>
 *   <li>{@code spillRestore}: {@code LaneStack.spill} of a full 2,048-word stack of one-word
 *       frames (1,021 frames and the exit frame move to a heap block), then the
 *       {@code LaneStack.restore} that brings them back and frees the block — one round trip;
 *   <li>{@code fillDepth}: the whole fill-depth loop (100,000 non-tail calls of a leaf) at
 *       depth 2045, where every call pushes onto a full stack, and one frame shallower at
 *       2044: the no-thrash rule says the two take about the same time.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "-Xmx2g"})
public class SpillBench {
    Program prog;
    Allocator alloc;
    final Stats stats = new Stats();
    final long[] stack = new long[Layout.LANE_STACK_WORDS];

    @Setup(Level.Trial)
    public void setup() {
        Module m = Vx.compile(Vx.fillDepth(4, 1));
        prog = new Program(m);
        alloc = new Allocator(new Heap(256L << 20), prog.shapes, new SharedPool());
        int fill = -1;
        for (int f = 0; f < m.functions().size(); f++) if (m.functionName(f).equals("fill")) fill = f;
        if (fill < 0) throw new IllegalStateException("no function fill");
        // fill(p, s) + 1 keeps nothing live: its site's frame is the resume word alone.
        FunctionDesc fd = m.function(fill);
        int site = -1, k = 0;
        for (Insn in : fd.code()) {
            if (!in.op().isCallSite()) continue;
            if (in.op() == Opcode.CALL && in.get(1) == fill && in.list(3).length == 0) site = k;
            k++;
        }
        if (site < 0) throw new IllegalStateException("no one-word call site of fill in fill");
        long resume = Layout.resumeWord(fill, site, 1);
        stack[0] = 0;
        stack[1] = 0;
        stack[2] = Layout.FID_EXIT;
        for (int i = Layout.EXIT_FRAME_WORDS; i < stack.length; i++) stack[i] = resume;
    }

    @Benchmark
    public int spillRestore() {
        int sp = LaneStack.spill(stack, Layout.LANE_STACK_WORDS, prog, alloc, stats);
        // The kept frames return one by one down to the exit frame; then the restore.
        return sp + LaneStack.restore(stack, prog, alloc, stats);
    }

    /** The fill-depth loop as a whole program. */
    @State(Scope.Benchmark)
    public static class Fill {
        @Param({"2044", "2045"})
        public int depth;
        Module module;

        @Setup(Level.Trial)
        public void setup() {
            module = Vx.compile(Vx.fillDepth(depth, 100_000));
        }
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int fillDepth(Fill f) {
        int status = Vx.run(f.module, Vx.ONE_THREAD);
        if (status != 0) throw new IllegalStateException("status " + status);
        return status;
    }
}
