package dev.vx.compiler.tast;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.types.Constructor;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.Type;
import java.util.List;

/** A typed pattern; {@link #type()} is the type of the value it is matched against. */
public sealed interface Pattern {
    Type type();

    Span span();

    /** {@code _}: matches anything, binds nothing. */
    record Wildcard(Type type, Span span) implements Pattern {
    }

    /** A variable: matches anything and binds it. */
    record Bind(Type type, Span span, Local local) implements Pattern {
    }

    /**
     * A scalar literal ({@code 0}, {@code -3i64}, {@code 2.5}, {@code true}, {@code ()}, {@code 7n});
     * {@code word} is the VM word as in {@link Expr.Literal}. Floats match when {@code ==} holds.
     */
    record Literal(Type type, Span span, long word) implements Pattern {
        public Scalar kind() {
            return ((ScalarType) type).kind();
        }
    }

    /** A string literal: matches an equal string. */
    record StringLit(Type type, Span span, String value) implements Pattern {
    }

    /** {@code kn+p}: matches a Nat {@code n >= k} and matches {@code n - k} against {@code rest}. */
    record NatPlus(Type type, Span span, long k, Pattern rest) implements Pattern {
    }

    /**
     * A constructor pattern with one sub-pattern per field in declaration order (fields the
     * source left out, or {@code Leaf{}}, are {@link Wildcard}s).
     */
    record Ctor(Type type, Span span, Constructor constructor, List<Pattern> fields) implements Pattern {
        public Ctor {
            fields = List.copyOf(fields);
        }
    }

    /** A tuple pattern {@code (a, b, ...)}. */
    record Tuple(Type type, Span span, List<Pattern> elements) implements Pattern {
        public Tuple {
            elements = List.copyOf(elements);
        }
    }

    /** {@code []}: the empty list. */
    record Nil(Type type, Span span) implements Pattern {
    }

    /** {@code head <> tail}; a list pattern {@code [a, b]} arrives as {@code a <> (b <> [])}. */
    record Cons(Type type, Span span, Pattern head, Pattern tail) implements Pattern {
    }
}
