package dev.vx.conformance.ref;

import dev.vx.compiler.tast.Expr;

/** An IO action: made by {@code __io(f)} (run: {@code f(())}) or by a {@code do:} block. */
public sealed interface VIo {
    record Thunk(Object function) implements VIo {
    }

    record DoBlock(Expr.Do block, Env env) implements VIo {
    }
}
