package dev.vx.conformance.ref;

import dev.vx.bytecode.Scalar;
import dev.vx.compiler.tast.Builtin;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Every builtin of {@code dev.vx.compiler.tast.Builtins}, implemented directly: conversions,
 * sqrt and bits, the array builtins, the {@code __prim_*} primitives, {@code __panic},
 * {@code __exit} and {@code __io}. IO primitives write to this run's output buffer.
 */
final class BuiltinOps {
    /** Arrays larger than this are not modelled (the evaluator holds elements as Java objects). */
    static final long MAX_ARRAY = 50_000_000;

    private final List<String> args;
    private final StringBuilder stdout;

    BuiltinOps(List<String> args, StringBuilder stdout) {
        this.args = List.copyOf(args);
        this.stdout = stdout;
    }

    Object apply(Builtin b, Object[] a) {
        return switch (b.op()) {
            case CONVERT -> Arith.convert(b.scalar(), b.target(), a[0]);
            case SQRT -> Arith.sqrt(b.scalar(), a[0]);
            case TO_BITS -> Arith.toBits(b.scalar(), a[0]);
            case FROM_BITS -> Arith.fromBits(b.scalar(), a[0]);
            case ARRAY_FILL -> {
                long n = u32(a[0]);
                if (n > MAX_ARRAY) {
                    throw new Unsupported("an array of " + n + " elements is too large for the reference evaluator");
                }
                yield VArray.fill((int) n, a[1]);
            }
            case ARRAY_EMPTY -> VArray.of(new Object[0]);
            case ARRAY_LEN -> new Num.U32(((VArray) a[0]).length());
            case ARRAY_GET -> ((VArray) a[0]).get(index((VArray) a[0], u32(a[1])));
            case ARRAY_SET -> ((VArray) a[0]).set(index((VArray) a[0], u32(a[1])), a[2]);
            case ARRAY_SLICE -> {
                VArray arr = (VArray) a[0];
                long from = u32(a[1]);
                long to = u32(a[2]);
                if (from > to || to > arr.length()) {
                    throw new VxRuntimeError("Array.slice: range " + from + " .. " + to + " out of range for length "
                            + arr.length());
                }
                yield arr.slice((int) from, (int) to);
            }
            case PANIC -> throw new VxRuntimeError((String) a[0]);
            case EXIT -> throw new VxExit(((Num.U32) a[0]).bits());
            case IO -> new VIo.Thunk(a[0]);
            case PRIM -> prim(b, a);
        };
    }

    private static long u32(Object x) {
        return Integer.toUnsignedLong(((Num.U32) x).bits());
    }

    /** The spec's message names the index and the length. */
    private static int index(VArray a, long i) {
        if (i >= a.length()) {
            throw new VxRuntimeError("index " + i + " out of range for length " + a.length());
        }
        return (int) i;
    }

    private Object prim(Builtin b, Object[] a) {
        return switch (b.prim()) {
            case STR_LEN -> new Num.U32(Text.length((String) a[0]));
            case STR_CONCAT, STR_APPEND -> (String) a[0] + a[1];
            case STR_EQ -> a[0].equals(a[1]);
            case STR_CMP -> new Num.I32(Text.compare((String) a[0], (String) a[1]));
            case STR_SLICE -> Text.slice((String) a[0], u32(a[1]), u32(a[2]));
            case STR_SPLIT -> VList.of(Text.split((String) a[0], (String) a[1]));
            case STR_JOIN -> join((VList) a[0], (String) a[1]);
            case STR_FROM_CODE_POINTS -> Text.fromCodePoints(VList.toJava((VList) a[0]));
            case STR_CODE_POINTS -> VList.of(((String) a[0]).codePoints().mapToObj(Num.U32::new).toList());
            case SHOW_U32, SHOW_I32, SHOW_U64, SHOW_I64, SHOW_NAT, SHOW_F32, SHOW_F64 -> a[0].toString();
            case PARSE_U32 -> Text.parse(Scalar.U32, (String) a[0]);
            case PARSE_I32 -> Text.parse(Scalar.I32, (String) a[0]);
            case PARSE_U64 -> Text.parse(Scalar.U64, (String) a[0]);
            case PARSE_I64 -> Text.parse(Scalar.I64, (String) a[0]);
            case PARSE_NAT -> Text.parse(Scalar.NAT, (String) a[0]);
            case PARSE_F32 -> Text.parse(Scalar.F32, (String) a[0]);
            case PARSE_F64 -> Text.parse(Scalar.F64, (String) a[0]);
            case FMT_F32 -> FloatFormat.fmtF32(((Num.F32) a[0]).value(), ((Num.U32) a[1]).bits());
            case FMT_F64 -> FloatFormat.fmtF64(((Num.F64) a[0]).value(), ((Num.U32) a[1]).bits());
            case FLOOR_F32 -> new Num.F32((float) Math.floor(((Num.F32) a[0]).value()));
            case CEIL_F32 -> new Num.F32((float) Math.ceil(((Num.F32) a[0]).value()));
            case FLOOR_F64 -> new Num.F64(Math.floor(((Num.F64) a[0]).value()));
            case CEIL_F64 -> new Num.F64(Math.ceil(((Num.F64) a[0]).value()));
            case IO_PRINT -> {
                stdout.append((String) a[0]).append('\n');
                yield Unit.UNIT;
            }
            case IO_WRITE -> {
                stdout.append((String) a[0]);
                yield Unit.UNIT;
            }
            case IO_ARGS -> VList.of(args);
            case IO_READ_FILE -> readFile((String) a[0]);
            case IO_WRITE_FILE -> writeFile((String) a[0], (String) a[1]);
            case IO_TIME_NS -> new Num.U64(System.nanoTime());
        };
    }

    private static String join(VList list, String sep) {
        List<String> parts = new ArrayList<>();
        for (Object o : VList.toJava(list)) {
            parts.add((String) o);
        }
        return String.join(sep, parts);
    }

    private static VTuple readFile(String path) {
        try {
            return new VTuple(new Object[] {true, Files.readString(Path.of(path), StandardCharsets.UTF_8)});
        } catch (IOException | RuntimeException e) {
            return new VTuple(new Object[] {false, "cannot read " + path + ": " + e.getMessage()});
        }
    }

    private static VTuple writeFile(String path, String text) {
        try {
            Files.writeString(Path.of(path), text, StandardCharsets.UTF_8);
            return new VTuple(new Object[] {true, ""});
        } catch (IOException | RuntimeException e) {
            return new VTuple(new Object[] {false, "cannot write " + path + ": " + e.getMessage()});
        }
    }
}
