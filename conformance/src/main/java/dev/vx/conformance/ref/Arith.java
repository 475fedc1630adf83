package dev.vx.conformance.ref;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.tast.BinaryOp;
import dev.vx.compiler.tast.UnaryOp;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Vx number semantics, written from LANGUAGE.md §4 and §6: wrapping fixed-width integers,
 * {@code Nat} with overflow errors and saturating subtraction, IEEE floats evaluated at their
 * own precision (Java float and double arithmetic is exactly that, never fused), conversions.
 * Runtime error messages: "division by zero" and "Nat overflow" as the spec words them; the
 * signed {@code MIN / -1} case as the VM words it (the spec only says it is an error).
 */
public final class Arith {
    private Arith() {
    }

    static final String DIVISION_BY_ZERO = "division by zero";
    static final String DIVISION_OVERFLOW = "integer overflow in MIN / -1";
    static final String NAT_OVERFLOW = "Nat overflow";
    static final BigInteger NAT_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    /** The value of a literal's 64-bit word (see {@code Expr.Literal}). */
    public static Object scalar(Scalar kind, long word) {
        return switch (kind) {
            case BOOL -> word != 0;
            case UNIT -> Unit.UNIT;
            case U32 -> new Num.U32((int) word);
            case I32 -> new Num.I32((int) word);
            case U64 -> new Num.U64(word);
            case I64 -> new Num.I64(word);
            case F32 -> new Num.F32(Float.intBitsToFloat((int) word));
            case F64 -> new Num.F64(Double.longBitsToDouble(word));
            case NAT -> new Num.Nat(word);
            case JOIN -> throw new IllegalArgumentException("JOIN is not a Vx value");
        };
    }

    public static Object unary(UnaryOp op, Scalar kind, Object x) {
        switch (op) {
            case NOT:
                return !(Boolean) x;
            case NEG:
                return switch (kind) {
                    case I32 -> new Num.I32(-((Num.I32) x).value());
                    case I64 -> new Num.I64(-((Num.I64) x).value());
                    // IEEE negation flips the sign bit, NaN included.
                    case F32 -> new Num.F32(Float.intBitsToFloat(Float.floatToRawIntBits(((Num.F32) x).value()) ^ 0x80000000));
                    case F64 -> new Num.F64(Double.longBitsToDouble(Double.doubleToRawLongBits(((Num.F64) x).value()) ^ Long.MIN_VALUE));
                    default -> throw new IllegalArgumentException("negation of " + kind);
                };
            case BIT_NOT:
                return switch (kind) {
                    case U32 -> new Num.U32(~((Num.U32) x).bits());
                    case I32 -> new Num.I32(~((Num.I32) x).value());
                    case U64 -> new Num.U64(~((Num.U64) x).bits());
                    case I64 -> new Num.I64(~((Num.I64) x).value());
                    default -> throw new IllegalArgumentException("~ on " + kind);
                };
            default:
                throw new IllegalArgumentException(op.toString());
        }
    }

    public static Object binary(BinaryOp op, Scalar kind, Object l, Object r) {
        return switch (kind) {
            case U32 -> u32(op, ((Num.U32) l).bits(), ((Num.U32) r).bits());
            case I32 -> i32(op, ((Num.I32) l).value(), ((Num.I32) r).value());
            case U64 -> u64(op, ((Num.U64) l).bits(), ((Num.U64) r).bits());
            case I64 -> i64(op, ((Num.I64) l).value(), ((Num.I64) r).value());
            case NAT -> nat(op, ((Num.Nat) l).value(), ((Num.Nat) r).value());
            case F32 -> f32(op, ((Num.F32) l).value(), ((Num.F32) r).value());
            case F64 -> f64(op, ((Num.F64) l).value(), ((Num.F64) r).value());
            case BOOL -> bool(op, (Boolean) l, (Boolean) r);
            case UNIT -> switch (op) {
                case EQ -> true;
                case NE -> false;
                default -> throw new IllegalArgumentException(op + " on Unit");
            };
            case JOIN -> throw new IllegalArgumentException("JOIN");
        };
    }

    private static Object bool(BinaryOp op, boolean a, boolean b) {
        return switch (op) {
            case EQ -> a == b;
            case NE -> a != b;
            default -> throw new IllegalArgumentException(op + " on Bool");
        };
    }

    /** Shift counts are taken modulo the width: exactly what Java's shift operators do. */
    private static Object u32(BinaryOp op, int a, int b) {
        return switch (op) {
            case ADD -> new Num.U32(a + b);
            case SUB -> new Num.U32(a - b);
            case MUL -> new Num.U32(a * b);
            case DIV -> new Num.U32(Integer.divideUnsigned(a, nonZero(b)));
            case REM -> new Num.U32(Integer.remainderUnsigned(a, nonZero(b)));
            case BIT_AND -> new Num.U32(a & b);
            case BIT_OR -> new Num.U32(a | b);
            case BIT_XOR -> new Num.U32(a ^ b);
            case SHL -> new Num.U32(a << b);
            case SHR -> new Num.U32(a >>> b);
            default -> compare(op, Integer.compareUnsigned(a, b));
        };
    }

    private static Object i32(BinaryOp op, int a, int b) {
        return switch (op) {
            case ADD -> new Num.I32(a + b);
            case SUB -> new Num.I32(a - b);
            case MUL -> new Num.I32(a * b);
            case DIV -> {
                nonZero(b);
                if (a == Integer.MIN_VALUE && b == -1) {
                    throw new VxRuntimeError(DIVISION_OVERFLOW);
                }
                yield new Num.I32(a / b);
            }
            case REM -> new Num.I32(b == -1 ? 0 : a % nonZero(b));
            case BIT_AND -> new Num.I32(a & b);
            case BIT_OR -> new Num.I32(a | b);
            case BIT_XOR -> new Num.I32(a ^ b);
            case SHL -> new Num.I32(a << b);
            case SHR -> new Num.I32(a >> b);
            default -> compare(op, Integer.compare(a, b));
        };
    }

    private static Object u64(BinaryOp op, long a, long b) {
        return switch (op) {
            case ADD -> new Num.U64(a + b);
            case SUB -> new Num.U64(a - b);
            case MUL -> new Num.U64(a * b);
            case DIV -> new Num.U64(Long.divideUnsigned(a, nonZero(b)));
            case REM -> new Num.U64(Long.remainderUnsigned(a, nonZero(b)));
            case BIT_AND -> new Num.U64(a & b);
            case BIT_OR -> new Num.U64(a | b);
            case BIT_XOR -> new Num.U64(a ^ b);
            case SHL -> new Num.U64(a << b);
            case SHR -> new Num.U64(a >>> b);
            default -> compare(op, Long.compareUnsigned(a, b));
        };
    }

    private static Object i64(BinaryOp op, long a, long b) {
        return switch (op) {
            case ADD -> new Num.I64(a + b);
            case SUB -> new Num.I64(a - b);
            case MUL -> new Num.I64(a * b);
            case DIV -> {
                nonZero(b);
                if (a == Long.MIN_VALUE && b == -1) {
                    throw new VxRuntimeError(DIVISION_OVERFLOW);
                }
                yield new Num.I64(a / b);
            }
            case REM -> new Num.I64(b == -1 ? 0 : a % nonZero(b));
            case BIT_AND -> new Num.I64(a & b);
            case BIT_OR -> new Num.I64(a | b);
            case BIT_XOR -> new Num.I64(a ^ b);
            case SHL -> new Num.I64(a << b);
            case SHR -> new Num.I64(a >> b);
            default -> compare(op, Long.compare(a, b));
        };
    }

    /** Nat: + and * past 2^63-1 fail; a - b is 0 when b > a. Computed on BigIntegers, to keep it obvious. */
    private static Object nat(BinaryOp op, long a, long b) {
        return switch (op) {
            case ADD -> natChecked(BigInteger.valueOf(a).add(BigInteger.valueOf(b)));
            case MUL -> natChecked(BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)));
            case SUB -> new Num.Nat(b > a ? 0 : a - b);
            case DIV -> new Num.Nat(a / nonZero(b));
            case REM -> new Num.Nat(a % nonZero(b));
            case EQ, NE, LT, LE, GT, GE -> compare(op, Long.compare(a, b));
            default -> throw new IllegalArgumentException(op + " on Nat");
        };
    }

    private static Num.Nat natChecked(BigInteger v) {
        if (v.compareTo(NAT_MAX) > 0) {
            throw new VxRuntimeError(NAT_OVERFLOW);
        }
        return new Num.Nat(v.longValueExact());
    }

    private static Object f32(BinaryOp op, float a, float b) {
        return switch (op) {
            case ADD -> new Num.F32(a + b);
            case SUB -> new Num.F32(a - b);
            case MUL -> new Num.F32(a * b);
            case DIV -> new Num.F32(a / b);
            case REM -> new Num.F32(a % b);
            case EQ -> a == b;
            case NE -> a != b;
            case LT -> a < b;
            case LE -> a <= b;
            case GT -> a > b;
            case GE -> a >= b;
            default -> throw new IllegalArgumentException(op + " on F32");
        };
    }

    private static Object f64(BinaryOp op, double a, double b) {
        return switch (op) {
            case ADD -> new Num.F64(a + b);
            case SUB -> new Num.F64(a - b);
            case MUL -> new Num.F64(a * b);
            case DIV -> new Num.F64(a / b);
            case REM -> new Num.F64(a % b);
            case EQ -> a == b;
            case NE -> a != b;
            case LT -> a < b;
            case LE -> a <= b;
            case GT -> a > b;
            case GE -> a >= b;
            default -> throw new IllegalArgumentException(op + " on F64");
        };
    }

    private static Boolean compare(BinaryOp op, int c) {
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    private static int nonZero(int b) {
        if (b == 0) {
            throw new VxRuntimeError(DIVISION_BY_ZERO);
        }
        return b;
    }

    private static long nonZero(long b) {
        if (b == 0) {
            throw new VxRuntimeError(DIVISION_BY_ZERO);
        }
        return b;
    }

    // ------------------------------------------------------------------ conversions

    /**
     * {@code From.to_x}: integer to integer keeps the value modulo 2^width of the target (so
     * narrowing wraps and widening is exact); to {@code Nat} saturates at 0 and 2^63-1; integer
     * to float rounds to nearest (once, from the exact integer); float to integer truncates
     * toward zero, saturates at the target's range and maps NaN to 0; F32 to F64 is exact and
     * F64 to F32 rounds to nearest.
     */
    public static Object convert(Scalar from, Scalar to, Object x) {
        if (from.isFloat()) {
            double v = from == Scalar.F32 ? ((Num.F32) x).value() : ((Num.F64) x).value();
            if (to == Scalar.F32) {
                return new Num.F32((float) v);
            }
            if (to == Scalar.F64) {
                return new Num.F64(v);
            }
            return fromInteger(to, truncateSaturating(v, to));
        }
        BigInteger n = toInteger(x);
        return switch (to) {
            case F32 -> new Num.F32(n.floatValue());
            case F64 -> new Num.F64(n.doubleValue());
            default -> fromInteger(to, to == Scalar.NAT ? clamp(n, BigInteger.ZERO, NAT_MAX) : n);
        };
    }

    /** The exact integer a fixed-width integer or Nat stands for. */
    static BigInteger toInteger(Object x) {
        if (x instanceof Num.U32 u) {
            return BigInteger.valueOf(Integer.toUnsignedLong(u.bits()));
        } else if (x instanceof Num.I32 i) {
            return BigInteger.valueOf(i.value());
        } else if (x instanceof Num.U64 u) {
            return new BigInteger(Long.toUnsignedString(u.bits()));
        } else if (x instanceof Num.I64 i) {
            return BigInteger.valueOf(i.value());
        } else if (x instanceof Num.Nat n) {
            return BigInteger.valueOf(n.value());
        }
        throw new IllegalArgumentException("not an integer: " + x);
    }

    /** {@code n} modulo 2^width of a fixed-width target (the low bits), or {@code n} itself for Nat (already in range). */
    static Object fromInteger(Scalar to, BigInteger n) {
        long low = n.longValue(); // the low 64 bits, two's complement
        return switch (to) {
            case U32 -> new Num.U32((int) low);
            case I32 -> new Num.I32((int) low);
            case U64 -> new Num.U64(low);
            case I64 -> new Num.I64(low);
            case NAT -> new Num.Nat(n.longValueExact());
            default -> throw new IllegalArgumentException("not an integer type: " + to);
        };
    }

    private static BigInteger truncateSaturating(double v, Scalar to) {
        if (Double.isNaN(v)) {
            return BigInteger.ZERO;
        }
        BigInteger min = minOf(to);
        BigInteger max = maxOf(to);
        if (Double.isInfinite(v)) {
            return v > 0 ? max : min;
        }
        return clamp(new BigDecimal(v).toBigInteger(), min, max);
    }

    static BigInteger minOf(Scalar t) {
        return switch (t) {
            case I32 -> BigInteger.valueOf(Integer.MIN_VALUE);
            case I64 -> BigInteger.valueOf(Long.MIN_VALUE);
            default -> BigInteger.ZERO;
        };
    }

    static BigInteger maxOf(Scalar t) {
        return switch (t) {
            case U32 -> BigInteger.ONE.shiftLeft(32).subtract(BigInteger.ONE);
            case I32 -> BigInteger.valueOf(Integer.MAX_VALUE);
            case U64 -> BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
            case I64, NAT -> NAT_MAX;
            default -> throw new IllegalArgumentException(t.toString());
        };
    }

    private static BigInteger clamp(BigInteger v, BigInteger lo, BigInteger hi) {
        return v.compareTo(lo) < 0 ? lo : v.compareTo(hi) > 0 ? hi : v;
    }

    /** {@code F32.sqrt}: the double square root of a float, rounded once to float, is the correctly rounded float square root. */
    public static Object sqrt(Scalar kind, Object x) {
        return kind == Scalar.F32
                ? new Num.F32((float) Math.sqrt(((Num.F32) x).value()))
                : new Num.F64(Math.sqrt(((Num.F64) x).value()));
    }

    /** The bits of a float; every NaN's are those of the canonical quiet NaN (docs/language.md, "NaN bits"). */
    public static Object toBits(Scalar kind, Object x) {
        return kind == Scalar.F32
                ? new Num.U32(Float.floatToIntBits(((Num.F32) x).value()))
                : new Num.U64(Double.doubleToLongBits(((Num.F64) x).value()));
    }

    public static Object fromBits(Scalar kind, Object x) {
        return kind == Scalar.F32
                ? new Num.F32(Float.intBitsToFloat(((Num.U32) x).bits()))
                : new Num.F64(Double.longBitsToDouble(((Num.U64) x).bits()));
    }
}
