package dev.vx.bytecode;

import java.util.Arrays;

/**
 * One monomorphic type of a module. Type ids 0..9 are the {@link Scalar}s and 10 is String;
 * they are implicit in every module (see {@link Module#BUILTIN_TYPES}) and not stored in the file.
 *
 * @param kind       what sort of type
 * @param name       string id of the name ({@code List}, {@code Tree<U32>}, ...) for messages, or -1
 * @param components field types (TUPLE), element type (LIST, ARRAY), parameter types (FUNC); empty otherwise
 * @param result     result type (FUNC), else -1
 * @param firstCtor  global id of the first constructor (types with constructors), else 0
 * @param ctorCount  number of constructors, contiguous from {@code firstCtor}
 */
public record TypeDesc(TypeKind kind, int name, int[] components, int result, int firstCtor, int ctorCount) {

    public static final int STRING_TYPE = 10;

    /**
     * The descriptor of a scalar type. All scalar descriptors are equal: which scalar a type is
     * follows from its id (its {@link Scalar} ordinal), not from its descriptor.
     */
    public static TypeDesc scalar(Scalar s) {
        return new TypeDesc(TypeKind.SCALAR, -1, new int[0], -1, 0, 0);
    }

    public boolean isScalar() {
        return kind == TypeKind.SCALAR;
    }

    /** Values of this type are heap references (or, for nullary constructors, immediates). */
    public boolean isRef() {
        return kind != TypeKind.SCALAR;
    }

    public int element() {
        return components[0];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TypeDesc t && kind == t.kind && name == t.name && result == t.result
                && firstCtor == t.firstCtor && ctorCount == t.ctorCount && Arrays.equals(components, t.components);
    }

    @Override
    public int hashCode() {
        return (kind.hashCode() * 31 + name) * 31 + Arrays.hashCode(components) + 7 * result + 11 * firstCtor;
    }

    @Override
    public String toString() {
        return "TypeDesc[" + kind + " name=" + name + " components=" + Arrays.toString(components)
                + " result=" + result + " ctors=" + firstCtor + "+" + ctorCount + "]";
    }
}
