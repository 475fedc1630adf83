package dev.vx.bytecode;

import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.StringJoiner;

/**
 * The checks of one function's code that need no dataflow: operand shapes and ranges, the
 * register types each instruction requires, fork groups, jump targets and falling off the end.
 * Then it hands over to {@link Dataflow} for definedness and known constructors.
 */
final class CodeVerifier {
    private static final int BOOL = Scalar.BOOL.typeId();
    private static final int U32 = Scalar.U32.typeId();
    private static final int JOIN = Scalar.JOIN.typeId();
    private static final int STRING = TypeDesc.STRING_TYPE;

    private final FunctionContext cx;
    private final int n;
    private final int registers;
    /** For each instruction strictly after a well-formed FORK up to its JOIN: the FORK's index; else -1. */
    private int[] groupOf;

    CodeVerifier(FunctionContext cx) {
        this.cx = cx;
        this.n = cx.code.size();
        this.registers = cx.regType.length;
    }

    void verify() throws BytecodeException {
        if (n == 0) throw cx.function("has no instructions (control would fall off the end)");
        for (int pc = 0; pc < n; pc++) operands(pc);
        long sites = cx.code.stream().filter(i -> i.op().isCallSite()).count();
        if (sites >= Layout.MAX_SITES) {
            throw cx.function("has " + sites + " call sites; a function has at most " + (Layout.MAX_SITES - 1));
        }
        groups();
        for (int pc = 0; pc < n; pc++) rules(pc);
        new Dataflow(cx).run();
    }

    // ------------------------------------------------------------------ operands

    private void operands(int pc) throws BytecodeException {
        Insn insn = cx.code.get(pc);
        String malformed = Shapes.malformation(insn);
        if (malformed != null) throw cx.at(pc, "malformed instruction: " + malformed);
        int[] o = insn.operands();
        int pos = 0;
        for (Operand kind : insn.op().operands()) {
            if (kind.isList()) {
                int count = o[pos++];
                Operand item = kind == Operand.REGS ? Operand.REG : Operand.TARGET;
                for (int i = 0; i < count; i++) operand(pc, item, o[pos++]);
            } else {
                operand(pc, kind, o[pos++]);
            }
        }
    }

    private void operand(int pc, Operand kind, int v) throws BytecodeException {
        switch (kind) {
            case REG -> {
                if (v < 0 || v >= registers) {
                    throw cx.at(pc, "register r" + v + " does not exist (the function has " + registers + " registers)");
                }
            }
            case CONST -> {
                if (v < 0 || v >= cx.m.constants().length) {
                    throw cx.at(pc, "constant k" + v + " does not exist (the module has " + cx.m.constants().length
                            + " constants)");
                }
            }
            case STRING -> {
                if (v < 0 || v >= cx.m.strings().size()) {
                    throw cx.at(pc, "string s" + v + " does not exist (the module has " + cx.m.strings().size()
                            + " strings)");
                }
            }
            case FUNC -> {
                if (v < 0 || v >= cx.m.functions().size()) {
                    throw cx.at(pc, "function " + v + " does not exist (the module has " + cx.m.functions().size()
                            + " functions)");
                }
            }
            case CTOR -> {
                if (v < Layout.FIRST_CTOR || v - Layout.FIRST_CTOR >= cx.m.ctors().size()) {
                    throw cx.at(pc, "constructor " + v + " does not exist (ids " + Layout.FIRST_CTOR + ".."
                            + (Layout.FIRST_CTOR + cx.m.ctors().size() - 1) + ")");
                }
            }
            case TARGET -> {
                if (v < 0 || v >= n) throw cx.at(pc, "jump target @" + v + " is outside the function (" + n + " instructions)");
            }
            case PRIM -> {
                if (Prim.ofId(v) == null) throw cx.at(pc, "primitive " + v + " does not exist");
            }
            case IMM -> { }
            default -> throw new IllegalStateException(kind.name());
        }
    }

    // ------------------------------------------------------------------ fork groups

    /**
     * Marks the well-formed fork groups: FORK k, k CALLs, JOIN. Interiors hold only CALLs, so
     * no two groups overlap and the scan is linear.
     */
    private void groups() {
        groupOf = new int[n];
        Arrays.fill(groupOf, -1);
        for (int pc = 0; pc < n; pc++) {
            Insn insn = cx.code.get(pc);
            if (insn.op() != Opcode.FORK) continue;
            int k = insn.get(1);
            if (k < 2 || (long) pc + k + 1 >= n) continue;
            int j = pc + 1;
            while (j <= pc + k && cx.code.get(j).op() == Opcode.CALL) j++;
            Insn join = cx.code.get(Math.min(j, n - 1));
            if (j != pc + k + 1 || join.op() != Opcode.JOIN || join.get(0) != insn.get(0)) continue;
            for (int i = pc + 1; i <= j; i++) groupOf[i] = pc;
        }
    }

    private void forkGroup(int pc, Insn fork) throws BytecodeException {
        int k = fork.get(1);
        if (k < 2) throw cx.at(pc, "a fork group has at least 2 calls, not " + k);
        if ((long) pc + k + 1 >= n) {
            throw cx.at(pc, "the fork group's " + k + " calls and its join run past the end of the function");
        }
        BitSet results = new BitSet();
        for (int j = pc + 1; j <= pc + k; j++) {
            Insn call = cx.code.get(j);
            if (call.op() != Opcode.CALL) {
                throw cx.at(pc, "instruction " + j + " of the fork group is " + call.op().mnemonic()
                        + "; a fork group holds only calls");
            }
            for (int arg : call.list(2)) {
                if (results.get(arg)) {
                    throw cx.at(j, "argument r" + arg + " is the result of an earlier call of the same fork group");
                }
            }
            results.set(call.get(0));
        }
        Insn join = cx.code.get(pc + k + 1);
        if (join.op() != Opcode.JOIN || join.get(0) != fork.get(0)) {
            throw cx.at(pc, "the fork group must end at instruction " + (pc + k + 1) + " with join r" + fork.get(0));
        }
    }

    // ------------------------------------------------------------------ per-instruction rules

    private void rules(int pc) throws BytecodeException {
        Insn insn = cx.code.get(pc);
        Opcode op = insn.op();
        ScalarRules.Rule scalar = ScalarRules.of(op);
        if (scalar != null) {
            scalarRule(pc, insn, scalar);
        } else {
            switch (op) {
                case NOP, JMP -> { }
                case MOV -> {
                    if (!reinterprets(cx.regType[insn.get(0)], cx.regType[insn.get(1)])) {
                        expect(pc, insn.get(1), cx.regType[insn.get(0)], "source");
                    }
                }
                case LDI -> word(pc, insn.get(0), insn.get(1));
                case LDK -> word(pc, insn.get(0), cx.m.constants()[insn.get(1)]);
                case LDS -> expect(pc, insn.get(0), STRING, "destination");
                case CONV -> conv(pc, insn);
                case JT, JF -> expect(pc, insn.get(0), BOOL, "condition");
                case SWITCH -> switchRule(pc, insn);
                case CALL, JOB -> {
                    FunctionDesc callee = cx.m.function(insn.get(1));
                    String name = TableVerifier.functionName(cx.m, insn.get(1));
                    directCallee(pc, insn.get(1), name);
                    arguments(pc, insn.list(2), callee.params(), name);
                    expect(pc, insn.get(0), callee.result(), "destination");
                    saves(pc, insn.get(0), insn.list(3));
                }
                case CALLC -> {
                    TypeDesc fn = function(pc, insn.get(1));
                    arguments(pc, insn.list(2), fn.components(), "the closure r" + insn.get(1));
                    expect(pc, insn.get(0), fn.result(), "destination");
                    saves(pc, insn.get(0), insn.list(3));
                }
                case TCALL -> {
                    FunctionDesc callee = cx.m.function(insn.get(0));
                    String name = TableVerifier.functionName(cx.m, insn.get(0));
                    directCallee(pc, insn.get(0), name);
                    arguments(pc, insn.list(1), callee.params(), name);
                    tailResult(pc, callee.result(), name);
                }
                case TCALLC -> {
                    TypeDesc fn = function(pc, insn.get(0));
                    arguments(pc, insn.list(1), fn.components(), "the closure r" + insn.get(0));
                    tailResult(pc, fn.result(), "the closure r" + insn.get(0));
                }
                case RET -> expect(pc, insn.get(0), cx.f.result(), "returned value");
                case FORK -> {
                    expect(pc, insn.get(0), JOIN, "destination");
                    forkGroup(pc, insn);
                }
                case JOIN -> {
                    expect(pc, insn.get(0), JOIN, "handle");
                    int fork = groupOf[pc];
                    if (fork < 0 || fork + cx.code.get(fork).get(1) + 1 != pc) {
                        throw cx.at(pc, "join is not the end of a fork group");
                    }
                }
                case PANIC -> expect(pc, insn.get(0), STRING, "message");
                case EXIT -> expect(pc, insn.get(0), U32, "exit status");
                case NEW -> construct(pc, insn.get(0), insn.get(1), insn.list(2));
                case NEWR -> {
                    reference(pc, insn.get(1), "reuse token");
                    construct(pc, insn.get(0), insn.get(2), insn.list(3));
                }
                case GET -> {
                    if (!cx.typeOfReg(insn.get(1)).kind().hasCtors()) {
                        throw cx.at(pc, "get needs a constructed value (tuple, ADT, list or closure), r" + insn.get(1)
                                + " has type " + cx.regTypeName(insn.get(1)));
                    }
                }
                case DUP, DROP, FREE -> reference(pc, insn.get(0), "operand");
                case ISUNIQ -> {
                    reference(pc, insn.get(1), "operand");
                    expect(pc, insn.get(0), BOOL, "destination");
                }
                case ANEW -> {
                    expect(pc, insn.get(1), U32, "length");
                    int element = array(pc, insn.get(0), "destination").element();
                    expect(pc, insn.get(2), element, "initial element");
                }
                case AGET -> {
                    int element = array(pc, insn.get(1), "array").element();
                    expect(pc, insn.get(2), U32, "index");
                    expect(pc, insn.get(0), element, "destination");
                }
                case ATAKE -> {
                    int element = array(pc, insn.get(1), "array").element();
                    expect(pc, insn.get(2), U32, "index");
                    expect(pc, insn.get(0), element, "destination");
                    reference(pc, insn.get(0), "destination");
                }
                case ASET -> {
                    int element = array(pc, insn.get(1), "array").element();
                    expect(pc, insn.get(0), cx.regType[insn.get(1)], "destination");
                    expect(pc, insn.get(2), U32, "index");
                    expect(pc, insn.get(3), element, "element");
                }
                case SETF -> setField(pc, insn);
                case AEMPTY -> array(pc, insn.get(0), "destination");
                case ALLOC -> {
                    CtorDesc c = cx.ctor(insn.get(1));
                    if (c.fields().length == 0 && c.closureFunction() < 0) {
                        throw cx.at(pc, "alloc of " + cx.ctorName(insn.get(1)) + ", which has no cell (no fields)");
                    }
                    expect(pc, insn.get(0), c.type(), "destination");
                }
                case ALEN -> {
                    array(pc, insn.get(1), "array");
                    expect(pc, insn.get(0), U32, "destination");
                }
                case ASLICE -> {
                    array(pc, insn.get(1), "array");
                    expect(pc, insn.get(0), cx.regType[insn.get(1)], "destination");
                    expect(pc, insn.get(2), U32, "start index");
                    expect(pc, insn.get(3), U32, "end index");
                }
                case PRIM -> prim(pc, insn);
                default -> throw new IllegalStateException("no rule for " + op);
            }
        }
        control(pc, insn);
    }

    private void control(int pc, Insn insn) throws BytecodeException {
        if (pc == n - 1 && !insn.op().isTerminator()) throw cx.at(pc, "control falls off the end of the function");
        for (int t : targets(insn)) {
            if (groupOf[t] >= 0) {
                throw cx.at(pc, "jump target @" + t + " is inside the fork group of instruction " + groupOf[t]);
            }
        }
    }

    static int[] targets(Insn insn) {
        return switch (insn.op()) {
            case JMP -> new int[] {insn.get(0)};
            case JT, JF -> new int[] {insn.get(1)};
            case SWITCH -> insn.list(1);
            default -> new int[0];
        };
    }

    private void scalarRule(int pc, Insn insn, ScalarRules.Rule rule) throws BytecodeException {
        String op = insn.op().mnemonic();
        switch (rule.form()) {
            case BINARY, UNARY -> {
                int d = insn.get(0);
                if (!rule.types().contains(scalarOf(d))) {
                    throw cx.at(pc, "destination r" + d + " has type " + cx.regTypeName(d) + "; " + op + " works on "
                            + list(rule.types()));
                }
                expect(pc, insn.get(1), cx.regType[d], "operand");
                if (rule.form() == ScalarRules.Form.BINARY) expect(pc, insn.get(2), cx.regType[d], "operand");
            }
            case COMPARE -> {
                int a = insn.get(1);
                if (!rule.types().contains(scalarOf(a))) {
                    throw cx.at(pc, "operand r" + a + " has type " + cx.regTypeName(a) + "; " + op + " compares "
                            + list(rule.types()));
                }
                expect(pc, insn.get(2), cx.regType[a], "operand");
                expect(pc, insn.get(0), BOOL, "destination");
            }
        }
    }

    private void word(int pc, int d, long value) throws BytecodeException {
        Scalar s = scalarOf(d);
        if (s == null) {
            throw cx.at(pc, "destination r" + d + " has type " + cx.regTypeName(d) + "; only scalars are loaded this way");
        }
        String invalid = ScalarRules.invalidWord(s, value);
        if (invalid != null) throw cx.at(pc, "value " + value + " is not a valid " + cx.regTypeName(d) + ": " + invalid);
    }

    private void conv(int pc, Insn insn) throws BytecodeException {
        int code = insn.get(2);
        Scalar from = code >= 0 && code < 256 ? Scalar.convFrom(code) : null;
        Scalar to = code >= 0 && code < 256 ? Scalar.convTo(code) : null;
        if (from == null || to == null || !from.isNumeric() || !to.isNumeric()) {
            throw cx.at(pc, "conversion code " + code + " is not from*16+to over numeric scalars");
        }
        expect(pc, insn.get(1), from.typeId(), "source");
        expect(pc, insn.get(0), to.typeId(), "destination");
    }

    private void switchRule(int pc, Insn insn) throws BytecodeException {
        int a = insn.get(0);
        TypeDesc t = cx.typeOfReg(a);
        if (t.kind() != TypeKind.ADT && t.kind() != TypeKind.LIST) {
            throw cx.at(pc, "switch needs an ADT or list value, r" + a + " has type " + cx.regTypeName(a));
        }
        int targets = insn.list(1).length;
        if (targets != t.ctorCount()) {
            throw cx.at(pc, "switch has " + targets + " targets, type " + cx.regTypeName(a) + " has "
                    + t.ctorCount() + " constructors");
        }
    }

    /**
     * A closure shape's function reads its first parameter as a cell of that shape (§5.5), which
     * only {@code callc} and {@code tcallc} guarantee: a direct call could pass a closure of
     * another shape of the same function type, whose fields differ.
     */
    private void directCallee(int pc, int fn, String name) throws BytecodeException {
        if (cx.isClosureFunction(fn)) {
            throw cx.at(pc, name + " is a closure shape's function; it is called only through a closure (callc, tcallc)");
        }
    }

    private void arguments(int pc, int[] args, int[] params, String callee) throws BytecodeException {
        if (args.length != params.length) {
            throw cx.at(pc, callee + " takes " + params.length + " arguments, " + args.length + " are passed");
        }
        for (int i = 0; i < args.length; i++) {
            if (cx.regType[args[i]] != params[i]) {
                throw cx.at(pc, "argument " + i + " (r" + args[i] + ") has type " + cx.regTypeName(args[i]) + ", "
                        + callee + " expects " + cx.typeName(params[i]));
            }
        }
    }

    private void saves(int pc, int d, int[] saves) throws BytecodeException {
        if (saves.length > Layout.MAX_FRAME_WORDS - 1) {
            throw cx.at(pc, saves.length + " saved registers; a frame holds at most " + (Layout.MAX_FRAME_WORDS - 1)
                    + " and the resume word");
        }
        BitSet seen = new BitSet();
        for (int s : saves) {
            if (s == d) throw cx.at(pc, "the destination r" + d + " is also saved (the result would be overwritten)");
            if (seen.get(s)) throw cx.at(pc, "register r" + s + " is saved twice");
            seen.set(s);
        }
    }

    private void tailResult(int pc, int calleeResult, String callee) throws BytecodeException {
        if (calleeResult != cx.f.result()) {
            throw cx.at(pc, "tail call of " + callee + ", which returns " + cx.typeName(calleeResult)
                    + ", from a function that returns " + cx.typeName(cx.f.result()));
        }
    }

    /** {@code setf a c i v}: c is a constructor of a's type with a field i of v's type, a reference. */
    private void setField(int pc, Insn insn) throws BytecodeException {
        int a = insn.get(0);
        CtorDesc c = cx.ctor(insn.get(1));
        String name = cx.ctorName(insn.get(1));
        if (c.type() != cx.regType[a]) {
            throw cx.at(pc, "setf of a field of " + name + " in r" + a + ", which has type " + cx.regTypeName(a));
        }
        if (c.closureFunction() >= 0) throw cx.at(pc, "setf of a field of " + name + ", a closure");
        int field = insn.get(2);
        if (field < 0 || field >= c.fields().length) {
            throw cx.at(pc, "field index " + field + " is out of range: " + name + " has " + c.fields().length + " fields");
        }
        int v = insn.get(3);
        if (cx.regType[v] != c.fields()[field]) {
            throw cx.at(pc, "value r" + v + " has type " + cx.regTypeName(v) + ", field " + field + " of " + name
                    + " has type " + cx.typeName(c.fields()[field]));
        }
        reference(pc, v, "value");
    }

    private void construct(int pc, int d, int ctor, int[] fields) throws BytecodeException {
        CtorDesc c = cx.ctor(ctor);
        String name = cx.ctorName(ctor);
        if (fields.length != c.fields().length) {
            throw cx.at(pc, name + " has " + c.fields().length + " fields, " + fields.length + " are given");
        }
        for (int i = 0; i < fields.length; i++) {
            if (cx.regType[fields[i]] != c.fields()[i]) {
                throw cx.at(pc, "field " + i + " (r" + fields[i] + ") has type " + cx.regTypeName(fields[i]) + ", "
                        + name + " expects " + cx.typeName(c.fields()[i]));
            }
        }
        expect(pc, d, c.type(), "destination");
    }

    private void prim(int pc, Insn insn) throws BytecodeException {
        Prim p = Prim.ofId(insn.get(1));
        String name = p.name().toLowerCase(java.util.Locale.ROOT);
        int[] args = insn.list(2);
        if (args.length != p.arity()) {
            throw cx.at(pc, "primitive " + name + " takes " + p.arity() + " arguments, " + args.length + " are given");
        }
        for (int i = 0; i < args.length; i++) {
            if (!PrimTypes.matches(cx.m.types(), p.param(i), cx.regType[args[i]])) {
                throw cx.at(pc, "argument " + i + " (r" + args[i] + ") has type " + cx.regTypeName(args[i]) + ", "
                        + name + " expects " + PrimTypes.describe(p.param(i)));
            }
        }
        int d = insn.get(0);
        if (!PrimTypes.matches(cx.m.types(), p.result, cx.regType[d])) {
            throw cx.at(pc, "destination r" + d + " has type " + cx.regTypeName(d) + ", " + name + " returns "
                    + PrimTypes.describe(p.result));
        }
    }

    private void expect(int pc, int r, int type, String role) throws BytecodeException {
        if (cx.regType[r] != type) {
            throw cx.at(pc, role + " r" + r + " has type " + cx.regTypeName(r) + ", expected " + cx.typeName(type));
        }
    }

    private void reference(int pc, int r, String role) throws BytecodeException {
        if (!cx.typeOfReg(r).isRef()) {
            throw cx.at(pc, role + " r" + r + " has type " + cx.regTypeName(r) + ", not a reference type");
        }
    }

    private TypeDesc function(int pc, int r) throws BytecodeException {
        TypeDesc t = cx.typeOfReg(r);
        if (t.kind() != TypeKind.FUNC) {
            throw cx.at(pc, "closure r" + r + " has type " + cx.regTypeName(r) + ", not a function type");
        }
        return t;
    }

    private TypeDesc array(int pc, int r, String role) throws BytecodeException {
        TypeDesc t = cx.typeOfReg(r);
        if (t.kind() != TypeKind.ARRAY) {
            throw cx.at(pc, role + " r" + r + " has type " + cx.regTypeName(r) + ", not an array type");
        }
        return t;
    }

    /** The scalar kind of a register, or null when its type is not a scalar. */
    private Scalar scalarOf(int r) {
        int t = cx.regType[r];
        return t < Scalar.values().length ? Scalar.values()[t] : null;
    }

    private static String list(EnumSet<Scalar> types) {
        StringJoiner j = new StringJoiner(", ");
        for (Scalar s : types) j.add(TypeNames.builtin(s.typeId()));
        return j.toString();
    }

    /**
     * A move between a float and the unsigned integer of its width reinterprets the bits
     * ({@code F64.to_bits}, {@code F32.from_bits}): both words hold the same IEEE bits.
     */
    private static boolean reinterprets(int a, int b) {
        int f32 = Scalar.F32.typeId(), u32 = Scalar.U32.typeId(), f64 = Scalar.F64.typeId(), u64 = Scalar.U64.typeId();
        return (a == f32 && b == u32) || (a == u32 && b == f32) || (a == f64 && b == u64) || (a == u64 && b == f64);
    }
}
