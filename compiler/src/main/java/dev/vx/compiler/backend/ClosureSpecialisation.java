package dev.vx.compiler.backend;

import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.TypeKind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Calls of higher-order functions with a lambda written at the call site, made direct
 * (docs/compiler.md, "Closure specialisation"): {@code Array.gen(64, \t -> word(m, base + 4 * t))}
 * allocates no closure, and the loop inside {@code Array.gen} calls the lambda's body as a
 * plain function of its captures and its arguments, without the closure's dispatch and its
 * reference counting.
 *
 * <p>A function {@code G} is <em>specialisable</em> on a function-typed parameter {@code p}
 * when {@code p} is never redefined and its only uses are the closure of a {@code callc} or
 * {@code tcallc}, or one argument of a direct call or tail call of a function specialisable
 * on that argument (itself included: the loop of {@code Array.gen} passes its {@code f} on
 * unchanged). A call of {@code G} whose argument {@code p} is a closure built just before
 * (in the same block, used nowhere else, its captured registers unchanged in between) then
 * becomes a call of {@code G'}: a copy of {@code G} that takes the lambda's captured values
 * instead of the closure, and calls {@code L'}, a copy of the lambda {@code L} whose first
 * parameters are those values instead of the closure cell. Copies keep the names and lines
 * of their originals, so backtraces read as before; every call stays a call (the compiler
 * does not inline). A closure built just before and called once, {@code (\x -> e)(a)}, is not
 * built either: the call calls {@code L'}. The work is bounded: a function is copied only while the program has at
 * most {@link #GROWTH} times the functions it started with.
 */
final class ClosureSpecialisation {
    /** The program may grow to this many times its functions (copies included). */
    static final int GROWTH = 2;
    /** Functions longer than this many IR instructions are not copied. */
    static final int MAX_COPIED_INSNS = 400;

    private final Backend be;
    private final List<IrFunction> functions;
    private final TypeTable types;
    private final int limit;
    /** For the functions present at the start: by function, the parameters it is specialisable on. */
    private final boolean[][] specialisable;
    /** For a copy: what it was made from, to answer {@link #specialisable} for it. */
    private final Map<Integer, Origin> origins = new HashMap<>();
    private final Map<List<Integer>, Integer> copies = new HashMap<>();
    private final Map<Integer, Integer> liftedLambdas = new HashMap<>();

    /** Copy {@code id} is {@code of} with parameter {@code param} replaced by {@code width} parameters. */
    private record Origin(int of, int param, int width) {}

    private ClosureSpecialisation(Backend be, List<IrFunction> functions, TypeTable types) {
        this.be = be;
        this.functions = functions;
        this.types = types;
        this.limit = GROWTH * functions.size();
        this.specialisable = specialisableParameters();
    }

    /** Rewrites every call site it can, in the functions present and in the copies it makes. */
    static void run(Backend be, List<IrFunction> functions, TypeTable types) {
        ClosureSpecialisation s = new ClosureSpecialisation(be, functions, types);
        for (int f = 0; f < functions.size(); f++) s.rewriteSites(f);
    }

    // ------------------------------------------------------------------ which parameters

    private boolean[][] specialisableParameters() {
        int n = functions.size();
        boolean[][] ok = new boolean[n][];
        // Edges: (g, p) is specialisable only if every (h, q) it passes p to is.
        List<List<int[]>> edges = new ArrayList<>();
        for (int g = 0; g < n; g++) {
            IrFunction fn = functions.get(g);
            ok[g] = new boolean[fn.params.length];
            for (int p = 0; p < fn.params.length; p++) {
                List<int[]> out = new ArrayList<>();
                ok[g][p] = types.kind(fn.params[p]) == TypeKind.FUNC && usesOnlyAsCallee(fn, p, out);
                for (int[] e : out) edges.add(List.of(new int[]{g, p}, e));
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (List<int[]> e : edges) {
                int[] from = e.get(0);
                int[] to = e.get(1);
                if (ok[from[0]][from[1]] && !ok[to[0]][to[1]]) {
                    ok[from[0]][from[1]] = false;
                    changed = true;
                }
            }
        }
        return ok;
    }

    /**
     * Whether register {@code p} of {@code fn} is never redefined and is used only as a
     * closure called, or passed once to a direct call (whose (callee, position) go to {@code edges}).
     */
    private static boolean usesOnlyAsCallee(IrFunction fn, int p, List<int[]> edges) {
        for (IrFunction.Block b : fn.blocks) {
            for (IrInsn i : b.insns) {
                if (i.def() == p) return false;
                int uses = count(i, p);
                if (uses == 0) continue;
                if (uses > 1) return false;
                switch (i.op) {
                    case CALLC -> {
                        if (i.ops[1] != p) return false;
                    }
                    case TCALLC -> {
                        if (i.ops[0] != p) return false;
                    }
                    case CALL, TCALL -> edges.add(new int[]{callee(i), argPosition(i, p)});
                    default -> {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static int count(IrInsn i, int r) {
        int[] n = {0};
        i.forEachUse((u, consumes) -> {
            if (u == r) n[0]++;
        });
        return n[0];
    }

    /** Whether {@code g} may be copied for a closure passed as its parameter {@code p}. */
    private boolean specialisable(int g, int p) {
        Origin o = origins.get(g);
        if (o == null) return g < specialisable.length && specialisable[g][p];
        if (p < o.param) return specialisable(o.of, p);
        if (p < o.param + o.width) return false; // a captured value
        return specialisable(o.of, p - o.width + 1);
    }

    // ------------------------------------------------------------------ call sites

    private void rewriteSites(int f) {
        IrFunction fn = functions.get(f);
        int[] defs = new int[fn.regTypes.size()];
        int[] uses = new int[fn.regTypes.size()];
        for (IrFunction.Block b : fn.blocks) {
            for (IrInsn i : b.insns) {
                if (i.def() >= 0) defs[i.def()]++;
                i.forEachUse((u, consumes) -> uses[u]++);
            }
        }
        for (IrFunction.Block b : fn.blocks) {
            for (int k = 0; k < b.insns.size(); k++) {
                IrInsn call = b.insns.get(k);
                if (call.op == Opcode.CALLC || call.op == Opcode.TCALLC) {
                    if (applyDirectly(fn, b, k, defs, uses)) k--;
                    continue;
                }
                if (call.op != Opcode.CALL && call.op != Opcode.TCALL) continue;
                int[] args = args(call);
                for (int q = 0; q < args.length; q++) {
                    int c = args[q];
                    if (c < fn.params.length || defs[c] != 1 || uses[c] != 1) continue;
                    int at = closureBuiltAt(b, k, c);
                    if (at < 0) continue;
                    IrInsn made = b.insns.get(at);
                    int lambda = types.closureFunction(made.ops[1]);
                    int[] caps = Arrays.copyOfRange(made.ops, 3, 3 + made.ops[2]);
                    int g = callee(call);
                    if (!specialisable(g, q) || !liftable(lambda) || !unchangedBetween(b, at, k, caps) || !affordable(g, q, lambda)) {
                        continue;
                    }
                    b.insns.set(k, retarget(call, copy(g, q, lambda), q, caps));
                    b.insns.remove(at);
                    k -= 2; // the call, one place earlier, is looked at again for its other arguments
                    break;
                }
            }
        }
    }

    /**
     * A closure built just before and called once, {@code (\x -> e)(a)}: the call becomes a
     * call of the lambda taking the captured values, and the closure is not built. True if
     * instruction {@code k} of {@code b} (a {@code callc} or {@code tcallc}) was rewritten.
     */
    private boolean applyDirectly(IrFunction fn, IrFunction.Block b, int k, int[] defs, int[] uses) {
        IrInsn call = b.insns.get(k);
        int c = call.op == Opcode.CALLC ? call.ops[1] : call.ops[0];
        if (c < fn.params.length || defs[c] != 1 || uses[c] != 1) return false;
        int at = closureBuiltAt(b, k, c);
        if (at < 0) return false;
        IrInsn made = b.insns.get(at);
        int lambda = types.closureFunction(made.ops[1]);
        int[] caps = Arrays.copyOfRange(made.ops, 3, 3 + made.ops[2]);
        boolean room = liftedLambdas.containsKey(lambda) || functions.size() + 1 <= limit;
        if (!liftable(lambda) || !unchangedBetween(b, at, k, caps) || !room) return false;
        int[] args = concat(caps, args(call));
        b.insns.set(k, call.op == Opcode.CALLC
                ? new IrInsn(Opcode.CALL, call.line, Lowerer.call(call.ops[0], lifted(lambda), args))
                : new IrInsn(Opcode.TCALL, call.line, Lowerer.withList(new int[]{lifted(lambda)}, args)));
        b.insns.remove(at);
        return true;
    }

    /** The index in {@code b} of the {@code new} of a closure shape that defines {@code c} before instruction {@code k}, or -1. */
    private int closureBuiltAt(IrFunction.Block b, int k, int c) {
        for (int j = k - 1; j >= 0; j--) {
            IrInsn i = b.insns.get(j);
            if (i.def() != c) continue;
            return i.op == Opcode.NEW && types.closureFunction(i.ops[1]) >= 0 ? j : -1;
        }
        return -1;
    }

    /** Whether no instruction strictly between {@code from} and {@code to} redefines one of {@code regs}. */
    private static boolean unchangedBetween(IrFunction.Block b, int from, int to, int[] regs) {
        for (int j = from + 1; j < to; j++) {
            int d = b.insns.get(j).def();
            for (int r : regs) if (d == r) return false;
        }
        return true;
    }

    /** Whether lambda {@code l} uses its closure only to read its captured values, each into a register of its own. */
    private boolean liftable(int l) {
        IrFunction fn = functions.get(l);
        for (IrFunction.Block b : fn.blocks) {
            for (IrInsn i : b.insns) {
                if (i.def() == 0) return false;
                if (count(i, 0) > 0 && !(i.op == Opcode.GET && i.ops[1] == 0 && count(i, 0) == 1)) return false;
            }
        }
        return fn.params.length - 1 + types.fields(types.closureShape(l)).length <= Layout.MAX_ARGS;
    }

    // ------------------------------------------------------------------ copies

    /**
     * Whether copying {@code g} for closures of {@code lambda} as its parameter {@code p} stays
     * within the bounds, with every function the copy passes them to (all copied with it).
     */
    private boolean affordable(int g, int p, int lambda) {
        int width = types.fields(types.closureShape(lambda)).length;
        int added = liftedLambdas.containsKey(lambda) ? 0 : 1;
        List<int[]> todo = new ArrayList<>();
        java.util.Set<List<Integer>> seen = new java.util.HashSet<>();
        todo.add(new int[]{g, p});
        while (!todo.isEmpty()) {
            int[] at = todo.remove(todo.size() - 1);
            if (!seen.add(List.of(at[0], at[1])) || copies.containsKey(List.of(at[0], at[1], lambda))) continue;
            IrFunction fn = functions.get(at[0]);
            if (size(fn) > MAX_COPIED_INSNS || fn.params.length - 1 + width > Layout.MAX_ARGS) return false;
            added++;
            for (IrFunction.Block b : fn.blocks) {
                for (IrInsn i : b.insns) {
                    if ((i.op == Opcode.CALL || i.op == Opcode.TCALL) && count(i, at[1]) == 1) {
                        todo.add(new int[]{callee(i), argPosition(i, at[1])});
                    }
                }
            }
        }
        return functions.size() + added <= limit;
    }

    /** {@code g} for closures of {@code lambda} as its parameter {@code p}: the copy's id, made now if new. */
    private int copy(int g, int p, int lambda) {
        List<Integer> key = List.of(g, p, lambda);
        Integer known = copies.get(key);
        if (known != null) return known;
        IrFunction fn = functions.get(g);
        int width = types.fields(types.closureShape(lambda)).length;
        int lifted = lifted(lambda);
        IrFunction copy = emptyCopy(fn, p, types.fields(types.closureShape(lambda)));
        int id = be.addFunction(copy);
        origins.put(id, new Origin(g, p, width));
        copies.put(key, id);
        int[] caps = new int[width];
        for (int i = 0; i < width; i++) caps[i] = p + i;
        java.util.function.IntUnaryOperator shift = r -> r < p ? r : r + width - 1;
        for (IrFunction.Block b : fn.blocks) {
            IrFunction.Block nb = copy.newBlock();
            for (IrInsn i : b.insns) nb.insns.add(copied(i, p, shift, caps, lambda, lifted));
        }
        return id;
    }

    /** Instruction {@code i} of a function copied for closures of {@code lambda} in register {@code p}. */
    private IrInsn copied(IrInsn i, int p, java.util.function.IntUnaryOperator shift, int[] caps, int lambda, int lifted) {
        if (i.op == Opcode.CALLC && i.ops[1] == p) {
            int[] args = map(args(i), shift);
            return new IrInsn(Opcode.CALL, i.line, Lowerer.call(shift.applyAsInt(i.ops[0]), lifted, concat(caps, args)));
        }
        if (i.op == Opcode.TCALLC && i.ops[0] == p) {
            int[] args = map(args(i), shift);
            return new IrInsn(Opcode.TCALL, i.line, Lowerer.withList(new int[]{lifted}, concat(caps, args)));
        }
        if ((i.op == Opcode.CALL || i.op == Opcode.TCALL) && count(i, p) == 1) {
            int q = argPosition(i, p);
            int h = copy(callee(i), q, lambda);
            IrInsn c = i.copy();
            c.mapRegisters(r -> r == p ? p : shift.applyAsInt(r));
            return retarget(c, h, q, caps);
        }
        IrInsn c = i.copy();
        c.mapRegisters(shift);
        return c;
    }

    /** Lambda {@code l} taking its captured values as its first parameters instead of its closure. */
    private int lifted(int l) {
        Integer known = liftedLambdas.get(l);
        if (known != null) return known;
        IrFunction fn = functions.get(l);
        int[] fields = types.fields(types.closureShape(l));
        int width = fields.length;
        // A register that only receives captured value k becomes parameter k itself: the
        // value is then as borrowed or owned as the parameter, where a move would own it.
        int[] defs = new int[fn.regTypes.size()];
        for (IrFunction.Block b : fn.blocks) for (IrInsn i : b.insns) if (i.def() >= 0) defs[i.def()]++;
        Map<Integer, Integer> captured = new HashMap<>();
        for (IrFunction.Block b : fn.blocks) {
            for (IrInsn i : b.insns) {
                if (i.op == Opcode.GET && i.ops[1] == 0 && defs[i.ops[0]] == 1 && i.ops[0] >= fn.params.length) {
                    captured.putIfAbsent(i.ops[0], i.ops[2]);
                }
            }
        }
        IrFunction copy = emptyCopy(fn, 0, fields);
        int id = be.addFunction(copy);
        liftedLambdas.put(l, id);
        origins.put(id, new Origin(l, 0, width));
        java.util.function.IntUnaryOperator shift = r -> captured.containsKey(r) ? captured.get(r) : r + width - 1;
        for (IrFunction.Block b : fn.blocks) {
            IrFunction.Block nb = copy.newBlock();
            for (IrInsn i : b.insns) {
                if (i.op == Opcode.GET && i.ops[1] == 0) {
                    // Captured value i.ops[2] is now parameter i.ops[2]: renamed, or moved.
                    if (!captured.containsKey(i.ops[0])) {
                        nb.insns.add(new IrInsn(Opcode.MOV, i.line, shift.applyAsInt(i.ops[0]), i.ops[2]));
                    }
                    continue;
                }
                IrInsn c = i.copy();
                c.mapRegisters(shift);
                nb.insns.add(c);
            }
        }
        return id;
    }

    // ------------------------------------------------------------------ helpers

    /**
     * A function named as {@code fn}, with its parameter {@code p} replaced by parameters of
     * types {@code inserted} and its other registers after them, in order; no blocks yet.
     */
    private static IrFunction emptyCopy(IrFunction fn, int p, int[] inserted) {
        IrFunction copy = new IrFunction(fn.name, splice(fn.params, p, inserted), fn.result, fn.file);
        copy.span = fn.span;
        for (int r = fn.params.length; r < fn.regTypes.size(); r++) copy.newReg(fn.regType(r));
        return copy;
    }

    private static int size(IrFunction fn) {
        int n = 0;
        for (IrFunction.Block b : fn.blocks) n += b.insns.size();
        return n;
    }

    private static int callee(IrInsn call) {
        return call.op == Opcode.CALL ? call.ops[1] : call.ops[0];
    }

    /** The arguments of a {@code call}, {@code tcall}, {@code callc} or {@code tcallc}. */
    private static int[] args(IrInsn call) {
        int p = call.op == Opcode.CALL || call.op == Opcode.CALLC ? 2 : 1;
        return Arrays.copyOfRange(call.ops, p + 1, p + 1 + call.ops[p]);
    }

    private static int argPosition(IrInsn call, int r) {
        int[] a = args(call);
        for (int k = 0; k < a.length; k++) if (a[k] == r) return k;
        throw new IllegalArgumentException("not an argument");
    }

    /** {@code call} (of the original) as a call of {@code g2}, its argument {@code q} replaced by {@code caps}. */
    private static IrInsn retarget(IrInsn call, int g2, int q, int[] caps) {
        int[] spliced = splice(args(call), q, caps);
        int[] ops = call.op == Opcode.CALL
                ? Lowerer.call(call.ops[0], g2, spliced)
                : Lowerer.withList(new int[]{g2}, spliced);
        return new IrInsn(call.op, call.line, ops);
    }

    /** {@code a} with its element {@code p} replaced by the elements of {@code inserted}. */
    private static int[] splice(int[] a, int p, int[] inserted) {
        int[] out = new int[a.length - 1 + inserted.length];
        System.arraycopy(a, 0, out, 0, p);
        System.arraycopy(inserted, 0, out, p, inserted.length);
        System.arraycopy(a, p + 1, out, p + inserted.length, a.length - p - 1);
        return out;
    }

    private static int[] map(int[] regs, java.util.function.IntUnaryOperator f) {
        int[] out = new int[regs.length];
        for (int k = 0; k < regs.length; k++) out[k] = f.applyAsInt(regs[k]);
        return out;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
