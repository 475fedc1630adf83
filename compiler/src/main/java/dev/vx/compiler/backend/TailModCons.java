package dev.vx.compiler.backend;

import dev.vx.bytecode.Layout;
import dev.vx.bytecode.Scalar;

import java.util.ArrayList;
import java.util.List;

import static dev.vx.bytecode.Opcode.*;

/**
 * Tail recursion modulo constructor (OCaml's {@code [@tail_mod_cons]}, Koka's and Lean's
 * destination passing): a function whose recursive call is the last field of the value it
 * returns, as in {@code h <> append(t, ys)} or {@code f(h) <> map(t, f)}, builds its result
 * from the first cell on in a loop instead of from the last one back on the lane stack.
 *
 * <p>For such a function {@code f} the pass adds {@code f'(dst, params)}, a copy of {@code f}
 * (same name and lines) that writes its result into field {@code i} of the cell {@code dst}
 * (of constructor {@code C}) with {@code setf} instead of returning it:
 * <ul>
 *   <li>a <em>site</em> of {@code f}, a block ending in {@code d := f(args); r1 := C{.., d,
 *       ..}; r2 := ..{.., r1, ..}; ...; ret rk} (constructions, each one's value a field of
 *       the next), becomes {@code r1 := C{.., hole, ..}; ...; f'(r1, args); ret rk} in
 *       {@code f}, and {@code r1 := C{.., hole, ..}; ...; setf dst.i := rk; tail f'(r1, args)}
 *       in {@code f'}: the cells are built before the call, with a hole (a constructor of the
 *       result type without fields, an immediate) where the call's result went, and the call
 *       fills the hole;</li>
 *   <li>in {@code f'}, every other {@code ret v} becomes {@code setf dst.i := v; ret ()}, a
 *       tail call of {@code f} a tail call of {@code f'} with the same destination (a filter's
 *       other branch stays in the loop), and a tail call of anything else a call whose result
 *       fills the hole.</li>
 * </ul>
 * So {@code f} pushes one frame however long the list it builds, with one cell per element
 * and no reversal.
 *
 * <p>It runs before borrow inference and reference counting, which then count the new code
 * as any other: {@code setf} consumes the value it stores (the hole it overwrites is an
 * immediate, never dropped), {@code dst} is an owned parameter (the cell above holds it too,
 * so its count is 2 while a level works on it), and a cell taken apart and rebuilt before the
 * call is rebuilt in the same memory when it is unique ({@link Reuse}). Moving the
 * constructions above the call changes no order of effects: they cannot fail, and read only
 * registers defined before the call. The cells under construction are reachable only from
 * {@code f}'s frame until {@code f} returns the first, so no other lane sees a hole.
 *
 * <p>Sites may leave their hole in different places (a search tree's insert recurses into
 * the left field on one path and the right on the other): {@code f} then gets a twin per
 * hole, and a site passes its new cell to the twin of the hole that cell has, a tail call of
 * another twin. The result type needs a constructor without fields for the hole (lists have
 * {@code []}; a tree whose every constructor has fields keeps its recursion). A construction that reads anything computed after the call (another
 * call, {@code xs ++ f(t)}) keeps it too.
 */
final class TailModCons {
    private TailModCons() {}

    /** Twins of one function at most: each is a copy of it. Sites with further holes stay calls. */
    private static final int MAX_TWINS = 4;
    /** Functions larger than this (IR instructions) are not copied. */
    private static final int MAX_COPIED_INSNS = 2000;

    /**
     * A block of f ending {@code d := f(args); r1 := C{.., d, ..}; r2 := ...{.., r1, ..}; ...;
     * ret rk}: the call at {@code call}, the constructions after it (each one's value a field
     * of the next, the last one returned); the hole is field {@code field} of the first one,
     * of constructor {@code ctor}.
     */
    private record Site(int block, int call, int ctor, int field) {
        Hole hole() {
            return new Hole(ctor, field);
        }
    }

    /** Where a twin fills its destination: field {@code field} of a cell of constructor {@code ctor}. */
    private record Hole(int ctor, int field) {}

    static void run(Backend backend, List<IrFunction> functions, TypeTable types) {
        int existing = functions.size();
        for (int id = 0; id < existing; id++) {
            IrFunction f = functions.get(id);
            if (f.params.length + 1 > Layout.MAX_ARGS) continue;
            List<Site> found = sites(f, id, types);
            if (found.isEmpty() || size(f) > MAX_COPIED_INSNS) continue;
            // One twin per hole the sites leave: a twin fills its own hole, and a site passes
            // its new cell to the twin of the hole that cell has.
            List<Hole> holes = found.stream().map(Site::hole).distinct().limit(MAX_TWINS).toList();
            List<Site> sites = found.stream().filter(s -> holes.contains(s.hole())).toList();
            int firstTwin = functions.size();
            for (Hole h : holes) {
                IrFunction g = destinationPassing(f, id, h, firstTwin, holes, sites, types);
                if (backend.addFunction(g) != firstTwin + holes.indexOf(h)) throw new IllegalStateException("function ids moved");
            }
            for (Site s : sites) {
                List<IrInsn> in = f.blocks.get(s.block).insns;
                IrInsn call = in.get(s.call);
                int first = fillHole(f, f.result, in, s, types);
                int twin = firstTwin + holes.indexOf(s.hole());
                in.add(in.size() - 1, new IrInsn(CALL, call.line,
                        Lowerer.call(f.newReg(Scalar.UNIT.typeId()), twin, prepend(first, args(call, 2)))));
            }
        }
    }

    private static List<Site> sites(IrFunction f, int id, TypeTable types) {
        List<Site> sites = new ArrayList<>();
        if (types.nullaryCtor(f.result) < 0 || !callsItself(f, id)) return sites;
        int[] touches = usesAndDefinitions(f);
        for (IrFunction.Block b : f.blocks) {
            List<IrInsn> in = b.insns;
            int k = in.size() - 1;
            if (k < 2 || in.get(k).op != RET) continue;
            int value = in.get(k).ops[0];
            // Back over the constructions, each building the value the next one takes, to the call.
            while (k >= 2 && in.get(k - 1).op == NEW && in.get(k - 1).ops[0] == value) {
                IrInsn cons = in.get(k - 1);
                IrInsn before = in.get(k - 2);
                if (types.closureFunction(cons.ops[1]) >= 0) break;
                boolean call = before.op == CALL && before.ops[1] == id;
                int inner = call || before.op == NEW ? before.ops[0] : -1;
                // The inner value is written once and read once, by this construction.
                int at = inner < 0 ? -1 : onlyField(cons, inner);
                if (at < 0 || touches[inner] != 2) break;
                if (call) {
                    sites.add(new Site(b.id, k - 2, cons.ops[1], at));
                    break;
                }
                value = inner;
                k--;
            }
        }
        return sites;
    }

    private static int size(IrFunction f) {
        int n = 0;
        for (IrFunction.Block b : f.blocks) n += b.insns.size();
        return n;
    }

    private static boolean callsItself(IrFunction f, int id) {
        for (IrFunction.Block b : f.blocks) {
            for (IrInsn i : b.insns) if (i.op == CALL && i.ops[1] == id) return true;
        }
        return false;
    }

    /** By register: how many instructions read or write it (a value written once and read once: 2). */
    private static int[] usesAndDefinitions(IrFunction f) {
        int[] n = new int[f.regTypes.size()];
        for (IrFunction.Block b : f.blocks) {
            for (IrInsn i : b.insns) {
                i.forEachUse((reg, consumes) -> n[reg]++);
                if (i.def() >= 0) n[i.def()]++;
            }
        }
        return n;
    }

    /** The field of {@code new} {@code cons} that is {@code r}, when exactly one is; else -1. */
    private static int onlyField(IrInsn cons, int r) {
        int found = -1;
        for (int k = 0; k < cons.ops[2]; k++) {
            if (cons.ops[3 + k] != r) continue;
            if (found >= 0) return -1;
            found = k;
        }
        return found;
    }

    /**
     * At a site, removes the call, puts a hole where its result went and leaves the
     * constructions and the {@code ret}; returns the register of the cell with the hole.
     */
    private static int fillHole(IrFunction f, int type, List<IrInsn> in, Site s, TypeTable types) {
        in.remove(s.call);
        IrInsn first = in.get(s.call);
        int hole = f.newReg(type);
        in.add(s.call, new IrInsn(NEW, first.line, Lowerer.withList(new int[]{hole, types.nullaryCtor(type)}, new int[0])));
        first.ops[3 + s.field] = hole;
        return first.ops[0];
    }

    /**
     * The twin of f that fills {@code own}: f's blocks with every register one higher
     * (register 0 is dst); the twin of hole {@code holes[j]} is function {@code firstTwin + j}.
     */
    private static IrFunction destinationPassing(IrFunction f, int id, Hole own, int firstTwin, List<Hole> holes,
                                                 List<Site> sites, TypeTable types) {
        int[] params = new int[f.params.length + 1];
        params[0] = f.result;
        System.arraycopy(f.params, 0, params, 1, f.params.length);
        IrFunction g = new IrFunction(f.name, params, Scalar.UNIT.typeId(), f.file);
        g.span = f.span;
        for (int r = f.params.length; r < f.regTypes.size(); r++) g.newReg(f.regType(r));
        for (IrFunction.Block fb : f.blocks) {
            IrFunction.Block b = g.newBlock();
            for (IrInsn i : fb.insns) {
                IrInsn c = i.copy();
                c.mapRegisters(r -> r + 1);
                b.insns.add(c);
            }
        }
        int self = firstTwin + holes.indexOf(own);
        Site[] site = new Site[g.blocks.size()];
        for (Site s : sites) site[s.block] = s;
        for (IrFunction.Block b : g.blocks) {
            List<IrInsn> in = b.insns;
            IrInsn last = in.get(in.size() - 1);
            if (site[b.id] != null) {
                IrInsn call = in.get(site[b.id].call);
                int first = fillHole(g, f.result, in, site[b.id], types);
                int next = firstTwin + holes.indexOf(site[b.id].hole());
                in.remove(in.size() - 1);
                in.add(new IrInsn(SETF, last.line, 0, own.ctor, own.field, last.ops[0]));
                in.add(new IrInsn(TCALL, call.line, Lowerer.withList(new int[]{next}, prepend(first, args(call, 2)))));
            } else if (last.op == RET) {
                in.remove(in.size() - 1);
                fill(g, in, last.ops[0], own, last.line);
            } else if (last.op == TCALL && last.ops[0] == id) {
                in.set(in.size() - 1, new IrInsn(TCALL, last.line, Lowerer.withList(new int[]{self}, prepend(0, args(last, 1)))));
            } else if (last.op == TCALL || last.op == TCALLC) {
                // A tail call of something else: its result fills the hole.
                int v = g.newReg(f.result);
                in.set(in.size() - 1, new IrInsn(last.op == TCALL ? CALL : CALLC, last.line,
                        Lowerer.call(v, last.ops[0], args(last, 1))));
                fill(g, in, v, own, last.line);
            }
        }
        return g;
    }

    /** {@code setf dst.field := v; ret ()}. */
    private static void fill(IrFunction g, List<IrInsn> in, int v, Hole own, int line) {
        int unit = g.newReg(Scalar.UNIT.typeId());
        in.add(new IrInsn(SETF, line, 0, own.ctor, own.field, v));
        in.add(new IrInsn(LDI, line, unit, 0));
        in.add(new IrInsn(RET, line, unit));
    }

    /** The argument list of a call ({@code from} = 2: {@code d f R R}) or tail call ({@code from} = 1: {@code f R}). */
    private static int[] args(IrInsn call, int from) {
        int n = call.ops[from];
        return java.util.Arrays.copyOfRange(call.ops, from + 1, from + 1 + n);
    }

    private static int[] prepend(int first, int[] rest) {
        int[] out = new int[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }
}
