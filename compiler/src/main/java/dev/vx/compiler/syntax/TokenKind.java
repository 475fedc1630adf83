package dev.vx.compiler.syntax;

/** The kinds of tokens; {@link #display} is how diagnostics name them. */
public enum TokenKind {
    NAME("a name"), INT("an integer literal"), FLOAT("a float literal"), STRING("a string literal"),

    DEF("`def`"), TYPE("`type`"), IMPORT("`import`"), MATCH("`match`"), CASE("`case`"), IF("`if`"),
    THEN("`then`"), ELIF("`elif`"), ELSE("`else`"), FORK("`fork`"), DO("`do`"), RETURN("`return`"),
    TRUE("`true`"), FALSE("`false`"), AND("`and`"), OR("`or`"), NOT("`not`"),

    LPAREN("`(`"), RPAREN("`)`"), LBRACKET("`[`"), RBRACKET("`]`"), LBRACE("`{`"), RBRACE("`}`"),
    COMMA("`,`"), COLON("`:`"), ARROW("`->`"), LARROW("`<-`"), ASSIGN("`=`"),
    PLUS("`+`"), MINUS("`-`"), STAR("`*`"), SLASH("`/`"), PERCENT("`%`"), PLUSPLUS("`++`"),
    SHL("`<<`"), SHR("`>>`"), AMP("`&`"), PIPE("`|`"), CARET("`^`"), TILDE("`~`"),
    EQ("`==`"), NE("`!=`"), LT("`<`"), LE("`<=`"), GT("`>`"), GE("`>=`"), CONS("`<>`"),
    BACKSLASH("`\\`"), BANG("`!`"),

    /**
     * Where the lexer reported an error (a character that is not Vx, brackets it had to close):
     * the parser meets it as a token nothing expects, which breaks the statement without a
     * second message, so a broken line is one error and loses its meaning.
     */
    BAD("a character that is not Vx"),

    NEWLINE("the end of the line"), INDENT("an indented block"), DEDENT("the end of the block"),
    EOF("the end of the file");

    public final String display;

    TokenKind(String display) {
        this.display = display;
    }

    /** The keyword kind for {@code word}, or null when it is not a keyword. */
    public static TokenKind keyword(String word) {
        return switch (word) {
            case "def" -> DEF;
            case "type" -> TYPE;
            case "import" -> IMPORT;
            case "match" -> MATCH;
            case "case" -> CASE;
            case "if" -> IF;
            case "then" -> THEN;
            case "elif" -> ELIF;
            case "else" -> ELSE;
            case "fork" -> FORK;
            case "do" -> DO;
            case "return" -> RETURN;
            case "true" -> TRUE;
            case "false" -> FALSE;
            case "and" -> AND;
            case "or" -> OR;
            case "not" -> NOT;
            default -> null;
        };
    }
}
