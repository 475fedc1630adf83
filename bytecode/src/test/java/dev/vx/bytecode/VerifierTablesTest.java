package dev.vx.bytecode;

import static dev.vx.bytecode.Fixture.*;
import static dev.vx.bytecode.Opcode.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One module per rule of the table checks (types, constructors, signatures, entry), each breaking only that rule. */
class VerifierTablesTest {
    private static final int[] NONE = new int[0];

    private static Fixture fixture() {
        Fixture f = new Fixture();
        f.end();
        return f;
    }

    private static Module base() {
        return fixture().build();
    }

    @Test
    void theFixtureVerifies() {
        assertValid(base());
        assertValid(Samples.rich());
    }

    // ------------------------------------------------------------------ module

    @Test
    void sourceHashMustBe32Bytes() {
        assertRejects(withHash(base(), new byte[31]), "module: the source hash must be 32 bytes");
        assertRejects(withHash(base(), null), "module: the source hash must be 32 bytes");
    }

    @Test
    void constantPoolMustExist() {
        assertRejects(withConstants(base(), null), "module: the constant pool is missing");
    }

    @Test
    void stringsMustBeValidUnicode() {
        Module m = base();
        List<String> strings = new ArrayList<>(m.strings());
        strings.set(3, "Pa\uDC00ir");
        assertRejects(withStrings(m, strings), "string 3: unpaired surrogate at char 2 (not valid Unicode)");
        strings.set(3, "Pair\uD83D");
        assertRejects(withStrings(m, strings), "string 3: unpaired surrogate at char 4 (not valid Unicode)");
        strings.set(3, "Pair\uD83D\uDE00");
        assertValid(withStrings(m, strings));
    }

    @Test
    void entryMustExistAndTakeNoParameters() {
        assertRejects(withEntry(base(), 3), "module: entry function 3 does not exist");
        assertRejects(withEntry(base(), -1), "module: entry function -1 does not exist");
        assertRejects(withEntry(base(), 2), "module: entry function inc takes 1 parameters; it must take none");
    }

    // ------------------------------------------------------------------ types

    @Test
    void typeTableStartsWithTheBuiltins() {
        Module m = base();
        assertRejects(withTypes(m, m.types().subList(0, 5)),
                "module: the type table must start with the 11 built-in types (it has 5 types)");
        assertRejects(withType(m, 3, type(TypeKind.ARRAY, -1, new int[] {U32}, -1, 0, 0)),
                "type 3: must be the built-in type U64");
        assertRejects(withType(m, 10, TypeDesc.scalar(Scalar.BOOL)), "type 10: must be the built-in type String");
    }

    @Test
    void typeNeedsKindAndComponents() {
        TypeDesc list = base().type(11);
        assertRejects(withType(base(), 11, type(null, list.name(), list.components(), -1, 16, 2)), "type 11: has no kind");
        assertRejects(withType(base(), 11, type(TypeKind.LIST, list.name(), null, -1, 16, 2)),
                "type 11: has no component array");
    }

    @Test
    void onlyBuiltinsAreScalarsOrString() {
        assertRejects(withType(base(), 18, type(TypeKind.SCALAR, -1, NONE, -1, 0, 0)),
                "type 18: only the built-in types 0..10 may be SCALAR");
        assertRejects(withType(base(), 18, type(TypeKind.STRING, -1, NONE, -1, 0, 0)),
                "type 18: only the built-in types 0..10 may be STRING");
    }

    @Test
    void typeNameMustExist() {
        assertRejects(withType(base(), 18, type(TypeKind.ARRAY, 99, new int[] {U32}, -1, 0, 0)),
                "type 18: name string 99 does not exist");
        assertValid(withType(base(), 18, type(TypeKind.ARRAY, -1, new int[] {U32}, -1, 0, 0)));
    }

    @Test
    void componentsMustBeExistingTypesOtherThanJoin() {
        assertRejects(withType(base(), 18, type(TypeKind.ARRAY, -1, new int[] {19}, -1, 0, 0)),
                "type 18: component 0 refers to type 19, which does not exist");
        assertRejects(withType(base(), 18, type(TypeKind.ARRAY, -1, new int[] {-1}, -1, 0, 0)),
                "type 18: component 0 refers to type -1, which does not exist");
        assertRejects(withType(base(), 18, type(TypeKind.ARRAY, -1, new int[] {JOIN_T}, -1, 0, 0)),
                "type 18: component 0 is the engine-private Join type");
    }

    @Test
    void tupleHasExactlyOneConstructor() {
        TypeDesc pair = base().type(12);
        assertRejects(withType(base(), 12, type(TypeKind.TUPLE, pair.name(), pair.components(), -1, 18, 2)),
                "type 12: a tuple type has exactly one constructor (it has 2)");
    }

    @Test
    void adtHasNoComponents() {
        TypeDesc shape = base().type(13);
        assertRejects(withType(base(), 13, type(TypeKind.ADT, shape.name(), new int[] {U32}, -1, 19, 2)),
                "type 13: an ADT type has no components");
    }

    @Test
    void listHasOneElementAndTwoConstructors() {
        TypeDesc list = base().type(11);
        assertRejects(withType(base(), 11, type(TypeKind.LIST, list.name(), new int[] {U32, U32}, -1, 16, 2)),
                "type 11: a list type has one component, its element type");
        assertRejects(withType(base(), 11, type(TypeKind.LIST, list.name(), new int[] {U32}, -1, 16, 1)),
                "type 11: a list type has exactly two constructors, Nil and Cons (it has 1)");
    }

    @Test
    void arrayHasOneElementAndNoConstructors() {
        assertRejects(withType(base(), 18, type(TypeKind.ARRAY, -1, NONE, -1, 0, 0)),
                "type 18: an array type has one component, its element type");
        assertRejects(withType(base(), 18, type(TypeKind.ARRAY, -1, new int[] {U32}, -1, 16, 1)),
                "type 18: an array type has no constructors (it has 1)");
    }

    @Test
    void functionTypeTakesAtMost254Parameters() {
        assertRejects(withType(base(), 18, type(TypeKind.FUNC, -1, new int[255], U32, 0, 0)),
                "type 18: a function type takes at most 254 parameters (its closures take one more), it has 255");
        assertValid(withType(base(), 18, type(TypeKind.FUNC, -1, new int[254], U32, 0, 0)));
    }

    @Test
    void onlyFunctionTypesHaveAResult() {
        assertRejects(withType(base(), 18, type(TypeKind.ARRAY, -1, new int[] {U32}, U32, 0, 0)),
                "type 18: only function types have a result type (result must be -1, it is 1)");
        assertRejects(withType(base(), 18, type(TypeKind.FUNC, -1, NONE, 19, 0, 0)),
                "type 18: result refers to type 19, which does not exist");
        assertRejects(withType(base(), 18, type(TypeKind.FUNC, -1, NONE, JOIN_T, 0, 0)),
                "type 18: result is the engine-private Join type");
    }

    @Test
    void constructorRangeIsWellFormed() {
        assertRejects(withType(base(), 18, type(TypeKind.ADT, -1, NONE, -1, 0, -1)),
                "type 18: negative constructor count -1");
        assertRejects(withType(base(), 18, type(TypeKind.ADT, -1, NONE, -1, 16, 0)),
                "type 18: a type without constructors has firstCtor 0, not 16");
        assertRejects(withType(base(), 18, type(TypeKind.ADT, -1, NONE, -1, 24, 2)),
                "type 18: constructors 24..25 are not all in the constructor table (ids 16..24)");
        assertRejects(withType(base(), 18, type(TypeKind.ADT, -1, NONE, -1, 10, 1)),
                "type 18: constructors 10..10 are not all in the constructor table (ids 16..24)");
        assertRejects(withType(base(), 18, type(TypeKind.ADT, -1, NONE, -1, Integer.MAX_VALUE, Integer.MAX_VALUE)),
                "type 18: constructors 2147483647..4294967293 are not all in the constructor table (ids 16..24)");
    }

    @Test
    void constructorsInARangeBelongToTheType() {
        // Shape claims Pair's constructor too.
        TypeDesc shape = base().type(13);
        assertRejects(withType(base(), 13, type(TypeKind.ADT, shape.name(), NONE, -1, 18, 3)),
                "type 13: constructor 18 in its range belongs to type 12");
    }

    @Test
    void adtMayHaveNoConstructors() {
        assertValid(withType(base(), 18, type(TypeKind.ADT, -1, NONE, -1, 0, 0)));
    }

    @Test
    void hugeNamelessTypesPrintShortly() {
        // t18 = 1000 x t19, t19 = 1000 x t20, t20 = 1000 x U32: in full, t18 alone is 10^9 names.
        Module m = base();
        for (int t = 18; t <= 20; t++) {
            int[] c = new int[1000];
            java.util.Arrays.fill(c, t == 20 ? U32 : t + 1);
            m = withType(m, t, type(TypeKind.TUPLE, -1, c, -1, 0, 0));
        }
        Module huge = m;
        String message = org.junit.jupiter.api.Assertions.assertThrows(BytecodeException.class,
                () -> Verifier.verify(huge)).getMessage();
        org.junit.jupiter.api.Assertions.assertEquals("type 18: a tuple type has exactly one constructor (it has 0)", message);
        String text = Disassembler.disassemble(huge);
        // Each of the 3,000 components prints in at most 200 characters.
        org.junit.jupiter.api.Assertions.assertTrue(text.length() < 2_000_000, "disassembly of " + text.length() + " chars");
        org.junit.jupiter.api.Assertions.assertTrue(text.contains("\n  t18 (((U32, U32, U32"), text.substring(0, 2000));
    }

    // ------------------------------------------------------------------ constructors

    private static CtorDesc ctor(Module m, int g) {
        return m.ctor(g);
    }

    @Test
    void tooManyConstructors() {
        Module m = base();
        List<CtorDesc> ctors = new ArrayList<>(m.ctors());
        while (ctors.size() < Layout.MAX_CTOR_ID - Layout.FIRST_CTOR + 2) ctors.add(m.ctor(19));
        assertRejects(withCtors(m, ctors), "module: 65521 constructors; their ids must stay within 16..65535");
    }

    @Test
    void constructorNameMustExist() {
        CtorDesc c = ctor(base(), 19);
        assertRejects(withCtor(base(), 19, new CtorDesc(-1, c.type(), c.fields(), -1)),
                "constructor 19: name string -1 does not exist");
    }

    @Test
    void constructorTypeMustHaveConstructors() {
        // An extra constructor outside every type's range, so that only its own type is wrong.
        CtorDesc c = ctor(base(), 19);
        assertRejects(withCtor(base(), 25, new CtorDesc(c.name(), U32, c.fields(), -1)),
                "constructor 25: type 1 is not a tuple, ADT, list or function type of the module");
        assertRejects(withCtor(base(), 25, new CtorDesc(c.name(), 15, c.fields(), -1)),
                "constructor 25: type 15 is not a tuple, ADT, list or function type of the module");
        assertRejects(withCtor(base(), 25, new CtorDesc(c.name(), 99, c.fields(), -1)),
                "constructor 25: type 99 is not a tuple, ADT, list or function type of the module");
    }

    @Test
    void constructorIsInItsTypesRange() {
        // An extra constructor claiming Shape, outside Shape's range (19..20).
        Module m = base();
        CtorDesc c = ctor(m, 19);
        assertRejects(withCtor(m, 25, new CtorDesc(c.name(), 13, c.fields(), -1)),
                "constructor 25: is not in the constructor range of its type 13 (19..20)");
    }

    @Test
    void constructorFieldsAreExistingTypesOtherThanJoin() {
        CtorDesc c = ctor(base(), 19);
        assertRejects(withCtor(base(), 19, new CtorDesc(c.name(), c.type(), null, -1)),
                "constructor 19: has no field array");
        assertRejects(withCtor(base(), 19, new CtorDesc(c.name(), c.type(), new int[] {F64, 30}, -1)),
                "constructor 19: field 1 refers to type 30, which does not exist");
        assertRejects(withCtor(base(), 19, new CtorDesc(c.name(), c.type(), new int[] {JOIN_T}, -1)),
                "constructor 19: field 0 is the engine-private Join type");
    }

    @Test
    void constructorHasAtMost65535Fields() {
        CtorDesc c = ctor(base(), 19);
        assertRejects(withCtor(base(), 19, new CtorDesc(c.name(), c.type(), new int[65536], -1)),
                "constructor 19: has 65536 fields; the limit is 65535");
    }

    @Test
    void closureFunctionIsMinusOneOrAFunction() {
        CtorDesc c = ctor(base(), 21);
        assertRejects(withCtor(base(), 21, new CtorDesc(c.name(), c.type(), c.fields(), -2)),
                "constructor 21: closure function -2 must be -1 or a function");
        assertRejects(withCtor(base(), 21, new CtorDesc(c.name(), c.type(), c.fields(), 3)),
                "constructor 21: closure function 3 does not exist");
    }

    @Test
    void functionTypeConstructorsAreClosures() {
        CtorDesc c = ctor(base(), 21);
        assertRejects(withCtor(base(), 21, new CtorDesc(c.name(), c.type(), c.fields(), -1)),
                "constructor 21: a constructor of a function type must be a closure shape");
    }

    @Test
    void onlyFunctionTypesHaveClosures() {
        CtorDesc c = ctor(base(), 19);
        assertRejects(withCtor(base(), 19, new CtorDesc(c.name(), c.type(), c.fields(), 1)),
                "constructor 19: only constructors of function types have a closure function");
    }

    @Test
    void closureFunctionSignatureMatchesTheFunctionType() {
        CtorDesc c = ctor(base(), 21);
        // inc takes (U32), not (U32 -> U32, U32)
        assertRejects(withCtor(base(), 21, new CtorDesc(c.name(), c.type(), c.fields(), 2)),
                "constructor 21: closure function inc must take (U32 -> U32, U32) (the closure, then the function "
                        + "type's parameters), it takes (U32)");
        Fixture f = fixture();
        int fn2 = f.b.funcType(null, new int[] {U32}, U32);
        int bad = f.b.declare("bad", new int[] {fn2, U32}, I32);
        f.b.closure(fn2, "Bad", bad);
        FunctionBuilder body = f.b.define(bad, "x.vx");
        body.emit(1, RET, body.register(I32));
        assertRejects(f.build(), "constructor 25: closure function bad returns I32, the function type returns U32");
    }

    @Test
    void aFunctionRunsAtMostOneClosureShape() {
        Fixture f = fixture();
        int fn2 = f.b.funcType(null, new int[] {U32}, U32);
        f.b.closure(fn2, "Adder2", f.adderFn);
        assertRejects(f.build(), "constructor 25: function adder is already the closure function of constructor 21");
    }

    @Test
    void nullaryConstructorIdsAreImmediates() {
        Fixture f = fixture();
        int big = f.b.adt("Big");
        int first = f.b.ctor(big, "K", U32);
        while (first + f.b.typeDesc(big).ctorCount() < Layout.IMMEDIATE_LIMIT) f.b.ctor(big, "K", U32);
        int last = f.b.ctor(big, "Last");
        assertRejects(f.build(), "constructor " + last + ": a nullary constructor needs an id below 4096 (its value is its id)");
    }

    @Test
    void tupleConstructorFieldsAreTheComponents() {
        CtorDesc c = ctor(base(), 18);
        assertRejects(withCtor(base(), 18, new CtorDesc(c.name(), c.type(), new int[] {U32, U32}, -1)),
                "constructor 18: the fields of a tuple's constructor must be the tuple's components (U32, String), "
                        + "they are (U32, U32)");
    }

    @Test
    void listConstructorsAreNilAndCons() {
        CtorDesc nil = ctor(base(), 16);
        CtorDesc cons = ctor(base(), 17);
        assertRejects(withCtor(base(), 16, new CtorDesc(nil.name(), nil.type(), new int[] {U32}, -1)),
                "constructor 16: Nil (tag 0) of a list type has no fields");
        assertRejects(withCtor(base(), 17, new CtorDesc(cons.name(), cons.type(), new int[] {U32, 16}, -1)),
                "constructor 17: Cons (tag 1) of a list type has the fields (U32, List<U32>) (element, the list itself), "
                        + "not (U32, List<String>)");
    }

    // ------------------------------------------------------------------ function signatures

    private static FunctionDesc main(Module m) {
        return m.function(0);
    }

    private static FunctionDesc sig(FunctionDesc f, int name, int[] params, int result, int[] registers, int file) {
        return new FunctionDesc(name, params, result, registers, f.code(), file, f.lines());
    }

    @Test
    void functionNameAndFileMustExist() {
        FunctionDesc f = main(base());
        assertRejects(withFunction(base(), 0, sig(f, 99, f.params(), f.result(), f.registerTypes(), f.file())),
                "function f0: name string 99 does not exist");
        assertRejects(withFunction(base(), 0, sig(f, f.name(), f.params(), f.result(), f.registerTypes(), -1)),
                "function main: file string -1 does not exist");
    }

    @Test
    void functionArraysMustExist() {
        FunctionDesc f = main(base());
        assertRejects(withFunction(base(), 0, sig(f, f.name(), null, f.result(), f.registerTypes(), f.file())),
                "function main: has no parameter array");
        assertRejects(withFunction(base(), 0, sig(f, f.name(), f.params(), f.result(), null, f.file())),
                "function main: has no register type array");
        assertRejects(withFunction(base(), 0, new FunctionDesc(f.name(), f.params(), f.result(), f.registerTypes(),
                f.code(), f.file(), null)), "function main: has no line array");
    }

    @Test
    void atMost255Parameters() {
        FunctionDesc f = main(base());
        int[] params = new int[256];
        java.util.Arrays.fill(params, U32);
        assertRejects(withFunction(base(), 0, sig(f, f.name(), params, f.result(), params, f.file())),
                "function main: takes 256 parameters; the limit is 255");
    }

    @Test
    void parameterAndResultTypesExistAndAreNotJoin() {
        FunctionDesc f = main(base());
        assertRejects(withFunction(base(), 0, sig(f, f.name(), new int[] {40}, f.result(), new int[] {40, U32}, f.file())),
                "function main: parameter 0 refers to type 40, which does not exist");
        assertRejects(withFunction(base(), 0, sig(f, f.name(), new int[] {JOIN_T}, f.result(), new int[] {JOIN_T, U32}, f.file())),
                "function main: parameter 0 is the engine-private Join type");
        assertRejects(withFunction(base(), 0, sig(f, f.name(), f.params(), JOIN_T, f.registerTypes(), f.file())),
                "function main: result is the engine-private Join type");
    }

    @Test
    void registersStartWithTheParameters() {
        FunctionDesc inc = base().function(2);
        assertRejects(withFunction(base(), 2, sig(inc, inc.name(), inc.params(), inc.result(), NONE, inc.file())),
                "function inc: has fewer registers (0) than parameters (1)");
        assertRejects(withFunction(base(), 2, sig(inc, inc.name(), inc.params(), inc.result(), new int[] {I32, U32, U32}, inc.file())),
                "function inc: register r0 has type I32 but parameter 0 has type U32");
    }

    @Test
    void registerTypesExist() {
        FunctionDesc inc = base().function(2);
        assertRejects(withFunction(base(), 2, sig(inc, inc.name(), inc.params(), inc.result(), new int[] {U32, U32, 77}, inc.file())),
                "function inc: register r2 has type 77, which does not exist");
    }

    @Test
    void atMost16384Registers() {
        FunctionDesc f = main(base());
        assertRejects(withFunction(base(), 0, sig(f, f.name(), f.params(), f.result(), new int[16385], f.file())),
                "function main: has 16385 registers; the limit is 16384");
    }

    @Test
    void oneLinePerInstruction() {
        FunctionDesc f = main(base());
        assertRejects(withFunction(base(), 0, new FunctionDesc(f.name(), f.params(), f.result(), f.registerTypes(),
                f.code(), f.file(), new int[] {1})), "function main: has 1 line numbers for 2 instructions");
        assertRejects(withFunction(base(), 0, new FunctionDesc(f.name(), f.params(), f.result(), f.registerTypes(),
                f.code(), f.file(), new int[] {1, -5})), "function main: instruction 1 (ret): negative source line -5");
    }
}
