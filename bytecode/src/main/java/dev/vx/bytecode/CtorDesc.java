package dev.vx.bytecode;

import java.util.Arrays;

/**
 * A constructor: a cell shape of an ADT, list, tuple or closure. Its global id is
 * {@link Layout#FIRST_CTOR} plus its index in {@link Module#ctors}; its tag is its position
 * among its type's constructors.
 *
 * @param name            string id of the constructor name (for printing and messages)
 * @param type            the type it builds
 * @param fields          field types (for a closure: its captured values)
 * @param closureFunction for a closure shape, the function that runs when it is called
 *                        (its first parameter is the closure itself); -1 otherwise
 */
public record CtorDesc(int name, int type, int[] fields, int closureFunction) {

    public boolean isClosure() {
        return closureFunction >= 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CtorDesc c && name == c.name && type == c.type
                && closureFunction == c.closureFunction && Arrays.equals(fields, c.fields);
    }

    @Override
    public int hashCode() {
        return (name * 31 + type) * 31 + Arrays.hashCode(fields) + closureFunction;
    }

    @Override
    public String toString() {
        return "CtorDesc[name=" + name + " type=" + type + " fields=" + Arrays.toString(fields)
                + " closureFunction=" + closureFunction + "]";
    }
}
