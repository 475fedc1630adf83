package dev.vx.conformance.ref;

/**
 * Boxed numbers of the reference evaluator, one record per Vx numeric type, so that a value
 * knows its own type (the printer needs no type information). Fixed-width integers hold their
 * two's complement bits; {@code Nat} holds 0 .. 2^63-1.
 */
public sealed interface Num {
    record U32(int bits) implements Num {
        @Override
        public String toString() {
            return Integer.toUnsignedString(bits);
        }
    }

    record I32(int value) implements Num {
        @Override
        public String toString() {
            return Integer.toString(value);
        }
    }

    record U64(long bits) implements Num {
        @Override
        public String toString() {
            return Long.toUnsignedString(bits);
        }
    }

    record I64(long value) implements Num {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    record Nat(long value) implements Num {
        public Nat {
            if (value < 0) {
                throw new IllegalArgumentException("Nat out of range: " + value);
            }
        }

        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    record F32(float value) implements Num {
        @Override
        public String toString() {
            return FloatFormat.showF32(value);
        }
    }

    record F64(double value) implements Num {
        @Override
        public String toString() {
            return FloatFormat.showF64(value);
        }
    }
}
