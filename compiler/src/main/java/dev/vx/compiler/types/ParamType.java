package dev.vx.compiler.types;

/** A type parameter of the enclosing generic function or type declaration. */
public record ParamType(TypeParam param) implements Type {
    @Override
    public String toString() {
        return param.name();
    }
}
