package dev.vx.compiler.tast;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.types.FunctionType;
import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import java.util.List;

/**
 * A top-level {@code def}. Compared by identity; calls refer to it directly. The body is
 * attached once, after every signature is known (definitions may be mutually recursive).
 * Types inside the body may mention {@link #typeParams()}; nothing else is open.
 */
public final class FunctionDef {
    private final String name;
    private final List<TypeParam> typeParams;
    private final List<Local> params;
    private final Type resultType;
    private final SourceFile file;
    private final Span span;
    private final boolean fromBase;
    private final FunctionType type;
    private Expr body;

    public FunctionDef(String name, List<TypeParam> typeParams, List<Local> params, Type resultType,
                       SourceFile file, Span span, boolean fromBase) {
        this.name = name;
        this.typeParams = List.copyOf(typeParams);
        this.params = List.copyOf(params);
        this.resultType = resultType;
        this.file = file;
        this.span = span;
        this.fromBase = fromBase;
        List<Type> paramTypes = new java.util.ArrayList<>(params.size());
        for (Local p : params) {
            paramTypes.add(p.type());
        }
        this.type = new FunctionType(paramTypes, resultType);
    }

    /** The full (possibly dotted) name, e.g. {@code List.map} or {@code Tree.sum}. */
    public String name() {
        return name;
    }

    public List<TypeParam> typeParams() {
        return typeParams;
    }

    public List<Local> params() {
        return params;
    }

    public Type resultType() {
        return resultType;
    }

    /** {@code (params) -> result}. */
    public FunctionType type() {
        return type;
    }

    public SourceFile file() {
        return file;
    }

    /** The span of the name in the {@code def} line. */
    public Span span() {
        return span;
    }

    /** True for Base's definitions (which may use the internal builtins). */
    public boolean fromBase() {
        return fromBase;
    }

    public Expr body() {
        return body;
    }

    /** Called once by the checker. */
    public void setBody(Expr body) {
        if (this.body != null) {
            throw new IllegalStateException("body of " + name + " already set");
        }
        this.body = body;
    }

    @Override
    public String toString() {
        return name;
    }
}
