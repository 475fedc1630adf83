package dev.vx.compiler.tast;

import dev.vx.bytecode.Prim;
import dev.vx.bytecode.Scalar;
import dev.vx.compiler.types.ArrayType;
import dev.vx.compiler.types.FunctionType;
import dev.vx.compiler.types.IoType;
import dev.vx.compiler.types.ListType;
import dev.vx.compiler.types.ParamType;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.StringType;
import dev.vx.compiler.types.TupleType;
import dev.vx.compiler.types.Type;
import dev.vx.compiler.types.TypeParam;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table of builtin functions: everything a Vx program can call that is not written in Vx.
 *
 * <p>Visible everywhere: the conversions {@code From.to_x} between every ordered pair of
 * distinct numeric types, {@code F32/F64.sqrt}, {@code .to_bits}, {@code .from_bits}, and
 * {@code Array.fill/len/get/set/slice}. Visible only to Base (internal): one
 * {@code __prim_<name>} per {@link Prim}, {@code __panic}, {@code __exit} and {@code __io}.
 * Everything else (List, Maybe, String, IO, show, parse, ...) is defined in Base.
 */
public final class Builtins {
    private static final Map<String, Builtin> TABLE = build();

    private Builtins() {
    }

    /** The builtin with this name, or null. Internal ones are returned too; callers check. */
    public static Builtin lookup(String name) {
        return TABLE.get(name);
    }

    /** Every builtin, in a fixed order. */
    public static Collection<Builtin> all() {
        return Collections.unmodifiableCollection(TABLE.values());
    }

    /** The lowercase type name used in conversion names: {@code u32 ... nat}. */
    public static String suffix(Scalar kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    /** The Vx type of a primitive's structural signature form. */
    public static Type primType(Prim.Sig sig) {
        return switch (sig) {
            case BOOL -> ScalarType.BOOL;
            case U32 -> ScalarType.U32;
            case I32 -> ScalarType.I32;
            case U64 -> ScalarType.U64;
            case I64 -> ScalarType.I64;
            case F32 -> ScalarType.F32;
            case F64 -> ScalarType.F64;
            case NAT -> ScalarType.NAT;
            case UNIT -> ScalarType.UNIT;
            case STR -> StringType.INSTANCE;
            case LIST_STR -> new ListType(StringType.INSTANCE);
            case LIST_U32 -> new ListType(ScalarType.U32);
            case OK_STR -> ok(StringType.INSTANCE);
            case OK_U32 -> ok(ScalarType.U32);
            case OK_I32 -> ok(ScalarType.I32);
            case OK_U64 -> ok(ScalarType.U64);
            case OK_I64 -> ok(ScalarType.I64);
            case OK_NAT -> ok(ScalarType.NAT);
            case OK_F32 -> ok(ScalarType.F32);
            case OK_F64 -> ok(ScalarType.F64);
        };
    }

    private static Type ok(Type value) {
        return new TupleType(List.of(ScalarType.BOOL, value));
    }

    private static Map<String, Builtin> build() {
        Map<String, Builtin> t = new LinkedHashMap<>();
        for (Scalar from : Scalar.NUMERIC) {
            for (Scalar to : Scalar.NUMERIC) {
                if (from != to) {
                    String name = ScalarType.nameOf(from) + ".to_" + suffix(to);
                    add(t, new Builtin(name, List.of(), List.of("x"), List.of(ScalarType.of(from)), ScalarType.of(to),
                            BuiltinOp.CONVERT, from, to, null, false));
                }
            }
        }
        for (Scalar f : new Scalar[] {Scalar.F32, Scalar.F64}) {
            ScalarType ft = ScalarType.of(f);
            ScalarType bits = f == Scalar.F32 ? ScalarType.U32 : ScalarType.U64;
            String n = ScalarType.nameOf(f);
            add(t, new Builtin(n + ".sqrt", List.of(), List.of("x"), List.of(ft), ft, BuiltinOp.SQRT, f, null, null, false));
            add(t, new Builtin(n + ".to_bits", List.of(), List.of("x"), List.of(ft), bits, BuiltinOp.TO_BITS, f, null, null, false));
            add(t, new Builtin(n + ".from_bits", List.of(), List.of("b"), List.of(bits), ft, BuiltinOp.FROM_BITS, f, null, null, false));
        }
        TypeParam a = new TypeParam("A", null);
        Type pa = new ParamType(a);
        Type arr = new ArrayType(pa);
        ScalarType u32 = ScalarType.U32;
        generic(t, "Array.fill", a, List.of("n", "v"), List.of(u32, pa), arr, BuiltinOp.ARRAY_FILL, false);
        generic(t, "Array.len", a, List.of("a"), List.of(arr), u32, BuiltinOp.ARRAY_LEN, false);
        generic(t, "Array.get", a, List.of("a", "i"), List.of(arr, u32), pa, BuiltinOp.ARRAY_GET, false);
        generic(t, "Array.set", a, List.of("a", "i", "v"), List.of(arr, u32, pa), arr, BuiltinOp.ARRAY_SET, false);
        generic(t, "Array.slice", a, List.of("a", "from", "to"), List.of(arr, u32, u32), arr, BuiltinOp.ARRAY_SLICE, false);

        for (Prim p : Prim.values()) {
            List<Type> params = new java.util.ArrayList<>();
            List<String> names = new java.util.ArrayList<>();
            for (int i = 0; i < p.arity(); i++) {
                params.add(primType(p.param(i)));
                names.add("x" + i);
            }
            add(t, new Builtin("__prim_" + p.name().toLowerCase(Locale.ROOT), List.of(), names, params,
                    primType(p.result), BuiltinOp.PRIM, null, null, p, true));
        }
        generic(t, "__array_empty", a, List.of(), List.of(), arr, BuiltinOp.ARRAY_EMPTY, true);
        generic(t, "__panic", a, List.of("message"), List.of(StringType.INSTANCE), pa, BuiltinOp.PANIC, true);
        generic(t, "__exit", a, List.of("code"), List.of(u32), pa, BuiltinOp.EXIT, true);
        TypeParam tp = new TypeParam("T", null);
        Type pt = new ParamType(tp);
        add(t, new Builtin("__io", List.of(tp), List.of("f"), List.of(new FunctionType(List.of(ScalarType.UNIT), pt)),
                new IoType(pt), BuiltinOp.IO, null, null, null, true));
        return t;
    }

    private static void generic(Map<String, Builtin> t, String name, TypeParam a, List<String> names, List<Type> params,
                                Type result, BuiltinOp op, boolean internal) {
        add(t, new Builtin(name, List.of(a), names, params, result, op, null, null, null, internal));
    }

    private static void add(Map<String, Builtin> t, Builtin b) {
        t.put(b.name(), b);
    }
}
