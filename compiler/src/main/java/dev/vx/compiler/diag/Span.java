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

    /**
     * Line {@code line} (1-based) of {@code file}, from its first non-blank character to its end:
     * for passes that know only the line of what they report. Null when the file is shorter.
     */
    public static Span ofLine(SourceFile file, int line) {
        String text = file.text();
        int start = 0;
        for (int l = 1; l < line; l++) {
            start = text.indexOf('\n', start) + 1;
            if (start == 0) return null;
        }
        int end = text.indexOf('\n', start);
        if (end < 0) end = text.length();
        if (end > start && text.charAt(end - 1) == '\r') end--;
        int first = start;
        while (first < end && (text.charAt(first) == ' ' || text.charAt(first) == '\t')) first++;
        int column = text.codePointCount(start, first) + 1;
        return new Span(file, first, Math.max(end, first), line, column);
    }

    /** {@code path:line:column}, the prefix of every diagnostic. */
    @Override
    public String toString() {
        return file.path() + ":" + line + ":" + column;
    }
}
