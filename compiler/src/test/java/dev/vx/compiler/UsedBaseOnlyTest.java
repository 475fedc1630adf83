package dev.vx.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vx.compiler.tast.FunctionDef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link FrontEnd#checkingUsedBaseOnly()}: Base bodies are checked only when the program reaches them. */
class UsedBaseOnlyTest {
    private static final SourceLoader NO_FILES = path -> {
        throw new java.nio.file.NoSuchFileException(path);
    };

    private static List<SourceFile> baseWithABrokenUnusedFunction() {
        List<SourceFile> base = new java.util.ArrayList<>(TestBase.sources());
        base.add(new SourceFile("base/broken.vx", "def Broken.f(x: U32) -> String:\n  x\n"));
        return base;
    }

    @Test
    void onlyReachableBaseFunctionsAreCheckedAndListed() {
        String src = "def main() -> U32:\n  List.sum([1, 2]) + List.length([\"a\"] ++ [\"b\"])\n";
        CheckResult r = new FrontEnd(FrontEnd.DEFAULT_STACK_BYTES, NO_FILES).checkingUsedBaseOnly()
                .check("prog.vx", src, baseWithABrokenUnusedFunction());
        assertEquals("", r.diagnostics().render());
        List<String> names = r.program().functions().stream().map(FunctionDef::name).sorted().toList();
        assertEquals(List.of("List.append", "List.fold", "List.foldr", "List.length", "List.sum", "main"), names);
        for (FunctionDef f : r.program().functions()) {
            assertNotNull(f.body(), f.name());
        }
    }

    @Test
    void reachingArrayMapReachesTheMapThatTheBackEndMayCallInItsPlace() {
        // The back end calls Base.array_map_same for a map that keeps the element type
        // (Backend.instance), so the checker must give it a body whenever Array.map is reached.
        List<SourceFile> base = new java.util.ArrayList<>(TestBase.sources());
        base.add(new SourceFile("base/array.vx", """
                def Array.map<A, B>(a: Array<A>, f: A -> B) -> Array<B>:
                  Array.fill(Array.len(a), f(a[0]))

                def Base.array_map_same<A>(a: Array<A>, f: A -> A) -> Array<A>:
                  a

                def Base.unused<A>(a: Array<A>) -> Array<A>:
                  a
                """));
        String src = "def main() -> Array<U32>:\n  Array.map(Array.fill(2, 1), \\x -> x + 1)\n";
        CheckResult r = new FrontEnd(FrontEnd.DEFAULT_STACK_BYTES, NO_FILES).checkingUsedBaseOnly()
                .check("prog.vx", src, base);
        assertEquals("", r.diagnostics().render());
        List<String> names = r.program().functions().stream().map(FunctionDef::name).sorted().toList();
        assertEquals(List.of("Array.map", "Base.array_map_same", "main"), names);
    }

    @Test
    void checkingAllOfBaseReportsUnusedBaseErrors() {
        CheckResult r = new FrontEnd(FrontEnd.DEFAULT_STACK_BYTES, NO_FILES)
                .check("prog.vx", "def main() -> U32:\n  1\n", baseWithABrokenUnusedFunction());
        assertTrue(r.diagnostics().render().startsWith("base/broken.vx:2:3: error: type mismatch: expected String, found U32"),
                r.diagnostics().render());
    }
}
