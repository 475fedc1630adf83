package dev.vx.compiler.backend;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Scalar;
import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.tast.Builtin;
import dev.vx.compiler.tast.FunctionDef;
import dev.vx.compiler.tast.Program;
import dev.vx.compiler.types.FunctionType;
import dev.vx.compiler.types.IoType;
import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import dev.vx.compiler.types.Types;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The compiler's back end: monomorphisation (each definition is lowered once per list of
 * type arguments it is used at, starting from {@code main}, so unused code is never
 * emitted, except originals that closure specialisation left without callers), lowering,
 * closure specialisation, reference counting, tail recursion modulo constructor, register
 * allocation and emission of one
 * {@link Module}. Everything is deterministic: the same program gives the same module.
 */
public final class Backend {
    /** A bound on instances: past it, a definition is instantiated at ever-growing types. */
    private static final int MAX_INSTANCES = 200_000;
    /**
     * Bounds on an instance's type arguments: their parts (type constructors, counted as a
     * tree) and their nesting. Polymorphic recursion ({@code f<T>} calling {@code f<List<T>>},
     * or {@code f<(T, T)>}, whose size doubles) makes them larger at every instance, and each
     * instance costs time and memory that grow with its types, so it is stopped here, long
     * before {@link #MAX_INSTANCES} (as Rust stops at its instantiation depth). No program
     * writes types this large.
     */
    static final int MAX_TYPE_SIZE = 256;
    static final int MAX_TYPE_DEPTH = 64;

    final Pool pool = new Pool();
    final TypeTable types = new TypeTable(pool);
    private final List<IrFunction> functions = new ArrayList<>();
    private final Map<Instance, Integer> instances = new HashMap<>();
    private final ArrayDeque<Runnable> pending = new ArrayDeque<>();
    private final Map<Instance, Integer> functionValues = new HashMap<>();
    private final Map<Instance, Integer> builtinValues = new HashMap<>();
    /** Functions that closure calls reach: their parameters must be owned. */
    private final java.util.Set<Integer> closureFunctions = new java.util.HashSet<>();

    /** The place the lowering is at (set by {@link Lowerer#at}), and the instance it lowers. */
    Span site;
    private int lowering = -1;
    /** By instance: its definition, and the instance whose lowering first asked for it, and where. */
    private final Map<Integer, Request> requests = new HashMap<>();

    private record Request(FunctionDef def, int by, Span at) {}

    /** A definition (or builtin) at concrete type arguments. Definitions compare by identity. */
    private record Instance(Object def, List<Type> typeArgs) {}

    /** Base's {@code Array.map} when f keeps the element type (see {@link #instance}); null if Base lacks it. */
    private final FunctionDef arrayMapSame;
    /** The module's names of the source files (debug section, source hash). */
    private final SourceNames sourceNames;

    private Backend(Program program) {
        this.sourceNames = new SourceNames(program);
        this.arrayMapSame = program.functions().stream()
                .filter(f -> f.fromBase() && f.name().equals("Base.array_map_same")).findFirst().orElse(null);
    }

    /** Compiles a checked program to a module. */
    public static Module compile(Program program) {
        return new Backend(program).run(program);
    }

    private Module run(Program program) {
        FunctionDef main = program.main();
        int mainId = instance(main, List.of());
        int entry = mainId;
        boolean print = true;
        if (main.resultType() instanceof IoType io) {
            entry = ioEntry(mainId, main, io);
            print = false;
        }
        while (!pending.isEmpty()) pending.poll().run();
        TypeTable.Finished tables = types.finish();
        List<FunctionDesc> descs = new ArrayList<>(functions.size());
        for (IrFunction f : functions) {
            Emitter.mergeStraightLines(f);
            Emitter.removeUnreachable(f);
        }
        ClosureSpecialisation.run(this, functions, types);
        TailModCons.run(this, functions, types);
        BorrowInference.run(functions, types, closureFunctions);
        for (IrFunction f : functions) BorrowInference.untailBorrowingCalls(f, functions, types);
        for (IrFunction f : functions) {
            RcInsertion.run(f, types, functions);
            DupSinking.run(f);
            Reuse.run(f, types);
            InPlaceUpdate.run(f, types);
            ElementTake.run(f, types);
            EarlyAllocation.run(f, types);
            int[] regTypes = RegisterAllocator.run(f);
            descs.add(Emitter.emit(f, regTypes, tables.ctorIds(), pool));
        }
        long[] constants = pool.constants.stream().mapToLong(Long::longValue).toArray();
        return new Module(sourceHash(program.sources()), pool.strings, constants, tables.types(), tables.ctors(),
                descs, entry, print);
    }

    /** {@code main() -> IO(T)}: an entry that gets the action from main and runs it. */
    private int ioEntry(int mainId, FunctionDef main, IoType io) {
        int result = types.of(io.result());
        IrFunction f = new IrFunction("main.run", new int[0], result, sourceNames.of(main.file()));
        int id = addFunction(f);
        IrFunction.Block b = f.newBlock();
        int line = main.span().line();
        int action = f.newReg(types.of(io));
        int unit = f.newReg(Scalar.UNIT.typeId());
        int r = f.newReg(result);
        b.insns.add(new IrInsn(Opcode.CALL, line, Lowerer.call(action, mainId, new int[0])));
        b.insns.add(new IrInsn(Opcode.LDI, line, unit, 0));
        b.insns.add(new IrInsn(Opcode.CALLC, line, Lowerer.call(r, action, new int[]{unit})));
        b.insns.add(new IrInsn(Opcode.RET, line, r));
        return id;
    }

    int addFunction(IrFunction f) {
        if (f.params.length > Layout.MAX_ARGS) {
            // A lifted lambda or function value also takes its closure as parameter 0.
            throw new CompileLimitException(f.name + " takes " + f.params.length + " parameters"
                    + (f.name.contains("@") || f.name.endsWith(".value") ? " (its closure counts as one)" : "")
                    + "; at most " + Layout.MAX_ARGS + " are supported: pass some of them together in a record or tuple",
                    f.span);
        }
        functions.add(f);
        return functions.size() - 1;
    }

    /** Registers {@code fid} as the function of closure shape {@code ctor}. */
    void closureFunction(int ctor, int fid) {
        types.setClosureFunction(ctor, fid);
        closureFunctions.add(fid);
    }

    /** The function id of {@code def} at {@code typeArgs}, lowering it later if it is new. */
    int instance(FunctionDef def, List<Type> typeArgs) {
        if (arrayMapSame != null && def.fromBase() && def.name().equals("Array.map") && typeArgs.size() == 2
                && typeArgs.get(0).equals(typeArgs.get(1))) {
            // A -> A: the same calls of f in the same order, on the array where it lies (array.vx).
            return instance(arrayMapSame, List.of(typeArgs.get(0)));
        }
        // Checked before the lookup, which hashes the types (in the size of their trees).
        boolean tooLarge = typeArgs.stream().anyMatch(t -> Types.exceeds(t, MAX_TYPE_SIZE, MAX_TYPE_DEPTH));
        Instance key = new Instance(def, typeArgs);
        Integer known = tooLarge ? null : instances.get(key);
        if (known != null) return known;
        if (tooLarge) {
            Span user = userSite(def);
            String bounds = " at a type argument of more than " + MAX_TYPE_SIZE + " parts or " + MAX_TYPE_DEPTH
                    + " levels of nesting";
            throw user == null
                    ? new CompileLimitException(def.name() + " is instantiated" + bounds + "; if it calls itself at "
                            + "ever larger types (polymorphic recursion), give its recursive calls the same type arguments",
                            def.span())
                    : new CompileLimitException("this needs " + (def.fromBase() ? "Base's " : "") + def.name()
                            + bounds + ", more than the compiler lays out: use smaller types here (a record of "
                            + "records instead of one wide tuple, less nesting), or, if this function calls itself at "
                            + "ever larger types (polymorphic recursion), give its recursive calls the same type "
                            + "arguments", user);
        }
        if (instances.size() >= MAX_INSTANCES) {
            Span user = userSite(def);
            throw new CompileLimitException(def.name() + " is instantiated at ever larger types "
                    + "(polymorphic recursion); give its recursive calls the same type arguments",
                    user != null ? user : def.span());
        }
        Map<TypeParam, Type> subst = substitution(def.typeParams(), typeArgs);
        int[] params = def.params().stream().mapToInt(p -> types.of(Types.substitute(p.type(), subst))).toArray();
        int result = types.of(Types.substitute(def.resultType(), subst));
        IrFunction f = new IrFunction(instanceName(def.name(), typeArgs), params, result, sourceNames.of(def.file()));
        f.span = def.span();
        int id = addFunction(f);
        instances.put(key, id);
        requests.put(id, new Request(def, lowering, site));
        pending.add(() -> {
            lowering = id;
            site = def.span();
            try {
                new Lowerer(this, f, subst).lowerDefinition(def);
            } catch (CompileLimitException e) {
                if (e.where() != null) throw e;
                // A limit met by a type of the body (TypeTable knows no place): point at the definition.
                throw new CompileLimitException(f.name + ": " + e.getMessage(), def.span());
            }
        });
        return id;
    }

    /**
     * For a limit met by an instance of {@code def} that another function asks for: the place
     * in the program's own code whose call led there (through Base's functions), where the
     * user can change something. Null when {@code def} asks for it itself (polymorphic
     * recursion: the error is at the definition) or no such place is known.
     */
    private Span userSite(FunctionDef def) {
        if (lowering >= 0 && requests.get(lowering).def() == def) return null;
        int by = lowering;
        Span at = site;
        while (by >= 0 && requests.get(by).def().fromBase()) {
            Request r = requests.get(by);
            by = r.by();
            at = r.at();
        }
        return by >= 0 ? at : null;
    }

    private static Map<TypeParam, Type> substitution(List<TypeParam> params, List<Type> args) {
        Map<TypeParam, Type> m = new HashMap<>();
        for (int i = 0; i < params.size(); i++) m.put(params.get(i), args.get(i));
        return m;
    }

    private static String instanceName(String name, List<Type> args) {
        if (args.isEmpty()) return name;
        StringBuilder s = new StringBuilder(name).append('<');
        for (int i = 0; i < args.size(); i++) s.append(i > 0 ? ", " : "").append(args.get(i));
        return s.append('>').toString();
    }

    /**
     * The closure shape for a top-level function used as a value: a cell without captures
     * whose function tail-calls the instance.
     */
    int functionValue(FunctionDef def, List<Type> typeArgs, int funcType) {
        Instance key = new Instance(def, typeArgs);
        Integer known = functionValues.get(key);
        if (known != null) return known;
        int target = instance(def, typeArgs);
        String name = instanceName(def.name(), typeArgs);
        int ctor = wrapper(name, funcType, sourceNames.of(def.file()), def.span().line(), (f, args) -> {
            f.blocks.get(0).insns.add(new IrInsn(Opcode.TCALL, def.span().line(), Lowerer.withList(new int[]{target}, args)));
        });
        functionValues.put(key, ctor);
        return ctor;
    }

    /** The closure shape for a builtin used as a value. */
    int builtinValue(Builtin b, List<Type> typeArgs, int funcType) {
        Instance key = new Instance(b, typeArgs);
        Integer known = builtinValues.get(key);
        if (known != null) return known;
        Map<TypeParam, Type> subst = substitution(b.typeParams(), typeArgs);
        Type result = Types.substitute(b.resultType(), subst);
        int ctor = wrapper(instanceName(b.name(), typeArgs), funcType, "<builtin>", 0, (f, args) -> {
            Lowerer l = new Lowerer(this, f, subst);
            l.cur = f.blocks.get(0);
            l.builtinWrapperBody(b, result, args.length);
        });
        builtinValues.put(key, ctor);
        return ctor;
    }

    private interface WrapperBody {
        void fill(IrFunction f, int[] args);
    }

    private int wrapper(String name, int funcType, String file, int line, WrapperBody body) {
        int ctor = types.closure(funcType, name, new int[0]);
        int[] comps = types.components(funcType);
        int[] params = new int[1 + comps.length];
        params[0] = funcType;
        System.arraycopy(comps, 0, params, 1, comps.length);
        IrFunction f = new IrFunction(name + ".value", params, types.result(funcType), file);
        int id = addFunction(f);
        closureFunction(ctor, id);
        f.newBlock();
        int[] args = new int[comps.length];
        for (int i = 0; i < args.length; i++) args[i] = i + 1;
        body.fill(f, args);
        return ctor;
    }

    /** The hash of every source's name (as the module names it) and text, in the order read. */
    private byte[] sourceHash(List<SourceFile> sources) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (SourceFile s : sources) {
                md.update(sourceNames.of(s).getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(s.text().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    static boolean isFunctionType(Type t) {
        return t instanceof FunctionType || t instanceof IoType;
    }
}
