package dev.vx.compiler.types;

/**
 * A Vx type as it appears in the typed AST. Closed: a back end can handle every case with an
 * {@code instanceof} chain. No inference variables exist in this hierarchy; the checker keeps
 * its own representation while it solves and converts to {@code Type} only once a
 * definition is fully solved.
 *
 * <p>Equality is structural (records), except that {@link AdtDecl} and {@link TypeParam}
 * compare by identity. {@link #toString()} prints Vx syntax, e.g. {@code List<(U32, F64)>},
 * {@code (U32, U32) -> Bool}, {@code IO(Unit)}, {@code Tree<T>}.
 */
public sealed interface Type
        permits ScalarType, StringType, ListType, ArrayType, TupleType, FunctionType, IoType, AdtType, ParamType {
}
