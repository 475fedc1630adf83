package dev.vx.conformance.gen;

import java.util.List;
import java.util.stream.Collectors;

/** The types of generated programs (structural equality: records). {@link #toString()} is Vx syntax. */
public sealed interface GType {

    enum Kind { U32, I32, U64, I64, F32, F64, NAT, BOOL, UNIT, STRING }

    record Prim(Kind kind) implements GType {
        @Override
        public String toString() {
            return switch (kind) {
                case NAT -> "Nat";
                case BOOL -> "Bool";
                case UNIT -> "Unit";
                case STRING -> "String";
                default -> kind.name();
            };
        }

        boolean numeric() {
            return kind.ordinal() <= Kind.NAT.ordinal();
        }

        boolean fixedInt() {
            return kind.ordinal() <= Kind.I64.ordinal();
        }

        boolean signed() {
            return kind == Kind.I32 || kind == Kind.I64 || floating();
        }

        boolean floating() {
            return kind == Kind.F32 || kind == Kind.F64;
        }

        /** The lowercase suffix of literals and of conversion names ({@code u32 ... nat}). */
        String suffix() {
            return kind == Kind.NAT ? "nat" : kind.name().toLowerCase();
        }
    }

    record ListT(GType element) implements GType {
        @Override
        public String toString() {
            return "List<" + element + ">";
        }
    }

    record ArrayT(GType element) implements GType {
        @Override
        public String toString() {
            return "Array<" + element + ">";
        }
    }

    record TupleT(List<GType> items) implements GType {
        @Override
        public String toString() {
            return items.stream().map(GType::toString).collect(Collectors.joining(", ", "(", ")"));
        }
    }

    record MaybeT(GType element) implements GType {
        @Override
        public String toString() {
            return "Maybe<" + element + ">";
        }
    }

    record FnT(List<GType> params, GType result) implements GType {
        @Override
        public String toString() {
            String ps = params.size() == 1 && !(params.get(0) instanceof FnT) && !(params.get(0) instanceof TupleT)
                    ? params.get(0).toString()
                    : params.stream().map(GType::toString).collect(Collectors.joining(", ", "(", ")"));
            return ps + " -> " + result;
        }
    }

    /** A declared type: a generated record-like type (no arguments) or the generic {@code Tree<T>}. */
    record AdtT(String name, List<GType> args) implements GType {
        @Override
        public String toString() {
            return args.isEmpty() ? name
                    : name + args.stream().map(GType::toString).collect(Collectors.joining(", ", "<", ">"));
        }
    }

    /** A type parameter, in the signature of a generic definition. */
    record TypeVar(String name) implements GType {
        @Override
        public String toString() {
            return name;
        }
    }

    GType U32 = new Prim(Kind.U32);
    GType I32 = new Prim(Kind.I32);
    GType U64 = new Prim(Kind.U64);
    GType I64 = new Prim(Kind.I64);
    GType F32 = new Prim(Kind.F32);
    GType F64 = new Prim(Kind.F64);
    GType NAT = new Prim(Kind.NAT);
    GType BOOL = new Prim(Kind.BOOL);
    GType UNIT = new Prim(Kind.UNIT);
    GType STRING = new Prim(Kind.STRING);

    List<GType> NUMERIC = List.of(U32, I32, U64, I64, F32, F64, NAT);

    static boolean isNumeric(GType t) {
        return t instanceof Prim p && p.numeric();
    }

    static boolean isFixedInt(GType t) {
        return t instanceof Prim p && p.fixedInt();
    }

    /** Types {@code ==} works on: scalars and String. */
    static boolean hasEquality(GType t) {
        return t instanceof Prim;
    }

    /** Types {@code <} works on: numbers and String. */
    static boolean hasOrder(GType t) {
        return isNumeric(t) || t.equals(STRING);
    }

    /** Whether a value of this type contains a function (printing shows {@code <function>}; fine, but not comparable). */
    static boolean containsFunction(GType t) {
        if (t instanceof FnT) {
            return true;
        } else if (t instanceof ListT l) {
            return containsFunction(l.element());
        } else if (t instanceof ArrayT a) {
            return containsFunction(a.element());
        } else if (t instanceof MaybeT m) {
            return containsFunction(m.element());
        } else if (t instanceof TupleT tt) {
            return tt.items().stream().anyMatch(GType::containsFunction);
        } else if (t instanceof AdtT a) {
            return a.args().stream().anyMatch(GType::containsFunction);
        }
        return false;
    }
}
