package dev.vx.conformance.ref;

/** The value {@code ()}. */
public enum Unit {
    UNIT;

    @Override
    public String toString() {
        return "()";
    }
}
