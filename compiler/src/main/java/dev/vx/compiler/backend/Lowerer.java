package dev.vx.compiler.backend;

import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.Prim;
import dev.vx.bytecode.Scalar;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.tast.Builtin;
import dev.vx.compiler.tast.DoStmt;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.FunctionDef;
import dev.vx.compiler.tast.Local;
import dev.vx.compiler.tast.Pattern;
import dev.vx.compiler.tast.Stmt;
import dev.vx.compiler.types.AdtType;
import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import dev.vx.compiler.types.Types;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.vx.bytecode.Opcode.*;

/**
 * Lowers one function instance (a definition at concrete type arguments, a lambda, or a
 * {@code do} block) from the typed AST to the IR: expressions to virtual registers, control
 * flow to blocks, {@code match} to decision trees (see {@link MatchLowering}), lambdas to
 * closure cells of lifted functions, fork groups to {@code fork}/{@code call}/{@code join}.
 * Reference counting is not done here: every register that holds a reference is owned, and
 * {@link RcInsertion} adds the dup and drop instructions afterwards.
 */
final class Lowerer {
    final Backend be;
    final IrFunction fn;
    private final Map<TypeParam, Type> subst;
    final Map<Local, Integer> env = new HashMap<>();
    IrFunction.Block cur;
    int line;

    Lowerer(Backend be, IrFunction fn, Map<TypeParam, Type> subst) {
        this.be = be;
        this.fn = fn;
        this.subst = subst;
        this.cur = fn.newBlock();
    }

    /** Lowers the body of a top-level definition whose parameters are registers 0..n-1. */
    void lowerDefinition(FunctionDef def) {
        for (int i = 0; i < def.params().size(); i++) env.put(def.params().get(i), i);
        line = def.span().line();
        lowerTail(def.body());
    }

    // ------------------------------------------------------------------ helpers

    Type ground(Type t) {
        return subst.isEmpty() ? t : Types.substitute(t, subst);
    }

    List<Type> groundAll(List<Type> ts) {
        List<Type> out = new ArrayList<>(ts.size());
        for (Type t : ts) out.add(ground(t));
        return out;
    }

    int ty(Type t) {
        return be.types.of(ground(t));
    }

    int reg(Type t) {
        return fn.newReg(ty(t));
    }

    void emit(Opcode op, int... ops) {
        cur.insns.add(new IrInsn(op, line, ops));
    }

    void at(Span s) {
        if (s == null) return;
        line = s.line();
        be.site = s;
    }

    static int[] call(int d, int callee, int[] args) {
        int[] ops = new int[4 + args.length];
        ops[0] = d;
        ops[1] = callee;
        ops[2] = args.length;
        System.arraycopy(args, 0, ops, 3, args.length);
        ops[3 + args.length] = 0; // saves: filled by register allocation
        return ops;
    }

    static int[] withList(int[] head, int[] list) {
        int[] ops = new int[head.length + 1 + list.length];
        System.arraycopy(head, 0, ops, 0, head.length);
        ops[head.length] = list.length;
        System.arraycopy(list, 0, ops, head.length + 1, list.length);
        return ops;
    }

    void loadWord(int r, long word) {
        if (word == (int) word) emit(LDI, r, (int) word);
        else emit(LDK, r, be.pool.constant(word));
    }

    int constant(int type, long word) {
        int r = fn.newReg(type);
        loadWord(r, word);
        return r;
    }

    /** Starts a fresh block that nothing jumps to: code after a panic or exit. */
    int unreachable(Type t) {
        cur = fn.newBlock();
        return reg(t);
    }

    // ------------------------------------------------------------------ tail position

    /** Lowers {@code e} as the function's result: its calls become tail calls. */
    void lowerTail(Expr e) {
        at(e.span());
        if (e instanceof Expr.Call c && !isArrayOfLiteralList(c)) {
            int[] args = args(c.args());
            at(e.span());
            emit(TCALL, withList(new int[]{be.instance(c.function(), groundAll(c.typeArgs()))}, args));
        } else if (e instanceof Expr.ClosureCall c) {
            int clo = lower(c.callee());
            int[] args = args(c.args());
            at(e.span());
            emit(TCALLC, withList(new int[]{clo}, args));
        } else if (e instanceof Expr.If i) {
            branch(i.cond(), i.then(), i.otherwise(), Target.TAIL);
        } else if (e instanceof Expr.Match m) {
            new MatchLowering(this).match(m, Target.TAIL);
        } else if (e instanceof Expr.Block b) {
            for (Stmt s : b.statements()) statement(s);
            lowerTail(b.result());
        } else {
            int r = lower(e);
            if (!cur.terminated()) emit(RET, r);
        }
    }

    /** Where a branch's value goes: returned, or moved to a register before a jump to a join block. */
    record Target(boolean tail, int register, int join) {
        static final Target TAIL = new Target(true, -1, -1);
    }

    void lowerTo(Expr e, Target t) {
        if (t.tail()) {
            lowerTail(e);
            return;
        }
        int r = lower(e);
        if (cur.terminated()) return;
        emit(MOV, t.register(), r);
        emit(JMP, t.join());
    }

    private int branch(Expr cond, Expr then, Expr otherwise, Target target) {
        int c = lower(cond);
        IrFunction.Block yes = fn.newBlock();
        IrFunction.Block no = fn.newBlock();
        emit(JT, c, yes.id);
        emit(JMP, no.id);
        cur = yes;
        lowerTo(then, target);
        cur = no;
        lowerTo(otherwise, target);
        return target.register();
    }

    /** A target that moves the value into a new register and continues in a new join block. */
    Target joinTarget(Type type) {
        return new Target(false, reg(type), fn.newBlock().id);
    }

    void continueAt(Target t) {
        cur = fn.blocks.get(t.join());
    }

    // ------------------------------------------------------------------ expressions

    int[] args(List<Expr> es) {
        int[] out = new int[es.size()];
        for (int i = 0; i < out.length; i++) out[i] = lower(es.get(i));
        return out;
    }

    int lower(Expr e) {
        at(e.span());
        if (e instanceof Expr.Literal l) {
            return constant(ty(l.type()), l.word());
        } else if (e instanceof Expr.StringLit s) {
            int r = reg(s.type());
            emit(LDS, r, be.pool.string(s.value()));
            return r;
        } else if (e instanceof Expr.LocalRef l) {
            Integer r = env.get(l.local());
            if (r == null) throw new IllegalStateException("local " + l.local() + " has no register in " + fn.name);
            return r;
        } else if (e instanceof Expr.FunctionRef f) {
            int r = reg(f.type());
            emit(NEW, withList(new int[]{r, be.functionValue(f.function(), groundAll(f.typeArgs()), ty(f.type()))}, new int[0]));
            return r;
        } else if (e instanceof Expr.BuiltinRef b) {
            int r = reg(b.type());
            emit(NEW, withList(new int[]{r, be.builtinValue(b.builtin(), groundAll(b.typeArgs()), ty(b.type()))}, new int[0]));
            return r;
        } else if (e instanceof Expr.Call c) {
            if (isArrayOfLiteralList(c)) return arrayOfLiteralList(c);
            int[] args = args(c.args());
            at(e.span());
            int d = reg(c.type());
            emit(CALL, call(d, be.instance(c.function(), groundAll(c.typeArgs())), args));
            return d;
        } else if (e instanceof Expr.BuiltinCall b) {
            return builtin(b.builtin(), b.type(), args(b.args()), b.span());
        } else if (e instanceof Expr.ClosureCall c) {
            int clo = lower(c.callee());
            int[] args = args(c.args());
            at(e.span());
            int d = reg(c.type());
            emit(CALLC, call(d, clo, args));
            return d;
        } else if (e instanceof Expr.Job j) {
            int[] args = args(j.args());
            at(e.span());
            int d = reg(j.type());
            emit(JOB, call(d, be.instance(j.function(), groundAll(j.typeArgs())), args));
            return d;
        } else if (e instanceof Expr.Construct c) {
            int[] fields = args(c.fields());
            at(e.span());
            int d = reg(c.type());
            int ctor = be.types.ctor((AdtType) ground(c.type()), c.constructor());
            emit(NEW, withList(new int[]{d, ctor}, fields));
            return d;
        } else if (e instanceof Expr.Tuple t) {
            int[] elems = args(t.elements());
            at(e.span());
            int d = reg(t.type());
            emit(NEW, withList(new int[]{d, be.types.tuple(fn.regType(d))}, elems));
            return d;
        } else if (e instanceof Expr.ListLit l) {
            return listLiteral(l);
        } else if (e instanceof Expr.Cons c) {
            // As in a list literal, a simple head is evaluated after the tail: a long chain
            // `1 <> 2 <> … <> []` then keeps two registers live, not one per element.
            boolean headLast = isSimple(c.head());
            int h = headLast ? -1 : lower(c.head());
            int t = lower(c.tail());
            if (headLast) h = lower(c.head());
            at(e.span());
            int d = reg(c.type());
            emit(NEW, withList(new int[]{d, be.types.cons(fn.regType(d))}, new int[]{h, t}));
            return d;
        } else if (e instanceof Expr.Unary u) {
            int a = lower(u.operand());
            at(e.span());
            int d = reg(u.type());
            emit(Operators.unary(u.op(), u.kind()), d, a);
            return d;
        } else if (e instanceof Expr.Binary b) {
            return Operators.binary(this, b, lower(b.left()), lower(b.right()));
        } else if (e instanceof Expr.And a) {
            Target t = joinTarget(a.type());
            branch(a.left(), a.right(), falseLiteral(a), t);
            continueAt(t);
            return t.register();
        } else if (e instanceof Expr.Or o) {
            Target t = joinTarget(o.type());
            branch(o.left(), trueLiteral(o), o.right(), t);
            continueAt(t);
            return t.register();
        } else if (e instanceof Expr.If i) {
            Target t = joinTarget(i.type());
            branch(i.cond(), i.then(), i.otherwise(), t);
            continueAt(t);
            return t.register();
        } else if (e instanceof Expr.Match m) {
            Target t = joinTarget(m.type());
            new MatchLowering(this).match(m, t);
            continueAt(t);
            return t.register();
        } else if (e instanceof Expr.Lambda l) {
            return closure(l, l.type(), l.params(), "lambda", sub -> sub.lowerTail(l.body()));
        } else if (e instanceof Expr.Block b) {
            for (Stmt s : b.statements()) statement(s);
            return lower(b.result());
        } else if (e instanceof Expr.Do d) {
            return closure(d, d.type(), List.of(), "do", sub -> sub.doBody(d));
        }
        throw new IllegalStateException("unknown expression " + e);
    }

    private static Expr falseLiteral(Expr at) {
        return new Expr.Literal(dev.vx.compiler.types.ScalarType.BOOL, at.span(), 0);
    }

    private static Expr trueLiteral(Expr at) {
        return new Expr.Literal(dev.vx.compiler.types.ScalarType.BOOL, at.span(), 1);
    }

    /**
     * {@code [a, b, c]}: cells are built from the end. The elements that are not simple (calls,
     * arithmetic) are evaluated first, in source order; simple ones (literals, locals) as they
     * are consed, so they are never live across a call: a long table with one computed entry
     * keeps two registers live, not one per element.
     */
    private int listLiteral(Expr.ListLit l) {
        int listType = ty(l.type());
        List<Expr> es = l.elements();
        int[] values = new int[es.size()];
        for (int i = 0; i < es.size(); i++) if (!isSimple(es.get(i))) values[i] = lower(es.get(i));
        at(l.span());
        int list = fn.newReg(listType);
        emit(NEW, withList(new int[]{list, be.types.nil(listType)}, new int[0]));
        for (int i = es.size() - 1; i >= 0; i--) {
            int v = isSimple(es.get(i)) ? lower(es.get(i)) : values[i];
            int next = fn.newReg(listType);
            emit(NEW, withList(new int[]{next, be.types.cons(listType)}, new int[]{v, list}));
            list = next;
        }
        return list;
    }

    /**
     * {@code Array.from_list([a, b, c])} with simple elements (a table of constants): Base's
     * {@code Array.fill(3, a)} and the updates it would make for the rest, without building
     * the list, counting it and freeing it (sha256_merkle builds its table of 64 round
     * constants this way for every hash).
     */
    private static boolean isArrayOfLiteralList(Expr.Call c) {
        return c.function().fromBase() && c.function().name().equals("Array.from_list")
                && c.args().get(0) instanceof Expr.ListLit l && !l.elements().isEmpty()
                && l.elements().stream().allMatch(Lowerer::isSimple);
    }

    private int arrayOfLiteralList(Expr.Call c) {
        List<Expr> es = ((Expr.ListLit) c.args().get(0)).elements();
        at(c.span());
        int u32 = Scalar.U32.typeId();
        int array = reg(c.type());
        emit(ANEW, array, constant(u32, es.size()), lower(es.get(0)));
        for (int i = 1; i < es.size(); i++) {
            int value = lower(es.get(i)); // simple: evaluated here, so two registers stay live, not one per element
            int next = reg(c.type());
            emit(ASET, next, array, constant(u32, i), value);
            array = next;
        }
        return array;
    }

    /**
     * An expression that cannot fail, take long or have an effect (a literal or a local):
     * evaluating it later than the source order says cannot be observed.
     */
    private static boolean isSimple(Expr e) {
        return e instanceof Expr.Literal || e instanceof Expr.LocalRef || e instanceof Expr.StringLit;
    }

    private int builtin(Builtin b, Type resultType, int[] a, Span span) {
        at(span);
        int d = reg(resultType);
        switch (b.op()) {
            case CONVERT -> emit(CONV, d, a[0], Scalar.convCode(b.scalar(), b.target()));
            case SQRT -> emit(b.scalar() == Scalar.F32 ? SQRT_F32 : SQRT_F64, d, a[0]);
            case TO_BITS -> {
                // Through the float's conversion to itself, which gives every NaN as the
                // canonical quiet NaN: which NaN an operation returns depends on the hardware
                // and on the JVM's compilers, so NaN bits must not be observable
                // (docs/language.md, "NaN bits").
                int canonical = fn.newReg(b.scalar().typeId());
                emit(CONV, canonical, a[0], Scalar.convCode(b.scalar(), b.scalar()));
                emit(MOV, d, canonical);
            }
            case FROM_BITS -> emit(MOV, d, a[0]);
            case ARRAY_FILL -> emit(ANEW, d, a[0], a[1]);
            case ARRAY_EMPTY -> emit(AEMPTY, d);
            case ARRAY_LEN -> emit(ALEN, d, a[0]);
            case ARRAY_GET -> {
                emit(AGET, d, a[0], a[1]);
            }
            case ARRAY_SET -> emit(ASET, d, a[0], a[1], a[2]);
            case ARRAY_SLICE -> emit(ASLICE, d, a[0], a[1], a[2]);
            // `++` on strings consumes its left operand, so that a string grown in a loop is
            // extended where it lies when nothing else holds it (Prim.STR_APPEND).
            case PRIM -> emit(PRIM, withList(new int[]{d, (b.prim() == Prim.STR_CONCAT ? Prim.STR_APPEND : b.prim()).ordinal()}, a));
            case PANIC -> {
                emit(PANIC, a[0]);
                return unreachable(resultType);
            }
            case EXIT -> {
                emit(EXIT, a[0]);
                return unreachable(resultType);
            }
            case IO -> {
                return a[0]; // an action is the thunk itself: IO(T) is (Unit) -> T in bytecode
            }
        }
        return d;
    }

    /** The body of a builtin used as a value: its parameters are registers 1..n (0 is the closure). */
    void builtinWrapperBody(Builtin b, Type resultType, int arity) {
        int[] a = new int[arity];
        for (int i = 0; i < arity; i++) a[i] = i + 1;
        int r = builtin(b, resultType, a, null);
        if (!cur.terminated()) emit(RET, r);
    }

    // ------------------------------------------------------------------ closures

    interface BodyLowering {
        void lower(Lowerer sub);
    }

    /**
     * A closure: lifts {@code body} into a function whose first parameter is the closure cell
     * (its captured values, read at entry) followed by {@code params}; returns a register
     * holding a new closure cell.
     */
    private int closure(Expr e, Type type, List<Local> params, String kind, BodyLowering body) {
        List<Local> captured = FreeVars.of(e);
        int funcType = ty(type);
        int[] capRegs = new int[captured.size()];
        int[] capTypes = new int[captured.size()];
        for (int i = 0; i < capRegs.length; i++) {
            capRegs[i] = env.get(captured.get(i));
            capTypes[i] = fn.regType(capRegs[i]);
        }
        String name = liftedName(fn.name, kind + "@" + line);
        int ctor = be.types.closure(funcType, name, capTypes);
        int[] paramTypes = new int[1 + be.types.components(funcType).length];
        paramTypes[0] = funcType;
        System.arraycopy(be.types.components(funcType), 0, paramTypes, 1, paramTypes.length - 1);
        IrFunction lifted = new IrFunction(name, paramTypes, be.types.result(funcType), fn.file);
        lifted.span = e.span();
        int fid = be.addFunction(lifted);
        be.closureFunction(ctor, fid);
        Lowerer sub = new Lowerer(be, lifted, subst);
        sub.line = line;
        for (int i = 0; i < captured.size(); i++) {
            int r = lifted.newReg(capTypes[i]);
            sub.emit(GET, r, 0, i);
            sub.cur.last().ctor = ctor;
            sub.env.put(captured.get(i), r);
        }
        for (int i = 0; i < params.size(); i++) sub.env.put(params.get(i), 1 + i);
        body.lower(sub);
        int d = fn.newReg(funcType);
        emit(NEW, withList(new int[]{d, ctor}, capRegs));
        return d;
    }

    /**
     * A lifted function's name: the enclosing function's, then {@code kind@line}. Past three
     * levels of nesting the middle ones are written {@code …}, so that names (in the module and
     * in backtraces) stay short however deep lambdas nest: {@code main.….lambda@3}.
     */
    static String liftedName(String enclosing, String own) {
        int first = enclosing.indexOf('@');
        if (first < 0 || enclosing.chars().filter(c -> c == '@').count() < 3) return enclosing + "." + own;
        int outer = enclosing.lastIndexOf('.', first); // the end of the named function's own name
        int elided = enclosing.indexOf(".…");
        if (elided >= 0 && elided < outer) outer = elided;
        return enclosing.substring(0, outer) + ".…." + own;
    }

    /** The body of a {@code do} block's action: register 1 is the Unit argument. */
    private void doBody(Expr.Do d) {
        int unit = 1;
        for (DoStmt s : d.statements()) {
            at(s.span());
            if (s instanceof DoStmt.Bind b) {
                int v = runAction(b.action(), unit);
                MatchLowering.bindIrrefutable(this, b.pattern(), v);
            } else if (s instanceof DoStmt.Run r) {
                runAction(r.action(), unit);
            } else if (s instanceof DoStmt.Pure p) {
                statement(p.statement());
            } else if (s instanceof DoStmt.When w) {
                int c = lower(w.cond());
                IrFunction.Block yes = fn.newBlock();
                IrFunction.Block no = fn.newBlock();
                IrFunction.Block join = fn.newBlock();
                emit(JT, c, yes.id);
                emit(JMP, no.id);
                cur = yes;
                runAction(w.action(), unit);
                emit(JMP, join.id);
                cur = no;
                emit(JMP, join.id);
                cur = join;
            }
        }
        int last = lower(d.last());
        at(d.last().span());
        emit(TCALLC, withList(new int[]{last}, new int[]{unit}));
    }

    private int runAction(Expr action, int unit) {
        int a = lower(action);
        int resultType = be.types.result(fn.regType(a));
        int r = fn.newReg(resultType);
        emit(CALLC, call(r, a, new int[]{unit}));
        return r;
    }

    // ------------------------------------------------------------------ statements

    void statement(Stmt s) {
        at(s.span());
        if (s instanceof Stmt.Let l) {
            int v = lower(l.value());
            MatchLowering.bindIrrefutable(this, l.pattern(), v);
        } else if (s instanceof Stmt.ForkGroup g) {
            forkGroup(g);
        }
    }

    /**
     * A fork group of direct calls becomes {@code fork j, k}, the k calls and {@code join j}.
     * A group with one call, or with a call that is not a direct call (a closure, a builtin, a
     * job), runs as plain calls. Either way every member's callee and arguments are evaluated
     * before any call (no call of the group uses another's result), so that which runtime
     * error a group reports does not depend on how it runs.
     */
    private void forkGroup(Stmt.ForkGroup g) {
        List<Stmt.Fork> forks = g.forks();
        boolean direct = forks.size() >= 2 && forks.stream().allMatch(f -> f.call() instanceof Expr.Call);
        int[][] args = new int[forks.size()][];
        int[] closures = new int[forks.size()];
        for (int i = 0; i < forks.size(); i++) {
            Expr call = forks.get(i).call();
            if (call instanceof Expr.ClosureCall c) closures[i] = lower(c.callee());
            args[i] = args(memberArgs(call));
        }
        if (!direct) {
            for (int i = 0; i < forks.size(); i++) env.put(forks.get(i).local(), plainCall(forks.get(i).call(), closures[i], args[i]));
            return;
        }
        at(g.span());
        int j = fn.newReg(Scalar.JOIN.typeId());
        emit(FORK, j, forks.size());
        for (int i = 0; i < forks.size(); i++) {
            Expr.Call c = (Expr.Call) forks.get(i).call();
            at(c.span());
            int d = reg(c.type());
            emit(CALL, call(d, be.instance(c.function(), groundAll(c.typeArgs())), args[i]));
            env.put(forks.get(i).local(), d);
        }
        emit(JOIN, j);
    }

    private static List<Expr> memberArgs(Expr call) {
        if (call instanceof Expr.Call c) return c.args();
        if (call instanceof Expr.ClosureCall c) return c.args();
        if (call instanceof Expr.BuiltinCall b) return b.args();
        if (call instanceof Expr.Job j) return j.args();
        throw new IllegalStateException("a fork of " + call);
    }

    /** A fork group's member as a plain call, its callee ({@code closure}) and arguments already evaluated. */
    private int plainCall(Expr call, int closure, int[] args) {
        at(call.span());
        if (call instanceof Expr.BuiltinCall b) return builtin(b.builtin(), b.type(), args, b.span());
        int d = reg(call.type());
        if (call instanceof Expr.Call c) {
            emit(CALL, call(d, be.instance(c.function(), groundAll(c.typeArgs())), args));
        } else if (call instanceof Expr.ClosureCall) {
            emit(CALLC, call(d, closure, args));
        } else {
            Expr.Job j = (Expr.Job) call;
            emit(JOB, call(d, be.instance(j.function(), groundAll(j.typeArgs())), args));
        }
        return d;
    }

    Pattern.Wildcard wildcard(Pattern p) {
        return new Pattern.Wildcard(p.type(), p.span());
    }
}
