package dev.vx.compiler.diag;

/** One error or warning: where, how bad, and a sentence saying what is wrong. */
public record Diagnostic(Severity severity, Span span, String message) {

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** Code points of context shown on each side of the span when its line is too long to print whole. */
    static final int CONTEXT = 60;
    /** Longest source line printed whole, in code points. */
    static final int MAX_LINE = 2 * CONTEXT + 40;

    /**
     * The full text: {@code file:line:col: error: message}, then the source line and a caret
     * line under the span, each ending in a newline. A line longer than {@link #MAX_LINE}
     * code points is shown as a window around the span, with {@code ...} where it is cut,
     * so that a huge line (generated source) cannot make the report huge.
     */
    public String render() {
        StringBuilder out = new StringBuilder();
        out.append(span).append(": ").append(severity.label).append(": ").append(visible(message)).append('\n');
        String text = span.file().text();
        int start = Math.min(span.start(), text.length());
        int lineStart = text.lastIndexOf('\n', start - 1) + 1;
        int lineEnd = text.indexOf('\n', start);
        if (lineEnd < 0) {
            lineEnd = text.length();
        }
        if (lineEnd > lineStart && text.charAt(lineEnd - 1) == '\r') {
            lineEnd--;
            // An error at the end of a CRLF line ("expected an expression") starts at the '\r':
            // its caret goes just past the line's text.
            start = Math.min(start, lineEnd);
        }
        int caretEnd = Math.max(start + 1, Math.min(span.end(), lineEnd));
        int from = lineStart;
        int to = lineEnd;
        if (text.codePointCount(lineStart, lineEnd) > MAX_LINE) {
            from = Math.max(lineStart, back(text, start, CONTEXT));
            to = Math.min(lineEnd, forward(text, Math.min(caretEnd, forward(text, start, CONTEXT)), CONTEXT));
        }
        String cutLeft = from > lineStart ? "..." : "";
        String cutRight = to < lineEnd ? "..." : "";
        String number = Integer.toString(span.line());
        String gutter = " ".repeat(4 + number.length());
        out.append("    ").append(number).append(" | ").append(cutLeft).append(visible(text.substring(from, to))).append(cutRight).append('\n');
        StringBuilder caret = new StringBuilder(gutter).append(" | ").append(" ".repeat(cutLeft.length()));
        // Copy tabs from the source line so the carets line up under them.
        for (int i = from; i < start; ) {
            int cp = text.codePointAt(i);
            caret.append(cp == '\t' ? '\t' : ' ');
            i += Character.charCount(cp);
        }
        int width = Math.max(1, text.codePointCount(start, Math.min(Math.min(caretEnd, to), text.length())));
        caret.append("^".repeat(width));
        out.append(caret).append('\n');
        return out.toString();
    }

    /**
     * {@code s} with each control character but the tab shown as its Unicode control picture
     * ({@code ␛} for ESC, {@code ␡} for DEL; C1 controls, U+2028 and U+2029 as {@code �}): a
     * source file must not send escape sequences to the terminal that shows the report. One
     * code point stays one, so the carets still line up.
     */
    static String visible(String s) {
        if (s.codePoints().noneMatch(Diagnostic::isHidden)) return s;
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            if (!isHidden(cp)) b.appendCodePoint(cp);
            else if (cp < 0x20) b.appendCodePoint(0x2400 + cp);
            else if (cp == 0x7F) b.appendCodePoint(0x2421);
            else b.appendCodePoint(0xFFFD);
        });
        return b.toString();
    }

    private static boolean isHidden(int cp) {
        int type = Character.getType(cp);
        // U+2028 and U+2029 end a line on some terminals, which would break the excerpt.
        return cp != '\t' && cp != '\n' && (type == Character.CONTROL || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR);
    }

    /** The offset {@code n} code points before {@code at} (or the text's start). */
    private static int back(String text, int at, int n) {
        for (int k = 0; k < n && at > 0; k++) at = text.offsetByCodePoints(at, -1);
        return at;
    }

    /** The offset {@code n} code points after {@code at} (or the text's end). */
    private static int forward(String text, int at, int n) {
        for (int k = 0; k < n && at < text.length(); k++) at = text.offsetByCodePoints(at, 1);
        return at;
    }
}
