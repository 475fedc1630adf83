package dev.vx.tools;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The process's standard output and error as {@code vxvm} writes them.
 *
 * <p>Standard output is buffered unless the process talks to a terminal, as Python's and C's
 * are: a program that prints a million lines into a pipe or a file makes a few hundred
 * writes instead of a million. On a terminal every write goes out at once, so a line
 * printed before a long computation is seen before it. Java can only tell whether both
 * standard input and standard output are terminals ({@link System#console()}); a run
 * whose input alone is redirected is buffered too.
 *
 * <p>Whatever goes to standard error first pushes out what is waiting for standard output,
 * so the two keep the order the program wrote them in when they reach one terminal or one
 * file ({@code vxvm run p > log 2>&1}). A shutdown hook flushes standard output when the
 * JVM is stopped from outside (Ctrl-C), where {@code main} never reaches its own flush.
 */
final class StandardStreams {
    private static final int BUFFER_BYTES = 1 << 16;

    final WatchedOutput watched;
    final PrintStream out;
    final PrintStream err;

    private StandardStreams(WatchedOutput watched, PrintStream out, PrintStream err) {
        this.watched = watched;
        this.out = out;
        this.err = err;
    }

    static StandardStreams open() {
        WatchedOutput watched = new WatchedOutput(new FileOutputStream(FileDescriptor.out));
        OutputStream target = System.console() != null ? watched : new BufferedOutputStream(watched, BUFFER_BYTES);
        PrintStream out = new PrintStream(target, false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new AfterFlushing(out, new FileOutputStream(FileDescriptor.err)), true,
                StandardCharsets.UTF_8);
        Runtime.getRuntime().addShutdownHook(new Thread(out::flush, "vxvm-flush-stdout"));
        return new StandardStreams(watched, out, err);
    }

    /** A stream that flushes another before each write of its own. */
    static final class AfterFlushing extends FilterOutputStream {
        private final PrintStream first;

        AfterFlushing(PrintStream first, OutputStream out) {
            super(out);
            this.first = first;
        }

        @Override
        public void write(int b) throws IOException {
            first.flush();
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            first.flush();
            out.write(b, off, len);
        }
    }
}
