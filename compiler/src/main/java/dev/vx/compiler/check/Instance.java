package dev.vx.compiler.check;

import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import java.util.List;
import java.util.Map;

/** One use of a generic function, builtin or type: its type arguments, as variables to solve. */
record Instance(List<Ty> typeArgs, Map<TypeParam, Ty> subst) {
    /** {@code t} (written in terms of the type parameters) at this instance. */
    Ty of(Type t) {
        return Tys.from(t, subst);
    }
}
