package dev.vx.vm;

import java.io.PrintStream;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * What the host gives a run: the program's arguments and its output streams, and whether the
 * reader of standard output has gone away (a closed pipe, {@code vxvm run p | head -1}): the
 * run then stops at its next print, as a Unix tool that gets SIGPIPE does, instead of going on
 * writing where nobody reads.
 */
public record Host(List<String> args, PrintStream out, PrintStream err, BooleanSupplier readerGone) {
    /** A host whose output always has a reader (a test's, a benchmark's). */
    public Host(List<String> args, PrintStream out, PrintStream err) {
        this(args, out, err, () -> false);
    }
}
