package dev.vx.tools;

import dev.vx.bytecode.FunctionDesc;
import dev.vx.bytecode.Insn;
import dev.vx.bytecode.Module;
import dev.vx.bytecode.Opcode;
import dev.vx.bytecode.TypeKind;
import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The back end's optimisations (docs/compiler.md): {@code match} on a tuple literal without
 * building the tuple, reads of elements that take no count, and a cell rebuilt in place in
 * the arms of a branch; and what it does not do:
 * inline a call, whose frame the statistics count. Each is checked on the emitted bytecode
 * and on the run's result, computed here by hand.
 */
class CompilerOptimisationTest {
    @Test
    void aCallOfASmallLeafStaysACallSoItsFrameCounts() {
        // step is a tiny scalar leaf: it is still called, and at the fill depth its frame
        // spills, exactly as the source says (RUNTIME.md 3).
        String src = """
                def step(x: U32) -> U32:
                  x * 3 + 1

                def fill(n: Nat, x: U32) -> U32:
                  match n:
                    case 0n:
                      step(x) + 1
                    case 1n+p:
                      fill(p, x) + 1

                def main() -> U32:
                  fill!(2045n, 4)
                """;
        assertTrue(calls(compile(src), "fill", "step"));
        VxRun.Result r = balancedRun(src, "jit");
        assertEquals(String.valueOf(13 + 1 + 2045), r.out().strip(), r.err());
        assertEquals(2048, r.stat("peak_stack_words"));
        assertEquals(1, r.stat("spills"));
        assertEquals(1, r.stat("restores"));
    }

    @Test
    void matchOnATupleLiteralBuildsNoTuple() {
        String src = """
                type T:
                  A{v: U32}
                  B{l: T, r: T}

                def pick(x: T, y: T) -> U32:
                  match (x, y):
                    case (A{a}, A{b}):
                      a * 10 + b
                    case (B{l, _}, A{b}):
                      100 + pick(l, A{b})
                    case (_, B{_, r}):
                      1000 + pick(x, r)

                def main() -> U32:
                  pick(A{1}, A{2}) + pick(B{A{3}, A{9}}, A{4}) + pick(A{5}, B{A{9}, A{6}})
                """;
        Module m = compile(src);
        for (Insn in : function(m, "pick").code()) {
            assertFalse(in.op() == Opcode.NEW && builds(m, in, TypeKind.TUPLE), "pick builds a pair: " + in);
        }
        // 12 + (100 + 34) + (1000 + 56)
        VxRun.Result r = balancedRun(src, "jit");
        assertEquals(String.valueOf(12 + 134 + 1056), r.out().strip(), r.err());
    }

    @Test
    void noJumpLeadsToAnotherJump() {
        // The constructors of u outside the diagonal reach `_` through a block of their
        // switch's own, which carries no code: every switch names `_`'s body directly.
        String src = """
                type C:
                  C0{}
                  C1{}
                  C2{}
                  C3{}

                def same(t: C, u: C) -> U32:
                  match (t, u):
                    case (C0{}, C0{}):
                      10
                    case (C1{}, C1{}):
                      11
                    case (C2{}, C2{}):
                      12
                    case (C3{}, C3{}):
                      13
                    case _:
                      0

                def main() -> U32:
                  same(C2{}, C2{}) * 100 + same(C1{}, C3{}) + same(C3{}, C3{})
                """;
        List<Insn> code = function(compile(src), "same").code();
        for (Insn in : code) {
            if (in.op() == Opcode.JMP) assertTrue(code.get(in.operands()[0]).op() != Opcode.JMP, code.toString());
            if (in.op() == Opcode.SWITCH) {
                int[] ops = in.operands();
                for (int k = 0; k < ops[1]; k++) assertTrue(code.get(ops[2 + k]).op() != Opcode.JMP, code.toString());
            }
        }
        // Five switches and, for each of the five bodies, a constant and a return.
        assertEquals(5 + 2 * 5, code.size(), code.toString());
        VxRun.Result r = balancedRun(src, "jit");
        assertEquals(String.valueOf(12 * 100 + 0 + 13), r.out().strip(), r.err());
    }

    @Test
    void theTreeOfTheDefaultRowsIsBuiltOnce() {
        // Under each (C{i}, C{j}) with i != j only the last two cases remain, and their test
        // of v is the same on every such path: one switch on v, not one per path.
        String src = """
                type C:
                  C0{}
                  C1{}
                  C2{}
                  C3{}
                  C4{}

                type L:
                  Lf{x: U32}
                  Nd{l: L, r: L}

                def same(t: C, u: C, v: L) -> U32:
                  match (t, u, v):
                    case (C0{}, C0{}, _):
                      10
                    case (C1{}, C1{}, _):
                      11
                    case (C2{}, C2{}, _):
                      12
                    case (C3{}, C3{}, _):
                      13
                    case (C4{}, C4{}, _):
                      14
                    case (_, _, Lf{x}):
                      x
                    case _:
                      99

                def main() -> U32:
                  leaf = Lf{7}
                  node = Nd{Lf{1}, Lf{2}}
                  same(C1{}, C2{}, leaf) + 1000 * same(C3{}, C3{}, node) + 100000 * same(C0{}, C4{}, node)
                """;
        List<Insn> code = function(compile(src), "same").code();
        long switchesOnV = code.stream().filter(in -> in.op() == Opcode.SWITCH && in.operands()[0] == 2).count();
        assertEquals(1, switchesOnV, code.toString());
        VxRun.Result r = balancedRun(src, "jit");
        assertEquals(String.valueOf(7 + 1000 * 13 + 100000 * 99), r.out().strip(), r.err());
    }

    @Test
    void aMatchOfManyStringsSearchesThemInOrder() {
        // 64 string cases: a chain would compare the last one's text with all 64 (four steps
        // each: load, compare, branch, jump); the search halves the candidates with str_cmp
        // six times down to chains of at most four.
        StringBuilder src = new StringBuilder("def code(s: String) -> U32:\n  match s:\n");
        for (int i = 0; i < 64; i++) {
            src.append("    case \"w").append(i).append("\":\n      ").append(i).append('\n');
        }
        src.append("    case _:\n      999\n\ndef main() -> U32:\n  code(\"w63\") * 1000 + code(\"w7\")\n");
        VxRun.Result r = balancedRun(src.toString(), "jit");
        assertEquals(String.valueOf(63 * 1000 + 7), r.out().strip(), r.err());
        assertTrue(r.stat("steps") < 2 * 64, "steps: " + r.stat("steps"));
        long compares = function(compile(src.toString()), "code").code().stream()
                .filter(in -> in.op() == Opcode.PRIM && in.operands()[1] == dev.vx.bytecode.Prim.STR_CMP.ordinal()).count();
        assertTrue(compares > 0, "no ordered test of the strings");
    }

    @Test
    void aCellTakenApartBeforeABranchIsRebuiltInPlaceInBothArms() {
        // clamp owns b (it could rebuild it) and both arms of the if build a Box: on the path
        // where b is unique, each arm builds in b's memory.
        String src = """
                type Box:
                  Box{v: U32}

                def mk(x: U32) -> Box:
                  Box{x}

                def clamp(b: Box, lo: U32) -> Box:
                  match b:
                    case Box{v}:
                      if v < lo:
                        Box{lo}
                      else:
                        Box{v * 2}

                def main() -> U32:
                  match (clamp(mk(3), 5), clamp(mk(7), 5)):
                    case (Box{a}, Box{b}):
                      a * 100 + b
                """;
        long rebuilt = function(compile(src), "clamp").code().stream().filter(in -> in.op() == Opcode.NEWR).count();
        assertEquals(2, rebuilt, "clamp rebuilds b in place in each arm");
        VxRun.Result r = balancedRun(src, "jit");
        // clamp(Box{3}, 5) = Box{5}, clamp(Box{7}, 5) = Box{14}
        assertEquals(String.valueOf(5 * 100 + 14), r.out().strip(), r.err());
        // Only mk allocates: two cells of a header and one field.
        assertEquals(2 * 2, r.stat("heap_allocated_words"));
    }

    @Test
    void bothCellsOfAPairMatchAreRebuiltInPlace() {
        // match (a, b) reads a's field before it switches on b, so a's drop starts a later
        // block; both leaves are still rebuilt in place, in both arms (bitonic's leaf swap).
        String src = """
                type T:
                  L{v: U32}
                  N{l: T, r: T}

                def mk(v: U32) -> T:
                  L{v}

                def swap(a: T, b: T) -> T:
                  match (a, b):
                    case (L{x}, L{y}):
                      if x > y:
                        N{L{y}, L{x}}
                      else:
                        N{L{x}, L{y}}
                    case _:
                      N{a, b}

                def main() -> U32:
                  match (swap(mk(5), mk(3)), swap(mk(1), mk(2))):
                    case (N{L{p}, L{q}}, N{L{r}, L{s}}):
                      p * 1000 + q * 100 + r * 10 + s
                    case _:
                      0
                """;
        VxRun.Result r = balancedRun(src, "jit");
        // swap(5, 3) = N{3, 5}; swap(1, 2) = N{1, 2}
        assertEquals(String.valueOf(3512), r.out().strip(), r.err());
        // mk's four leaves (2 words each) and the two N cells swap builds (3 words each): the
        // leaves swap builds are mk's, rebuilt.
        assertEquals(4 * 2 + 2 * 3, r.stat("heap_allocated_words"));
    }

    @Test
    void fieldsReadBeforeTheSecondSwitchAreCountedOnlyWhereTheCellIsShared() {
        // match (a, b) reads a's fields before it switches on b. The fallback arm does not use
        // them, and the other arm drops a: with the counts taken at the switch (as they were),
        // both arms paid two increments, and the second a drop that undid them. Now a unique a
        // is freed with its fields' counts moved (bitonic's warp), and only a shared one is
        // counted.
        String src = """
                type T:
                  L{v: U32}
                  N{l: T, r: T}

                def weave(a: T, b: T) -> T:
                  match (a, b):
                    case (N{a1, a2}, N{b1, b2}):
                      N{weave(a1, b1), weave(a2, b2)}
                    case _:
                      N{a, b}

                def show(t: T) -> U32:
                  match t:
                    case L{v}:
                      v
                    case N{l, r}:
                      show(l) * 10 + show(r)

                def main() -> IO(Unit):
                  do:
                    x = weave(N{L{1}, L{2}}, N{L{3}, L{4}})
                    y = weave(L{5}, N{L{6}, L{7}})
                    shared = N{L{8}, L{9}}
                    z = weave(shared, N{L{1}, L{2}})
                    IO.print(U32.show(show(x)) ++ " " ++ U32.show(show(y)) ++ " " ++ U32.show(show(z)) ++ " " ++ U32.show(show(shared)))
                """;
        List<Insn> code = function(compile(src), "weave").code();
        int firstTest = indexOf(code, Opcode.ISUNIQ, 0);
        int firstDup = indexOf(code, Opcode.DUP, 0);
        assertTrue(firstTest >= 0 && firstDup > firstTest, "weave counts a's fields before it knows whether a is shared");
        assertTrue(indexOf(code, Opcode.FREE, 0) >= 0, "a unique a is freed without touching its fields' counts");
        for (String engine : List.of("jit", "interp")) {
            // x = N{N{1,3}, N{2,4}}: 13 * 10 + 24 = 154; y = N{5, N{6,7}}: 5 * 10 + 67 = 117;
            // z = N{N{8,1}, N{9,2}}: 81 * 10 + 92 = 902; shared is still N{8, 9}: 89.
            assertEquals("154 117 902 89", balancedRun(src, engine).out().strip());
        }
    }

    @Test
    void aRowOfAUniqueGridIsUpdatedWithoutCopyingIt() {
        // row = g[r] counts the row twice; the compiler takes it out of g for the update, so the
        // inner set writes it in place. n bumps of a 1,000-element row: without the take each
        // copied the row (1,002 words); with it each allocates only the 2-word placeholder.
        String src = """
                def bump(g: Array<Array<U32>>, r: U32, c: U32) -> Array<Array<U32>>:
                  row = g[r]
                  Array.set(g, r, Array.set(row, c, row[c] + 1))

                def times(g: Array<Array<U32>>, n: U32) -> Array<Array<U32>>:
                  if n == 0:
                    g
                  else:
                    times(bump(g, 1, n % 7), n - 1)

                def main() -> IO(Unit):
                  do:
                    args <- IO.args()
                    n = Maybe.with_default(U32.parse(List.head_or(args, "")), 0)
                    g = times(Array.gen(3, \\i -> Array.fill(1000, i)), n)
                    kept = Array.gen(2, \\i -> Array.fill(4, i))
                    k2 = bump(kept, 0, 1)
                    IO.print(U32.show(Array.fold(g[1], 0, \\a, x -> a + x)) ++ " " ++ U32.show(g[0][5] + g[2][999])
                      ++ " " ++ U32.show(kept[0][1]) ++ " " ++ U32.show(k2[0][1]))
                """;
        for (String engine : List.of("jit", "interp")) {
            VxRun.Result one = VxRun.run(src, VxRun.oneThread().withEngine(engine), "1");
            VxRun.Result eleven = VxRun.run(src, VxRun.oneThread().withEngine(engine), "11");
            // Row 1 holds 1,000 ones plus one per bump; rows 0 and 2 are untouched (0 + 2); the
            // shared kept is not changed by bump (0), its copy is (1).
            assertEquals("1001 2 0 1", one.out().strip(), one.err());
            assertEquals("1011 2 0 1", eleven.out().strip(), eleven.err());
            for (VxRun.Result r : List.of(one, eleven)) {
                assertEquals(r.stat("heap_allocated_words"), r.stat("heap_freed_words"), engine + ": heap words freed");
            }
            long perBump = (eleven.stat("heap_allocated_words") - one.stat("heap_allocated_words")) / 10;
            assertTrue(perBump < 16, engine + ": " + perBump + " words allocated per bump: the row was copied");
        }
    }

    private static final String BODIES = """
            type P:
              P{x: U32, y: U32}

            def swap(ps: Array<P>, i: U32, j: U32) -> Array<P>:
              match (ps[i], ps[j]):
                case (P{x: a, y: b}, P{x: c, y: d}):
                  Array.set(Array.set(ps, i, P{c, d}), j, P{a + b, b})

            def x_of(ps: Array<P>, i: U32) -> U32:
              match ps[i]:
                case P{x: x}:
                  x

            # After the set, p is the old element, which only p keeps alive: it needs its count.
            def late(ps: Array<P>) -> U32:
              p = ps[0]
              qs = Array.set(ps, 0, P{100, 200})
              match (p, qs[0]):
                case (P{x, y}, P{x: z}):
                  x * 1000 + y + z

            def main() -> U32:
              ps = swap(Array.from_list([P{1, 2}, P{3, 4}, P{5, 6}]), 0, 2)
              a = x_of(ps, 0)
              c = x_of(ps, 2)
              late(ps) * 100 + a + c
            """;

    @Test
    void readsOfElementsThatOnlyLookInsideTakeNoCount() {
        Module m = compile(BODIES);
        for (Insn in : function(m, "swap").code()) {
            assertFalse(in.op() == Opcode.DUP, "swap counts an element it only looks into: " + in);
        }
        assertTrue(function(m, "late").code().stream().anyMatch(in -> in.op() == Opcode.DUP),
                "late keeps p past the set that replaces it: p needs its own count");
        // swap: ps = [P{5, 6}, P{3, 4}, P{3, 2}]; late: p = P{5, 6}, qs[0] = P{100, 200}.
        long late = 5 * 1000 + 6 + 100;
        VxRun.Result r = balancedRun(BODIES, "jit");
        assertEquals(String.valueOf(late * 100 + 5 + 3), r.out().strip(), r.err());
    }

    /** A tree built by two recursive calls per node. */
    private static final String TREE_BUILD = """
            type Tree:
              Leaf{x: U32}
              Node{l: Tree, r: Tree}

            def build(d: U32, i: U32) -> Tree:
              if d == 0:
                Leaf{i}
              else:
                Node{build(d - 1, 2 * i), build(d - 1, 2 * i + 1)}

            """;

    private static final String TREES = TREE_BUILD + """
            def forked(d: U32, i: U32) -> Tree:
              if d == 0:
                Leaf{i}
              else:
                l = fork forked(d - 1, 2 * i)
                r = fork forked(d - 1, 2 * i + 1)
                Node{l, r}

            def leaves(t: Tree) -> List<U32>:
              match t:
                case Leaf{x}:
                  [x]
                case Node{l, r}:
                  List.append(leaves(l), leaves(r))

            def upto(n: U32) -> List<U32>:
              if n == 0:
                []
              else:
                n <> upto(n - 1)

            def main() -> U32:
              List.sum(leaves(build(3, 0))) * 1000 + List.sum(leaves(forked!(4, 0))) * 10 + List.length(upto(5))
            """;

    @Test
    void aNodeIsAllocatedBeforeTheCallsThatBuildItsChildren() {
        Module m = compile(TREES);
        for (String builder : List.of("build", "forked")) {
            List<Insn> code = function(m, builder).code();
            int alloc = indexOf(code, Opcode.ALLOC, 0);
            assertTrue(alloc >= 0, builder + " allocates its Node after the calls");
            assertEquals("Node", m.string(m.ctor(code.get(alloc).get(1)).name()));
            int firstCall = indexOf(code, builder.equals("forked") ? Opcode.FORK : Opcode.CALL, 0);
            assertTrue(alloc < firstCall, builder + ": the alloc comes before the calls");
            int newr = indexOf(code, Opcode.NEWR, alloc);
            assertTrue(newr > firstCall && code.get(newr).get(1) == code.get(alloc).get(0),
                    builder + ": the Node is built in the token after the calls");
        }
        // A cell fed by one call (a list built by non-tail recursion) keeps its place.
        assertEquals(-1, indexOf(function(m, "upto").code(), Opcode.ALLOC, 0));
        // leaves 0..7 sum to 28, 0..15 to 120; upto(5) has 5 elements.
        for (String engine : List.of("jit", "interp")) {
            VxRun.Result r = balancedRun(TREES, engine);
            assertEquals(String.valueOf(28 * 1000 + 120 * 10 + 5), r.out().strip(), r.err());
        }
    }

    private static final String MIRROR = TREE_BUILD + """
            def mirror(t: Tree) -> Tree:
              match t:
                case Leaf{x}:
                  Leaf{x + 1}
                case Node{l, r}:
                  Node{mirror(r), mirror(l)}

            def total(t: Tree) -> U32:
              match t:
                case Leaf{x}:
                  x
                case Node{l, r}:
                  total(l) * 2 + total(r)

            def main() -> U32:
              total(mirror(build(3, 0)))
            """;

    @Test
    void aCellTakenApartIsTheTokenOfTheCellBuiltAfterTheCalls() {
        Module m = compile(MIRROR);
        FunctionDesc mirror = function(m, "mirror");
        List<Insn> code = mirror.code();
        // The unique path hands the Node it took apart to the new Node; only the shared path allocates.
        assertEquals(-1, indexOf(code, Opcode.FREE, 0), "mirror frees a cell it could build in");
        assertEquals(1, code.stream().filter(in -> in.op() == Opcode.ALLOC).count());
        assertTrue(code.stream().anyMatch(in -> in.op() == Opcode.MOV && m.type(mirror.registerTypes()[in.get(0)]).kind() == TypeKind.ADT),
                "the unique path moves the Node it took apart into the token");
        // Leaves 8, 7, ..., 1 after the mirror and the +1; total(Node{l, r}) = 2 total(l) + total(r):
        // (8,7) 23, (6,5) 17, (4,3) 11, (2,1) 5; 63, 27; 153. The tree is unique, so only build
        // allocates: 8 leaves of 2 words and 7 nodes of 3.
        for (String engine : List.of("jit", "interp")) {
            VxRun.Result r = balancedRun(MIRROR, engine);
            assertEquals("153", r.out().strip(), r.err());
            assertEquals(8 * 2 + 7 * 3, r.stat("heap_allocated_words"), engine);
        }
    }

    private static final String KICKS = """
            type P:
              P{x: U32, y: U32}

            def kick(a: Array<P>, i: U32, j: U32) -> Array<P>:
              match (a[i], a[j]):
                case (P{xi, yi}, P{xj, yj}):
                  Array.set(Array.set(a, i, P{xi + yj, yi + 1}), j, P{xj * 2, yj + xi})

            # The same updates with the constructions in the other order than the stores.
            def kick_reversed(a: Array<P>, i: U32, j: U32) -> Array<P>:
              match (a[i], a[j]):
                case (P{xi, yi}, P{xj, yj}):
                  q = P{xj * 2, yj + xi}
                  p = P{xi + yj, yi + 1}
                  Array.set(Array.set(a, i, p), j, q)

            def digits(acc: U32, p: P) -> U32:
              match p:
                case P{x, y}:
                  acc * 100 + x * 10 + y

            def show(a: Array<P>) -> U32:
              Array.fold(a, 0, \\acc, p -> digits(acc, p))

            def start() -> Array<P>:
              Array.gen(3, \\k -> P{k, k + 1})
            """;

    @Test
    void aRecordUpdatedInAUniqueArrayIsRewrittenInPlace() {
        Module m = compile(KICKS + MAIN_KICKS);
        List<Insn> code = function(m, "kick").code();
        int test = indexOf(code, Opcode.ISUNIQ, 0);
        int newr = indexOf(code, Opcode.NEWR, 0);
        assertTrue(test >= 0 && newr > test, "kick tests uniqueness before it builds in place");
        int element = code.get(indexOf(code, Opcode.AGET, 0)).get(0);
        assertEquals(element, code.get(newr).get(1), "the new P is built in the cell read from the array");
        // start() = [P{0,1}, P{1,2}, P{2,3}], shown as the digits 01 12 23.
        // kick(_, 0, 2): a[0] = P{0+3, 1+1}, a[2] = P{2*2, 3+0}          -> 32 12 43
        // kick(_, 1, 1): a[1] = P{1+2, 2+1}, then a[1] = P{1*2, 2+1}     -> 01 23 23 (the last store wins)
        // kick_reversed(_, 1, 1): the same stores                       -> 01 23 23
        // a kept alive across kick(a, 0, 2) is unchanged                 -> 32 12 43, then 01 12 23
        // an element kept alive across kick(c, 0, 2) is unchanged        -> 32 12 43, then 01
        String expected = "321243\n12323\n12323\n321243\n11223\n32124301";
        for (String engine : List.of("jit", "interp")) {
            VxRun.Result r = balancedRun(KICKS + MAIN_KICKS, engine);
            assertEquals(expected, r.out().strip(), r.err());
            // Updating a unique array in place allocates nothing: the same words as showing it as it was.
            long kicked = balancedRun(KICKS + "def main() -> U32:\n  show(kick(start(), 0, 2))\n", engine).stat("heap_allocated_words");
            long plain = balancedRun(KICKS + "def main() -> U32:\n  show(start())\n", engine).stat("heap_allocated_words");
            assertEquals(plain, kicked, engine + ": kick allocates");
        }
    }

    @Test
    void anUpdateAtAConstantIndexIsInPlaceToo() {
        // a[0] and Array.set(a, 0, ..) load their index each with its own ldi.
        String src = KICKS + """

                def bump(a: Array<P>, n: U32) -> Array<P>:
                  match a[0]:
                    case P{x, y}:
                      Array.set(a, 0, P{x + n, y})

                def main() -> U32:
                  show(bump(start(), 5))
                """;
        assertTrue(indexOf(function(compile(src), "bump").code(), Opcode.NEWR, 0) >= 0, "bump builds in place");
        for (String engine : List.of("jit", "interp")) {
            // [P{0+5, 1}, P{1,2}, P{2,3}] -> 51 12 23
            assertEquals("511223", balancedRun(src, engine).out().strip());
        }
    }

    private static final String MAIN_KICKS = """

            def main() -> IO(Unit):
              do:
                IO.print(U32.show(show(kick(start(), 0, 2))))
                IO.print(U32.show(show(kick(start(), 1, 1))))
                IO.print(U32.show(show(kick_reversed(start(), 1, 1))))
                a = start()
                b = kick(a, 0, 2)
                IO.print(U32.show(show(a) * 0 + show(b)))
                IO.print(U32.show(show(a)))
                c = start()
                p = c[0]
                IO.print(U32.show(digits(show(kick(c, 0, 2)), p)))
            """;

    @Test
    void aMapThatKeepsTheElementTypeRebuildsAUniqueArrayWhereItLies() {
        // Array.map(a, f) with f : P -> P runs Base.array_map_same: each element is taken out
        // of the array (atake) while f runs, so move rebuilds it in its own cell, and the array
        // is neither copied nor reallocated.
        String src = """
                type P:
                  P{x: U32, v: U32}

                def move(p: P) -> P:
                  match p:
                    case P{x, v}:
                      P{x + v, v}

                def steps(a: Array<P>, n: U32) -> Array<P>:
                  if n == 0:
                    a
                  else:
                    steps(Array.map(a, move), n - 1)

                def total(s: U32, p: P) -> U32:
                  match p:
                    case P{x, _}:
                      s + x

                def main() -> U32:
                  Array.fold(steps(Array.gen(3, \\i -> P{i, i + 1}), 1000), 0, total)
                """;
        Module m = compile(src);
        assertTrue(function(m, "Base.array_map_same_from<P>").code().stream().anyMatch(in -> in.op() == Opcode.ATAKE),
                "the element is taken out of the array while f runs");
        for (String engine : List.of("interp", "jit")) {
            VxRun.Result r = balancedRun(src, engine);
            // x_i after 1000 steps is i + 1000 (i + 1): 1000 + 2001 + 3002
            assertEquals(String.valueOf(1000 + 2001 + 3002), r.out().strip(), r.err());
            // Array.gen: the array (2 + 3 words) and three P cells (3 each). No P cell and no
            // array after the first, and no closure at all: the lambda and the function values
            // move and total are passed to specialised copies of Array.gen, Array.map and
            // Array.fold (closure specialisation).
            assertEquals(5 + 3 * 3, r.stat("heap_allocated_words"), engine + ": " + r.stats());
            assertEquals(5 + 3 * 3, r.stat("heap_peak_words"), engine + ": " + r.stats());
        }
    }

    @Test
    void aLambdaPassedToAHigherOrderFunctionAllocatesNoClosure() {
        // sum_gen passes f on to itself and calls it; apply2 passes it to apply twice. Each call
        // with a lambda written there gets a copy taking the lambda's captured values (k, and
        // the array a) instead of a closure.
        String src = """
                def sum_gen(i: U32, n: U32, f: U32 -> U32, acc: U32) -> U32:
                  if i == n then acc else sum_gen(i + 1, n, f, acc + f(i))

                def apply(f: U32 -> U32, x: U32) -> U32:
                  f(x)

                def apply2(f: U32 -> U32, x: U32) -> U32:
                  apply(f, apply(f, x))

                def main() -> U32:
                  k = 3
                  a = Array.from_list([10, 20, 30])
                  s = sum_gen(0, 4, \\i -> i * k + a[i % 3], 0)
                  s + apply2(\\x -> x + a[2], 1)
                """;
        Module m = compile(src);
        for (Insn in : function(m, "main").code()) {
            assertFalse(in.op() == Opcode.NEW && m.ctor(in.get(1)).closureFunction() >= 0, "main builds a closure: " + in);
        }
        for (String engine : List.of("interp", "jit")) {
            VxRun.Result r = balancedRun(src, engine);
            // (0 + 10) + (3 + 20) + (6 + 30) + (9 + 10) = 88; then 1 + 30 + 30 = 61
            assertEquals(String.valueOf(88 + 61), r.out().strip(), r.err());
            // Only the array: 2 + 2 words (three U32 elements, two to a word; Array.from_list of
            // a list literal builds the array directly).
            assertEquals(2 + 2, r.stat("heap_allocated_words"), engine + ": " + r.stats());
        }
    }

    @Test
    void aLambdaAppliedWhereItIsWrittenIsNotBuilt() {
        String src = """
                def main() -> U32:
                  k = 7
                  a = (\\x -> x * k)(3)
                  f = \\y -> y + k
                  a + f(4)
                """;
        Module m = compile(src);
        for (Insn in : function(m, "main").code()) {
            assertFalse(in.op() == Opcode.NEW && m.ctor(in.get(1)).closureFunction() >= 0, "main builds a closure: " + in);
            assertFalse(in.op() == Opcode.CALLC || in.op() == Opcode.TCALLC, "main calls a closure: " + in);
        }
        for (String engine : List.of("interp", "jit")) {
            VxRun.Result r = balancedRun(src, engine);
            assertEquals(String.valueOf(21 + 11), r.out().strip(), r.err());
            assertEquals(0, r.stat("heap_allocated_words"), engine + ": " + r.stats());
        }
    }

    @Test
    void aClosureThatEscapesIsStillBuilt() {
        // keep stores f in a list: it is not specialisable, and the closure is built as before.
        String src = """
                def keep(f: U32 -> U32) -> List<U32 -> U32>:
                  [f, f]

                def run(fs: List<U32 -> U32>, x: U32) -> U32:
                  match fs:
                    case []:
                      x
                    case g <> rest:
                      run(rest, g(x))

                def main() -> U32:
                  k = 5
                  run(keep(\\x -> x * k), 2)
                """;
        Module m = compile(src);
        assertTrue(function(m, "main").code().stream()
                .anyMatch(in -> in.op() == Opcode.NEW && m.ctor(in.get(1)).closureFunction() >= 0), "main builds the closure");
        VxRun.Result r = balancedRun(src, "jit");
        assertEquals("50", r.out().strip(), r.err());
    }

    @Test
    void aStringGrownInALoopIsExtendedWhereItLies() {
        // acc ++ piece consumes acc (Prim.STR_APPEND): held once, it grows inside its block and
        // is copied only when it outgrows it, so the loop allocates words in proportion to the
        // text, not to its square (before: 257,245,120 words for these 20,000 lines).
        String src = """
                def build(i: U32, n: U32, acc: String) -> String:
                  if i == n:
                    acc
                  else:
                    build(i + 1, n, acc ++ U32.show(i) ++ "\\n")

                def main() -> U32:
                  String.len(build(0, 20000, ""))
                """;
        // By hand: 10 one-digit numbers, 90 of two digits, 900 of three, 9,000 of four and
        // 10,000 of five, and 20,000 newlines.
        long chars = 10 + 90 * 2 + 900 * 3 + 9000 * 4 + 10000 * 5 + 20000;
        VxRun.Result interp = balancedRun(src, "interp");
        VxRun.Result jit = balancedRun(src, "jit");
        assertEquals(String.valueOf(chars), interp.out().strip(), interp.err());
        assertEquals(interp.out(), jit.out());
        assertEquals(interp.stat("heap_allocated_words"), jit.stat("heap_allocated_words"));
        long finalWords = 2 + (chars + 7) / 8;
        long allocated = interp.stat("heap_allocated_words");
        // Each line's U32.show is a cell of at most 3 words; the string's own copies, one each
        // time it moves to a larger block (classes step by an eighth), come to a few times its
        // final size.
        assertTrue(allocated < 3 * 20000 + 20 * finalWords, "heap_allocated_words " + allocated);
    }

    private static final String STRUCTURAL = """
            def app(xs: List<U32>, ys: List<U32>) -> List<U32>:
              match xs:
                case []:
                  ys
                case h <> t:
                  h <> app(t, ys)

            def evens(xs: List<U32>) -> List<U32>:
              match xs:
                case []:
                  []
                case h <> t:
                  if h % 2 == 0:
                    h <> h * 10 <> evens(t)
                  else:
                    evens(t)

            def main() -> U32:
              n = N
              List.sum(app(List.range(0, n), [7])) + List.sum(evens(List.range(0, n)))
            """;

    private static String structural(long n) {
        return STRUCTURAL.replace("n = N", "n = " + n);
    }

    @Test
    void aRecursionInsideAConstructionIsALoopThatFillsTheHole() {
        Module m = compile(structural(10));
        // app gets a destination-passing twin: it stores into the cell it is given and loops.
        boolean loops = false;
        for (int f = 0; f < m.functions().size(); f++) {
            if (!m.functionName(f).equals("app")) continue;
            List<Insn> code = m.function(f).code();
            int fid = f;
            if (code.stream().anyMatch(in -> in.op() == Opcode.SETF)) {
                loops = code.stream().anyMatch(in -> in.op() == Opcode.TCALL && in.get(0) == fid);
            }
        }
        assertTrue(loops, "app has a twin that fills a hole and tail-calls itself");
        // n = 100,000: a recursion of 2 words a level would spill about a hundred times.
        // Expected: sum 0 .. n-1 + 7, plus 11 times the sum of the even numbers below n.
        long n = 100_000;
        long expected = (n * (n - 1) / 2 + 7 + 11 * (2 * ((n / 2) * (n / 2 - 1) / 2))) & 0xFFFFFFFFL;
        for (String engine : List.of("jit", "interp")) {
            VxRun.Result r = balancedRun(structural(n), engine);
            assertEquals(Long.toString(expected), r.out().strip(), r.err());
            assertEquals(0, r.stat("spills"), engine);
            assertTrue(r.stat("peak_stack_words") < 32, engine + ": " + r.stat("peak_stack_words"));
        }
    }

    private static final String SEARCH_TREE = """
            type Bst:
              Tip{}
              Node{l: Bst, v: U32, r: Bst}

            def insert(t: Bst, x: U32) -> Bst:
              match t:
                case Tip{}:
                  Node{Tip{}, x, Tip{}}
                case Node{l, v, r}:
                  if x < v:
                    Node{insert(l, x), v, r}
                  elif x > v:
                    Node{l, v, insert(r, x)}
                  else:
                    t

            def ascending(t: Bst, i: U32, n: U32) -> Bst:
              if i == n then t else ascending(insert(t, i), i + 1, n)

            def walk(t: Bst, acc: U32) -> U32:
              match t:
                case Tip{}:
                  acc
                case Node{l, v, r}:
                  walk(r, walk(l, acc) * 31 + v)

            def main() -> U32:
              walk(ascending(Tip{}, 0, 3000), 0)
            """;

    @Test
    void aRecursionIntoEitherFieldGetsATwinPerField() {
        Module m = compile(SEARCH_TREE);
        long twins = java.util.stream.IntStream.range(0, m.functions().size())
                .filter(f -> m.functionName(f).equals("insert"))
                .filter(f -> m.function(f).code().stream().anyMatch(in -> in.op() == Opcode.SETF)).count();
        assertEquals(2, twins, "one twin fills a left field, one a right field");
        // Ascending keys make the tree a spine 3,000 deep, which the recursion would push
        // (4 words a level) and spill. Expected: the keys in order folded by acc * 31 + v
        // (Python: a = (a * 31 + v) % 2**32 for v in range(3000)).
        for (String engine : List.of("jit", "interp")) {
            VxRun.Result r = balancedRun(SEARCH_TREE, engine);
            assertEquals("1192390108", r.out().strip(), r.err());
            assertEquals(0, r.stat("spills"), engine);
        }
    }

    @Test
    void aUniqueListAppendedStructurallyIsRewrittenInPlace() {
        // The cell of the list taken apart is the cell built before the call: app allocates
        // nothing, so the run allocates the 1,000 cells of the range and the one of [7] (3 words each).
        String src = structural(1000).replace("+ List.sum(evens(List.range(0, n)))", "");
        for (String engine : List.of("jit", "interp")) {
            VxRun.Result r = balancedRun(src, engine);
            assertEquals("499507", r.out().strip(), r.err());
            assertEquals(3 * 1001, r.stat("heap_allocated_words"), engine);
        }
    }

    /** {@code src} run on one thread of {@code engine}, which must free every word it allocated. */
    private static VxRun.Result balancedRun(String src, String engine) {
        VxRun.Result r = VxRun.run(src, VxRun.oneThread().withEngine(engine));
        assertEquals(r.stat("heap_allocated_words"), r.stat("heap_freed_words"), engine + ": heap words freed");
        return r;
    }

    private static int indexOf(List<Insn> code, Opcode op, int from) {
        for (int i = from; i < code.size(); i++) if (code.get(i).op() == op) return i;
        return -1;
    }

    /** Whether {@code in} (a NEW) builds a cell of a type of {@code kind}. */
    private static boolean builds(Module m, Insn in, TypeKind kind) {
        return m.type(m.ctor(in.get(1)).type()).kind() == kind;
    }

    private static Module compile(String src) {
        Compiler.Result c = Compiler.compile(new SourceFile("test.vx", src), Programs.base());
        if (c.module() == null) throw new AssertionError("does not compile:\n" + c.diagnostics());
        return c.module();
    }

    private static FunctionDesc function(Module m, String name) {
        for (int f = 0; ; f++) {
            if (m.functionName(f).equals(name)) return m.function(f);
        }
    }

    /** Whether function {@code caller} has a call (tail or not) of {@code callee}. */
    private static boolean calls(Module m, String caller, String callee) {
        for (Insn in : function(m, caller).code()) {
            boolean call = in.op() == Opcode.CALL || in.op() == Opcode.TCALL;
            int target = in.op() == Opcode.CALL ? 1 : 0;
            if (call && m.functionName(in.get(target)).equals(callee)) return true;
        }
        return false;
    }
}
