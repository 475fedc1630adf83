package dev.vx.tools;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The process's standard output, remembering the first write that failed. A
 * {@link java.io.PrintStream} swallows write errors (and their reasons), so a program whose
 * output went nowhere — a full disk, a closed descriptor — would otherwise end with status 0.
 */
final class WatchedOutput extends FilterOutputStream {
    /** Volatile: a print on one thread may ask after a write another thread's flush made. */
    private volatile IOException failure;

    WatchedOutput(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw remember(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw remember(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw remember(e);
        }
    }

    private IOException remember(IOException e) {
        if (failure == null) failure = e;
        return e;
    }

    /** The first failed write, or null. */
    IOException failure() {
        return failure;
    }

    /** Whether the failure is only that the reader went away (`vxvm run p | head -1`): not an error of the run. */
    boolean readerClosed() {
        return failure != null && "Broken pipe".equals(failure.getMessage());
    }
}
