package dev.vx.compiler.types;

import dev.vx.compiler.diag.Span;
import java.util.List;

/**
 * A type declared with {@code type Name<params>:} and its constructors, in declaration order.
 * Compared by identity. The constructors are attached once, after creation, because their
 * field types may mention the declaration itself.
 */
public final class AdtDecl {
    private final String name;
    private final List<TypeParam> typeParams;
    private final Span span;
    private final boolean fromBase;
    private List<Constructor> constructors = List.of();

    public AdtDecl(String name, List<TypeParam> typeParams, Span span, boolean fromBase) {
        this.name = name;
        this.typeParams = List.copyOf(typeParams);
        this.span = span;
        this.fromBase = fromBase;
    }

    public String name() {
        return name;
    }

    public List<TypeParam> typeParams() {
        return typeParams;
    }

    /** The span of the name in the declaration. */
    public Span span() {
        return span;
    }

    public boolean fromBase() {
        return fromBase;
    }

    /** The constructors in declaration order; {@code constructors().get(i).tag() == i}. */
    public List<Constructor> constructors() {
        return constructors;
    }

    /** Called once by the front end while it declares types. */
    public void setConstructors(List<Constructor> constructors) {
        this.constructors = List.copyOf(constructors);
    }

    @Override
    public String toString() {
        return name;
    }
}
