package dev.vx.stdlib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checker used on the Base sources finds the mistakes it is meant to find. */
class VxLintTest {

    static List<String> errors(String text) {
        VxLint lint = new VxLint(Map.of("str_len", 1));
        lint.checkLayout("t.vx", text);
        lint.collect("t.vx", text);
        lint.checkBodies();
        return lint.errors;
    }

    static void assertOneError(String text, String fragment) {
        List<String> errors = errors(text);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).contains(fragment), errors.toString());
    }

    static final String GOOD = """
            type Maybe<T>:
              None{}
              Some{value: T}

            def Maybe.map<A, B>(m: Maybe<A>, f: A -> B) -> Maybe<B>:
              match m:
                case None{}:
                  None{}
                case Some{value}:
                  Some{f(value)}

            def twice(xs: List<U32>, s: String) -> (U32, U32):
              n = __prim_str_len(s)
              (a, b) = (n, n + 1)
              k = List.fold(xs, 0, \\acc, x -> acc + x * a)
              if k > 3:
                (k, b)
              else:
                (U64.to_u32(3u64), List.fold([1, 2], 1.5e-3, \\p, q -> p))

            def List.fold<A, B>(xs: List<A>, init: B, f: (B, A) -> B) -> B:
              init
            """;

    @Test
    void acceptsCorrectCode() {
        assertEquals(List.of(), errors(GOOD));
    }

    @Test
    void findsUnknownCalls() {
        assertOneError(GOOD.replace("List.fold(xs, 0", "List.fodl(xs, 0"), "unknown function List.fodl");
    }

    @Test
    void findsWrongArity() {
        assertOneError(GOOD.replace("__prim_str_len(s)", "__prim_str_len(s, s)"), "takes 1 arguments, called with 2");
        assertOneError(GOOD.replace("List.fold([1, 2], 1.5e-3, \\p, q -> p)", "List.fold([1, 2], 1.5e-3)"),
                "takes 3 arguments, called with 2");
    }

    @Test
    void findsUnboundNames() {
        assertOneError(GOOD.replace("(k, b)", "(k, c)"), "unbound name c");
    }

    @Test
    void findsLayoutMistakes() {
        assertOneError(GOOD.replace("  n = __prim_str_len(s)", "   n = __prim_str_len(s)"), "multiple of 2");
        assertOneError(GOOD.replace("  if k > 3:\n", "  if k > 3\n"), "unexpected deeper indentation");
        assertOneError(GOOD.replace("Some{f(value)}", "Some{f(value)"), "unbalanced");
        assertOneError(GOOD.replace("None{}\n    case", "Nothing{}\n    case"), "unknown constructor Nothing");
    }

    @Test
    void findsIfWithoutElse() {
        assertOneError(GOOD.replace("  else:\n    (U64", "  elif k > 2:\n    (U64"), "block if without else");
    }

    @Test
    void findsDuplicateDefinitions() {
        assertOneError(GOOD + "\ndef List.fold<A, B>(xs: List<A>, init: B, f: (B, A) -> B) -> B:\n  init\n",
                "second definition of List.fold");
    }
}
