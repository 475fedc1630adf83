package dev.vx.compiler.tast;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.SourceFile;
import dev.vx.compiler.diag.Span;
import dev.vx.compiler.types.ScalarType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The invariant checker used on every checked program of the tests does catch broken trees. */
class TastInvariantsTest {
    private static final SourceFile FILE = new SourceFile("t.vx", "x");
    private static final Span SPAN = new Span(FILE, 0, 1, 1, 1);

    private static Program program(FunctionDef main) {
        return new Program(List.of(), List.of(main), main, List.of(), List.of(FILE));
    }

    @Test
    void catchesAResultOfTheWrongType() {
        FunctionDef main = new FunctionDef("main", List.of(), List.of(), ScalarType.F64, FILE, SPAN, false);
        main.setBody(new Expr.Literal(ScalarType.U32, SPAN, 1));
        AssertionError e = assertThrows(AssertionError.class, () -> TastInvariants.check(program(main)));
        assertTrue(e.getMessage().contains("expected F64, found U32"), e.getMessage());
    }

    @Test
    void catchesAnUnboundLocalAndAWordOutOfRange() {
        FunctionDef main = new FunctionDef("main", List.of(), List.of(), ScalarType.U32, FILE, SPAN, false);
        main.setBody(new Expr.LocalRef(ScalarType.U32, SPAN, new Local("x", ScalarType.U32, SPAN)));
        assertThrows(AssertionError.class, () -> TastInvariants.check(program(main)));
        FunctionDef big = new FunctionDef("main", List.of(), List.of(), ScalarType.U32, FILE, SPAN, false);
        big.setBody(new Expr.Literal(ScalarType.U32, SPAN, 1L << 32));
        assertThrows(AssertionError.class, () -> TastInvariants.check(program(big)));
    }
}
