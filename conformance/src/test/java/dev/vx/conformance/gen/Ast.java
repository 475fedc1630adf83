package dev.vx.conformance.gen;

import java.util.List;

/**
 * The syntax of generated programs: just enough structure to print indented Vx source and to
 * mutate it (replace a literal, a name, a call's arguments). Expressions print on one line,
 * fully parenthesised; blocks, matches and statement ifs print indented.
 */
public final class Ast {
    private Ast() {
    }

    /** An expression printed on one line. */
    public sealed interface Ex permits Lit, Var, Call, Bin, Un, IfEx, Lambda, Construct, Tuple, ListLit, Index, Ascribe {
    }

    /** A literal as written, e.g. {@code 5u32}, {@code (-3i64)}, {@code "a\n"}, {@code true}. */
    record Lit(String text, GType type) implements Ex {
    }

    record Var(String name) implements Ex {
    }

    /** {@code f(args)}, or {@code f!(args)} when {@code job}. */
    record Call(String function, List<Ex> args, boolean job) implements Ex {
    }

    record Bin(String op, Ex left, Ex right) implements Ex {
    }

    record Un(String op, Ex operand) implements Ex {
    }

    record IfEx(Ex cond, Ex then, Ex otherwise) implements Ex {
    }

    /** {@code \a, b -> body}; with types {@code \(a: U32), (b: U32) -> body} when {@code types} is not null. */
    record Lambda(List<String> params, List<GType> types, Ex body) implements Ex {
    }

    /** {@code C{a, b}} or, with field names, {@code C{x: a, y: b}} (in the order given). */
    record Construct(String ctor, List<String> fieldNames, List<Ex> fields) implements Ex {
    }

    record Tuple(List<Ex> items) implements Ex {
    }

    record ListLit(List<Ex> items) implements Ex {
    }

    record Index(Ex array, Ex index) implements Ex {
    }

    record Ascribe(Ex expr, GType type) implements Ex {
    }

    /** Statements, then the block's value. */
    record Block(List<Stmt> stmts, Tail tail) implements Body {
    }

    /** What may end a block (or stand on the right of {@code x =}). */
    sealed interface Tail permits ExTail, Match, IfSt {
    }

    record ExTail(Ex expr) implements Tail {
    }

    record Match(Ex scrutinee, List<Case> cases) implements Tail {
    }

    record Case(String pattern, Block body) {
    }

    /** {@code if c: .. elif c: .. else: ..}. */
    record IfSt(List<Ex> conds, List<Block> bodies, Block otherwise) implements Tail {
    }

    sealed interface Stmt permits Let, Destructure, ForkGroup {
    }

    /** {@code name = rhs} or {@code name: T = rhs}. */
    record Let(String name, GType annotation, Tail rhs) implements Stmt {
    }

    /** {@code (a, b) = e}. */
    record Destructure(List<String> names, Ex value) implements Stmt {
    }

    /** Consecutive {@code x = fork call} lines. */
    record ForkGroup(List<String> names, List<Call> calls) implements Stmt {
    }

    record Param(String name, GType type) {
    }

    record Def(String name, List<String> typeParams, List<Param> params, GType result, Body body) {
    }

    sealed interface Body permits Block, DoBody {
    }

    /** A {@code do:} block of an IO main. */
    record DoBody(List<DoLine> lines) implements Body {
    }

    sealed interface DoLine permits Action, BindAction, PureLet, When {
    }

    /** A bare action line, e.g. {@code IO.print(s)}. */
    record Action(Ex action) implements DoLine {
    }

    /** {@code x <- action}. */
    record BindAction(String name, Ex action) implements DoLine {
    }

    record PureLet(String name, Ex value) implements DoLine {
    }

    /** {@code if c:} with one indented action. */
    record When(Ex cond, Ex action) implements DoLine {
    }

    /** A type declaration, printed verbatim. */
    record TypeDecl(String text) {
    }

    public record Program(List<TypeDecl> types, List<Def> defs) {
    }
}
