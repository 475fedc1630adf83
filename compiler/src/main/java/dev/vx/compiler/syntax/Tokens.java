package dev.vx.compiler.syntax;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Span;
import java.util.Arrays;

/**
 * The token stream of one file, stored in parallel arrays rather than one object per token:
 * a million-element list literal is several million tokens.
 */
public final class Tokens {
    private final SourceFile file;
    private TokenKind[] kinds = new TokenKind[256];
    private int[] starts = new int[256];
    private int[] ends = new int[256];
    private int[] lines = new int[256];
    private int[] columns = new int[256];
    private Object[] values = new Object[256];
    private int size;

    Tokens(SourceFile file) {
        this.file = file;
    }

    void add(TokenKind kind, int start, int end, int line, int column, Object value) {
        if (size == kinds.length) {
            int n = size * 2;
            kinds = Arrays.copyOf(kinds, n);
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            lines = Arrays.copyOf(lines, n);
            columns = Arrays.copyOf(columns, n);
            values = Arrays.copyOf(values, n);
        }
        kinds[size] = kind;
        starts[size] = start;
        ends[size] = end;
        lines[size] = line;
        columns[size] = column;
        values[size] = value;
        size++;
    }

    /**
     * Turns the {@code >>} at {@code i} into its second {@code >}: the first has closed an inner
     * type-argument list, the second closes the outer one ({@code List<List<U32>>}).
     */
    void splitShiftRight(int i) {
        kinds[i] = TokenKind.GT;
        starts[i]++;
        columns[i]++;
    }

    public SourceFile file() {
        return file;
    }

    public int size() {
        return size;
    }

    public TokenKind kind(int i) {
        return kinds[i];
    }

    /** The token's payload: the name (NAME), decoded text (STRING), {@link IntValue}, {@link FloatValue}. */
    public Object value(int i) {
        return values[i];
    }

    public int start(int i) {
        return starts[i];
    }

    public int end(int i) {
        return ends[i];
    }

    public int line(int i) {
        return lines[i];
    }

    public int column(int i) {
        return columns[i];
    }

    public Span span(int i) {
        return new Span(file, starts[i], ends[i], lines[i], columns[i]);
    }

    /** The text of token {@code i} as written. */
    public String text(int i) {
        return file.text().substring(starts[i], ends[i]);
    }
}
