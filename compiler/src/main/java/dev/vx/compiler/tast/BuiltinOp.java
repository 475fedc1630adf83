package dev.vx.compiler.tast;

/** What a {@link Builtin} does; the back end switches on this. */
public enum BuiltinOp {
    /** {@code From.to_x}: {@link Builtin#scalar()} to {@link Builtin#target()} (bytecode {@code conv}). */
    CONVERT,
    /** {@code F32.sqrt}, {@code F64.sqrt}: {@link Builtin#scalar()} is the float kind. */
    SQRT,
    /** {@code F32.to_bits}, {@code F64.to_bits}: the IEEE bits as U32 / U64 (the word is unchanged). */
    TO_BITS,
    /** {@code F32.from_bits}, {@code F64.from_bits}: the inverse of {@link #TO_BITS}. */
    FROM_BITS,
    /** {@code Array.fill<A>(n: U32, v: A) -> Array<A>}. */
    ARRAY_FILL,
    /** {@code __array_empty<A>() -> Array<A>}: the empty array (Base needs it in generic code). */
    ARRAY_EMPTY,
    /** {@code Array.len<A>(a: Array<A>) -> U32}. */
    ARRAY_LEN,
    /** {@code Array.get<A>(a: Array<A>, i: U32) -> A}, also written {@code a[i]}. */
    ARRAY_GET,
    /** {@code Array.set<A>(a: Array<A>, i: U32, v: A) -> Array<A>}. */
    ARRAY_SET,
    /** {@code Array.slice<A>(a: Array<A>, from: U32, to: U32) -> Array<A>}. */
    ARRAY_SLICE,
    /** {@code __prim_x}: the VM primitive {@link Builtin#prim()}. */
    PRIM,
    /** {@code __panic<A>(message: String) -> A}: a runtime error with that message. */
    PANIC,
    /** {@code __exit<A>(code: U32) -> A}: stop the program with that exit status. */
    EXIT,
    /** {@code __io<T>(f: Unit -> T) -> IO(T)}: the action that runs {@code f(())}. */
    IO
}
