package dev.vx.compiler.types;

import java.util.List;

/**
 * A function or closure type. {@code params} may be empty ({@code () -> T}, the type of a
 * zero-parameter function such as {@code IO.args}).
 */
public record FunctionType(List<Type> params, Type result) implements Type {
    public FunctionType {
        params = List.copyOf(params);
    }

    @Override
    public String toString() {
        if (params.size() == 1 && !(params.get(0) instanceof FunctionType) && !(params.get(0) instanceof TupleType)) {
            return params.get(0) + " -> " + result;
        }
        return Types.join("(", params, ")") + " -> " + result;
    }
}
