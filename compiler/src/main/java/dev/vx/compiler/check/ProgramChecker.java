package dev.vx.compiler.check;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Diagnostics;
import dev.vx.compiler.diag.Progress;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.syntax.Ast;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.FunctionDef;
import dev.vx.compiler.tast.Local;
import dev.vx.compiler.tast.Program;
import dev.vx.compiler.tast.References;
import dev.vx.compiler.types.AdtDecl;
import dev.vx.compiler.types.Constructor;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a whole program: declares every type, constructor and function signature (so that
 * definitions may refer to each other in any order), checks {@code main}, then checks each
 * function body on its own.
 */
public final class ProgramChecker {
    /**
     * A parsed file, whether it belongs to Base, and whether one of its imports could not be
     * loaded (an error already reported: the names it would have defined are not reported
     * again as undefined in this file).
     */
    public record ParsedFile(SourceFile file, Ast.FileAst ast, boolean base, boolean importFailed) {
    }

    private final Diagnostics diags;
    private final Progress progress;
    private final boolean allOfBase;
    private final Globals globals = new Globals();
    /** Declarations by their syntax (identity: hashing a parse tree would cost more than it says). */
    private final Map<Ast.TypeDecl, AdtDecl> typeDecls = new IdentityHashMap<>();
    private final List<AdtDecl> types = new ArrayList<>();
    private final Map<FunctionDef, Ast.FunDecl> functionDecls = new LinkedHashMap<>();
    private final Map<FunctionDef, Map<String, Ty>> functionTypeParams = new HashMap<>();

    private ProgramChecker(Diagnostics diags, Progress progress, boolean allOfBase) {
        this.diags = diags;
        this.progress = progress;
        this.allOfBase = allOfBase;
    }

    /**
     * Checks {@code files} (Base's first) whose user part starts with {@code mainFile}. Returns
     * the program, or null when there were errors (all of them reported to {@code diags}).
     * Unless {@code allOfBase}, only the Base functions the user's code uses (directly or
     * through other Base functions) are checked and listed in the program.
     */
    public static Program check(List<ParsedFile> files, SourceFile mainFile, Diagnostics diags, Progress progress,
                                boolean allOfBase) {
        return new ProgramChecker(diags, progress, allOfBase).run(files, mainFile);
    }

    private Program run(List<ParsedFile> files, SourceFile mainFile) {
        for (ParsedFile f : files) {
            if (f.importFailed()) {
                globals.filesMissingImports.add(f.file());
            }
        }
        for (ParsedFile f : files) {
            for (Ast.TypeDecl t : f.ast().types()) {
                declareType(t, f.base());
            }
        }
        for (ParsedFile f : files) {
            for (Ast.TypeDecl t : f.ast().types()) {
                defineConstructors(t, typeDecls.get(t), f.base());
            }
        }
        for (ParsedFile f : files) {
            for (Ast.FunDecl d : f.ast().functions()) {
                declareFunction(d, f.file(), f.base());
            }
        }
        FunctionDef main = checkMain(mainFile);
        if (allOfBase) {
            for (FunctionDef f : functionDecls.keySet()) {
                checkBody(f);
            }
        } else {
            checkUserCodeAndTheBaseItUses();
        }
        if (diags.hasErrors()) {
            return null;
        }
        List<SourceFile> sources = new ArrayList<>();
        for (ParsedFile f : files) {
            sources.add(f.file());
        }
        List<FunctionDef> functions = new ArrayList<>();
        for (FunctionDef f : functionDecls.keySet()) {
            if (f.body() != null) {
                functions.add(f);
            }
        }
        return new Program(types, functions, main, diags.warnings(), sources);
    }

    /** Checks every user function, then, transitively, each Base function a checked body refers to. */
    private void checkUserCodeAndTheBaseItUses() {
        Set<FunctionDef> queued = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<FunctionDef> pending = new ArrayDeque<>();
        for (FunctionDef f : functionDecls.keySet()) {
            if (!f.fromBase()) {
                queued.add(f);
                pending.add(f);
            }
        }
        while (!pending.isEmpty()) {
            FunctionDef f = pending.poll();
            checkBody(f);
            if (f.body() != null) {
                References.forEach(f.body(), used -> {
                    if (queued.add(used)) {
                        pending.add(used);
                    }
                });
            }
            String alternative = f.fromBase() ? BACK_END_ALTERNATIVES.get(f.name()) : null;
            FunctionDef alt = alternative == null ? null : globals.base.functions.get(alternative);
            if (alt != null && queued.add(alt)) {
                pending.add(alt);
            }
        }
    }

    /**
     * Base functions the back end may call in place of another (Backend.instance): reaching
     * the one reaches the other, so that it is checked and has a body.
     */
    private static final Map<String, String> BACK_END_ALTERNATIVES = Map.of("Array.map", "Base.array_map_same");

    private void duplicate(Span span, String what, Span first) {
        diags.error(span, "duplicate " + what + "; first defined at " + first);
    }

    private List<TypeParam> typeParams(List<Ast.Ident> names, Map<String, Ty> byName) {
        List<TypeParam> params = new ArrayList<>();
        for (Ast.Ident n : names) {
            if (byName.containsKey(n.name())) {
                diags.error(n.span(), "the type parameter `" + n.name() + "` is declared twice");
                continue;
            }
            if (TypeResolver.BUILTIN_TYPES.contains(n.name())) {
                // It would hide the built-in type in the whole declaration. Kept as the parameter
                // it was meant to be, so the declaration's other uses of it are not errors too.
                diags.error(n.span(), "the type parameter `" + n.name() + "` has the name of a built-in type; choose "
                        + "another name, such as `T`");
            }
            TypeParam p = new TypeParam(n.name(), n.span());
            params.add(p);
            byName.put(n.name(), new TCon(Head.param(p)));
        }
        return params;
    }

    private void declareType(Ast.TypeDecl t, boolean base) {
        String name = t.name().name();
        if (TypeResolver.BUILTIN_TYPES.contains(name)) {
            diags.error(t.name().span(), "`" + name + "` is a built-in type; choose another name");
            return;
        }
        Globals.Namespace ns = globals.namespace(base);
        AdtDecl existing = ns.types.get(name);
        if (existing != null) {
            duplicate(t.name().span(), "definition of type `" + name + "`", existing.span());
            for (Ast.CtorDecl c : t.constructors()) {
                ns.uncheckableConstructors.add(c.name().name());
            }
            return;
        }
        AdtDecl decl = new AdtDecl(name, typeParams(t.typeParams(), new HashMap<>()), t.name().span(), base);
        ns.types.put(name, decl);
        typeDecls.put(t, decl);
        types.add(decl);
    }

    private void defineConstructors(Ast.TypeDecl t, AdtDecl decl, boolean base) {
        if (decl == null) {
            return;
        }
        Map<String, Ty> params = new HashMap<>();
        for (TypeParam p : decl.typeParams()) {
            params.put(p.name(), new TCon(Head.param(p)));
        }
        TypeResolver resolver = new TypeResolver(globals, diags, base);
        Globals.Namespace ns = globals.namespace(base);
        List<Constructor> ctors = new ArrayList<>();
        for (Ast.CtorDecl c : t.constructors()) {
            if (c.fields() == null) { // its syntax error was reported
                ns.uncheckableConstructors.add(c.name().name());
                continue;
            }
            List<String> names = new ArrayList<>();
            List<Type> types = new ArrayList<>();
            boolean broken = false;
            for (Ast.FieldDecl f : c.fields()) {
                if (names.contains(f.name().name())) {
                    diags.error(f.name().span(), "`" + c.name().name() + "` has two fields named `" + f.name().name()
                            + "`");
                }
                Ty ty = resolver.resolve(f.type(), params);
                broken |= Tys.containsError(ty);
                names.add(f.name().name());
                types.add(Tys.containsError(ty) ? ScalarType.UNIT : Tys.toType(ty));
            }
            Constructor ctor = new Constructor(decl, ctors.size(), c.name().name(), names, types, c.name().span());
            Constructor existing = ns.constructors.get(ctor.name());
            if (existing != null) {
                duplicate(c.name().span(), "constructor `" + ctor.name() + "`", existing.span());
                ns.uncheckableConstructors.add(ctor.name());
            } else {
                ns.constructors.put(ctor.name(), ctor);
            }
            if (broken) {
                globals.brokenConstructors.add(ctor);
            }
            ctors.add(ctor);
        }
        decl.setConstructors(ctors);
    }

    private void declareFunction(Ast.FunDecl d, SourceFile file, boolean base) {
        String name = d.name().name();
        Globals.Namespace ns = globals.namespace(base);
        FunctionDef existing = ns.functions.get(name);
        Span brokenAt = ns.brokenFunctions.get(name);
        if (existing != null || brokenAt != null) {
            duplicate(d.name().span(), "definition of `" + name + "`", existing != null ? existing.span() : brokenAt);
            ns.brokenFunctions.putIfAbsent(name, d.name().span());
            return;
        }
        if (d.params() == null) {
            ns.brokenFunctions.put(name, d.name().span());
            return;
        }
        Map<String, Ty> typeParamsByName = new HashMap<>();
        List<TypeParam> typeParams = typeParams(d.typeParams(), typeParamsByName);
        TypeResolver resolver = new TypeResolver(globals, diags, base);
        boolean broken = false;
        List<Local> params = new ArrayList<>();
        for (Ast.Param p : d.params()) {
            if (params.stream().anyMatch(l -> l.name().equals(p.name().name()))) {
                diags.error(p.name().span(), "the parameter `" + p.name().name() + "` is declared twice");
            }
            Ty ty = resolver.resolve(p.type(), typeParamsByName);
            broken |= Tys.containsError(ty);
            params.add(new Local(p.name().name(), Tys.toType(ty), p.name().span()));
        }
        Ty result = resolver.resolve(d.result(), typeParamsByName);
        broken |= Tys.containsError(result);
        if (broken) {
            ns.brokenFunctions.put(name, d.name().span());
            return;
        }
        FunctionDef def = new FunctionDef(name, typeParams, params, Tys.toType(result), file, d.name().span(), base);
        ns.functions.put(name, def);
        functionDecls.put(def, d);
        functionTypeParams.put(def, typeParamsByName);
    }

    private FunctionDef checkMain(SourceFile mainFile) {
        FunctionDef main = globals.user.functions.get("main");
        if (main == null) {
            if (!globals.user.brokenFunctions.containsKey("main")) {
                diags.error(new Span(mainFile, 0, 0, 1, 1), "the program has no `main` function; add one, e.g. "
                        + "`def main() -> IO(Unit):` or `def main() -> U32:`");
            }
            return null;
        }
        if (!main.typeParams().isEmpty()) {
            diags.error(main.span(), "`main` cannot have type parameters");
        }
        if (!main.params().isEmpty()) {
            diags.error(main.span(), "`main` takes no parameters (read the command line with `IO.args()`)");
        }
        return main;
    }

    private void checkBody(FunctionDef def) {
        Ast.FunDecl decl = functionDecls.get(def);
        if (decl.body() == null) {
            return;
        }
        DefContext cx = new DefContext(globals, diags, progress, def.fromBase(), functionTypeParams.get(def),
                def.span());
        ExprChecker exprs = new ExprChecker(cx);
        for (Local p : def.params()) {
            cx.bind(new Binder(p, Tys.from(p.type(), Map.of())));
        }
        Elab body = exprs.check(decl.body(), Tys.from(def.resultType(), Map.of()));
        cx.solve();
        Expr built = body.build();
        cx.buildDiscarded();
        if (!cx.hasNewErrors()) {
            def.setBody(built);
        }
    }
}
