package dev.vx.compiler.syntax;

import static dev.vx.compiler.syntax.TokenKind.*;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Diagnostics;
import dev.vx.compiler.diag.Progress;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.syntax.Ast.*;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser over the {@link Lexer}'s tokens. On an unexpected token it reports
 * one error and skips to the next statement of the same block (or the next top-level
 * declaration), so that every independent syntax error of a file is reported in one run. A
 * definition that had a syntax error keeps its signature but loses its body, so the checker
 * neither checks half a body nor reports uses of it as undefined.
 */
public final class Parser {
    private final Tokens t;
    private final SourceFile file;
    private final Diagnostics diags;
    private final Progress progress;
    private int p;
    /** INDENTs consumed minus DEDENTs consumed: the block depth at {@link #p}. */
    private int depth;
    /** End offset of the last consumed token that was not NEWLINE, INDENT or DEDENT. */
    private int lastEnd;
    private int syntaxErrors;

    /** Thrown after a syntax error has been reported, to unwind to a recovery point. */
    private static final class SyntaxError extends RuntimeException {
        SyntaxError() {
            super(null, null, false, false);
        }
    }

    private Parser(Tokens tokens, Diagnostics diags, Progress progress) {
        this.t = tokens;
        this.file = tokens.file();
        this.diags = diags;
        this.progress = progress;
    }

    /** Parses one file's tokens; {@code progress} follows the tokens consumed. */
    public static FileAst parse(Tokens tokens, Diagnostics diags, Progress progress) {
        return new Parser(tokens, diags, progress).module();
    }

    /** Lexes and parses one file. */
    public static FileAst parse(SourceFile file, Diagnostics diags) {
        return parse(Lexer.lex(file, diags), diags, new Progress());
    }

    // ---- token access ----

    private TokenKind kind() {
        return t.kind(p);
    }

    private TokenKind kindAt(int offset) {
        int i = Math.min(p + offset, t.size() - 1);
        return t.kind(i);
    }

    private boolean at(TokenKind k) {
        return t.kind(p) == k;
    }

    private int advance() {
        int i = p;
        TokenKind k = t.kind(i);
        if (k == INDENT) {
            depth++;
        } else if (k == DEDENT) {
            depth--;
        } else if (k != NEWLINE && k != EOF) {
            lastEnd = t.end(i);
        }
        if (k != EOF) {
            p++;
        }
        return i;
    }

    private boolean accept(TokenKind k) {
        if (at(k)) {
            advance();
            return true;
        }
        return false;
    }

    private int expect(TokenKind k, String what) {
        if (!at(k)) {
            throw unexpected(what);
        }
        return advance();
    }

    private int expect(TokenKind k) {
        return expect(k, k.display);
    }

    private String describe(int i) {
        TokenKind k = t.kind(i);
        if (k == NAME || k == INT || k == FLOAT || k == STRING) {
            String text = t.text(i);
            if (text.length() > 30) {
                text = text.substring(0, 27) + "...";
            }
            return "`" + text + "`";
        }
        return switch (k) {
            case NEWLINE -> "end of line";
            case INDENT -> "indentation";
            case DEDENT -> "end of block";
            case EOF -> "end of file";
            default -> k.display;
        };
    }

    /** An error at the current token: {@code unexpected X; expected <what>}. */
    private SyntaxError unexpected(String what) {
        if (t.kind(p) == BAD) {
            // The lexer reported what is wrong here; the statement is broken all the same.
            syntaxErrors++;
            return new SyntaxError();
        }
        String hint = t.kind(p) == NEWLINE && p > 0 && Lexer.endsAnOperand(t.kind(p - 1)) && t.kind(p - 1) != ASSIGN
                ? " (an expression does not go on past the end of its line; to spread one over lines, put it in parentheses)"
                : "";
        return error("unexpected " + describe(p) + "; expected " + what + hint);
    }

    private SyntaxError error(String message) {
        return error(t.span(p), message);
    }

    private SyntaxError error(Span span, String message) {
        diags.error(span, message);
        syntaxErrors++;
        return new SyntaxError();
    }

    private Span span(int i) {
        return t.span(i);
    }

    /** From the start of token {@code first} to the end of the last token consumed. */
    private Span spanFrom(int first) {
        return new Span(file, t.start(first), Math.max(lastEnd, t.end(first)), t.line(first), t.column(first));
    }

    private Ident ident(int i) {
        return new Ident((String) t.value(i), t.span(i));
    }

    /** True when the previous token closed an indented block: nothing may continue the expression. */
    private boolean afterBlock() {
        return p > 0 && t.kind(p - 1) == DEDENT;
    }

    // ---- recovery ----

    /** Skips the rest of a broken statement of the block at {@code blockDepth}. */
    private void skipStatement(int blockDepth) {
        while (!at(EOF)) {
            if (at(DEDENT) && depth <= blockDepth) {
                return;
            }
            TokenKind k = kind();
            advance();
            if (k == NEWLINE && depth == blockDepth) {
                if (at(INDENT)) {
                    // The failed statement's own block (its line lost the `:` that opens it):
                    // part of the same mistake, skipped with it.
                    advance();
                    while (!at(EOF) && depth > blockDepth) {
                        advance();
                    }
                    if (at(ELIF) || at(ELSE)) {
                        skipStatement(blockDepth); // the rest of a failed `if` chain
                    }
                }
                return;
            }
        }
    }

    /**
     * Skips to the next line in column 1 that starts a declaration, past the declaration that
     * started at token {@code from}.
     */
    private void skipToDeclaration(int from) {
        while (!at(EOF)) {
            if (p > from && depth == 0 && (at(DEF) || at(TYPE) || at(IMPORT))
                    && (t.kind(p - 1) == NEWLINE || t.kind(p - 1) == DEDENT)) {
                return;
            }
            advance();
        }
    }

    // ---- declarations ----

    private FileAst module() {
        List<Import> imports = new ArrayList<>();
        List<TypeDecl> types = new ArrayList<>();
        List<FunDecl> functions = new ArrayList<>();
        while (!at(EOF)) {
            if (accept(NEWLINE)) {
                continue;
            }
            int from = p;
            try {
                switch (kind()) {
                    case IMPORT -> importDecl(imports);
                    case DEF -> functions.add(def());
                    case TYPE -> types.add(typeDecl());
                    default -> throw unexpected("`def`, `type` or `import` at the top level");
                }
            } catch (SyntaxError e) {
                skipToDeclaration(from);
            }
        }
        return new FileAst(file, imports, types, functions);
    }

    /**
     * An import, added to {@code imports} as soon as its module name is read: a line that is
     * broken after the name still loads the module, so its names are not also reported as
     * undefined.
     */
    private void importDecl(List<Import> imports) {
        advance();
        int name = expect(NAME, "a module name such as `geometry` or `lib.shapes`");
        imports.add(new Import((String) t.value(name), span(name)));
        endLine();
    }

    private void endLine() {
        if (!afterBlock() && !at(EOF) && !at(DEDENT)) {
            expect(NEWLINE, "the end of the line");
        }
    }

    private List<Ident> typeParamsDecl() {
        List<Ident> params = new ArrayList<>();
        if (accept(LT)) {
            do {
                params.add(ident(expect(NAME, "a type parameter name")));
            } while (accept(COMMA));
            closeAngle();
        }
        return params;
    }

    private void closeAngle() {
        if (at(SHR)) {
            // `>>` closes two lists: this one, and (left in its place) the enclosing one.
            t.splitShiftRight(p);
            return;
        }
        expect(GT, "`>` to close the type arguments");
    }

    private FunDecl def() {
        int first = advance();
        int errorsBefore = syntaxErrors;
        Ident name = ident(expect(NAME, "the function's name after `def`"));
        List<Ident> typeParams = List.of();
        List<Param> params = null;
        TypeExpr result = null;
        try {
            typeParams = typeParamsDecl();
            params = new ArrayList<>();
            expect(LPAREN, "`(` and the parameters of `" + name.name() + "`");
            if (!at(RPAREN)) {
                do {
                    if (at(RPAREN)) {
                        break;
                    }
                    Ident pname = ident(expect(NAME, "a parameter name"));
                    if (pname.name().contains(".")) {
                        // A local name is one word, as in lambdas, bindings and patterns. Reported
                        // without giving up the signature, so calls of the function still check.
                        error(pname.span(), "a parameter name cannot contain `.` (a dotted name such as `"
                                + pname.name() + "` names a definition)");
                    }
                    if (!at(COLON)) {
                        throw unexpected("`:` and the type of parameter `" + pname.name() + "` (every parameter of "
                                + "a `def` states its type)");
                    }
                    advance();
                    params.add(new Param(pname, type()));
                } while (accept(COMMA));
            }
            expect(RPAREN, "`,` or `)` after the parameter");
            if (!at(ARROW)) {
                throw unexpected("`->` and the result type of `" + name.name() + "`");
            }
            advance();
            result = type();
            if (!at(COLON)) {
                throw unexpected("`:` at the end of the `def` line");
            }
        } catch (SyntaxError e) {
            skipToDeclaration(first);
            return new FunDecl(name, typeParams, null, null, null, spanFrom(first));
        }
        advance();
        Expr body;
        try {
            body = blockBody();
        } catch (SyntaxError e) {
            // The function is still declared (with no body), so that nothing else reports it missing.
            skipToDeclaration(first);
            return new FunDecl(name, typeParams, params, result, null, spanFrom(first));
        }
        return new FunDecl(name, typeParams, params, result, syntaxErrors > errorsBefore ? null : body,
                spanFrom(first));
    }

    private TypeDecl typeDecl() {
        int first = advance();
        Ident name = ident(expect(NAME, "the type's name after `type`"));
        List<Ident> params = typeParamsDecl();
        expect(COLON, "`:` and the constructors on the lines below");
        expect(NEWLINE, "the constructors on the lines below, indented");
        expect(INDENT, "the constructors on the lines below, indented");
        int blockDepth = depth;
        List<CtorDecl> ctors = new ArrayList<>();
        while (!at(DEDENT) && !at(EOF)) {
            if (accept(NEWLINE)) {
                continue;
            }
            int start = p;
            try {
                ctors.add(ctorDecl());
                endLine();
            } catch (SyntaxError e) {
                // The constructor's name is known although its fields are not: kept, so that its
                // uses are not also reported as unknown constructors.
                if (t.kind(start) == NAME && p > start) {
                    ctors.add(new CtorDecl(ident(start), null, span(start)));
                }
                skipStatement(blockDepth);
            }
        }
        accept(DEDENT);
        return new TypeDecl(name, params, ctors, spanFrom(first));
    }

    private CtorDecl ctorDecl() {
        int first = expect(NAME, "a constructor such as `Leaf{value: T}`");
        Ident name = ident(first);
        if (name.name().contains(".")) {
            // Reported, and the constructor kept under that name: its uses are the same mistake.
            error(name.span(), "a constructor name cannot contain `.`");
        }
        expect(LBRACE, "`{` and the fields of `" + name.name() + "` (write `" + name.name() + "{}` for none)");
        List<FieldDecl> fields = new ArrayList<>();
        while (!at(RBRACE)) {
            Ident field = ident(expect(NAME, "a field name"));
            expect(COLON, "`:` and the type of field `" + field.name() + "`");
            fields.add(new FieldDecl(field, type()));
            if (!accept(COMMA)) {
                break;
            }
        }
        expect(RBRACE, "`,` or `}`");
        return new CtorDecl(name, fields, spanFrom(first));
    }

    // ---- types ----

    TypeExpr type() {
        int first = p;
        if (accept(LPAREN)) {
            List<TypeExpr> elements = new ArrayList<>();
            if (!at(RPAREN)) {
                do {
                    elements.add(type());
                } while (accept(COMMA));
            }
            expect(RPAREN, "`,` or `)` in the type");
            if (accept(ARROW)) {
                return new FunctionType(elements, type(), spanFrom(first));
            }
            if (elements.isEmpty()) {
                return new UnitType(spanFrom(first));
            }
            return elements.size() == 1 ? elements.get(0) : new TupleType(elements, spanFrom(first));
        }
        TypeExpr atom = namedType();
        if (accept(ARROW)) {
            return new FunctionType(List.of(atom), type(), spanFrom(first));
        }
        return atom;
    }

    private TypeExpr namedType() {
        int first = p;
        if (!at(NAME)) {
            throw unexpected("a type");
        }
        Ident name = ident(advance());
        if (name.name().equals("IO") && at(LPAREN)) {
            advance();
            TypeExpr inner = type();
            expect(RPAREN, "`)` to close `IO(`");
            return new IoType(inner, spanFrom(first));
        }
        List<TypeExpr> args = new ArrayList<>();
        if (accept(LT)) {
            do {
                args.add(type());
            } while (accept(COMMA));
            closeAngle();
        }
        return new NamedType(name, args, spanFrom(first));
    }

    // ---- blocks and statements ----

    /**
     * The body after a {@code :}: an indented block on the following lines, or a single
     * expression on the same line.
     */
    private Expr blockBody() {
        if (at(NEWLINE)) {
            if (kindAt(1) != INDENT) {
                advance();
                throw error("expected an indented block on the line after `:`");
            }
            return indentedBlock();
        }
        return expr();
    }

    private Block indentedBlock() {
        int first = p;
        expect(NEWLINE);
        int indent = expect(INDENT);
        return new Block(statements(first), spanFrom(indent));
    }

    /** Statements up to and including the DEDENT that closes the block. */
    private List<Stmt> statements(int first) {
        int blockDepth = depth;
        List<Stmt> stmts = new ArrayList<>();
        while (!at(DEDENT) && !at(EOF)) {
            if (accept(NEWLINE)) {
                continue;
            }
            try {
                stmts.add(statement());
            } catch (SyntaxError e) {
                skipStatement(blockDepth);
            }
        }
        accept(DEDENT);
        return stmts;
    }

    private Stmt statement() {
        int first = p;
        progress.at(file, t.start(p), t.end(p), t.line(p), t.column(p));
        TokenKind binder = binderOnThisLine();
        Stmt stmt;
        if (binder == ASSIGN && (at(IF) || at(ELIF))) {
            // `if x = 1 ...`: no pattern starts with `if`; the `=` was meant as a comparison.
            throw error(t.span(binderPosition()), "`=` binds a name; to compare, write `==`");
        }
        if (binder == ASSIGN || binder == LARROW) {
            Pattern pattern = pattern();
            TypeExpr type = null;
            if (accept(COLON)) {
                type = type();
            }
            if (!at(binder)) {
                throw unexpected(binder.display + " after the pattern");
            }
            advance();
            if (binder == ASSIGN && at(FORK)) {
                advance();
                if (!(pattern instanceof VarPat v)) {
                    throw error(pattern.span(), "a `fork` binds a single name: write `x = fork f(...)`");
                }
                Expr call = expr();
                stmt = new Fork(new Ident(v.name(), v.span()), type, call, spanFrom(first));
            } else if (binder == ASSIGN) {
                stmt = new Let(pattern, type, expr(), spanFrom(first));
            } else {
                stmt = new Bind(pattern, type, expr(), spanFrom(first));
            }
        } else {
            Expr e = expr();
            stmt = new ExprStmt(e, e.span());
        }
        endLine();
        return stmt;
    }

    /** The first {@code =} or {@code <-} outside brackets on the current line, or null. */
    private TokenKind binderOnThisLine() {
        int at = binderPosition();
        return at < 0 ? null : t.kind(at);
    }

    /** The token index of this line's `=` or `<-` outside brackets, or -1. */
    private int binderPosition() {
        int nesting = 0;
        for (int i = p; i < t.size(); i++) {
            switch (t.kind(i)) {
                case LPAREN, LBRACKET, LBRACE -> nesting++;
                case RPAREN, RBRACKET, RBRACE -> nesting--;
                case ASSIGN, LARROW -> {
                    if (nesting == 0) {
                        return i;
                    }
                }
                case NEWLINE, INDENT, DEDENT, EOF -> {
                    return -1;
                }
                default -> {
                }
            }
        }
        return -1;
    }

    // ---- expressions ----

    Expr expr() {
        return binary(OR_LEVEL);
    }

    /** Binding strength of the binary operators, loosest first; {@code not} sits between AND and comparisons. */
    private static final int OR_LEVEL = 1;
    private static final int AND_LEVEL = 2;
    private static final int NOT_LEVEL = 3;
    private static final int COMPARISON_LEVEL = 4;
    private static final int CONS_LEVEL = 5;

    private static int level(TokenKind k) {
        return switch (k) {
            case OR -> OR_LEVEL;
            case AND -> AND_LEVEL;
            case EQ, NE, LT, LE, GT, GE -> COMPARISON_LEVEL;
            case CONS -> CONS_LEVEL;
            case PIPE -> 6;
            case CARET -> 7;
            case AMP -> 8;
            case SHL, SHR -> 9;
            case PLUS, MINUS, PLUSPLUS -> 10;
            case STAR, SLASH, PERCENT -> 11;
            default -> -1;
        };
    }

    private static BinOp binaryOp(TokenKind k) {
        return switch (k) {
            case OR -> BinOp.OR;
            case AND -> BinOp.AND;
            case EQ -> BinOp.EQ;
            case NE -> BinOp.NE;
            case LT -> BinOp.LT;
            case LE -> BinOp.LE;
            case GT -> BinOp.GT;
            case GE -> BinOp.GE;
            case PIPE -> BinOp.BIT_OR;
            case CARET -> BinOp.BIT_XOR;
            case AMP -> BinOp.BIT_AND;
            case SHL -> BinOp.SHL;
            case SHR -> BinOp.SHR;
            case PLUS -> BinOp.ADD;
            case MINUS -> BinOp.SUB;
            case PLUSPLUS -> BinOp.CONCAT;
            case STAR -> BinOp.MUL;
            case SLASH -> BinOp.DIV;
            default -> BinOp.REM;
        };
    }

    /**
     * Operators binding at least as tightly as {@code min}, by precedence climbing: one
     * function for every level keeps the recursion per nested parenthesis shallow.
     * Comparisons do not associate; {@code <>} associates to the right and is built
     * iteratively, so that long chains need no deep recursion.
     */
    private Expr binary(int min) {
        int first = p;
        Expr left;
        if (at(NOT) && min <= NOT_LEVEL) {
            advance();
            left = new Unary(UnOp.NOT, binary(NOT_LEVEL), spanFrom(first));
        } else {
            left = unary();
        }
        while (!afterBlock()) {
            int level = level(kind());
            if (level < min) {
                break;
            }
            if (level == CONS_LEVEL) {
                left = consChain(left);
                continue;
            }
            BinOp op = binaryOp(kind());
            Span opSpan = span(advance());
            Expr right = binary(level + 1);
            left = new Binary(op, left, right, opSpan, spanFrom(first));
            if (op == BinOp.LT && at(GT) && kindAt(1) == LPAREN && right instanceof Name n
                    && Character.isUpperCase(n.name().charAt(0))) {
                // `f<U32>(x)`: type arguments written at a call.
                throw error(opSpan, "type arguments are not written at a call: they are inferred (write `f(x)`; "
                        + "if the type is ambiguous, annotate a binding, e.g. `y: List<U32> = f(x)`)");
            }
            if (level == COMPARISON_LEVEL && !afterBlock() && level(kind()) == COMPARISON_LEVEL) {
                throw error("comparisons do not chain: write `a < b and b < c` instead of `a < b < c`");
            }
        }
        return left;
    }

    /** {@code head <> a <> b ...}, right-associative. */
    private Expr consChain(Expr head) {
        List<Expr> operands = new ArrayList<>();
        List<Span> ops = new ArrayList<>();
        operands.add(head);
        while (!afterBlock() && at(CONS)) {
            ops.add(span(advance()));
            operands.add(binary(CONS_LEVEL + 1));
        }
        Expr result = operands.get(operands.size() - 1);
        for (int i = operands.size() - 2; i >= 0; i--) {
            Expr h = operands.get(i);
            result = new Binary(BinOp.CONS, h, result, ops.get(i), h.span().to(result.span()));
        }
        return result;
    }

    private Expr unary() {
        int first = p;
        if (at(MINUS)) {
            advance();
            if (at(INT)) {
                IntValue v = ((IntValue) t.value(advance())).negate();
                return postfix(new IntLit(v, spanFrom(first)), first);
            }
            if (at(FLOAT)) {
                FloatValue v = ((FloatValue) t.value(advance())).negate();
                return postfix(new FloatLit(v, spanFrom(first)), first);
            }
            return new Unary(UnOp.NEG, unary(), spanFrom(first));
        }
        if (at(TILDE)) {
            advance();
            return new Unary(UnOp.BIT_NOT, unary(), spanFrom(first));
        }
        return postfix(primary(), first);
    }

    private Expr postfix(Expr e, int first) {
        while (!afterBlock()) {
            if (at(LPAREN)) {
                advance();
                List<Expr> args = arguments(RPAREN);
                e = new Call(e, args, spanFrom(first));
            } else if (at(LBRACKET)) {
                advance();
                Expr index = expr();
                expect(RBRACKET, "`]` after the index");
                e = new Index(e, index, spanFrom(first));
            } else {
                return e;
            }
        }
        return e;
    }

    /** Comma-separated expressions up to {@code close} (consumed); a trailing comma is allowed. */
    private List<Expr> arguments(TokenKind close) {
        List<Expr> args = new ArrayList<>();
        while (!at(close)) {
            args.add(expr());
            if (!accept(COMMA)) {
                break;
            }
        }
        expect(close, "`,` or " + close.display);
        return args;
    }

    private Expr primary() {
        int first = p;
        // Deep nesting always goes through here: where to point if the stack runs out.
        progress.at(file, t.start(p), t.end(p), t.line(p), t.column(p));
        switch (kind()) {
            case INT:
                return new IntLit((IntValue) t.value(advance()), span(first));
            case FLOAT:
                return new FloatLit((FloatValue) t.value(advance()), span(first));
            case STRING:
                return new StringLit((String) t.value(advance()), span(first));
            case TRUE:
                advance();
                return new BoolLit(true, span(first));
            case FALSE:
                advance();
                return new BoolLit(false, span(first));
            case NAME:
                return nameExpr();
            case LPAREN:
                return parenthesised();
            case LBRACKET: {
                advance();
                List<Expr> elements = arguments(RBRACKET);
                return new ListLit(elements, spanFrom(first));
            }
            case BACKSLASH:
                return lambda();
            case IF:
                return ifExpr();
            case MATCH:
                return matchExpr();
            case DO: {
                advance();
                expect(COLON, "`:` after `do`");
                if (at(NEWLINE)) {
                    Block block = indentedBlock();
                    return new Do(block.statements(), spanFrom(first));
                }
                Expr action = expr();
                return new Do(List.of(new ExprStmt(action, action.span())), spanFrom(first));
            }
            case FORK:
                throw error("`fork` can only start the right-hand side of a binding: `x = fork f(...)`");
            case RETURN:
                throw error("`return` is reserved: a block's value is its last expression");
            case BANG:
                throw error("`!` only follows a function's name, to run a call as a job (`f!(x)`); negation is `not x`");
            case AMP:
            case PIPE:
                if (p > 0 && t.kind(p - 1) == kind()) {
                    // `a && b` reaches here at its second `&`, `a || b` at its second `|`.
                    throw error("Vx writes `" + (at(AMP) ? "and" : "or") + "`, not `" + (at(AMP) ? "&&" : "||") + "`");
                }
                throw unexpected("an expression");
            default:
                throw unexpected("an expression");
        }
    }

    private Expr nameExpr() {
        int first = advance();
        Ident name = ident(first);
        if (at(LBRACE)) {
            advance();
            List<FieldArg> fields = new ArrayList<>();
            while (!at(RBRACE)) {
                Ident field = null;
                if (at(NAME) && kindAt(1) == COLON) {
                    field = ident(advance());
                    advance();
                }
                fields.add(new FieldArg(field, expr()));
                if (!accept(COMMA)) {
                    break;
                }
            }
            expect(RBRACE, "`,` or `}`");
            return new Construct(name, fields, spanFrom(first));
        }
        if (at(BANG)) {
            advance();
            expect(LPAREN, "`(` and the arguments of the job `" + name.name() + "!(...)`");
            List<Expr> args = arguments(RPAREN);
            return new JobCall(name, args, spanFrom(first));
        }
        return new Name(name.name(), name.span());
    }

    private Expr parenthesised() {
        int first = advance();
        if (accept(RPAREN)) {
            return new UnitLit(spanFrom(first));
        }
        Expr e = expr();
        if (accept(COLON)) {
            TypeExpr type = type();
            expect(RPAREN, "`)` to close the type ascription");
            return new Ascribe(e, type, spanFrom(first));
        }
        if (at(COMMA)) {
            List<Expr> elements = new ArrayList<>();
            elements.add(e);
            while (accept(COMMA)) {
                if (at(RPAREN)) {
                    break;
                }
                elements.add(expr());
            }
            expect(RPAREN, "`,` or `)`");
            if (elements.size() == 1) {
                throw error(spanFrom(first), "a tuple has at least two elements (and `(x)` is just `x`)");
            }
            return new Tuple(elements, spanFrom(first));
        }
        expect(RPAREN, "`)`");
        return e;
    }

    private Expr lambda() {
        int first = advance();
        List<LambdaParam> params = new ArrayList<>();
        if (at(LPAREN) && kindAt(1) == RPAREN) {
            advance();
            advance();
        } else {
            do {
                params.add(lambdaParam());
            } while (accept(COMMA));
        }
        expect(ARROW, "`->` after the lambda's parameters");
        Expr body = expr();
        return new Lambda(params, body, spanFrom(first));
    }

    private LambdaParam lambdaParam() {
        if (at(LPAREN) && kindAt(1) == NAME && kindAt(2) == COLON) {
            advance();
            Pattern name = pattern();
            expect(COLON);
            TypeExpr type = type();
            expect(RPAREN, "`)` after the parameter's type");
            return new LambdaParam(name, type);
        }
        return new LambdaParam(patternAtom(), null);
    }

    private Expr ifExpr() {
        int first = advance();
        Expr cond = expr();
        if (accept(THEN)) {
            Expr then = expr();
            if (!at(ELSE)) {
                throw unexpected("`else` (an `if ... then` expression needs both branches)");
            }
            advance();
            Expr otherwise = expr();
            return new If(cond, then, otherwise, spanFrom(first));
        }
        if (!at(COLON)) {
            throw unexpected("`then` or `:` after the condition");
        }
        advance();
        Expr then = blockBody();
        if (at(NEWLINE) && (kindAt(1) == ELIF || kindAt(1) == ELSE)) {
            advance();
        }
        if (at(ELIF)) {
            Expr rest = ifExpr();
            return new If(cond, then, rest, spanFrom(first));
        }
        if (accept(ELSE)) {
            if (at(IF)) {
                // `else if c:` reads as `elif c:`, as Rust and C users write it.
                return new If(cond, then, ifExpr(), spanFrom(first));
            }
            expect(COLON, "`:` after `else`");
            Expr otherwise = blockBody();
            return new If(cond, then, otherwise, spanFrom(first));
        }
        return new If(cond, then, null, spanFrom(first));
    }

    private Expr matchExpr() {
        int first = advance();
        Expr scrutinee = expr();
        if (!at(COLON) && afterBlock()) {
            // `match match n:` — the inner match took the indented cases as its own, and the
            // `:` is missed where the block ends, far below: say so where the value starts.
            throw error(scrutinee.span(), "the value to match ends with an indented block, which took the cases "
                    + "below as its own; bind that value to a name first and match the name");
        }
        expect(COLON, "`:` after the value to match");
        if (at(NEWLINE) && kindAt(1) == CASE) {
            error(span(p + 1), "the cases of a `match` go on the lines below it, indented further than the line "
                    + "with `match`");
            return new Match(scrutinee, unindentedCases(), spanFrom(first));
        }
        expect(NEWLINE, "the cases on the lines below, indented");
        expect(INDENT, "the cases on the lines below, indented");
        int blockDepth = depth;
        List<Case> cases = new ArrayList<>();
        while (!at(DEDENT) && !at(EOF)) {
            if (accept(NEWLINE)) {
                continue;
            }
            try {
                int caseStart = expect(CASE, "`case`");
                Pattern pattern = pattern();
                expect(COLON, "`:` after the pattern");
                Expr body = blockBody();
                cases.add(new Case(pattern, body, spanFrom(caseStart)));
                endLine();
            } catch (SyntaxError e) {
                skipStatement(blockDepth);
            }
        }
        accept(DEDENT);
        return new Match(scrutinee, cases, spanFrom(first));
    }

    /**
     * {@code case} lines written at the level of their {@code match}, after that has been
     * reported: read as its cases, so that each does not add an "expected an expression" and
     * the lines after them parse as usual. Stops before the line after the last one.
     */
    private List<Case> unindentedCases() {
        int blockDepth = depth;
        List<Case> cases = new ArrayList<>();
        while (at(NEWLINE) && kindAt(1) == CASE || at(CASE) && afterBlock()) {
            accept(NEWLINE);
            int caseStart = p;
            try {
                advance();
                Pattern pattern = pattern();
                expect(COLON, "`:` after the pattern");
                Expr body = blockBody();
                cases.add(new Case(pattern, body, spanFrom(caseStart)));
            } catch (SyntaxError e) {
                skipCaseLine(blockDepth);
            }
        }
        return cases;
    }

    /** Skips the rest of a broken unindented {@code case} line and its block, up to the next line. */
    private void skipCaseLine(int blockDepth) {
        while (!at(EOF) && !(at(DEDENT) && depth <= blockDepth)) {
            if (depth == blockDepth && (at(NEWLINE) && kindAt(1) != INDENT || afterBlock())) {
                return;
            }
            advance();
        }
    }

    // ---- patterns ----

    Pattern pattern() {
        List<Pattern> parts = new ArrayList<>();
        parts.add(patternAtom());
        while (accept(CONS)) {
            parts.add(patternAtom());
        }
        Pattern result = parts.get(parts.size() - 1);
        for (int i = parts.size() - 2; i >= 0; i--) {
            Pattern head = parts.get(i);
            result = new ConsPat(head, result, head.span().to(result.span()));
        }
        return result;
    }

    private Pattern patternAtom() {
        int first = p;
        switch (kind()) {
            case NAME: {
                Ident name = ident(advance());
                if (at(LBRACE)) {
                    return ctorPattern(name, first);
                }
                if (name.name().equals("_")) {
                    return new WildPat(name.span());
                }
                if (name.name().contains(".")) {
                    throw error(name.span(), "unexpected `" + name.name() + "`; expected a variable or a constructor pattern");
                }
                return new VarPat(name.name(), name.span());
            }
            case MINUS: {
                advance();
                if (at(INT)) {
                    return new IntPat(((IntValue) t.value(advance())).negate(), spanFrom(first));
                }
                if (at(FLOAT)) {
                    return new FloatPat(((FloatValue) t.value(advance())).negate(), spanFrom(first));
                }
                throw unexpected("a number after `-` in a pattern");
            }
            case INT: {
                IntValue v = (IntValue) t.value(advance());
                Span literal = span(first);
                if (at(PLUS)) {
                    if (!"n".equals(v.suffix())) {
                        throw error("a `k+p` pattern needs a Nat literal: write `" + v.text() + "n+p`");
                    }
                    advance();
                    Pattern rest = patternAtom();
                    return new NatPlusPat(v, literal, rest, spanFrom(first));
                }
                return new IntPat(v, span(first));
            }
            case FLOAT:
                return new FloatPat((FloatValue) t.value(advance()), span(first));
            case STRING:
                return new StringPat((String) t.value(advance()), span(first));
            case TRUE:
                advance();
                return new BoolPat(true, span(first));
            case FALSE:
                advance();
                return new BoolPat(false, span(first));
            case LPAREN: {
                advance();
                if (accept(RPAREN)) {
                    return new UnitPat(spanFrom(first));
                }
                List<Pattern> elements = new ArrayList<>();
                do {
                    if (at(RPAREN)) {
                        break;
                    }
                    elements.add(pattern());
                } while (accept(COMMA));
                expect(RPAREN, "`,` or `)` in the pattern");
                return elements.size() == 1 ? elements.get(0) : new TuplePat(elements, spanFrom(first));
            }
            case LBRACKET: {
                advance();
                List<Pattern> elements = new ArrayList<>();
                while (!at(RBRACKET)) {
                    elements.add(pattern());
                    if (!accept(COMMA)) {
                        break;
                    }
                }
                expect(RBRACKET, "`,` or `]` in the list pattern");
                return new ListPat(elements, spanFrom(first));
            }
            default:
                throw unexpected("a pattern");
        }
    }

    private Pattern ctorPattern(Ident name, int first) {
        advance();
        List<FieldPat> fields = new ArrayList<>();
        while (!at(RBRACE)) {
            Ident field = null;
            if (at(NAME) && kindAt(1) == COLON) {
                field = ident(advance());
                advance();
            }
            fields.add(new FieldPat(field, pattern()));
            if (!accept(COMMA)) {
                break;
            }
        }
        expect(RBRACE, "`,` or `}` in the constructor pattern");
        return new CtorPat(name, fields, spanFrom(first));
    }
}
