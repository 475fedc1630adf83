package dev.vx.compiler.tast;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.types.Constructor;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.Type;
import java.util.List;

/**
 * A typed expression. Every node carries its fully solved {@link Type} (which may mention the
 * enclosing definition's type parameters, nothing else open) and its source {@link Span}.
 * Type arguments ({@code typeArgs}) are listed in the order of the callee's type parameters.
 * Lists are unmodifiable.
 */
public sealed interface Expr {
    Type type();

    Span span();

    /**
     * A scalar constant: {@code word} is the 64-bit VM word (U32 zero-extended, I32 sign-extended,
     * F32 raw bits zero-extended, F64 raw bits, Bool 0/1, Unit 0, Nat as is).
     */
    record Literal(Type type, Span span, long word) implements Expr {
        public Scalar kind() {
            return ((ScalarType) type).kind();
        }
    }

    /** A string constant; {@code value} is the decoded text. */
    record StringLit(Type type, Span span, String value) implements Expr {
    }

    /** A use of a local variable. */
    record LocalRef(Type type, Span span, Local local) implements Expr {
    }

    /** A top-level function used as a value (not called), instantiated at {@code typeArgs}. */
    record FunctionRef(Type type, Span span, FunctionDef function, List<Type> typeArgs) implements Expr {
        public FunctionRef {
            typeArgs = List.copyOf(typeArgs);
        }
    }

    /** A builtin used as a value (not called), instantiated at {@code typeArgs}. */
    record BuiltinRef(Type type, Span span, Builtin builtin, List<Type> typeArgs) implements Expr {
        public BuiltinRef {
            typeArgs = List.copyOf(typeArgs);
        }
    }

    /** A direct call {@code f(args)} of a top-level function. */
    record Call(Type type, Span span, FunctionDef function, List<Type> typeArgs, List<Expr> args) implements Expr {
        public Call {
            typeArgs = List.copyOf(typeArgs);
            args = List.copyOf(args);
        }
    }

    /** A call of a builtin; {@code builtin.op()} says what to emit. */
    record BuiltinCall(Type type, Span span, Builtin builtin, List<Type> typeArgs, List<Expr> args) implements Expr {
        public BuiltinCall {
            typeArgs = List.copyOf(typeArgs);
            args = List.copyOf(args);
        }

        public BuiltinOp op() {
            return builtin.op();
        }
    }

    /** A call of a function value (a closure): {@code callee} has a {@code FunctionType}. */
    record ClosureCall(Type type, Span span, Expr callee, List<Expr> args) implements Expr {
        public ClosureCall {
            args = List.copyOf(args);
        }
    }

    /** {@code f!(args)}: the arguments are evaluated, then {@code f(args)} runs as a job. */
    record Job(Type type, Span span, FunctionDef function, List<Type> typeArgs, List<Expr> args) implements Expr {
        public Job {
            typeArgs = List.copyOf(typeArgs);
            args = List.copyOf(args);
        }
    }

    /**
     * A constructor application; {@code fields} are in declaration order whatever order the
     * source named them in, and are evaluated in that order.
     */
    record Construct(Type type, Span span, Constructor constructor, List<Type> typeArgs, List<Expr> fields)
            implements Expr {
        public Construct {
            typeArgs = List.copyOf(typeArgs);
            fields = List.copyOf(fields);
        }
    }

    /** A tuple {@code (a, b, ...)} of two or more elements; its type is a {@code TupleType}. */
    record Tuple(Type type, Span span, List<Expr> elements) implements Expr {
        public Tuple {
            elements = List.copyOf(elements);
        }
    }

    /** A list literal {@code [a, b, c]} (possibly empty); kept flat, never a cons chain. */
    record ListLit(Type type, Span span, List<Expr> elements) implements Expr {
        public ListLit {
            elements = List.copyOf(elements);
        }
    }

    /** {@code head <> tail}. */
    record Cons(Type type, Span span, Expr head, Expr tail) implements Expr {
    }

    /** A unary operation on the scalar {@code kind} (the operand's and the result's). */
    record Unary(Type type, Span span, UnaryOp op, Scalar kind, Expr operand) implements Expr {
    }

    /** A binary operation on operands of scalar {@code kind}; see {@link BinaryOp}. */
    record Binary(Type type, Span span, BinaryOp op, Scalar kind, Expr left, Expr right) implements Expr {
    }

    /** {@code left and right}: {@code right} runs only when {@code left} is true. */
    record And(Type type, Span span, Expr left, Expr right) implements Expr {
    }

    /** {@code left or right}: {@code right} runs only when {@code left} is false. */
    record Or(Type type, Span span, Expr left, Expr right) implements Expr {
    }

    /** {@code if cond then a else b}; statement {@code if/elif/else} chains are nested Ifs. */
    record If(Type type, Span span, Expr cond, Expr then, Expr otherwise) implements Expr {
    }

    /** {@code match scrutinee:} with its cases in source order (the first that matches runs). */
    record Match(Type type, Span span, Expr scrutinee, List<Case> cases) implements Expr {
        public Match {
            cases = List.copyOf(cases);
        }
    }

    /** {@code \params -> body}; the back end computes the captured (free) locals. */
    record Lambda(Type type, Span span, List<Local> params, Expr body) implements Expr {
        public Lambda {
            params = List.copyOf(params);
        }
    }

    /** Statements, then the value of {@code result}. */
    record Block(Type type, Span span, List<Stmt> statements, Expr result) implements Expr {
        public Block {
            statements = List.copyOf(statements);
        }
    }

    /**
     * A {@code do:} block: an action (type {@code IO(T)}) that runs {@code statements} in order
     * and then the action {@code last}, whose result is the block's.
     */
    record Do(Type type, Span span, List<DoStmt> statements, Expr last) implements Expr {
        public Do {
            statements = List.copyOf(statements);
        }
    }
}
