package dev.vx.compiler.types;

import java.util.List;

/** A tuple of two or more fields. */
public record TupleType(List<Type> elements) implements Type {
    public TupleType {
        elements = List.copyOf(elements);
    }

    @Override
    public String toString() {
        return Types.join("(", elements, ")");
    }
}
