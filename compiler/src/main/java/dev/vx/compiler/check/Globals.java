package dev.vx.compiler.check;

import dev.vx.compiler.diag.Span;
import dev.vx.compiler.tast.Builtin;
import dev.vx.compiler.tast.Builtins;
import dev.vx.compiler.tast.FunctionDef;
import dev.vx.compiler.types.AdtDecl;
import dev.vx.compiler.types.Constructor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The program's global names. Base and the user's files have separate namespaces: user code
 * sees its own definitions first, then Base's, then the public builtins; Base sees only itself
 * and every builtin. So a user definition may reuse a name Base happens to define (the user's
 * wins in user code) while two definitions of one name in the same namespace are an error.
 */
final class Globals {
    static final class Namespace {
        final Map<String, AdtDecl> types = new HashMap<>();
        final Map<String, Constructor> constructors = new HashMap<>();
        final Map<String, FunctionDef> functions = new HashMap<>();
        /**
         * Functions whose signature had an error, or that are defined twice: uses are not
         * reported again (which of two definitions a call meant cannot be told).
         */
        final Map<String, Span> brokenFunctions = new HashMap<>();
        /**
         * Constructor names whose declaration cannot be used: declared twice, in a type declared
         * twice, or with a syntax error in its fields. A use of one cannot be checked against
         * the declaration it meant, and is not reported again.
         */
        final Set<String> uncheckableConstructors = new HashSet<>();
    }

    /** A name that resolves to a function whose signature could not be checked. */
    static final Object BROKEN = new Object();

    final Namespace base = new Namespace();
    final Namespace user = new Namespace();
    /** Constructors with a field whose type could not be resolved. */
    final Set<Constructor> brokenConstructors = new HashSet<>();
    /** Files with an import that could not be loaded: a name they miss may be the import's. */
    final Set<dev.vx.compiler.SourceFile> filesMissingImports = new HashSet<>();

    /** Whether an unknown name at {@code where} is already explained by a failed import. */
    boolean explainedByFailedImport(dev.vx.compiler.diag.Span where) {
        return filesMissingImports.contains(where.file());
    }

    Namespace namespace(boolean inBase) {
        return inBase ? base : user;
    }

    AdtDecl type(String name, boolean inBase) {
        AdtDecl d = inBase ? null : user.types.get(name);
        return d != null ? d : base.types.get(name);
    }

    Constructor constructor(String name, boolean inBase) {
        Namespace own = namespace(inBase);
        if (own.uncheckableConstructors.contains(name)) {
            return null;
        }
        Constructor c = inBase ? null : user.constructors.get(name);
        return c != null ? c : base.constructors.get(name);
    }

    /** Whether a use of the unknown constructor {@code name} is explained by its declarations. */
    boolean uncheckable(String name, boolean inBase) {
        return namespace(inBase).uncheckableConstructors.contains(name);
    }

    /** A {@link FunctionDef}, a {@link Builtin}, {@link #BROKEN}, or null when undefined. */
    Object function(String name, boolean inBase) {
        if (!inBase) {
            Object f = functionIn(user, name);
            if (f != null) {
                return f;
            }
        }
        Object f = functionIn(base, name);
        if (f != null) {
            return f;
        }
        Builtin b = Builtins.lookup(name);
        return b != null && (inBase || !b.internal()) ? b : null;
    }

    private static Object functionIn(Namespace ns, String name) {
        if (ns.brokenFunctions.containsKey(name)) {
            return BROKEN;
        }
        return ns.functions.get(name);
    }

    /** Every function name visible from user code or Base, for suggestions. */
    List<String> functionNames(boolean inBase) {
        List<String> names = new ArrayList<>(base.functions.keySet());
        if (!inBase) {
            names.addAll(user.functions.keySet());
        }
        for (Builtin b : Builtins.all()) {
            if (inBase || !b.internal()) {
                names.add(b.name());
            }
        }
        return names;
    }

    List<String> constructorNames(boolean inBase) {
        List<String> names = new ArrayList<>(base.constructors.keySet());
        if (!inBase) {
            names.addAll(user.constructors.keySet());
        }
        return names;
    }

    List<String> typeNames(boolean inBase) {
        List<String> names = new ArrayList<>(base.types.keySet());
        if (!inBase) {
            names.addAll(user.types.keySet());
        }
        return names;
    }
}
