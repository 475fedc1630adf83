package dev.vx.compiler.diag;

import dev.vx.compiler.SourceFile;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Where a source file that is not valid UTF-8 goes wrong, so the error can point there. */
public final class Utf8Errors {
    private Utf8Errors() {}

    /**
     * The span of the first invalid byte sequence of {@code bytes}, in a {@link SourceFile}
     * named {@code path} whose text is the bytes decoded with replacement characters (so the
     * line can be shown); null when the bytes are valid UTF-8.
     */
    public static Span firstInvalid(String path, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult r = decoder.decode(in, out, true);
        if (!r.isError()) return null;
        int bad = in.position();
        String before = new String(bytes, 0, bad, StandardCharsets.UTF_8);
        String text = new String(bytes, StandardCharsets.UTF_8);
        int lineStart = before.lastIndexOf('\n') + 1;
        int line = 1 + (int) before.chars().filter(c -> c == '\n').count();
        int column = 1 + before.codePointCount(lineStart, before.length());
        return new Span(new SourceFile(path, text), before.length(), before.length() + 1, line, column);
    }

    /** The same for the file at {@code path}, read again; null when it is valid or cannot be read. */
    public static Span firstInvalid(java.nio.file.Path path) {
        try {
            return firstInvalid(path.toString(), dev.vx.bytecode.BoundedFiles.readBytes(path, SourceFile.MAX_BYTES));
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }
}
