package dev.vx.conformance.ref;

import dev.vx.compiler.tast.Builtin;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.FunctionDef;

/** A function value: a top-level function, a builtin, or a lambda with its captured environment. */
public sealed interface VFunction {
    record Named(FunctionDef function) implements VFunction {
    }

    record BuiltinFn(Builtin builtin) implements VFunction {
    }

    record Closure(Expr.Lambda lambda, Env env) implements VFunction {
    }
}
