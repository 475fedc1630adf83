package dev.vx.compiler.syntax;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Span;
import java.util.List;

/** The parse tree: what the source says, before names and types are resolved. */
public final class Ast {
    private Ast() {
    }

    /** One parsed file. */
    public record FileAst(SourceFile file, List<Import> imports, List<TypeDecl> types, List<FunDecl> functions) {
    }

    /** {@code import a.b}: {@code name} is {@code "a.b"}, {@code span} is where it is written. */
    public record Import(String name, Span span) {
    }

    /** A name with where it was written. */
    public record Ident(String name, Span span) {
    }

    public record TypeDecl(Ident name, List<Ident> typeParams, List<CtorDecl> constructors, Span span) {
    }

    /** A constructor's declaration; {@code fields} is null when a syntax error broke them. */
    public record CtorDecl(Ident name, List<FieldDecl> fields, Span span) {
    }

    public record FieldDecl(Ident name, TypeExpr type) {
    }

    /**
     * A {@code def}. {@code body} is null when the definition could not be parsed; its
     * signature is still declared so that uses elsewhere do not cascade into more errors.
     */
    public record FunDecl(Ident name, List<Ident> typeParams, List<Param> params, TypeExpr result, Expr body,
                          Span span) {
    }

    public record Param(Ident name, TypeExpr type) {
    }

    // ---- types ----

    public sealed interface TypeExpr {
        Span span();
    }

    /** {@code Name} or {@code Name<args>} (including {@code U32}, {@code List<T>}, ...). */
    public record NamedType(Ident name, List<TypeExpr> args, Span span) implements TypeExpr {
    }

    public record TupleType(List<TypeExpr> elements, Span span) implements TypeExpr {
    }

    public record FunctionType(List<TypeExpr> params, TypeExpr result, Span span) implements TypeExpr {
    }

    public record IoType(TypeExpr result, Span span) implements TypeExpr {
    }

    /** {@code ()} as a type: Unit. */
    public record UnitType(Span span) implements TypeExpr {
    }

    // ---- expressions ----

    public sealed interface Expr {
        Span span();
    }

    public record IntLit(IntValue value, Span span) implements Expr {
    }

    public record FloatLit(FloatValue value, Span span) implements Expr {
    }

    public record StringLit(String value, Span span) implements Expr {
    }

    public record BoolLit(boolean value, Span span) implements Expr {
    }

    public record UnitLit(Span span) implements Expr {
    }

    /** A (possibly dotted) name: a local, a function, or a builtin. */
    public record Name(String name, Span span) implements Expr {
    }

    public record Call(Expr callee, List<Expr> args, Span span) implements Expr {
    }

    /** {@code f!(args)}. */
    public record JobCall(Ident callee, List<Expr> args, Span span) implements Expr {
    }

    /** {@code Name{...}}; each field is positional ({@code name == null}) or named. */
    public record Construct(Ident ctor, List<FieldArg> fields, Span span) implements Expr {
    }

    public record FieldArg(Ident name, Expr value) {
    }

    public record Tuple(List<Expr> elements, Span span) implements Expr {
    }

    public record ListLit(List<Expr> elements, Span span) implements Expr {
    }

    public enum BinOp {
        OR("or"), AND("and"), EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), CONS("<>"),
        BIT_OR("|"), BIT_XOR("^"), BIT_AND("&"), SHL("<<"), SHR(">>"), ADD("+"), SUB("-"), CONCAT("++"),
        MUL("*"), DIV("/"), REM("%");

        public final String symbol;

        BinOp(String symbol) {
            this.symbol = symbol;
        }
    }

    public record Binary(BinOp op, Expr left, Expr right, Span opSpan, Span span) implements Expr {
    }

    public enum UnOp {
        NEG("-"), BIT_NOT("~"), NOT("not");

        public final String symbol;

        UnOp(String symbol) {
            this.symbol = symbol;
        }
    }

    public record Unary(UnOp op, Expr operand, Span span) implements Expr {
    }

    /** {@code a[i]}. */
    public record Index(Expr array, Expr index, Span span) implements Expr {
    }

    /**
     * {@code if c then a else b}, or the statement form {@code if c: ... elif ...: ... else: ...}
     * (elif chains nest). {@code otherwise} is null when there is no {@code else}.
     */
    public record If(Expr cond, Expr then, Expr otherwise, Span span) implements Expr {
    }

    public record Match(Expr scrutinee, List<Case> cases, Span span) implements Expr {
    }

    public record Case(Pattern pattern, Expr body, Span span) {
    }

    public record Lambda(List<LambdaParam> params, Expr body, Span span) implements Expr {
    }

    /** A lambda parameter: a pattern, with an optional type ({@code (x: U32)}). */
    public record LambdaParam(Pattern pattern, TypeExpr type) {
    }

    /** {@code (e : T)}. */
    public record Ascribe(Expr expr, TypeExpr type, Span span) implements Expr {
    }

    /** An indented block; the checker requires the last statement to be an expression. */
    public record Block(List<Stmt> statements, Span span) implements Expr {
    }

    /** {@code do:} and its lines. */
    public record Do(List<Stmt> statements, Span span) implements Expr {
    }

    // ---- statements ----

    public sealed interface Stmt {
        Span span();
    }

    /** {@code pattern = value} or {@code name: T = value}. */
    public record Let(Pattern pattern, TypeExpr type, Expr value, Span span) implements Stmt {
    }

    /** {@code name = fork call} (with an optional type). */
    public record Fork(Ident name, TypeExpr type, Expr call, Span span) implements Stmt {
    }

    /** {@code pattern <- action} (only in {@code do}). */
    public record Bind(Pattern pattern, TypeExpr type, Expr action, Span span) implements Stmt {
    }

    public record ExprStmt(Expr expr, Span span) implements Stmt {
    }

    // ---- patterns ----

    public sealed interface Pattern {
        Span span();
    }

    public record WildPat(Span span) implements Pattern {
    }

    public record VarPat(String name, Span span) implements Pattern {
    }

    public record IntPat(IntValue value, Span span) implements Pattern {
    }

    public record FloatPat(FloatValue value, Span span) implements Pattern {
    }

    public record StringPat(String value, Span span) implements Pattern {
    }

    public record BoolPat(boolean value, Span span) implements Pattern {
    }

    public record UnitPat(Span span) implements Pattern {
    }

    /** {@code kn+p}. */
    public record NatPlusPat(IntValue k, Span kSpan, Pattern rest, Span span) implements Pattern {
    }

    /** {@code Name{...}}; sub-patterns positional ({@code name == null}) or named. */
    public record CtorPat(Ident ctor, List<FieldPat> fields, Span span) implements Pattern {
    }

    public record FieldPat(Ident name, Pattern pattern) {
    }

    public record TuplePat(List<Pattern> elements, Span span) implements Pattern {
    }

    /** {@code [a, b]}; {@code []} when empty. */
    public record ListPat(List<Pattern> elements, Span span) implements Pattern {
    }

    public record ConsPat(Pattern head, Pattern tail, Span span) implements Pattern {
    }
}
