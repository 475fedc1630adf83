package dev.vx.bench;

import dev.vx.bytecode.Module;
import dev.vx.bytecode.Vxb;
import dev.vx.vm.Host;
import dev.vx.vm.Vm;
import dev.vx.vm.VmOptions;

import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * The in-process steady-state harness, run by {@code vxvm bench} in a JVM of its own: runs a
 * program repeatedly inside one JVM and prints each iteration's wall time. A Vx program is
 * loaded once ({@code .vxb}) and run with {@link Vm#run} each time; a twin's {@code main} is
 * called each time with {@code System.out} captured. It stops once it has done {@code iters}
 * iterations, run for {@link #MIN_SECONDS} (so that short programs get many iterations, up
 * to {@link #MAX_ITERATIONS}) and {@link #settled settled}, or once {@code budget} seconds have
 * passed with at least two done. Every iteration must print the same text (else status 1).
 *
 * <pre>
 * Steady vx   FILE.vxb ITERS BUDGET ENGINE DEVICE THREADS [ARGS...]   (THREADS 0: the VM's default)
 * Steady twin CLASS    ITERS BUDGET [ARGS...]
 * </pre>
 *
 * Prints {@code iter SECONDS} per iteration, then {@code output BASE64} of what it printed.
 */
public final class Steady {
    private Steady() {}

    /** A series runs at least this long (unless it reaches {@link #MAX_ITERATIONS}). */
    public static final double MIN_SECONDS = 3;
    public static final int MAX_ITERATIONS = 1000;

    /**
     * Whether a series has stopped getting faster: the median of its last quarter is not more
     * than 5 % below that of the quarter before. HotSpot may compile a JIT's generated methods
     * late: in a series of attention K=4096 on two threads, C2 compiled {@code attend} during
     * the 41st iteration, while 3 s gave that series 27 (docs/performance.md). The rule sees a
     * clear trend only (quarters of a noisy series); a twin settles at once.
     */
    static boolean settled(List<Double> seconds) {
        int n = seconds.size(), q = n / 4;
        if (q == 0) return true;
        double last = Summary.of(seconds.subList(n - q, n)).median();
        double before = Summary.of(seconds.subList(n - 2 * q, n - q)).median();
        return last >= 0.95 * before;
    }

    public static void main(String[] a) throws Exception {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        if (a.length < 4 || !(a[0].equals("vx") && a.length >= 7 || a[0].equals("twin"))) {
            System.err.println("usage: Steady vx FILE.vxb ITERS BUDGET ENGINE DEVICE THREADS [ARGS...] | twin CLASS ITERS BUDGET [ARGS...]");
            System.exit(2);
        }
        int iters = Integer.parseInt(a[2]);
        double budget = Double.parseDouble(a[3]);
        Iteration it;
        if (a[0].equals("vx")) {
            Module m = Vxb.load(Path.of(a[1]));
            VmOptions o = VmOptions.defaults().withEngine(a[4]).withDevice(a[5]);
            int threads = Integer.parseInt(a[6]);
            if (threads > 0) o = o.withThreads(threads);
            long usable = Runtime.getRuntime().maxMemory() - (256L << 20);
            if (o.heapBytes() > usable) o = o.withHeap(usable);
            VmOptions opts = o;
            List<String> args = List.of(Arrays.copyOfRange(a, 7, a.length));
            it = () -> {
                ByteArrayOutputStream buf = new ByteArrayOutputStream();
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                PrintStream p = new PrintStream(buf, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
                int status = Vm.run(m, opts, new Host(args, p, e));
                if (status != 0) throw new IllegalStateException("exit status " + status + ": " + err.toString(StandardCharsets.UTF_8).strip());
                return buf.toByteArray();
            };
        } else {
            Method main = Class.forName(a[1]).getMethod("main", String[].class);
            String[] args = Arrays.copyOfRange(a, 4, a.length);
            it = () -> {
                ByteArrayOutputStream buf = new ByteArrayOutputStream();
                PrintStream saved = System.out;
                System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
                try {
                    main.invoke(null, (Object) args.clone());
                } catch (InvocationTargetException e) {
                    throw new IllegalStateException("the twin failed: " + e.getCause(), e.getCause());
                } finally {
                    System.out.flush();
                    System.setOut(saved);
                }
                return buf.toByteArray();
            };
        }
        byte[] first = null;
        List<Double> seconds = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < MAX_ITERATIONS; i++) {
            long t0 = System.nanoTime();
            byte[] printed = it.run();
            long t1 = System.nanoTime();
            if (first == null) first = printed;
            else if (!Arrays.equals(first, printed)) {
                System.err.println("iteration " + (i + 1) + " printed other text than the first");
                System.exit(1);
            }
            out.println("iter " + (t1 - t0) / 1e9);
            seconds.add((t1 - t0) / 1e9);
            double elapsed = (t1 - start) / 1e9;
            if (i + 1 >= iters && elapsed >= MIN_SECONDS && settled(seconds)) break;
            if (i >= 1 && elapsed >= budget) break;
        }
        out.println("output " + Base64.getEncoder().encodeToString(first == null ? new byte[0] : first));
        out.flush();
        System.exit(0);
    }

    interface Iteration {
        byte[] run() throws Exception;
    }
}
