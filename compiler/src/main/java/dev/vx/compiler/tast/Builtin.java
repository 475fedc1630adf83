package dev.vx.compiler.tast;

import dev.vx.bytecode.Prim;
import dev.vx.bytecode.Scalar;
import dev.vx.compiler.types.FunctionType;
import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import java.util.List;

/**
 * A function the compiler provides (see {@link Builtins}). Signature types may mention
 * {@code typeParams}. {@code scalar}/{@code target} are set for {@link BuiltinOp#CONVERT}
 * (from / to) and {@code scalar} alone for SQRT, TO_BITS, FROM_BITS (the float kind);
 * {@code prim} for {@link BuiltinOp#PRIM}. {@code internal} builtins are visible only to Base.
 */
public record Builtin(String name, List<TypeParam> typeParams, List<String> paramNames, List<Type> paramTypes,
                      Type resultType, BuiltinOp op, Scalar scalar, Scalar target, Prim prim, boolean internal) {

    public Builtin {
        typeParams = List.copyOf(typeParams);
        paramNames = List.copyOf(paramNames);
        paramTypes = List.copyOf(paramTypes);
    }

    public FunctionType type() {
        return new FunctionType(paramTypes, resultType);
    }

    @Override
    public String toString() {
        return name;
    }
}
