package dev.vx.compiler.diag;

/** One error or warning: where, how bad, and a sentence saying what is wrong. */
public record Diagnostic(Severity severity, Span span, String message) {

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /**
     * The full text: {@code file:line:col: error: message}, then the source line and a caret
     * line under the span, each ending in a newline.
     */
    public String render() {
        StringBuilder out = new StringBuilder();
        out.append(span).append(": ").append(severity.label).append(": ").append(message).append('\n');
        String text = span.file().text();
        int start = Math.min(span.start(), text.length());
        int lineStart = text.lastIndexOf('\n', start - 1) + 1;
        int lineEnd = text.indexOf('\n', start);
        if (lineEnd < 0) {
            lineEnd = text.length();
        }
        String line = text.substring(lineStart, lineEnd);
        if (line.endsWith("\r")) {
            line = line.substring(0, line.length() - 1);
            lineEnd--;
        }
        String number = Integer.toString(span.line());
        String gutter = " ".repeat(4 + number.length());
        out.append("    ").append(number).append(" | ").append(line).append('\n');
        StringBuilder caret = new StringBuilder(gutter).append(" | ");
        // Copy tabs from the source line so the carets line up under them.
        for (int i = lineStart; i < start; ) {
            int cp = text.codePointAt(i);
            caret.append(cp == '\t' ? '\t' : ' ');
            i += Character.charCount(cp);
        }
        int caretEnd = Math.max(start + 1, Math.min(span.end(), lineEnd));
        int width = Math.max(1, text.codePointCount(start, Math.min(caretEnd, text.length())));
        caret.append("^".repeat(width));
        out.append(caret).append('\n');
        return out.toString();
    }
}
