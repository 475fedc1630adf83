package dev.vx.compiler.syntax;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Diagnostics;
import dev.vx.compiler.diag.Span;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Turns source text into tokens, Python style: at bracket depth 0 each logical line ends in
 * NEWLINE, and a change of indentation produces INDENT / DEDENT. Inside {@code ( [ {}
 * newlines and indentation are ignored. One pass over the text, O(n) whatever the line
 * lengths. Errors are reported and lexing goes on, so that the parser sees the whole file.
 */
public final class Lexer {
    private final SourceFile file;
    private final String text;
    /** The text as an array: indexing it is much cheaper than String.charAt before the JIT warms up. */
    private final char[] chars;
    private final int length;
    private final Diagnostics diags;
    private final Tokens out;

    private int pos;
    private int line = 1;
    private int lineStart;
    /** Low surrogates seen on this line before {@code pos}: columns count code points. */
    private int surrogatesOnLine;

    /** Indentation columns of the open blocks; the bottom is 0. */
    private int[] indentStack = new int[64];
    private int indentDepth;
    /** The column of the token being scanned (taken before its text is consumed). */
    private int tokenColumn;
    /** Open brackets: the token index of each opener. */
    private final Deque<Integer> brackets = new ArrayDeque<>();
    private boolean tabReported;

    private Lexer(SourceFile file, Diagnostics diags) {
        this.file = file;
        this.text = file.text();
        this.chars = text.toCharArray();
        this.length = chars.length;
        this.diags = diags;
        this.out = new Tokens(file);
    }

    public static Tokens lex(SourceFile file, Diagnostics diags) {
        Lexer lexer = new Lexer(file, diags);
        lexer.run();
        return lexer.out;
    }

    private void run() {
        if (text.startsWith("\uFEFF")) {
            pos = 1;
            lineStart = 1;
        }
        boolean atLineStart = true;
        while (true) {
            if (atLineStart) {
                atLineStart = false;
                if (!brackets.isEmpty()) {
                    closeBracketsBeforeTopLevelKeyword();
                }
                if (brackets.isEmpty() && !startLine()) {
                    break;
                }
            }
            if (pos >= length) {
                break;
            }
            char c = chars[pos];
            if (c == '\n') {
                TokenKind last = lastKind();
                if (brackets.isEmpty() && last != null && last != TokenKind.NEWLINE && last != TokenKind.INDENT
                        && last != TokenKind.DEDENT) {
                    // A CRLF line ends where its '\r' is: an error there has the column it has in LF.
                    int end = pos > 0 && chars[pos - 1] == '\r' ? pos - 1 : pos;
                    emitLayout(TokenKind.NEWLINE, end, pos + 1);
                }
                newLine(pos + 1);
                atLineStart = true;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                pos++;
            } else if (c == '#') {
                skipComment();
            } else {
                scanToken(c);
            }
        }
        finish();
    }

    private void newLine(int next) {
        pos = next;
        line++;
        lineStart = next;
        surrogatesOnLine = 0;
    }

    private void skipComment() {
        while (pos < length && chars[pos] != '\n') {
            if (Character.isLowSurrogate(chars[pos])) {
                surrogatesOnLine++;
            }
            pos++;
        }
    }

    /**
     * At the start of a line outside brackets: measure its indentation, skip it if it is
     * blank or only a comment, else emit INDENT or DEDENTs. Returns false at the end of text.
     */
    private boolean startLine() {
        while (true) {
            int indent = 0;
            int tabAt = -1;
            while (pos < length) {
                char c = chars[pos];
                if (c == ' ') {
                    indent++;
                } else if (c == '\t') {
                    if (tabAt < 0) {
                        tabAt = pos;
                    }
                    indent = (indent / 4 + 1) * 4;
                } else if (c != '\r' && c != '\f') {
                    break;
                }
                pos++;
            }
            if (pos >= length) {
                return false;
            }
            char c = chars[pos];
            if (c == '\n') {
                newLine(pos + 1);
                continue;
            }
            if (c == '#') {
                skipComment();
                continue;
            }
            if (tabAt >= 0 && !tabReported) {
                tabReported = true;
                diags.error(spanAt(tabAt, tabAt + 1), "tab in indentation; indent with spaces only");
            }
            indent(indent);
            return true;
        }
    }

    /** Whether the line before the current one starts with a keyword whose line ends in `:`. */
    private boolean previousLineOpensBlock() {
        int i = out.size() - 2; // the last token before the line's NEWLINE
        while (i > 0 && !isLineStart(out.kind(i - 1))) i--;
        if (i < 0) return false;
        return switch (out.kind(i)) {
            case DEF, TYPE, MATCH, CASE, IF, ELIF, ELSE -> true;
            default -> false;
        };
    }

    /** Whether a token of kind {@code k} needs an operand after it: a binary operator or `=`. */
    static boolean endsAnOperand(TokenKind k) {
        return switch (k) {
            case PLUS, MINUS, STAR, SLASH, PERCENT, PLUSPLUS, SHL, SHR, AMP, PIPE, CARET,
                 EQ, NE, LT, LE, GT, GE, CONS, AND, OR, ASSIGN -> true;
            default -> false;
        };
    }

    private static boolean isLineStart(TokenKind previous) {
        return previous == TokenKind.NEWLINE || previous == TokenKind.INDENT || previous == TokenKind.DEDENT;
    }

    private void indent(int indent) {
        int top = indentStack[indentDepth];
        if (indent == top) {
            return;
        }
        if (indent > top) {
            boolean afterColon = out.size() >= 2 && lastKind() == TokenKind.NEWLINE
                    && out.kind(out.size() - 2) == TokenKind.COLON;
            // A line that opens a block but lost its `:` (`def f() -> U32`, `case x`): the
            // parser reports the missing `:`; the block below is read as one, not as a second
            // mistake of indentation.
            if (afterColon || (lastKind() == TokenKind.NEWLINE && previousLineOpensBlock())) {
                if (indentDepth + 1 == indentStack.length) {
                    indentStack = java.util.Arrays.copyOf(indentStack, indentStack.length * 2);
                }
                indentStack[++indentDepth] = indent;
                emitLayout(TokenKind.INDENT, pos, pos);
            } else if (lastKind() == TokenKind.NEWLINE && out.size() >= 2 && endsAnOperand(out.kind(out.size() - 2))) {
                // The line before ends in an operator (`x = a +`): the parser reports that its
                // expression is missing; this line, meant as its continuation, is no second mistake.
            } else if (out.size() > 0) {
                diags.error(spanAt(pos, pos + 1), "unexpected indentation: this line is indented more than the line "
                        + "before, which does not end with `:`");
            } else {
                diags.error(spanAt(pos, pos + 1), "unexpected indentation: the first line of a file must not be indented");
            }
            return;
        }
        while (indentDepth > 0 && indentStack[indentDepth - 1] >= indent) {
            indentDepth--;
            emitLayout(TokenKind.DEDENT, pos, pos);
        }
        if (indentStack[indentDepth] != indent) {
            int inner = indentStack[indentDepth];
            int outer = indentDepth > 0 ? indentStack[indentDepth - 1] : 0;
            diags.error(spanAt(pos, pos + 1), "bad indentation: this line does not line up with any open block; "
                    + "indent it by " + outer + " or " + inner + " spaces");
            // Keep the line in the inner block, which now continues at this indentation.
            indentStack[indentDepth] = indent;
        }
    }

    private TokenKind lastKind() {
        return out.size() == 0 ? null : out.kind(out.size() - 1);
    }

    /**
     * An unclosed bracket would swallow the rest of the file; a line starting a new top-level
     * declaration in column 1 is a safe sign that the bracket was never meant to stay open.
     */
    private void closeBracketsBeforeTopLevelKeyword() {
        if (startsWithWord("def ") || startsWithWord("type ") || startsWithWord("import ")) {
            int opener = brackets.peekLast();
            diags.error(out.span(opener), "unclosed " + out.kind(opener).display + ": it is still open where the "
                    + "next declaration starts");
            closeAllBrackets();
            emitLayout(TokenKind.NEWLINE, pos, pos);
        }
    }

    private boolean startsWithWord(String word) {
        return text.startsWith(word, pos);
    }

    /**
     * After an unclosed bracket was reported: emits the missing closers (empty tokens), so the
     * parser sees balanced brackets and does not report the same mistake again, after a
     * {@link TokenKind#BAD} token that makes the statement broken rather than complete.
     */
    private void closeAllBrackets() {
        emitLayout(TokenKind.BAD, pos, pos);
        while (!brackets.isEmpty()) {
            TokenKind closer = switch (out.kind(brackets.removeLast())) {
                case LPAREN -> TokenKind.RPAREN;
                case LBRACKET -> TokenKind.RBRACKET;
                default -> TokenKind.RBRACE;
            };
            emitLayout(closer, pos, pos);
        }
    }

    private void finish() {
        if (!brackets.isEmpty()) {
            int opener = brackets.peekLast();
            diags.error(out.span(opener), "unclosed " + out.kind(opener).display + " at the end of the file");
            closeAllBrackets();
        }
        if (out.size() > 0 && lastKind() != TokenKind.NEWLINE && lastKind() != TokenKind.DEDENT) {
            emitLayout(TokenKind.NEWLINE, pos, pos);
        }
        while (indentDepth > 0) {
            indentDepth--;
            emitLayout(TokenKind.DEDENT, pos, pos);
        }
        emitLayout(TokenKind.EOF, pos, pos);
    }

    private void scanToken(char c) {
        int start = pos;
        tokenColumn = column(start);
        if (isIdentStart(c)) {
            scanName();
        } else if (c >= '0' && c <= '9') {
            scanNumber();
        } else if (c == '"') {
            scanString();
        } else if (c == '\'' && singleQuoted()) {
            return;
        } else {
            TokenKind kind = operator(c);
            if (kind == null) {
                int cp = text.codePointAt(pos);
                pos += Character.charCount(cp);
                diags.error(spanAt(start, pos), "unexpected character `" + new String(Character.toChars(cp)) + "`");
                // After a token it breaks the statement it is in; first on its line (a stray
                // U+2028 before `def`) it is only dropped, and the line reads as if it were not there.
                if (out.size() > 0 && !isLineStart(lastKind())) {
                    emit(TokenKind.BAD, start, pos, null);
                }
                if (Character.charCount(cp) == 2) {
                    surrogatesOnLine++;
                }
                return;
            }
            switch (kind) {
                case LPAREN, LBRACKET, LBRACE -> {
                    brackets.addLast(out.size());
                    emit(kind, start, pos, null);
                }
                case RPAREN, RBRACKET, RBRACE -> closeBracket(kind, start);
                default -> emit(kind, start, pos, null);
            }
        }
    }

    private void closeBracket(TokenKind kind, int start) {
        TokenKind open = switch (kind) {
            case RPAREN -> TokenKind.LPAREN;
            case RBRACKET -> TokenKind.LBRACKET;
            default -> TokenKind.LBRACE;
        };
        if (brackets.isEmpty()) {
            // The parser reports it, as the token it did not expect.
            emit(kind, start, pos, null);
            return;
        }
        if (out.kind(brackets.peekLast()) != open) {
            boolean openedBelow = brackets.stream().anyMatch(i -> out.kind(i) == open);
            int top = brackets.peekLast();
            diags.error(spanAt(start, pos), kind.display + " does not match the " + out.kind(top).display
                    + " opened at " + out.span(top).line() + ":" + out.span(top).column());
            if (!openedBelow) {
                emit(TokenKind.BAD, start, pos, null);
                return;
            }
            while (out.kind(brackets.peekLast()) != open) {
                brackets.removeLast();
            }
        }
        brackets.removeLast();
        emit(kind, start, pos, null);
    }

    /** Reads one operator or punctuation token, advancing {@code pos}; null if {@code c} starts none. */
    private TokenKind operator(char c) {
        char n = pos + 1 < length ? chars[pos + 1] : '\0';
        TokenKind two = switch (c) {
            case '-' -> n == '>' ? TokenKind.ARROW : null;
            case '<' -> n == '-' ? TokenKind.LARROW : n == '=' ? TokenKind.LE : n == '<' ? TokenKind.SHL
                    : n == '>' ? TokenKind.CONS : null;
            case '>' -> n == '=' ? TokenKind.GE : n == '>' ? TokenKind.SHR : null;
            case '=' -> n == '=' ? TokenKind.EQ : null;
            case '!' -> n == '=' ? TokenKind.NE : null;
            case '+' -> n == '+' ? TokenKind.PLUSPLUS : null;
            default -> null;
        };
        if (two != null) {
            pos += 2;
            return two;
        }
        TokenKind one = switch (c) {
            case '(' -> TokenKind.LPAREN;
            case ')' -> TokenKind.RPAREN;
            case '[' -> TokenKind.LBRACKET;
            case ']' -> TokenKind.RBRACKET;
            case '{' -> TokenKind.LBRACE;
            case '}' -> TokenKind.RBRACE;
            case ',' -> TokenKind.COMMA;
            case ':' -> TokenKind.COLON;
            case '=' -> TokenKind.ASSIGN;
            case '+' -> TokenKind.PLUS;
            case '-' -> TokenKind.MINUS;
            case '*' -> TokenKind.STAR;
            case '/' -> TokenKind.SLASH;
            case '%' -> TokenKind.PERCENT;
            case '&' -> TokenKind.AMP;
            case '|' -> TokenKind.PIPE;
            case '^' -> TokenKind.CARET;
            case '~' -> TokenKind.TILDE;
            case '<' -> TokenKind.LT;
            case '>' -> TokenKind.GT;
            case '\\' -> TokenKind.BACKSLASH;
            case '!' -> TokenKind.BANG;
            default -> null;
        };
        if (one != null) {
            pos++;
        }
        return one;
    }

    private static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isIdentPart(char c) {
        return isIdentStart(c) || (c >= '0' && c <= '9');
    }

    /** A name, possibly dotted ({@code List.map}): the dots belong to the name. */
    private void scanName() {
        int start = pos;
        while (true) {
            while (pos < length && isIdentPart(chars[pos])) {
                pos++;
            }
            if (pos + 1 < length && chars[pos] == '.' && isIdentStart(chars[pos + 1])) {
                pos++;
            } else {
                break;
            }
        }
        String word = text.substring(start, pos);
        TokenKind keyword = TokenKind.keyword(word);
        emit(keyword != null ? keyword : TokenKind.NAME, start, pos, keyword != null ? null : word);
    }

    private void scanNumber() {
        int start = pos;
        if (text.startsWith("0x", pos) || text.startsWith("0X", pos) || text.startsWith("0b", pos)
                || text.startsWith("0B", pos)) {
            scanRadixNumber(start, Character.toLowerCase(chars[pos + 1]) == 'x' ? 16 : 2);
            return;
        }
        long magnitude = 0;
        boolean tooBig = false;
        StringBuilder digits = new StringBuilder();
        boolean isFloat = false;
        while (pos < length && (isDigit(chars[pos]) || chars[pos] == '_')) {
            char c = chars[pos++];
            if (c == '_') {
                continue;
            }
            digits.append(c);
            int d = c - '0';
            if (Long.compareUnsigned(magnitude, 0x1999999999999999L) > 0 || (magnitude == 0x1999999999999999L && d > 5)) {
                tooBig = true;
            }
            magnitude = magnitude * 10 + d;
        }
        if (pos + 1 < length && chars[pos] == '.' && isDigit(chars[pos + 1])) {
            isFloat = true;
            digits.append('.');
            pos++;
            while (pos < length && (isDigit(chars[pos]) || chars[pos] == '_')) {
                char c = chars[pos++];
                if (c != '_') {
                    digits.append(c);
                }
            }
        }
        if (pos < length && (chars[pos] == 'e' || chars[pos] == 'E')) {
            int p = pos + 1;
            if (p < length && (chars[p] == '+' || chars[p] == '-')) {
                p++;
            }
            if (p < length && isDigit(chars[p])) {
                isFloat = true;
                digits.append(text, pos, p);
                pos = p;
                while (pos < length && (isDigit(chars[pos]) || chars[pos] == '_')) {
                    char c = chars[pos++];
                    if (c != '_') {
                        digits.append(c);
                    }
                }
            }
        }
        int suffixStart = pos;
        while (pos < length && isIdentPart(chars[pos])) {
            pos++;
        }
        String suffix = pos > suffixStart ? text.substring(suffixStart, pos) : null;
        if (suffix != null) {
            boolean intSuffix = suffix.equals("u32") || suffix.equals("i32") || suffix.equals("u64")
                    || suffix.equals("i64") || suffix.equals("n");
            boolean floatSuffix = suffix.equals("f32") || suffix.equals("f64");
            if (!intSuffix && !floatSuffix) {
                diags.error(spanAt(suffixStart, pos), "unknown literal suffix `" + suffix
                        + "`; the suffixes are u32, i32, u64, i64, n (Nat), f32 and f64");
                suffix = null;
            } else if (isFloat && intSuffix) {
                diags.error(spanAt(suffixStart, pos), "a float literal cannot have the integer suffix `" + suffix + "`");
                suffix = null;
            } else if (!isFloat && floatSuffix) {
                // An integer literal is never a float: 2f32 would hide that; ask for 2.0f32.
                diags.error(spanAt(start, pos), "an integer literal cannot have the float suffix `" + suffix
                        + "`; write `" + digits + ".0" + suffix + "`");
                isFloat = true;
                digits.append(".0");
            }
        }
        if (isFloat) {
            emit(TokenKind.FLOAT, start, pos, new FloatValue(digits.toString(), suffix));
        } else {
            emit(TokenKind.INT, start, pos, new IntValue(magnitude, false, tooBig, suffix));
        }
    }

    private void scanRadixNumber(int start, int radix) {
        pos += 2;
        long magnitude = 0;
        boolean tooBig = false;
        int digits = 0;
        while (pos < length) {
            char c = chars[pos];
            int d = Character.digit(c, radix);
            if (c == '_') {
                pos++;
                continue;
            }
            if (d < 0) {
                break;
            }
            if ((radix == 16 ? magnitude >>> 60 : magnitude >>> 63) != 0) {
                tooBig = true;
            }
            magnitude = magnitude * radix + d;
            digits++;
            pos++;
        }
        int junk = pos;
        while (pos < length && isIdentPart(chars[pos])) {
            pos++;
        }
        if (digits == 0) {
            diags.error(spanAt(start, pos), "`" + text.substring(start, start + 2) + "` must be followed by "
                    + (radix == 16 ? "hexadecimal" : "binary") + " digits");
        } else if (pos > junk) {
            diags.error(spanAt(junk, pos), "unexpected `" + text.substring(junk, pos) + "` after a "
                    + (radix == 16 ? "hexadecimal" : "binary") + " literal (suffixes go on decimal literals only)");
        }
        emit(TokenKind.INT, start, pos, new IntValue(magnitude, false, tooBig, null));
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private void scanString() {
        int start = pos;
        pos++;
        StringBuilder value = new StringBuilder();
        while (true) {
            if (pos >= length || chars[pos] == '\n') {
                int end = pos;
                diags.error(new Span(file, start, end, line, tokenColumn),
                        "unterminated string: add a closing `\"` on the same line");
                break;
            }
            char c = chars[pos];
            if (c == '"') {
                pos++;
                break;
            }
            if (c == '\\') {
                scanEscape(value);
                continue;
            }
            if (Character.isSurrogate(c)) {
                // Strings hold Unicode text: a surrogate pair is one code point, and a lone
                // surrogate (possible only in source text given as Java chars) is none.
                if (Character.isHighSurrogate(c) && pos + 1 < length && Character.isLowSurrogate(chars[pos + 1])) {
                    value.append(c).append(chars[pos + 1]);
                    pos += 2;
                    surrogatesOnLine++;
                } else {
                    diags.error(spanAt(pos, pos + 1), "a string cannot hold an unpaired UTF-16 surrogate (U+"
                            + Integer.toHexString(c).toUpperCase() + "): it is not valid Unicode");
                    if (Character.isLowSurrogate(c)) surrogatesOnLine++;
                    pos++;
                }
                continue;
            }
            value.append(c);
            pos++;
        }
        emit(TokenKind.STRING, start, pos, value.toString());
    }

    /**
     * {@code 'text'} on one line: one error saying that strings use double quotes, and a
     * string token, so that the parser and checker go on as if it had been written right
     * (instead of two stray quotes and an undefined name). False when no quote closes it.
     */
    private boolean singleQuoted() {
        int start = pos;
        int close = pos + 1;
        while (close < text.length() && text.charAt(close) != '\'' && text.charAt(close) != '\n') close++;
        if (close >= text.length() || text.charAt(close) != '\'') return false;
        String content = text.substring(start + 1, close);
        pos = close + 1;
        diags.error(spanAt(start, pos), "strings are written in double quotes: \"" + content + "\"");
        emit(TokenKind.STRING, start, pos, content);
        return true;
    }

    private void scanEscape(StringBuilder value) {
        int start = pos;
        pos++;
        if (pos >= length || chars[pos] == '\n') {
            diags.error(spanAt(start, pos), "bad escape `\\` at the end of the line");
            return;
        }
        char c = chars[pos++];
        switch (c) {
            case 'n' -> value.append('\n');
            case 't' -> value.append('\t');
            case 'r' -> value.append('\r');
            case '\\' -> value.append('\\');
            case '"' -> value.append('"');
            case '0' -> value.append('\0');
            case 'u' -> scanUnicodeEscape(start, value);
            default -> {
                if (Character.isHighSurrogate(c) && pos < length) {
                    pos++;
                    surrogatesOnLine++;
                }
                diags.error(spanAt(start, pos), "bad escape `" + text.substring(start, pos)
                        + "` in a string; the escapes are \\n \\t \\r \\\\ \\\" \\0 and \\u{hex}");
            }
        }
    }

    private void scanUnicodeEscape(int start, StringBuilder value) {
        if (pos >= length || chars[pos] != '{') {
            diags.error(spanAt(start, pos), "bad escape `\\u`: write the code point in braces, e.g. `\\u{1F600}`");
            return;
        }
        int close = pos + 1;
        while (close < length && close - pos <= 8 && Character.digit(chars[close], 16) >= 0) {
            close++;
        }
        if (close >= length || chars[close] != '}' || close == pos + 1 || close - pos > 7) {
            diags.error(spanAt(start, Math.min(close, length)),
                    "bad escape: `\\u{` must be followed by 1 to 6 hexadecimal digits and `}`");
            pos = close < length && chars[close] == '}' ? close + 1 : close;
            return;
        }
        int cp = Integer.parseInt(text.substring(pos + 1, close), 16);
        pos = close + 1;
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            diags.error(spanAt(start, pos), "bad escape `" + text.substring(start, pos)
                    + "`: not a Unicode scalar value");
            return;
        }
        value.appendCodePoint(cp);
    }

    /** Emits a token scanned by {@link #scanToken}, which set {@link #tokenColumn}. */
    private void emit(TokenKind kind, int start, int end, Object value) {
        out.add(kind, start, end, line, tokenColumn, value);
    }

    /** Emits an empty token (NEWLINE, INDENT, DEDENT, EOF, or a missing closer) at the current position. */
    private void emitLayout(TokenKind kind, int start, int end) {
        out.add(kind, start, end, line, column(start), null);
    }

    private int column(int offset) {
        return offset - lineStart - surrogatesOnLine + 1;
    }

    private Span spanAt(int start, int end) {
        return new Span(file, start, end, line, column(start));
    }
}
