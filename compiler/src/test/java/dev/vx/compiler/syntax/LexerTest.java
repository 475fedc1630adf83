package dev.vx.compiler.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Diagnostics;
import org.junit.jupiter.api.Test;

class LexerTest {
    /** The tokens of {@code text}, space-separated: kinds, with the payload of names and literals. */
    static String tokens(String text) {
        Diagnostics diags = new Diagnostics();
        Tokens t = Lexer.lex(new SourceFile("t.vx", text), diags);
        assertEquals("", diags.render());
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < t.size(); i++) {
            s.append(i > 0 ? " " : "").append(t.kind(i));
            Object v = t.value(i);
            if (v instanceof IntValue iv) {
                s.append('(').append(iv.text()).append(iv.suffix() != null ? iv.suffix() : "").append(')');
            } else if (v instanceof FloatValue fv) {
                s.append('(').append(fv.text()).append(fv.suffix() != null ? fv.suffix() : "").append(')');
            } else if (v != null) {
                s.append('(').append(v).append(')');
            }
        }
        return s.toString();
    }

    static String errors(String text) {
        Diagnostics diags = new Diagnostics();
        Lexer.lex(new SourceFile("t.vx", text), diags);
        return diags.render();
    }

    @Test
    void indentationMakesBlocks() {
        assertEquals("DEF NAME(f) LPAREN RPAREN COLON NEWLINE INDENT NAME(a) NEWLINE IF NAME(b) COLON NEWLINE INDENT "
                        + "NAME(c) NEWLINE DEDENT NAME(d) NEWLINE DEDENT DEF NEWLINE EOF",
                tokens("def f():\n  a\n  if b:\n      c\n  d\ndef\n"));
    }

    @Test
    void blankAndCommentLinesDoNotCount() {
        assertEquals("NAME(a) COLON NEWLINE INDENT NAME(b) NEWLINE NAME(c) NEWLINE DEDENT EOF",
                tokens("a:\n\n  # comment\n  b   # trailing\n      \n  c"));
    }

    @Test
    void bracketsIgnoreLayout() {
        assertEquals("NAME(f) LPAREN NAME(a) COMMA NAME(b) RPAREN NEWLINE NAME(g) NEWLINE EOF",
                tokens("f(a,\n      b)\ng\n"));
        assertEquals("LBRACKET INT(1) COMMA INT(2) RBRACKET NEWLINE EOF", tokens("[1,\n# c\n\n2\n]"));
    }

    @Test
    void dedentsAtEndOfFile() {
        assertEquals("NAME(a) COLON NEWLINE INDENT NAME(b) COLON NEWLINE INDENT NAME(c) NEWLINE DEDENT DEDENT EOF",
                tokens("a:\n b:\n  c"));
    }

    @Test
    void dottedNamesAreOneToken() {
        assertEquals("NAME(List.map) LPAREN NAME(xs) RPAREN NAME(U32.to_f64) NAME(a.b.c) NEWLINE EOF",
                tokens("List.map(xs) U32.to_f64 a.b.c"));
        assertEquals("NAME(Foo.match) MATCH NEWLINE EOF", tokens("Foo.match match"));
    }

    @Test
    void numbers() {
        assertEquals("INT(42) INT(42) INT(42) INT(1000000) INT(7i32) INT(9u64) INT(3n) INT(7968) NEWLINE EOF",
                tokens("42 0x2A 0b101010 1_000_000 7i32 9u64 3n 0x1f20"));
        assertEquals("FLOAT(1.5) FLOAT(2e-3) FLOAT(0.25f64) FLOAT(1.0f32) FLOAT(1E+10) NEWLINE EOF",
                tokens("1.5 2e-3 0.25f64 1.0f32 1E+10"));
        assertEquals("INT(18446744073709551615) NEWLINE EOF", tokens("18446744073709551615"));
        assertEquals("INT((more than 18446744073709551615)) NEWLINE EOF", tokens("18446744073709551616"));
        assertEquals("MINUS INT(1) NEWLINE EOF", tokens("-1"));
    }

    @Test
    void numberErrors() {
        assertTrue(errors("7u8").contains("unknown literal suffix `u8`"));
        assertTrue(errors("2f32").contains("an integer literal cannot have the float suffix `f32`; write `2.0f32`"));
        assertTrue(errors("1.5u32").contains("a float literal cannot have the integer suffix `u32`"));
        assertTrue(errors("0x").contains("`0x` must be followed by hexadecimal digits"));
        assertTrue(errors("0xffu32").contains("suffixes go on decimal literals only"));
    }

    @Test
    void strings() {
        assertEquals("STRING(a\nb\t\"\\\u0000\r😀) NEWLINE EOF", tokens("\"a\\nb\\t\\\"\\\\\\0\\r\\u{1F600}\""));
        assertTrue(errors("\"abc").contains("t.vx:1:1: error: unterminated string"));
        assertTrue(errors("\"a\\x\"").contains("t.vx:1:3: error: bad escape `\\x`"));
        assertTrue(errors("\"\\u{110000}\"").contains("not a Unicode scalar value"));
        assertTrue(errors("\"\\u{}\"").contains("1 to 6 hexadecimal digits"));
    }

    @Test
    void operatorsTakeTheLongestMatch() {
        assertEquals("ARROW LARROW LE SHL CONS LT GE SHR GT EQ ASSIGN NE BANG PLUSPLUS PLUS MINUS STAR SLASH PERCENT AMP "
                        + "PIPE CARET TILDE BACKSLASH NEWLINE EOF",
                tokens("-> <- <= << <> < >= >> > == = != ! ++ + - * / % & | ^ ~ \\"));
    }

    @Test
    void keywords() {
        assertEquals("DEF TYPE IMPORT MATCH CASE IF THEN ELIF ELSE FORK DO RETURN TRUE FALSE AND OR NOT NAME(_) "
                        + "NAME(define) NEWLINE EOF",
                tokens("def type import match case if then elif else fork do return true false and or not _ define"));
    }

    @Test
    void columnsCountCodePoints() {
        Diagnostics diags = new Diagnostics();
        Tokens t = Lexer.lex(new SourceFile("t.vx", "\"😀😀\" x"), diags);
        assertEquals(6, t.column(1));
    }

    @Test
    void layoutErrors() {
        assertTrue(errors("a:\n\tb\n").contains("t.vx:2:1: error: tab in indentation"));
        assertTrue(errors("a\n  b\n").contains("t.vx:2:3: error: unexpected indentation"));
        assertTrue(errors("a:\n    b\n  c\n").contains("t.vx:3:3: error: bad indentation"));
        assertTrue(errors("f(a\n").contains("t.vx:1:2: error: unclosed `(` at the end of the file"));
        assertTrue(errors("(a]\n").contains("`]` does not match the `(` opened at 1:1"));
        assertTrue(errors("a @ b").contains("unexpected character `@`"));
    }

    @Test
    void longLinesLexInLinearTime() {
        String line = "x".repeat(10) + " + 1".repeat(2_000_000);
        long start = System.nanoTime();
        Tokens t = Lexer.lex(new SourceFile("t.vx", line), new Diagnostics());
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(4_000_003, t.size());
        assertTrue(ms < 5_000, ms + " ms");
    }

    @Test
    void stringsHoldSurrogatePairsButNoLoneSurrogate() {
        // U+1F600 is a surrogate pair in Java's chars: one code point, kept whole.
        assertEquals("STRING(a\uD83D\uDE00b) NEWLINE EOF", tokens("\"a\uD83D\uDE00b\""));
        // A lone surrogate can reach the lexer only from text given as chars (a file is decoded
        // as UTF-8): it is an error at its place, not a string the module verifier rejects later.
        String high = errors("x = \"a\uD83Db\"\n");
        assertTrue(high.contains("t.vx:1:7: error: a string cannot hold an unpaired UTF-16 surrogate (U+D83D)"), high);
        String low = errors("x = \"\uDE00\"\n");
        assertTrue(low.contains("t.vx:1:6: error: a string cannot hold an unpaired UTF-16 surrogate (U+DE00)"), low);
    }
}
