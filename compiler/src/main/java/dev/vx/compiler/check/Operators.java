package dev.vx.compiler.check;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.syntax.Ast;
import dev.vx.compiler.tast.BinaryOp;
import dev.vx.compiler.tast.Builtin;
import dev.vx.compiler.tast.Builtins;
import dev.vx.compiler.tast.Expr;
import dev.vx.compiler.tast.FunctionDef;
import dev.vx.compiler.tast.UnaryOp;
import dev.vx.compiler.types.ListType;
import dev.vx.compiler.types.ScalarType;
import dev.vx.compiler.types.StringType;
import dev.vx.compiler.types.Type;
import java.util.List;

/**
 * Operators. Their operand types are unified while checking, but which operation an operator
 * is (U32 addition, F64 comparison, string concatenation, {@code List.append}) is decided
 * only once the definition is solved, because the operand types may be fixed by later uses.
 */
final class Operators {
    private final DefContext cx;
    private final ExprChecker exprs;

    Operators(DefContext cx, ExprChecker exprs) {
        this.cx = cx;
        this.exprs = exprs;
    }

    /** The types an operator accepts. */
    private enum Domain {
        ARITHMETIC("it works on numbers"),
        BITS("it works on U32, I32, U64 and I64"),
        EQUALITY("it works on numbers, Bool, Unit and String (not on lists, arrays, tuples, constructed types or "
                 + "functions)"),
        ORDER("it compares numbers and strings"),
        NEGATE("it works on I32, I64, F32 and F64"),
        CONCAT("it concatenates strings and lists");

        final String explanation;

        Domain(String explanation) {
            this.explanation = explanation;
        }

        boolean admits(Scalar s) {
            return switch (this) {
                case ARITHMETIC, ORDER -> s.isNumeric();
                case BITS -> s == Scalar.U32 || s == Scalar.I32 || s == Scalar.U64 || s == Scalar.I64;
                case EQUALITY -> s != Scalar.JOIN;
                case NEGATE -> s == Scalar.I32 || s == Scalar.I64 || s.isFloat();
                case CONCAT -> false;
            };
        }

        boolean admitsString() {
            return this == EQUALITY || this == ORDER || this == CONCAT;
        }
    }

    /** What an operator turned out to operate on; filled in by the deferred check. */
    private static final class Resolution {
        Scalar scalar;
        boolean string;
        boolean list;
        boolean failed = true;
    }

    Elab binary(Ast.Binary b, Ty expected) {
        return switch (b.op()) {
            case OR, AND -> logical(b, expected);
            case CONS -> cons(b, expected);
            case EQ -> symmetric(b, expected, BinaryOp.EQ, Domain.EQUALITY, true);
            case NE -> symmetric(b, expected, BinaryOp.NE, Domain.EQUALITY, true);
            case LT -> symmetric(b, expected, BinaryOp.LT, Domain.ORDER, true);
            case LE -> symmetric(b, expected, BinaryOp.LE, Domain.ORDER, true);
            case GT -> symmetric(b, expected, BinaryOp.GT, Domain.ORDER, true);
            case GE -> symmetric(b, expected, BinaryOp.GE, Domain.ORDER, true);
            case ADD -> symmetric(b, expected, BinaryOp.ADD, Domain.ARITHMETIC, false);
            case SUB -> symmetric(b, expected, BinaryOp.SUB, Domain.ARITHMETIC, false);
            case MUL -> symmetric(b, expected, BinaryOp.MUL, Domain.ARITHMETIC, false);
            case DIV -> symmetric(b, expected, BinaryOp.DIV, Domain.ARITHMETIC, false);
            case REM -> symmetric(b, expected, BinaryOp.REM, Domain.ARITHMETIC, false);
            case BIT_AND -> symmetric(b, expected, BinaryOp.BIT_AND, Domain.BITS, false);
            case BIT_OR -> symmetric(b, expected, BinaryOp.BIT_OR, Domain.BITS, false);
            case BIT_XOR -> symmetric(b, expected, BinaryOp.BIT_XOR, Domain.BITS, false);
            case SHL -> symmetric(b, expected, BinaryOp.SHL, Domain.BITS, false);
            case SHR -> symmetric(b, expected, BinaryOp.SHR, Domain.BITS, false);
            case CONCAT -> symmetric(b, expected, null, Domain.CONCAT, false);
        };
    }

    private Elab logical(Ast.Binary b, Ty expected) {
        Elab left = exprs.check(b.left(), Tys.BOOL);
        Elab right = exprs.check(b.right(), Tys.BOOL);
        cx.expect(expected, Tys.BOOL, b.span());
        boolean and = b.op() == Ast.BinOp.AND;
        return () -> and ? new Expr.And(ScalarType.BOOL, b.span(), left.build(), right.build())
                : new Expr.Or(ScalarType.BOOL, b.span(), left.build(), right.build());
    }

    private Elab cons(Ast.Binary b, Ty expected) {
        Ty element = cx.fresh();
        TCon shape = Tys.list(element);
        boolean ok = Tys.unify(expected, shape);
        Elab head = exprs.check(b.left(), element);
        Elab tail = exprs.check(b.right(), shape);
        if (!ok) {
            cx.mismatch(expected, shape, b.span());
        }
        return () -> new Expr.Cons(cx.zonk(shape), b.span(), head.build(), tail.build());
    }

    /**
     * An operator whose operands have one type: checks both, then reports a difference
     * between them as such ("the operands of `+` have different types"), which says more
     * than a plain mismatch would.
     */
    private Elab symmetric(Ast.Binary b, Ty expected, BinaryOp op, Domain domain, boolean comparison) {
        Ty operand = cx.fresh();
        Elab left = exprs.check(b.left(), operand);
        Ty rightType = cx.fresh();
        Elab right = exprs.check(b.right(), rightType);
        if (!Tys.unify(operand, rightType)) {
            operandsDiffer(b, operand, rightType);
            if (comparison) {
                cx.expect(expected, Tys.BOOL, b.span());
            } else {
                Tys.unify(expected, DefContext.error());
            }
            cx.discard(left);
            cx.discard(right);
            return ExprChecker.errorElab(b.span());
        }
        cx.expect(expected, comparison ? Tys.BOOL : operand, b.span());
        Resolution r = new Resolution();
        cx.defer(() -> resolve(r, operand, domain, "`" + b.op().symbol + "`", b.opSpan()));
        return () -> {
            Expr l = left.build();
            Expr rr = right.build();
            if (r.failed) {
                return ExprChecker.errorElab(b.span()).build();
            }
            if (r.list) {
                // zonk gives a placeholder for a type too large to build, and has reported it.
                return cx.zonk(operand) instanceof ListType list ? listAppend(b.span(), list, l, rr)
                        : ExprChecker.errorElab(b.span()).build();
            }
            if (r.string) {
                return stringOperator(b.op(), b.span(), l, rr);
            }
            Type type = comparison ? ScalarType.BOOL : ScalarType.of(r.scalar);
            return new Expr.Binary(type, b.span(), op, r.scalar, l, rr);
        };
    }

    private void operandsDiffer(Ast.Binary b, Ty left, Ty right) {
        Scalar ls = Tys.scalarOf(left);
        Scalar rs = Tys.scalarOf(right);
        String hint = "";
        if (ls != null && rs != null && ls.isNumeric() && rs.isNumeric()) {
            hint = "; there are no implicit conversions: convert one side with `" + ScalarType.nameOf(ls) + ".to_"
                    + Builtins.suffix(rs) + "` or `" + ScalarType.nameOf(rs) + ".to_" + Builtins.suffix(ls) + "`";
        } else if (OpenNumbers.isOpenInteger(left) && OpenNumbers.isFloat(right)) {
            hint = OpenNumbers.integerAsFloatHint(b.left().span(), right);
        } else if (OpenNumbers.isOpenInteger(right) && OpenNumbers.isFloat(left)) {
            hint = OpenNumbers.integerAsFloatHint(b.right().span(), left);
        }
        cx.diags.error(b.opSpan(), "the operands of `" + b.op().symbol + "` have different types: "
                + describe(left, b.left().span()) + " and " + describe(right, b.right().span()) + hint);
    }

    private static String describe(Ty t, Span span) {
        String open = OpenNumbers.describe(t, span);
        return open != null ? open : Tys.show(t);
    }

    Elab unary(Ast.Unary u, Ty expected) {
        if (u.op() == Ast.UnOp.NOT) {
            Elab operand = exprs.check(u.operand(), Tys.BOOL);
            cx.expect(expected, Tys.BOOL, u.span());
            return () -> ExprChecker.not(operand.build());
        }
        Ty type = cx.fresh();
        Elab operand = exprs.check(u.operand(), type);
        cx.expect(expected, type, u.span());
        Resolution r = new Resolution();
        Domain domain = u.op() == Ast.UnOp.NEG ? Domain.NEGATE : Domain.BITS;
        String symbol = u.op() == Ast.UnOp.NEG ? "unary `-`" : "`~`";
        cx.defer(() -> resolve(r, type, domain, symbol, u.span()));
        UnaryOp op = u.op() == Ast.UnOp.NEG ? UnaryOp.NEG : UnaryOp.BIT_NOT;
        return () -> {
            Expr built = operand.build();
            return r.failed ? ExprChecker.errorElab(u.span()).build()
                    : new Expr.Unary(ScalarType.of(r.scalar), u.span(), op, r.scalar, built);
        };
    }

    /**
     * Decides what the operator operates on, once literal types have their defaults.
     * {@code symbol} names the operator in messages, e.g. {@code `+`}.
     */
    private void resolve(Resolution r, Ty operand, Domain domain, String symbol, Span span) {
        Ty t = Tys.resolve(operand);
        if (Tys.containsError(t)) {
            return;
        }
        if (t instanceof TVar) {
            cx.diags.error(span, "cannot tell the type of the operands of " + symbol + "; add a type annotation, "
                    + "e.g. `(x : U32)`");
            return;
        }
        Scalar s = Tys.scalarOf(t);
        if (s != null && domain.admits(s)) {
            r.scalar = s;
            r.failed = false;
        } else if (Tys.is(t, Head.Kind.STRING) && domain.admitsString()) {
            r.string = true;
            r.failed = false;
        } else if (Tys.is(t, Head.Kind.LIST) && domain == Domain.CONCAT) {
            r.list = true;
            r.failed = cx.globals.base.functions.get("List.append") == null;
            if (r.failed) {
                cx.diags.error(span, "`++` on lists calls Base's `List.append`, which is not defined");
            }
        } else {
            String hint = "";
            if (Tys.is(t, Head.Kind.STRING) && symbol.equals("`+`")) {
                hint = "; use `++` to concatenate strings";
            } else if (domain == Domain.NEGATE && s == Scalar.NAT) {
                hint = " (a Nat is never negative: `0 - x` is 0)";
            } else if (domain == Domain.NEGATE && s != null && s.isInteger()) {
                hint = " (for wrapping negation write `0 - x`)";
            }
            cx.diags.error(span, symbol + " is not defined on " + Tys.show(t) + ": " + domain.explanation + hint);
        }
    }

    /**
     * {@code left ++ right} on lists. The type comes from the solved operand type, not from
     * {@code left.type()}: an operand that failed to check builds as a placeholder of another
     * type, and the program is still built so that every error is reported.
     */
    private Expr listAppend(Span span, ListType type, Expr left, Expr right) {
        FunctionDef append = cx.globals.base.functions.get("List.append");
        return new Expr.Call(type, span, append, List.of(type.element()), List.of(left, right));
    }

    /** {@code ==}, {@code !=}, ordering and {@code ++} on strings, as string primitives. */
    private static Expr stringOperator(Ast.BinOp op, Span span, Expr left, Expr right) {
        if (op == Ast.BinOp.CONCAT) {
            return prim("__prim_str_concat", StringType.INSTANCE, span, left, right);
        }
        if (op == Ast.BinOp.EQ || op == Ast.BinOp.NE) {
            Expr eq = prim("__prim_str_eq", ScalarType.BOOL, span, left, right);
            return op == Ast.BinOp.EQ ? eq : ExprChecker.not(eq);
        }
        Expr cmp = prim("__prim_str_cmp", ScalarType.I32, span, left, right);
        BinaryOp compare = switch (op) {
            case LT -> BinaryOp.LT;
            case LE -> BinaryOp.LE;
            case GT -> BinaryOp.GT;
            default -> BinaryOp.GE;
        };
        Expr zero = new Expr.Literal(ScalarType.I32, span, 0);
        return new Expr.Binary(ScalarType.BOOL, span, compare, Scalar.I32, cmp, zero);
    }

    private static Expr prim(String name, Type result, Span span, Expr left, Expr right) {
        Builtin b = Builtins.lookup(name);
        return new Expr.BuiltinCall(result, span, b, List.of(), List.of(left, right));
    }
}
