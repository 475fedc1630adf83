package dev.vx.bytecode;

import java.util.List;

/**
 * What the code checks of one function share: the function, its register types, type lookups
 * and the message format {@code function <name>: instruction <index> (<mnemonic>): <rule>}.
 * Used only after {@link TableVerifier} has accepted the tables.
 */
final class FunctionContext {
    final Module m;
    final int id;
    final FunctionDesc f;
    final List<Insn> code;
    final int[] regType;
    final TypeNames names;
    /** The closure constructor whose function this is, or -1. */
    final int closureCtor;
    /** For every function of the module, the closure constructor whose function it is, or -1. */
    private final int[] closureCtorOf;
    private final String name;

    FunctionContext(Module m, int id, TypeNames names, int[] closureCtorOf) {
        this.m = m;
        this.id = id;
        this.f = m.functions().get(id);
        this.code = f.code();
        this.regType = f.registerTypes();
        this.names = names;
        this.closureCtorOf = closureCtorOf;
        this.closureCtor = closureCtorOf[id];
        this.name = TableVerifier.functionName(m, id);
    }

    /** Whether function {@code fn} is a closure shape's function (run only through its closures). */
    boolean isClosureFunction(int fn) {
        return closureCtorOf[fn] >= 0;
    }

    BytecodeException at(int pc, String rule) {
        Opcode op = code.get(pc).op();
        return new BytecodeException("function " + name + ": instruction " + pc + " ("
                + (op == null ? "?" : op.mnemonic()) + "): " + rule);
    }

    BytecodeException function(String rule) {
        return new BytecodeException("function " + name + ": " + rule);
    }

    TypeDesc type(int typeId) {
        return m.types().get(typeId);
    }

    TypeDesc typeOfReg(int r) {
        return m.types().get(regType[r]);
    }

    CtorDesc ctor(int globalId) {
        return m.ctors().get(globalId - Layout.FIRST_CTOR);
    }

    String ctorName(int globalId) {
        return TypeNames.printable(m.strings().get(ctor(globalId).name()), TypeNames.MESSAGE_NAME_CODE_POINTS);
    }

    String typeName(int typeId) {
        return names.name(typeId);
    }

    /** The register's type, for messages. */
    String regTypeName(int r) {
        return names.name(regType[r]);
    }
}
