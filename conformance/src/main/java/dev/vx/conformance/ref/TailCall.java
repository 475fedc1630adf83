package dev.vx.conformance.ref;

/**
 * A call in tail position, returned to the caller's loop instead of made (so Base's loops and
 * tail-recursive programs run in constant Java stack). Never escapes {@link Evaluator#invoke}.
 */
record TailCall(Object target, Object[] args) {
}
