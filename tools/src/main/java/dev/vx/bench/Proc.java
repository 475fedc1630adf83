package dev.vx.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleConsumer;

/** Runs a child process with its output in temporary files and times it (start to exit). */
final class Proc {
    private Proc() {}

    /**
     * A finished run: {@code seconds} of wall time from start to exit, {@code cpuSeconds} of
     * CPU time (user + system, all its threads; NaN where it cannot be read).
     */
    record Result(int status, String out, String err, double seconds, double cpuSeconds, boolean timedOut) {}

    /** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux, whatever the kernel's HZ). */
    static final double TICKS = 100;

    /**
     * CPU seconds of this process's reaped children so far (cutime + cstime of /proc/self/stat),
     * NaN where there is no /proc. Runs are sequential, so the difference around one run is
     * that run's CPU time (to 10 ms).
     */
    static double childrenCpuSeconds() {
        try {
            String stat = Files.readString(java.nio.file.Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // After the command name: field 3 is f[0]; cutime and cstime are fields 16 and 17.
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / TICKS;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Seconds between two heartbeats of a long run. */
    static final int HEARTBEAT_SECONDS = 15;

    static Result run(List<String> cmd, double timeoutSeconds, DoubleConsumer heartbeat) throws IOException {
        File out = File.createTempFile("vxbench", ".out");
        File err = File.createTempFile("vxbench", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err)
                    .redirectInput(ProcessBuilder.Redirect.from(out));
            double cpu0 = childrenCpuSeconds();
            long t0 = System.nanoTime();
            Process p = pb.start();
            boolean timedOut = false;
            try {
                while (true) {
                    double left = timeoutSeconds - (System.nanoTime() - t0) / 1e9;
                    long waitMs = (long) Math.max(1, Math.min(HEARTBEAT_SECONDS * 1000.0, left * 1000));
                    if (p.waitFor(waitMs, TimeUnit.MILLISECONDS)) break;
                    double elapsed = (System.nanoTime() - t0) / 1e9;
                    if (elapsed >= timeoutSeconds) {
                        timedOut = true;
                        p.descendants().forEach(ProcessHandle::destroyForcibly);
                        p.destroyForcibly();
                        p.waitFor();
                        break;
                    }
                    heartbeat.accept(elapsed);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted");
            }
            try {
                return finish(p, t0, cpu0, timedOut, out, err);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted");
            }
        } finally {
            out.delete();
            err.delete();
        }
    }

    private static Result finish(Process p, long t0, double cpu0, boolean timedOut, File out, File err)
            throws IOException, InterruptedException {
        double seconds = (System.nanoTime() - t0) / 1e9;
        // The child is reaped before waitFor returns; wait a little in case the count lags.
        double cpu = childrenCpuSeconds() - cpu0;
        for (int i = 0; i < 20 && cpu == 0 && seconds > 0.05; i++) {
            Thread.sleep(5);
            cpu = childrenCpuSeconds() - cpu0;
        }
        return new Result(timedOut ? -1 : p.exitValue(), new String(Files.readAllBytes(out.toPath()), StandardCharsets.UTF_8),
                new String(Files.readAllBytes(err.toPath()), StandardCharsets.UTF_8), seconds, cpu, timedOut);
    }
}
