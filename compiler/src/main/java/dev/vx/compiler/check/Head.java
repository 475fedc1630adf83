package dev.vx.compiler.check;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.types.AdtDecl;
import dev.vx.compiler.types.TypeParam;

/** The constructor of a {@link TCon}: which kind of type, and for scalars, ADTs and parameters which one. */
final class Head {
    enum Kind { SCALAR, STRING, LIST, ARRAY, TUPLE, FUNCTION, IO, ADT, PARAM }

    final Kind kind;
    final Scalar scalar;
    final AdtDecl decl;
    final TypeParam param;

    static final Head STRING = new Head(Kind.STRING, null, null, null);
    static final Head LIST = new Head(Kind.LIST, null, null, null);
    static final Head ARRAY = new Head(Kind.ARRAY, null, null, null);
    static final Head TUPLE = new Head(Kind.TUPLE, null, null, null);
    static final Head FUNCTION = new Head(Kind.FUNCTION, null, null, null);
    static final Head IO = new Head(Kind.IO, null, null, null);

    private Head(Kind kind, Scalar scalar, AdtDecl decl, TypeParam param) {
        this.kind = kind;
        this.scalar = scalar;
        this.decl = decl;
        this.param = param;
    }

    static Head scalar(Scalar s) {
        return new Head(Kind.SCALAR, s, null, null);
    }

    static Head adt(AdtDecl decl) {
        return new Head(Kind.ADT, null, decl, null);
    }

    static Head param(TypeParam param) {
        return new Head(Kind.PARAM, null, null, param);
    }

    boolean same(Head o) {
        return kind == o.kind && scalar == o.scalar && decl == o.decl && param == o.param;
    }
}
