package dev.vx.compiler.backend;

import dev.vx.compiler.types.AdtDecl;
import dev.vx.compiler.types.AdtType;
import dev.vx.compiler.types.ArrayType;
import dev.vx.compiler.types.Constructor;
import dev.vx.compiler.types.FunctionType;
import dev.vx.compiler.types.IoType;
import dev.vx.compiler.types.ListType;
import dev.vx.compiler.types.ParamType;
import dev.vx.compiler.types.TupleType;
import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Finds data types that would need infinitely many instances: those on an <em>expanding
 * cycle</em> (the term of ECMA-335, which has the same problem for .NET generics). Following
 * constructor fields from a type parameter leads back to the same parameter of the same type
 * with the parameter inside a larger argument: {@code Nested<T>} holding
 * {@code Maybe<Nested<(T, T)>>}, or {@code A<T>} holding {@code B<T>} which holds
 * {@code A<List<T>>}. Monomorphisation lays out every instance of a data type, so such a type
 * cannot be compiled; the generic size limit would catch it, but only this names the cause.
 *
 * <p>The graph has a node per (data type, parameter index); a field of {@code D} mentioning
 * {@code E<..., a_j, ...>} anywhere gives an edge from each parameter {@code T} of {@code D}
 * in {@code a_j} to {@code (E, j)}, <em>growing</em> unless {@code a_j} is {@code T} itself.
 * A type is expanding when a growing edge lies on a cycle through it.
 */
final class ExpandingTypes {
    private record Slot(AdtDecl decl, int index) {
    }

    private record Edge(Slot to, boolean grows) {
    }

    /** A cycle found: the data type used at a larger type, and the others the cycle passes through. */
    record Cycle(AdtDecl grown, List<AdtDecl> through) {
    }

    private final Map<Slot, List<Edge>> edges = new HashMap<>();

    private ExpandingTypes() {
    }

    /** An expanding cycle among {@code roots} and the data types their fields reach; null when there is none. */
    static Cycle find(Collection<AdtDecl> roots) {
        ExpandingTypes graph = new ExpandingTypes();
        Set<AdtDecl> decls = reachable(roots);
        for (AdtDecl d : decls) {
            graph.addEdgesOf(d);
        }
        for (AdtDecl d : decls) {
            for (int i = 0; i < d.typeParams().size(); i++) {
                Slot from = new Slot(d, i);
                for (Edge e : graph.edges.getOrDefault(from, List.of())) {
                    List<Slot> back = e.grows() ? graph.path(e.to(), from) : null;
                    if (back != null) {
                        List<AdtDecl> through = new ArrayList<>();
                        for (Slot s : back) {
                            if (s.decl() != e.to().decl() && !through.contains(s.decl())) through.add(s.decl());
                        }
                        return new Cycle(e.to().decl(), through);
                    }
                }
            }
        }
        return null;
    }

    private static Set<AdtDecl> reachable(Collection<AdtDecl> roots) {
        Set<AdtDecl> seen = new LinkedHashSet<>(roots);
        Deque<AdtDecl> work = new ArrayDeque<>(roots);
        while (!work.isEmpty()) {
            for (Constructor c : work.pop().constructors()) {
                for (Type f : c.fieldTypes()) {
                    forEachDataType(f, a -> {
                        if (seen.add(a.decl())) work.push(a.decl());
                    });
                }
            }
        }
        return seen;
    }

    private void addEdgesOf(AdtDecl d) {
        List<TypeParam> params = d.typeParams();
        for (Constructor c : d.constructors()) {
            for (Type field : c.fieldTypes()) {
                forEachDataType(field, use -> {
                    for (int j = 0; j < use.args().size(); j++) {
                        Type arg = use.args().get(j);
                        for (int i = 0; i < params.size(); i++) {
                            TypeParam p = params.get(i);
                            if (mentions(arg, p)) {
                                Edge e = new Edge(new Slot(use.decl(), j), !arg.equals(new ParamType(p)));
                                edges.computeIfAbsent(new Slot(d, i), k -> new ArrayList<>()).add(e);
                            }
                        }
                    }
                });
            }
        }
    }

    /** The slots on a path from {@code from} to {@code to}, both included; null when there is none. */
    private List<Slot> path(Slot from, Slot to) {
        Map<Slot, Slot> cameFrom = new HashMap<>();
        Set<Slot> seen = new HashSet<>(List.of(from));
        Deque<Slot> work = new ArrayDeque<>(List.of(from));
        while (!work.isEmpty()) {
            Slot s = work.pop();
            if (s.equals(to)) {
                List<Slot> path = new ArrayList<>();
                for (Slot at = to; at != null; at = cameFrom.get(at)) path.add(0, at);
                return path;
            }
            for (Edge e : edges.getOrDefault(s, List.of())) {
                if (seen.add(e.to())) {
                    cameFrom.put(e.to(), s);
                    work.push(e.to());
                }
            }
        }
        return null;
    }

    /** Calls {@code action} on every use of a data type inside {@code t}, outer ones first. */
    private static void forEachDataType(Type t, Consumer<AdtType> action) {
        if (t instanceof AdtType a) {
            action.accept(a);
            a.args().forEach(x -> forEachDataType(x, action));
        } else if (t instanceof ListType l) {
            forEachDataType(l.element(), action);
        } else if (t instanceof ArrayType r) {
            forEachDataType(r.element(), action);
        } else if (t instanceof IoType io) {
            forEachDataType(io.result(), action);
        } else if (t instanceof TupleType tt) {
            tt.elements().forEach(x -> forEachDataType(x, action));
        } else if (t instanceof FunctionType f) {
            f.params().forEach(x -> forEachDataType(x, action));
            forEachDataType(f.result(), action);
        }
    }

    private static boolean mentions(Type t, TypeParam p) {
        if (t instanceof ParamType q) return q.param().equals(p);
        if (t instanceof AdtType a) return a.args().stream().anyMatch(x -> mentions(x, p));
        if (t instanceof ListType l) return mentions(l.element(), p);
        if (t instanceof ArrayType r) return mentions(r.element(), p);
        if (t instanceof IoType io) return mentions(io.result(), p);
        if (t instanceof TupleType tt) return tt.elements().stream().anyMatch(x -> mentions(x, p));
        if (t instanceof FunctionType f) {
            return mentions(f.result(), p) || f.params().stream().anyMatch(x -> mentions(x, p));
        }
        return false;
    }
}
