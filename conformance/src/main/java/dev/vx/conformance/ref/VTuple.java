package dev.vx.conformance.ref;

/** A tuple of two or more values. */
public record VTuple(Object[] items) {
}
