package dev.vx.compiler.diag;

import dev.vx.compiler.SourceFile;

/**
 * A range of source text: offsets {@code start} (inclusive) to {@code end} (exclusive) in
 * {@code file}, with the 1-based line and column (in code points) of {@code start}.
 */
public record Span(SourceFile file, int start, int end, int line, int column) {

    /** The span from the start of this one to the end of {@code last}. */
    public Span to(Span last) {
        return new Span(file, start, Math.max(end, last.end), line, column);
    }

    /** {@code path:line:column}, the prefix of every diagnostic. */
    @Override
    public String toString() {
        return file.path() + ":" + line + ":" + column;
    }
}
