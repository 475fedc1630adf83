package dev.vx.bytecode;

public enum TypeKind {
    /** Types 0..9: see {@link Scalar}. */
    SCALAR,
    /** Type 10. */
    STRING,
    /** Fields in {@code components}; exactly one constructor. */
    TUPLE,
    /** A user or Base data type: constructors only. */
    ADT,
    /** The built-in list of {@code components[0]}: constructors Nil (tag 0) and Cons{head, tail} (tag 1). */
    LIST,
    /** Immutable array of {@code components[0]}; no constructors. */
    ARRAY,
    /** Functions from {@code components} to {@code result}; its constructors are closure shapes. */
    FUNC;

    public boolean hasCtors() {
        return this == TUPLE || this == ADT || this == LIST || this == FUNC;
    }
}
