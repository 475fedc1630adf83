package dev.vx.compiler.diag;

import dev.vx.compiler.SourceFile;

/**
 * The source position the front end most recently worked on. Phases update it as they
 * descend, so that when the host stack runs out on absurdly nested source the error can say
 * where. Updating it costs one or two field writes, which is why it is not a stack of spans.
 */
public final class Progress {
    private SourceFile file;
    private int start;
    private int end;
    private int line = 1;
    private int column = 1;

    public void at(Span span) {
        this.file = span.file();
        this.start = span.start();
        this.end = span.end();
        this.line = span.line();
        this.column = span.column();
    }

    public void at(SourceFile file, int start, int end, int line, int column) {
        this.file = file;
        this.start = start;
        this.end = end;
        this.line = line;
        this.column = column;
    }

    /** The last position recorded, or null before any. */
    public Span span() {
        return file == null ? null : new Span(file, start, end, line, column);
    }
}
