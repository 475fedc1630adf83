package dev.vx.compiler.check;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.diag.Span;
import java.util.regex.Pattern;

/**
 * How type errors name a number whose type is still open (an integer literal's {@code {integer}},
 * a float literal's {@code {float}}), and what they suggest when such an integer is used as a
 * float. The wording depends on what the programmer wrote: "an integer literal" is only true of
 * a literal; of a variable or an expression it would mislead, and so would the hint to add
 * {@code .0} to it.
 */
final class OpenNumbers {

    /** A literal as the lexer reads it, unsuffixed (a suffixed one has a fixed type), maybe negated. */
    private static final Pattern DECIMAL = Pattern.compile("-?\\s*[0-9][0-9_]*");
    private static final Pattern NON_DECIMAL = Pattern.compile("-?\\s*0[xXoObB][0-9a-fA-F_]+");
    private static final Pattern FLOAT = Pattern.compile("-?\\s*[0-9][0-9_]*(\\.[0-9_]+)?([eE][+-]?[0-9_]+)?");

    private OpenNumbers() {
    }

    /** Names {@code t} as written at {@code span}; null when {@code t} is not an open number. */
    static String describe(Ty t, Span span) {
        if (!(Tys.resolve(t) instanceof TVar v)) {
            return null;
        }
        String text = text(span);
        return switch (v.kind) {
            case INT -> DECIMAL.matcher(text).matches() || NON_DECIMAL.matcher(text).matches()
                    ? "an integer literal" : "an integer of open type (`{integer}`)";
            case FLOAT -> FLOAT.matcher(text).matches() ? "a float literal" : "a float of open type (`{float}`)";
            default -> null;
        };
    }

    /**
     * The hint for an open integer at {@code span} that is used where float {@code wanted} (maybe an open one) is
     * expected: a decimal literal gets its float spelling; anything else (a variable, an
     * expression, a hexadecimal literal) the explicit conversion, since no integer becomes a
     * float by itself.
     */
    static String integerAsFloatHint(Span span, Ty wanted) {
        String text = text(span);
        if (DECIMAL.matcher(text).matches()) {
            return "; an integer literal is never a float: write it with a decimal point, `"
                    + text.replaceAll("\\s", "") + ".0`";
        }
        Scalar s = Tys.scalarOf(wanted);
        String conversion = s == Scalar.F32 ? "`U32.to_f32`" : s == Scalar.F64 ? "`U32.to_f64`"
                : "`U32.to_f32` or `U32.to_f64`";
        return "; an integer is never converted to a float implicitly: convert it, e.g. with " + conversion
                + ", or make the literal it comes from a float";
    }

    /** Whether {@code t} is a float type or an open float. */
    static boolean isFloat(Ty t) {
        Scalar s = Tys.scalarOf(t);
        return s != null && s.isFloat() || Tys.resolve(t) instanceof TVar v && v.kind == TVar.Kind.FLOAT;
    }

    static boolean isOpenInteger(Ty t) {
        return Tys.resolve(t) instanceof TVar v && v.kind == TVar.Kind.INT;
    }

    private static String text(Span span) {
        return span.file().text().substring(span.start(), span.end()).strip();
    }
}
