package dev.vx.compiler.types;

import java.util.List;

/** A use of a declared type: the declaration and one type argument per type parameter. */
public record AdtType(AdtDecl decl, List<Type> args) implements Type {
    public AdtType {
        args = List.copyOf(args);
    }

    /** The field types of {@code ctor} (a constructor of this type) with the arguments substituted. */
    public List<Type> fieldTypes(Constructor ctor) {
        return ctor.fieldTypes().stream().map(t -> Types.substitute(t, decl.typeParams(), args)).toList();
    }

    @Override
    public String toString() {
        return args.isEmpty() ? decl.name() : Types.join(decl.name() + "<", args, ">");
    }
}
