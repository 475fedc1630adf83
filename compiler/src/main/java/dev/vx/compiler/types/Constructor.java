package dev.vx.compiler.types;

import dev.vx.compiler.diag.Span;
import java.util.List;

/**
 * A constructor of a declared type. {@code tag} is its index among the declaration's
 * constructors; field types are written in terms of the declaration's type parameters (see
 * {@link AdtType#fieldTypes}). Compared by identity.
 */
public final class Constructor {
    private final AdtDecl decl;
    private final int tag;
    private final String name;
    private final List<String> fieldNames;
    private final List<Type> fieldTypes;
    private final Span span;

    public Constructor(AdtDecl decl, int tag, String name, List<String> fieldNames, List<Type> fieldTypes, Span span) {
        this.decl = decl;
        this.tag = tag;
        this.name = name;
        this.fieldNames = List.copyOf(fieldNames);
        this.fieldTypes = List.copyOf(fieldTypes);
        this.span = span;
    }

    public AdtDecl decl() {
        return decl;
    }

    public int tag() {
        return tag;
    }

    public String name() {
        return name;
    }

    public List<String> fieldNames() {
        return fieldNames;
    }

    public List<Type> fieldTypes() {
        return fieldTypes;
    }

    public int arity() {
        return fieldTypes.size();
    }

    public Span span() {
        return span;
    }

    @Override
    public String toString() {
        return name;
    }
}
