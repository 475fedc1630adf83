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

    record Result(int status, String out, String err, double seconds, boolean timedOut) {}

    /** Seconds between two heartbeats of a long run. */
    static final int HEARTBEAT_SECONDS = 15;

    static Result run(List<String> cmd, double timeoutSeconds, DoubleConsumer heartbeat) throws IOException {
        File out = File.createTempFile("vxbench", ".out");
        File err = File.createTempFile("vxbench", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err)
                    .redirectInput(ProcessBuilder.Redirect.from(out));
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
            double seconds = (System.nanoTime() - t0) / 1e9;
            return new Result(timedOut ? -1 : p.exitValue(), new String(Files.readAllBytes(out.toPath()), StandardCharsets.UTF_8),
                    new String(Files.readAllBytes(err.toPath()), StandardCharsets.UTF_8), seconds, timedOut);
        } finally {
            out.delete();
            err.delete();
        }
    }
}
