package dev.vx.jmh;

import dev.vx.bytecode.CtorDesc;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;
import dev.vx.vm.Allocator;
import dev.vx.vm.Heap;
import dev.vx.vm.SharedPool;
import dev.vx.vm.Shapes;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * One worker's allocator (docs/vm.md, "Allocation and reference counting"), driven directly
 * through its public methods, in nanoseconds per cell:
 *
 * <ul>
 *   <li>{@code cellReuse}: a 3-word cons cell allocated and dropped at once (the exact-size free list's hot path);
 *   <li>{@code batch}: 4,096 cells allocated, then all dropped (free-list growth, batches to the shared pool and back);
 *   <li>{@code listFree}: a 4,096-cell list built, then freed by dropping its head (the free cascade's work list).
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "-Xmx2g"})
public class AllocatorBench {
    static final int N = 4096;

    Allocator alloc;
    /** The constructor id of List's cons cell: a scalar head and a reference tail. */
    int cons;
    /** Which of cons's two fields is the tail. */
    int tailField;
    final long[] cells = new long[N];

    @Setup(Level.Trial)
    public void setup() {
        Module m = Vx.compile(Vx.list(10));
        Shapes shapes = new Shapes(m);
        alloc = new Allocator(new Heap(256L << 20), shapes, new SharedPool());
        cons = -1;
        for (int i = 0; i < m.ctors().size(); i++) {
            CtorDesc c = m.ctors().get(i);
            if (c.isClosure() || c.fields().length != 2) continue;
            boolean a = m.type(c.fields()[0]).isRef(), b = m.type(c.fields()[1]).isRef();
            if (a != b && m.type(c.type()).equals(m.type(c.fields()[b ? 1 : 0]))) {
                cons = Layout.FIRST_CTOR + i;
                tailField = b ? 1 : 0;
                break;
            }
        }
        if (cons < 0) throw new IllegalStateException("no cons constructor in the module");
    }

    @Benchmark
    public long cellReuse() {
        long c = alloc.newCell(cons, 2);
        long[] h = heap();
        h[(int) c + 1] = 7;
        h[(int) c + 2] = 7;
        alloc.drop(c);
        return c;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long batch() {
        for (int i = 0; i < N; i++) {
            long c = alloc.newCell(cons, 2);
            long[] h = heap();
            h[(int) c + 1] = i;
            h[(int) c + 2] = i;
            cells[i] = c;
        }
        for (int i = 0; i < N; i++) alloc.drop(cells[i]);
        return cells[N - 1];
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long listFree() {
        long list = Layout.FIRST_CTOR; // any immediate below the heap base stands for []
        for (int i = 0; i < N; i++) {
            long c = alloc.newCell(cons, 2);
            long[] h = heap();
            h[(int) c + 1 + tailField] = list;
            h[(int) c + 2 - tailField] = i;
            list = c;
        }
        alloc.drop(list);
        return list;
    }

    private long[] heap() {
        return alloc.heap().words;
    }
}
