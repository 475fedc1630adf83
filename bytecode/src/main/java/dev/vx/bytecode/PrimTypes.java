package dev.vx.bytecode;

import java.util.List;

/** Matches the structural signature forms of {@link Prim} against a module's types. */
final class PrimTypes {
    private PrimTypes() {}

    static boolean matches(List<TypeDesc> types, Prim.Sig sig, int type) {
        return switch (sig) {
            case BOOL -> type == Scalar.BOOL.typeId();
            case U32 -> type == Scalar.U32.typeId();
            case I32 -> type == Scalar.I32.typeId();
            case U64 -> type == Scalar.U64.typeId();
            case I64 -> type == Scalar.I64.typeId();
            case F32 -> type == Scalar.F32.typeId();
            case F64 -> type == Scalar.F64.typeId();
            case NAT -> type == Scalar.NAT.typeId();
            case UNIT -> type == Scalar.UNIT.typeId();
            case STR -> type == TypeDesc.STRING_TYPE;
            case LIST_STR -> isListOf(types, type, TypeDesc.STRING_TYPE);
            case LIST_U32 -> isListOf(types, type, Scalar.U32.typeId());
            default -> isOk(types, type, okPayload(sig));
        };
    }

    /** How a signature form reads in messages. */
    static String describe(Prim.Sig sig) {
        return switch (sig) {
            case BOOL -> "Bool";
            case NAT -> "Nat";
            case UNIT -> "Unit";
            case STR -> "String";
            case LIST_STR -> "a List<String>";
            case LIST_U32 -> "a List<U32>";
            case U32, I32, U64, I64, F32, F64 -> sig.name();
            default -> "a tuple (Bool, " + describe(okPayload(sig)).replace("a ", "") + ")";
        };
    }

    private static Prim.Sig okPayload(Prim.Sig sig) {
        return switch (sig) {
            case OK_STR -> Prim.Sig.STR;
            case OK_U32 -> Prim.Sig.U32;
            case OK_I32 -> Prim.Sig.I32;
            case OK_U64 -> Prim.Sig.U64;
            case OK_I64 -> Prim.Sig.I64;
            case OK_NAT -> Prim.Sig.NAT;
            case OK_F32 -> Prim.Sig.F32;
            case OK_F64 -> Prim.Sig.F64;
            default -> throw new IllegalArgumentException(sig.name());
        };
    }

    private static boolean isListOf(List<TypeDesc> types, int type, int element) {
        if (type < 0 || type >= types.size()) return false;
        TypeDesc t = types.get(type);
        return t.kind() == TypeKind.LIST && t.components().length == 1 && t.components()[0] == element;
    }

    private static boolean isOk(List<TypeDesc> types, int type, Prim.Sig payload) {
        if (type < 0 || type >= types.size()) return false;
        TypeDesc t = types.get(type);
        int[] c = t.components();
        return t.kind() == TypeKind.TUPLE && c.length == 2 && c[0] == Scalar.BOOL.typeId()
                && matches(types, payload, c[1]);
    }
}
