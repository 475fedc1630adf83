package dev.vx.bytecode;

import static dev.vx.bytecode.Opcode.*;

import dev.vx.testkit.Choices;
import dev.vx.testkit.Gen;
import dev.vx.testkit.Gens;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates random modules that the verifier must accept, built by construction: a few tuple,
 * ADT, list, array and function types (with closure shapes), then functions whose code keeps
 * track of which registers are defined on every path (straight-line code, if/else diamonds,
 * switches with per-case field reads, loops with back edges, calls with partial saves, fork
 * groups, closures, arrays, primitives) and ends every path with a terminator.
 *
 * <p>Choices follow the testkit's advice: 0 is the simplest alternative, repetitions draw a
 * "continue?" flag per item, recursion is bounded by a depth budget.
 */
final class ModuleGen implements Gen<Module> {
    static final int BOOL = Scalar.BOOL.typeId();
    static final int U32 = Scalar.U32.typeId();
    static final int I32 = Scalar.I32.typeId();
    static final int U64 = Scalar.U64.typeId();
    static final int I64 = Scalar.I64.typeId();
    static final int F32 = Scalar.F32.typeId();
    static final int F64 = Scalar.F64.typeId();
    static final int NAT = Scalar.NAT.typeId();
    static final int UNIT = Scalar.UNIT.typeId();
    static final int JOIN_T = Scalar.JOIN.typeId();
    static final int STR = TypeDesc.STRING_TYPE;
    private static final int[] SCALARS = {BOOL, U32, I32, U64, I64, F32, F64, NAT, UNIT};
    private static final int[] NUMERIC = {U32, I32, U64, I64, F32, F64, NAT};
    /** Soft cap on a function's registers, so "save everything" stays far below the frame limit. */
    private static final int MAX_REGS = 150;

    private final int maxStatements;

    /** @param maxStatements the most top-level statements of one function body */
    ModuleGen(int maxStatements) {
        this.maxStatements = maxStatements;
    }

    @Override
    public Module generate(Choices choices) {
        return new ModuleMaker(choices, maxStatements).module();
    }

    /** A declared function. */
    private record Fn(int id, int[] params, int result, int closureCtor) {}

    private static final class ModuleMaker {
        final Choices c;
        final int maxStatements;
        final ModuleBuilder b = new ModuleBuilder();
        final List<Integer> pool = new ArrayList<>();      // types values may have
        final List<Integer> switchable = new ArrayList<>(); // ADT and list types
        final List<Integer> tuples = new ArrayList<>();
        final List<Integer> funcs = new ArrayList<>();
        final List<Integer> arrays = new ArrayList<>();
        final List<Fn> fns = new ArrayList<>();
        /** The functions a call, tcall, job or fork may name: not closure shapes' functions (docs/bytecode.md §5.3). */
        final List<Fn> direct = new ArrayList<>();
        int listStr = -1;
        int listU32;
        int okU32 = -1;
        int nameCounter;

        ModuleMaker(Choices c, int maxStatements) {
            this.c = c;
            this.maxStatements = maxStatements;
        }

        int below(int n) {
            return n <= 1 ? 0 : (int) c.draw(n - 1);
        }

        boolean flag(double p) {
            return c.weighted(p);
        }

        <T> T pick(List<T> items) {
            return items.get(below(items.size()));
        }

        String name(String prefix) {
            // Mostly plain names; sometimes any text, to exercise UTF-8 and quoting.
            if (flag(0.1)) return c.draw(Gens.strings(6));
            return prefix + (nameCounter++);
        }

        Module module() {
            for (int s : SCALARS) pool.add(s);
            pool.add(STR);
            types();
            int mainResult = pick(pool);
            int main = b.declare("main", new int[0], mainResult);
            fns.add(new Fn(main, new int[0], mainResult, -1));
            while (fns.size() < 5 && flag(0.5)) {
                int[] params = typeList(3);
                int result = pick(pool);
                int id = b.declare(name("f"), params, result);
                fns.add(new Fn(id, params, result, -1));
            }
            fns.sort((x, y) -> Integer.compare(x.id(), y.id()));
            for (Fn f : fns) if (f.closureCtor() < 0) direct.add(f);
            for (Fn f : fns) new Body(this, f).generate();
            byte[] hash = new byte[32];
            new SplittableRandom(c.draw(Long.MAX_VALUE)).nextBytes(hash);
            return b.entry(main).printResult(flag(0.5)).sourceHash(hash).build();
        }

        int[] typeList(int max) {
            int n = below(max + 1);
            int[] t = new int[n];
            for (int i = 0; i < n; i++) t[i] = pick(pool);
            return t;
        }

        String typeName() {
            return flag(0.5) ? name("T") : null;
        }

        void types() {
            listU32 = b.list(typeName(), U32);
            pool.add(listU32);
            switchable.add(listU32);
            if (flag(0.5)) {
                listStr = b.list(typeName(), STR);
                pool.add(listStr);
                switchable.add(listStr);
            }
            if (flag(0.5)) {
                okU32 = b.tuple(typeName(), BOOL, U32);
                pool.add(okU32);
                tuples.add(okU32);
            }
            for (int kinds = 0; kinds < 6 && flag(0.7); kinds++) {
                switch (below(5)) {
                    case 0 -> {
                        int t = b.tuple(typeName(), atLeastOne(typeList(3)));
                        tuples.add(t);
                        pool.add(t);
                    }
                    case 1 -> adt();
                    case 2 -> {
                        int t = b.list(typeName(), pick(pool));
                        switchable.add(t);
                        pool.add(t);
                    }
                    case 3 -> {
                        int t = b.array(typeName(), pick(pool));
                        arrays.add(t);
                        pool.add(t);
                    }
                    default -> funcType();
                }
            }
        }

        int[] atLeastOne(int[] t) {
            return t.length > 0 ? t : new int[] {pick(pool)};
        }

        void adt() {
            int t = b.adt(typeName());
            int n = 1 + below(3);
            // Constructor 0 never refers to the type itself, so every value has a finite base case.
            b.ctor(t, name("C"), typeList(2));
            for (int i = 1; i < n; i++) {
                int[] fields = typeList(3);
                for (int k = 0; k < fields.length; k++) if (flag(0.4)) fields[k] = t;
                b.ctor(t, name("C"), fields);
            }
            if (n == 1 && tuplesLike(t)) tuples.add(t);
            switchable.add(t);
            pool.add(t);
        }

        boolean tuplesLike(int t) {
            return b.typeDesc(t).ctorCount() == 1;
        }

        void funcType() {
            int[] params = typeList(2);
            int result = pick(pool);
            int t = b.funcType(typeName(), params, result);
            int shapes = 1 + below(2);
            for (int s = 0; s < shapes; s++) {
                int[] fnParams = new int[params.length + 1];
                fnParams[0] = t;
                System.arraycopy(params, 0, fnParams, 1, params.length);
                int fn = b.declare(name("lambda"), fnParams, result);
                int ctor = b.closure(t, name("Closure"), fn, typeList(2));
                fns.add(new Fn(fn, fnParams, result, ctor));
            }
            funcs.add(t);
            pool.add(t);
        }
    }

    /** The registers defined on every path to the current point, and those loops need kept. */
    private static final class Env {
        final BitSet defined = new BitSet();
        final BitSet pinned = new BitSet();

        Env copy() {
            Env e = new Env();
            e.defined.or(defined);
            e.pinned.or(pinned);
            return e;
        }
    }

    /** Generates the body of one function. */
    private static final class Body {
        final ModuleMaker mm;
        final Choices c;
        final Fn fn;
        final FunctionBuilder fb;
        int line;
        int statements;

        Body(ModuleMaker mm, Fn fn) {
            this.mm = mm;
            this.c = mm.c;
            this.fn = fn;
            this.fb = mm.b.define(fn.id(), mm.flag(0.3) ? "lib/" + mm.name("m") + ".vx" : "main.vx");
            this.line = 1 + mm.below(100);
        }

        void generate() {
            Env env = new Env();
            env.defined.set(0, fn.params().length);
            if (fn.closureCtor() >= 0 && mm.flag(0.7)) {
                // A closure's function may read its captured values from r0 right away.
                int[] fields = ctorFields(fn.closureCtor());
                for (int i = 0; i < fields.length; i++) {
                    if (mm.flag(0.6)) define(env, emit(GET, fresh(fields[i]), 0, i));
                }
            }
            if (!statements(env, 2, mm.maxStatements)) terminate(env);
        }

        // ---------------------------------------------------------- emitting

        int fresh(int type) {
            return fb.register(type);
        }

        /** Emits and returns the instruction's first operand (its destination, for writers). */
        int emit(Opcode op, int... operands) {
            fb.emit(line, op, operands);
            return operands.length > 0 ? operands[0] : -1;
        }

        int define(Env env, int r) {
            env.defined.set(r);
            return r;
        }

        int[] ctorFields(int ctor) {
            return mm.b.ctorDesc(ctor).fields();
        }

        boolean room() {
            return fb.registerCount() < MAX_REGS;
        }

        List<Integer> ofType(Env env, int type) {
            List<Integer> out = new ArrayList<>();
            for (int r = env.defined.nextSetBit(0); r >= 0; r = env.defined.nextSetBit(r + 1)) {
                if (fb.registerType(r) == type) out.add(r);
            }
            return out;
        }

        List<Integer> refs(Env env) {
            List<Integer> out = new ArrayList<>();
            for (int r = env.defined.nextSetBit(0); r >= 0; r = env.defined.nextSetBit(r + 1)) {
                int t = fb.registerType(r);
                if (t != JOIN_T && !isScalar(t)) out.add(r);
            }
            return out;
        }

        static boolean isScalar(int t) {
            return t < Scalar.values().length;
        }

        int[] bits(BitSet s) {
            return s.stream().toArray();
        }

        // ---------------------------------------------------------- statements

        /** Emits statements; true when every path ended with a terminator. */
        boolean statements(Env env, int depth, int max) {
            for (int i = 0; i < max && room() && mm.flag(0.8); i++) {
                if (mm.flag(0.3)) line += 1 + mm.below(3);
                if (statement(env, depth)) return true;
            }
            return false;
        }

        boolean statement(Env env, int depth) {
            int choice = mm.below(depth > 0 ? 12 : 7);
            switch (choice) {
                case 0 -> produce(env, mm.pick(mm.pool), 1, -1);
                case 1 -> redefine(env);
                case 2 -> refOp(env);
                case 3 -> emit(NOP);
                case 4 -> call(env, depth);
                case 5 -> forkGroup(env);
                case 6 -> {
                    if (depth == 0 || mm.flag(0.9)) produce(env, mm.pick(mm.pool), 2, -1);
                    else return terminate(env);
                }
                case 7 -> { return diamond(env, depth); }
                case 8 -> { return switchOn(env, depth); }
                case 9 -> { return loop(env, depth); }
                case 10 -> closureCall(env, depth);
                default -> {
                    if (mm.flag(0.5)) return terminate(env);
                    produce(env, mm.pick(mm.pool), 2, -1);
                }
            }
            return false;
        }

        void redefine(Env env) {
            List<Integer> candidates = new ArrayList<>();
            for (int r = env.defined.nextSetBit(fn.params().length); r >= 0; r = env.defined.nextSetBit(r + 1)) {
                if (!env.pinned.get(r) && fb.registerType(r) != JOIN_T) candidates.add(r);
            }
            if (candidates.isEmpty()) return;
            int r = mm.pick(candidates);
            produce(env, fb.registerType(r), 1, r);
        }

        void refOp(Env env) {
            List<Integer> refs = refs(env);
            if (refs.isEmpty()) return;
            int r = mm.pick(refs);
            switch (mm.below(4)) {
                case 0 -> emit(DUP, r);
                case 1 -> emit(DROP, r);
                case 2 -> emit(FREE, r);
                default -> define(env, emit(ISUNIQ, fresh(BOOL), r));
            }
        }

        /** A call that keeps only some registers: the rest are undefined afterwards. */
        void call(Env env, int depth) {
            Fn callee = mm.pick(mm.direct); // never empty: main is there
            int[] args = arguments(env, callee.params(), depth - 1);
            BitSet saves = new BitSet();
            for (int r = env.defined.nextSetBit(0); r >= 0; r = env.defined.nextSetBit(r + 1)) {
                if (env.pinned.get(r) || mm.flag(0.7)) saves.set(r);
            }
            int d = fresh(callee.result());
            fb.emit(line, mm.flag(0.2) ? JOB : CALL, FunctionBuilder.concat(new int[] {d, callee.id()}, args, bits(saves)));
            env.defined.clear();
            env.defined.or(saves);
            define(env, d);
        }

        int[] arguments(Env env, int[] params, int depth) {
            int[] args = new int[params.length];
            for (int i = 0; i < params.length; i++) args[i] = produce(env, params[i], depth, -1);
            return args;
        }

        void forkGroup(Env env) {
            if (env.defined.cardinality() > 200) return;
            int k = 2 + mm.below(2);
            Fn[] callees = new Fn[k];
            int[][] args = new int[k][];
            for (int i = 0; i < k; i++) {
                callees[i] = mm.pick(mm.direct);
                args[i] = arguments(env, callees[i].params(), 0);
            }
            int j = emit(FORK, fresh(JOIN_T), k);
            BitSet saves = (BitSet) env.defined.clone();
            saves.set(j);
            for (int i = 0; i < k; i++) {
                int d = fresh(callees[i].result());
                fb.emit(line, CALL, FunctionBuilder.concat(new int[] {d, callees[i].id()}, args[i], bits(saves)));
                saves.set(d);
            }
            emit(Opcode.JOIN, j);
            env.defined.or(saves);
        }

        void closureCall(Env env, int depth) {
            if (mm.funcs.isEmpty()) return;
            if (env.defined.cardinality() > 200) return;
            int t = mm.pick(mm.funcs);
            TypeDesc ft = mm.b.typeDesc(t);
            int closure = produce(env, t, depth - 1, -1);
            int[] args = arguments(env, ft.components(), depth - 1);
            int d = fresh(ft.result());
            fb.emit(line, CALLC, FunctionBuilder.concat(new int[] {d, closure}, args, bits(env.defined)));
            define(env, d);
        }

        /** if/else: both arms may define a shared register; the arms' definitions meet after. */
        boolean diamond(Env env, int depth) {
            int cond = produce(env, BOOL, depth - 1, -1);
            int shared = mm.flag(0.5) ? fresh(mm.pick(mm.pool)) : -1;
            int branch = fb.emit(line, mm.flag(0.5) ? JT : JF, cond, -1);
            Env a = env.copy();
            boolean aEnds = arm(a, depth - 1, shared);
            int jump = aEnds ? -1 : fb.emit(line, JMP, -1);
            fb.patch(branch, 1, fb.here());
            Env bEnv = env.copy();
            boolean bEnds = arm(bEnv, depth - 1, shared);
            if (jump >= 0) fb.patch(jump, 0, fb.here());
            if (aEnds && bEnds) return true;
            env.defined.clear();
            if (aEnds) env.defined.or(bEnv.defined);
            else if (bEnds) env.defined.or(a.defined);
            else {
                env.defined.or(a.defined);
                env.defined.and(bEnv.defined);
            }
            return false;
        }

        /** One arm of a branch: statements, then either a terminator or a write of the shared register. */
        boolean arm(Env env, int depth, int shared) {
            if (statements(env, depth, 4)) return true;
            if (mm.flag(0.15)) return terminate(env);
            if (shared >= 0) produce(env, fb.registerType(shared), 0, shared);
            return false;
        }

        boolean switchOn(Env env, int depth) {
            int t = mm.pick(mm.switchable);
            int a = produce(env, t, depth - 1, -1);
            TypeDesc td = mm.b.typeDesc(t);
            int n = td.ctorCount();
            int[] placeholders = new int[n];
            int sw = fb.switchOn(line, a, placeholders);
            // Cases may share a target; in a shared target the constructor is unknown.
            int[] groupOf = new int[n];
            for (int tag = 0; tag < n; tag++) groupOf[tag] = tag > 0 && mm.flag(0.15) ? groupOf[tag - 1] : tag;
            int shared = mm.flag(0.5) ? fresh(mm.pick(mm.pool)) : -1;
            List<Env> outs = new ArrayList<>();
            List<Integer> jumps = new ArrayList<>();
            for (int tag = 0; tag < n; tag++) {
                if (groupOf[tag] != tag) continue;
                int target = fb.here();
                boolean alone = true;
                for (int other = 0; other < n; other++) {
                    if (groupOf[other] == tag) {
                        fb.patch(sw, 2 + other, target);
                        if (other != tag) alone = false;
                    }
                }
                Env ce = env.copy();
                if (alone) {
                    int[] fields = ctorFields(td.firstCtor() + tag);
                    for (int i = 0; i < fields.length; i++) {
                        if (mm.flag(0.6)) define(ce, emit(GET, fresh(fields[i]), a, i));
                    }
                }
                if (!arm(ce, depth - 1, shared)) {
                    jumps.add(fb.emit(line, JMP, -1));
                    outs.add(ce);
                }
            }
            if (outs.isEmpty()) return true;
            for (int j : jumps) fb.patch(j, 0, fb.here());
            env.defined.clear();
            env.defined.or(outs.get(0).defined);
            for (Env e : outs) env.defined.and(e.defined);
            return false;
        }

        /** {@code i = 0; while i < limit: body; i += 1} with a back edge to the test. */
        boolean loop(Env env, int depth) {
            int i = define(env, emit(LDI, fresh(U32), 0));
            int limit = define(env, emit(LDI, fresh(U32), mm.below(10)));
            int one = define(env, emit(LDI, fresh(U32), 1));
            int header = fb.here();
            int cond = emit(LT_S, fresh(BOOL), i, limit);
            int exit = fb.emit(line, JF, cond, -1);
            Env body = env.copy();
            define(body, cond);
            // What the body reads must also hold on the back edge: keep everything defined at entry.
            body.pinned.or(env.defined);
            boolean ends = statements(body, depth - 1, 4);
            if (!ends) {
                emit(ADD_U32, i, i, one);
                fb.emit(line, JMP, header);
                env.defined.and(body.defined);
            }
            fb.patch(exit, 1, fb.here());
            define(env, cond);
            return false;
        }

        boolean terminate(Env env) {
            switch (mm.below(5)) {
                case 1 -> {
                    List<Fn> same = new ArrayList<>();
                    for (Fn f : mm.direct) if (f.result() == fn.result()) same.add(f);
                    if (same.isEmpty()) { // a closure's function, alone with its result type
                        emit(RET, produce(env, fn.result(), 1, -1));
                    } else {
                        Fn callee = mm.pick(same);
                        int[] args = arguments(env, callee.params(), 0);
                        fb.tcall(line, callee.id(), args);
                    }
                }
                case 2 -> {
                    List<Integer> same = new ArrayList<>();
                    for (int t : mm.funcs) if (mm.b.typeDesc(t).result() == fn.result()) same.add(t);
                    if (same.isEmpty()) {
                        emit(RET, produce(env, fn.result(), 1, -1));
                    } else {
                        int t = mm.pick(same);
                        int closure = produce(env, t, 0, -1);
                        int[] args = arguments(env, mm.b.typeDesc(t).components(), 0);
                        fb.tcallc(line, closure, args);
                    }
                }
                case 3 -> emit(PANIC, produce(env, STR, 0, -1));
                case 4 -> emit(EXIT, produce(env, U32, 0, -1));
                default -> emit(RET, produce(env, fn.result(), 1, -1));
            }
            return true;
        }

        // ---------------------------------------------------------- values

        /**
         * A register holding a value of {@code type}: an existing one, or one computed by new
         * instructions (into {@code dest} when it is not -1). Deeper values nest more work.
         */
        int produce(Env env, int type, int depth, int dest) {
            List<Integer> existing = ofType(env, type);
            if (dest < 0 && !existing.isEmpty() && (mm.flag(0.5) || !room())) return mm.pick(existing);
            int d = dest >= 0 ? dest : fresh(type);
            if (!existing.isEmpty() && mm.flag(0.1)) {
                emit(MOV, d, mm.pick(existing));
            } else if (type == STR) {
                string(env, d, depth);
            } else if (isScalar(type)) {
                scalar(env, type, d, depth);
            } else {
                reference(env, type, d, depth);
            }
            define(env, d);
            return d;
        }

        void scalar(Env env, int type, int d, int depth) {
            int choice = depth <= 0 ? 0 : mm.below(6);
            switch (choice) {
                case 1 -> { if (arithmetic(env, type, d, depth)) return; }
                case 2 -> { if (conversion(env, type, d, depth)) return; }
                case 3 -> { if (primitive(env, type, d, depth)) return; }
                case 4 -> { if (fieldOrElement(env, type, d, depth)) return; }
                case 5 -> { if (callFor(env, type, d, depth)) return; }
                default -> { }
            }
            literal(type, d);
        }

        void literal(int type, int d) {
            Scalar s = Scalar.values()[type];
            if (mm.flag(0.3)) {
                long word = c.draw(Gens.longs());
                word = switch (s) {
                    case BOOL -> word & 1;
                    case UNIT -> 0;
                    case U32, F32 -> word & 0xFFFF_FFFFL;
                    case I32 -> (int) word;
                    case NAT -> word & Long.MAX_VALUE;
                    default -> word;
                };
                emit(LDK, d, mm.b.constant(word));
                return;
            }
            int imm = c.draw(Gens.ints());
            imm = switch (s) {
                case BOOL -> imm & 1;
                case UNIT -> 0;
                case U32, NAT, F32 -> imm & Integer.MAX_VALUE;
                default -> imm;
            };
            emit(LDI, d, imm);
        }

        boolean arithmetic(Env env, int type, int d, int depth) {
            List<Opcode> ops = new ArrayList<>();
            for (Opcode op : Opcode.values()) {
                ScalarRules.Rule rule = ScalarRules.of(op);
                if (rule == null) continue;
                boolean fits = rule.form() == ScalarRules.Form.COMPARE
                        ? type == BOOL
                        : rule.types().contains(Scalar.values()[type]);
                if (fits) ops.add(op);
            }
            if (ops.isEmpty()) return false;
            Opcode op = mm.pick(ops);
            ScalarRules.Rule rule = ScalarRules.of(op);
            switch (rule.form()) {
                case BINARY -> {
                    int a = produce(env, type, depth - 1, -1);
                    int b = produce(env, type, depth - 1, -1);
                    emit(op, d, a, b);
                }
                case UNARY -> emit(op, d, produce(env, type, depth - 1, -1));
                case COMPARE -> {
                    List<Scalar> operandTypes = new ArrayList<>(rule.types());
                    int t = mm.pick(operandTypes).typeId();
                    int a = produce(env, t, depth - 1, -1);
                    int b = produce(env, t, depth - 1, -1);
                    emit(op, d, a, b);
                }
            }
            return true;
        }

        boolean conversion(Env env, int type, int d, int depth) {
            if (!Scalar.values()[type].isNumeric()) return false;
            int from = NUMERIC[mm.below(NUMERIC.length)];
            int a = produce(env, from, depth - 1, -1);
            emit(CONV, d, a, from * 16 + type);
            return true;
        }

        boolean primitive(Env env, int type, int d, int depth) {
            Prim p = null;
            if (type == U32) p = mm.flag(0.5) ? Prim.STR_LEN : null;
            if (type == I32) p = Prim.STR_CMP;
            if (type == BOOL) p = Prim.STR_EQ;
            if (type == UNIT) p = mm.flag(0.5) ? Prim.IO_PRINT : Prim.IO_WRITE;
            if (type == U64) p = Prim.IO_TIME_NS;
            if (type == F32) p = mm.flag(0.5) ? Prim.FLOOR_F32 : Prim.CEIL_F32;
            if (type == F64) p = mm.flag(0.5) ? Prim.FLOOR_F64 : Prim.CEIL_F64;
            if (p == null) {
                if (type != U32 || mm.arrays.isEmpty()) return false;
                int arr = produce(env, mm.pick(mm.arrays), depth - 1, -1);
                emit(ALEN, d, arr);
                return true;
            }
            primCall(env, p, d, depth);
            return true;
        }

        void primCall(Env env, Prim p, int d, int depth) {
            int[] args = new int[p.arity()];
            for (int i = 0; i < args.length; i++) args[i] = produce(env, sigType(p.param(i)), depth - 1, -1);
            fb.prim(line, d, p, args);
        }

        int sigType(Prim.Sig sig) {
            return switch (sig) {
                case BOOL -> BOOL;
                case U32 -> U32;
                case I32 -> I32;
                case U64 -> U64;
                case I64 -> I64;
                case F32 -> F32;
                case F64 -> F64;
                case NAT -> NAT;
                case UNIT -> UNIT;
                case STR -> STR;
                case LIST_U32 -> mm.listU32;
                default -> throw new IllegalArgumentException(sig.name());
            };
        }

        /** A field of a single-constructor value, or an array element, of the wanted type. */
        boolean fieldOrElement(Env env, int type, int d, int depth) {
            List<int[]> options = new ArrayList<>(); // {holder type, field index or -1 for an array}
            for (int t : mm.tuples) {
                int[] fields = ctorFields(mm.b.typeDesc(t).firstCtor());
                for (int i = 0; i < fields.length; i++) if (fields[i] == type) options.add(new int[] {t, i});
            }
            for (int t : mm.arrays) if (mm.b.typeDesc(t).element() == type) options.add(new int[] {t, -1});
            if (options.isEmpty()) return false;
            int[] o = mm.pick(options);
            int holder = produce(env, o[0], depth - 1, -1);
            if (o[1] >= 0) {
                emit(GET, d, holder, o[1]);
            } else {
                // atake, the owned read, exists only for elements that are references
                Opcode read = mm.b.typeDesc(type).isRef() && mm.flag(0.3) ? ATAKE : AGET;
                emit(read, d, holder, produce(env, U32, depth - 1, -1));
            }
            return true;
        }

        /** A call that saves every defined register, so nothing produced so far is lost. */
        boolean callFor(Env env, int type, int d, int depth) {
            List<Fn> callees = new ArrayList<>();
            for (Fn f : mm.direct) if (f.result() == type) callees.add(f);
            if (callees.isEmpty() || env.defined.cardinality() >= Layout.MAX_FRAME_WORDS - 1) return false;
            Fn callee = mm.pick(callees);
            int[] args = arguments(env, callee.params(), depth - 1);
            env.defined.clear(d);
            fb.call(line, d, callee.id(), args, bits(env.defined));
            return true;
        }

        void string(Env env, int d, int depth) {
            int choice = depth <= 0 ? 0 : mm.below(4);
            switch (choice) {
                case 1 -> primCall(env, Prim.STR_CONCAT, d, depth);
                case 2 -> {
                    Prim[] shows = {Prim.SHOW_U32, Prim.SHOW_I32, Prim.SHOW_U64, Prim.SHOW_I64, Prim.SHOW_NAT,
                            Prim.SHOW_F32, Prim.SHOW_F64};
                    primCall(env, shows[mm.below(shows.length)], d, depth);
                }
                case 3 -> {
                    if (!callFor(env, STR, d, depth)) emit(LDS, d, mm.b.string(c.draw(Gens.strings(12))));
                }
                default -> emit(LDS, d, mm.b.string(c.draw(Gens.strings(12))));
            }
        }

        void reference(Env env, int type, int d, int depth) {
            TypeDesc t = mm.b.typeDesc(type);
            if (t.kind() == TypeKind.ARRAY) {
                array(env, type, d, depth);
                return;
            }
            int choice = depth <= 0 ? 0 : mm.below(4);
            if (choice == 1 && callFor(env, type, d, depth)) return;
            if (choice == 2 && primitiveRef(env, type, d, depth)) return;
            // Below the depth budget, constructor 0 (non-recursive by construction) or Nil.
            int tag = depth <= 0 ? 0 : mm.below(t.ctorCount());
            int ctor = t.firstCtor() + tag;
            int[] fieldTypes = ctorFields(ctor);
            int[] fields = new int[fieldTypes.length];
            for (int i = 0; i < fields.length; i++) fields[i] = produce(env, fieldTypes[i], depth - 1, -1);
            List<Integer> tokens = refs(env);
            if (choice == 3 && !tokens.isEmpty()) {
                fb.newr(line, d, mm.pick(tokens), ctor, fields);
            } else {
                fb.newCell(line, d, ctor, fields);
                setReferenceField(env, d, ctor, depth);
            }
        }

        /** Sometimes {@code setf} of one of the new cell's reference fields (format 1.4). */
        void setReferenceField(Env env, int cell, int ctor, int depth) {
            if (mm.b.ctorDesc(ctor).closureFunction() >= 0 || !mm.flag(0.2)) return;
            int[] fieldTypes = ctorFields(ctor);
            List<Integer> refFields = new ArrayList<>();
            for (int i = 0; i < fieldTypes.length; i++) if (mm.b.typeDesc(fieldTypes[i]).isRef()) refFields.add(i);
            if (refFields.isEmpty() || !room()) return;
            int k = mm.pick(refFields);
            define(env, cell); // written above; a call that computes the value must save it
            emit(SETF, cell, ctor, k, produce(env, fieldTypes[k], depth - 1, -1));
        }

        boolean primitiveRef(Env env, int type, int d, int depth) {
            if (type == mm.listStr) primCall(env, mm.flag(0.5) ? Prim.STR_SPLIT : Prim.IO_ARGS, d, depth);
            else if (type == mm.listU32) primCall(env, Prim.STR_CODE_POINTS, d, depth);
            else if (type == mm.okU32) primCall(env, Prim.PARSE_U32, d, depth);
            else return false;
            return true;
        }

        void array(Env env, int type, int d, int depth) {
            int element = mm.b.typeDesc(type).element();
            int choice = depth <= 0 ? 0 : mm.below(4);
            switch (choice) {
                case 1 -> {
                    int a = produce(env, type, depth - 1, -1);
                    int i = produce(env, U32, depth - 1, -1);
                    int v = produce(env, element, depth - 1, -1);
                    emit(ASET, d, a, i, v);
                }
                case 2 -> {
                    int a = produce(env, type, depth - 1, -1);
                    int from = produce(env, U32, depth - 1, -1);
                    int to = produce(env, U32, depth - 1, -1);
                    emit(ASLICE, d, a, from, to);
                }
                case 3 -> {
                    if (!callFor(env, type, d, depth)) anew(env, element, d, depth);
                }
                default -> anew(env, element, d, depth);
            }
        }

        void anew(Env env, int element, int d, int depth) {
            int n = produce(env, U32, depth - 1, -1);
            int v = produce(env, element, depth - 1, -1);
            emit(ANEW, d, n, v);
        }
    }
}
