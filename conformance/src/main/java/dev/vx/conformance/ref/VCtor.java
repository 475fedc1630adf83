package dev.vx.conformance.ref;

import dev.vx.compiler.types.Constructor;

/** A value built by a user (or Base) constructor, with its fields in declaration order. */
public record VCtor(Constructor ctor, Object[] fields) {
}
