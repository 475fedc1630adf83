package dev.vx.stdlib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Checks the Base sources without a Vx compiler: the resource index, layout, calls and names
 * (see {@link VxLint}), the API of docs/base.md, and the correspondence between the float math
 * and its Java mirror.
 */
public class BaseSourcesTest {

    static final Path MODULE = Path.of("").toAbsolutePath();
    static final Path RESOURCES = MODULE.resolve("src/main/resources/vx/base");
    static final Path DOCS = MODULE.resolveSibling("docs").resolve("base.md");
    static final Path PRIM = MODULE.resolveSibling("bytecode").resolve("src/main/java/dev/vx/bytecode/Prim.java");
    static final Path MIRROR = MODULE.resolve("src/test/java/dev/vx/stdlib/mirror");

    /** Primitive names (lower case) and arities, read from bytecode's Prim.java. */
    static Map<String, Integer> primArity() throws IOException {
        String src = Files.readString(PRIM);
        Map<String, Integer> out = new LinkedHashMap<>();
        Matcher m = Pattern.compile("\\b([A-Z][A-Z0-9_]+)\\(([A-Z0-9_, ]*)\\)[,;]").matcher(src);
        while (m.find()) {
            String name = m.group(1);
            if (name.equals("Prim")) {
                continue;
            }
            int arity = m.group(2).split(",").length - 1; // first entry is the result
            out.put(name.toLowerCase(), arity);
        }
        return out;
    }

    static VxLint lint() throws IOException {
        VxLint lint = new VxLint(primArity());
        for (BaseLibrary.Source s : BaseLibrary.sources()) {
            lint.checkLayout(s.path(), s.text());
            lint.collect(s.path(), s.text());
        }
        lint.checkBodies();
        return lint;
    }

    /** Lint errors of a Vx program checked together with Base (for test programs). */
    public static List<String> lintWith(String path, String text) throws IOException {
        VxLint lint = new VxLint(primArity());
        for (BaseLibrary.Source s : BaseLibrary.sources()) {
            lint.checkLayout(s.path(), s.text());
            lint.collect(s.path(), s.text());
        }
        lint.checkLayout(path, text);
        lint.collect(path, text);
        lint.checkBodies();
        return lint.errors;
    }

    @Test
    void indexListsEveryFileOnceInLoadOrder() throws IOException {
        List<String> names = BaseLibrary.fileNames();
        assertEquals(List.of("maybe.vx", "list.vx", "array.vx", "string.vx", "numbers.vx", "float64.vx",
                "float32.vx", "io.vx"), names);
        Set<String> onDisk;
        try (Stream<Path> files = Files.list(RESOURCES)) {
            onDisk = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".vx"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(onDisk, new TreeSet<>(names));
        List<BaseLibrary.Source> sources = BaseLibrary.sources();
        assertEquals(names.size(), sources.size());
        for (int i = 0; i < names.size(); i++) {
            assertEquals("vx/base/" + names.get(i), sources.get(i).path());
            assertFalse(sources.get(i).text().isBlank());
        }
        assertTrue(BaseLibrary.sources() == sources, "sources are cached");
    }

    @Test
    void primitivesAreKnown() throws IOException {
        Map<String, Integer> prims = primArity();
        assertEquals(2, prims.get("str_concat"));
        assertEquals(0, prims.get("io_args"));
        assertEquals(2, prims.get("fmt_f64"));
        assertEquals(2, prims.get("str_append"));
        assertEquals(36, prims.size(), prims.toString());
    }

    @Test
    void sourcesPassTheLint() throws IOException {
        VxLint lint = lint();
        assertTrue(lint.defs.size() > 100, "found " + lint.defs.size() + " definitions");
        assertEquals(List.of(), lint.errors, String.join("\n", lint.errors));
    }

    /** The documented signature of every function in docs/base.md, expanded over T and F. */
    static Map<String, String> documentedSignatures() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        Pattern row = Pattern.compile("^\\| `([^|]+)` \\| `(\\([^`]*\\) -> [^`]+)`");
        for (String line : Files.readAllLines(DOCS)) {
            Matcher m = row.matcher(line);
            if (!m.find()) {
                continue;
            }
            String sig = m.group(2).strip();
            for (String name : m.group(1).split("`, `")) {
                List<String> owners = new ArrayList<>();
                if (name.startsWith("T.")) {
                    owners.addAll(name.equals("T.abs") ? List.of("I32", "I64", "F32", "F64")
                            : List.of("U32", "I32", "U64", "I64", "Nat", "F32", "F64"));
                    name = name.substring(2);
                } else if (!name.contains(".")) {
                    owners.addAll(List.of("F32", "F64"));
                } else {
                    owners.add(null);
                }
                for (String owner : owners) {
                    String full = owner == null ? name : owner + "." + name;
                    String s = owner == null ? sig : sig.replaceAll("\\b[TF]\\b", owner);
                    out.put(full, s);
                }
            }
        }
        return out;
    }

    /** Builtins the compiler provides; docs/base.md lists them but Base does not define them. */
    static final Set<String> BUILTINS = Set.of("Array.fill", "Array.len", "Array.get", "Array.set", "Array.slice",
            "F32.sqrt", "F64.sqrt", "F32.to_bits", "F64.to_bits", "F32.from_bits", "F64.from_bits");

    @Test
    void everyDocumentedFunctionIsDefinedWithItsSignature() throws IOException {
        VxLint lint = lint();
        Map<String, String> documented = documentedSignatures();
        assertTrue(documented.size() > 90, documented.keySet().toString());
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> e : documented.entrySet()) {
            String name = e.getKey();
            if (BUILTINS.contains(name)) {
                assertFalse(lint.defs.containsKey(name), name + " is a builtin and must not be redefined");
                continue;
            }
            VxLint.Def d = lint.defs.get(name);
            if (d == null) {
                problems.add("missing: " + name + " " + e.getValue());
                continue;
            }
            String actual = "(" + d.params().stream().map(p -> p[0] + ": " + p[1]).collect(Collectors.joining(", "))
                    + ") -> " + d.result();
            String want = e.getValue().replaceAll(" — .*", "");
            if (!actual.equals(want)) {
                problems.add(name + ": documented " + want + ", defined " + actual);
            }
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void everyPublicDefinitionIsDocumented() throws IOException {
        VxLint lint = lint();
        Map<String, String> documented = documentedSignatures();
        List<String> undocumented = new ArrayList<>();
        for (String name : lint.defs.keySet()) {
            boolean internal = name.startsWith("Base.") || name.startsWith("Fdlibm.");
            if (!internal && !documented.containsKey(name)) {
                undocumented.add(name);
            }
        }
        assertEquals(List.of(), undocumented, "public definitions missing from docs/base.md");
    }

    /** Every F64 constant of the mirror appears in float64.vx and the other way round. */
    @Test
    void mirrorAndVxUseTheSameConstants() throws IOException {
        Pattern hex = Pattern.compile("0x([0-9A-Fa-f]{16})(?![0-9A-Fa-f])");
        Set<String> java = new TreeSet<>();
        Matcher m = hex.matcher(Files.readString(MIRROR.resolve("F64Mirror.java")));
        while (m.find()) {
            java.add(m.group(1).toUpperCase());
        }
        Set<String> vx = new TreeSet<>();
        for (String file : List.of("float64.vx", "numbers.vx")) { // F64.abs is in numbers.vx
            m = hex.matcher(Files.readString(RESOURCES.resolve(file)));
            while (m.find()) {
                vx.add(m.group(1).toUpperCase());
            }
        }
        assertEquals(java, vx);
    }

    /** The mirror names its Vx twin in a "Vx: Name" comment; both sides have the same functions. */
    @Test
    void mirrorAndVxHaveTheSameFunctions() throws IOException {
        VxLint lint = lint();
        Set<String> named = new TreeSet<>();
        for (String file : List.of("F64Mirror.java", "F32Mirror.java")) {
            Matcher m = Pattern.compile("Vx: ((?:F64|F32|Fdlibm)\\.[a-z0-9_]+)").matcher(Files.readString(MIRROR.resolve(file)));
            while (m.find()) {
                named.add(m.group(1));
            }
        }
        Set<String> vx = new TreeSet<>();
        for (String name : lint.defs.keySet()) {
            VxLint.Def d = lint.defs.get(name);
            if ((d.file().endsWith("float64.vx") || d.file().endsWith("float32.vx"))
                    && !Set.of("F64.floor", "F64.ceil", "F64.is_nan", "F32.floor", "F32.ceil",
                        "F32.is_nan", "F32.infinity", "F32.nan").contains(name)) {
                vx.add(name);
            }
        }
        named.remove("F64.to_bits");
        named.remove("F64.from_bits");
        named.remove("F64.abs"); // in numbers.vx
        assertEquals(vx, named);
    }
}
