package dev.vx.stdlib;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A small source checker for the Base files, used while no Vx compiler exists: it tokenizes Vx,
 * splits files into definitions and checks layout, brackets, calls (existence and arity) and
 * identifiers (each used name is bound somewhere in its definition). It is deliberately
 * conservative and knows nothing about types.
 */
final class VxLint {

    /** A token: kind is one of "id", "num", "str", "op". */
    record Tok(String kind, String text, int line) {}

    /** A definition: name, type parameters, parameters (name, type), result type, body tokens. */
    record Def(String file, int line, String name, List<String> typeParams, List<String[]> params, String result,
               List<Tok> body, List<String> bodyLines) {}

    static final Set<String> KEYWORDS = Set.of("def", "type", "import", "match", "case", "if", "then", "elif",
            "else", "fork", "do", "return", "true", "false", "and", "or", "not");

    static final List<String> NUMERIC = List.of("U32", "I32", "U64", "I64", "F32", "F64", "Nat");

    final List<String> errors = new ArrayList<>();
    final Map<String, Def> defs = new LinkedHashMap<>();
    final Set<String> constructors = new LinkedHashSet<>();
    final Map<String, Integer> builtinArity = new HashMap<>();

    VxLint(Map<String, Integer> primArity) {
        for (String a : NUMERIC) {
            for (String b : NUMERIC) {
                if (!a.equals(b)) {
                    builtinArity.put(a + ".to_" + b.toLowerCase(), 1);
                }
            }
        }
        for (String f : List.of("F32", "F64")) {
            builtinArity.put(f + ".sqrt", 1);
            builtinArity.put(f + ".to_bits", 1);
            builtinArity.put(f + ".from_bits", 1);
        }
        builtinArity.put("Array.fill", 2);
        builtinArity.put("Array.len", 1);
        builtinArity.put("Array.get", 2);
        builtinArity.put("Array.set", 3);
        builtinArity.put("Array.slice", 3);
        builtinArity.put("__panic", 1);
        builtinArity.put("__exit", 1);
        builtinArity.put("__io", 1);
        builtinArity.put("__array_empty", 0);
        primArity.forEach((name, arity) -> builtinArity.put("__prim_" + name, arity));
    }

    void error(String file, int line, String message) {
        errors.add(file + ":" + line + ": " + message);
    }

    // ------------------------------------------------------------------ tokens

    static List<Tok> tokenize(String text, int firstLine) {
        List<Tok> out = new ArrayList<>();
        int line = firstLine;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (c == ' ' || c == '\r') {
                i++;
            } else if (c == '#') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '"') {
                int j = i + 1;
                while (j < n && text.charAt(j) != '"') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                out.add(new Tok("str", text.substring(i, Math.min(n, j + 1)), line));
                i = j + 1;
            } else if (Character.isLetter(c) || c == '_') {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_'
                        || (text.charAt(j) == '.' && j + 1 < n
                            && (Character.isLetter(text.charAt(j + 1)) || text.charAt(j + 1) == '_')))) {
                    j++;
                }
                out.add(new Tok("id", text.substring(i, j), line));
                i = j;
            } else if (Character.isDigit(c)) {
                int j = i;
                boolean hex = text.startsWith("0x", i) || text.startsWith("0b", i);
                while (j < n) {
                    char d = text.charAt(j);
                    if (Character.isLetterOrDigit(d) || d == '_') {
                        j++;
                    } else if (d == '.' && !hex && j + 1 < n && Character.isDigit(text.charAt(j + 1))) {
                        j++;
                    } else if ((d == '-' || d == '+') && !hex && (text.charAt(j - 1) == 'e' || text.charAt(j - 1) == 'E')
                            && j + 1 < n && Character.isDigit(text.charAt(j + 1))) {
                        j++;
                    } else {
                        break;
                    }
                }
                out.add(new Tok("num", text.substring(i, j), line));
                i = j;
            } else {
                String op = String.valueOf(c);
                for (String two : List.of("->", "<>", "==", "!=", "<=", ">=", "<<", ">>", "++", "<-")) {
                    if (text.startsWith(two, i)) {
                        op = two;
                        break;
                    }
                }
                out.add(new Tok("op", op, line));
                i += op.length();
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ layout

    /** Checks indentation, tabs, block openers and bracket balance of a whole file. */
    void checkLayout(String file, String text) {
        String[] lines = text.split("\n", -1);
        int depth = 0; // bracket depth carried across lines
        int prevIndent = 0;
        boolean prevOpens = false;
        boolean prevContinues = false;
        for (int k = 0; k < lines.length; k++) {
            String raw = lines[k];
            int ln = k + 1;
            if (raw.indexOf('\t') >= 0) {
                error(file, ln, "tab character");
            }
            if (!raw.equals(raw.stripTrailing())) {
                error(file, ln, "trailing whitespace");
            }
            String code = stripComment(raw);
            if (code.isBlank()) {
                continue;
            }
            int indent = code.length() - code.stripLeading().length();
            boolean continuation = depth > 0;
            if (!continuation) {
                if (indent % 2 != 0) {
                    error(file, ln, "indentation is not a multiple of 2");
                }
                if (prevOpens && indent <= prevIndent) {
                    error(file, ln, "a line ending in ':' must be followed by a deeper block");
                }
                if (!prevOpens && !prevContinues && indent > prevIndent) {
                    error(file, ln, "unexpected deeper indentation");
                }
            }
            for (Tok t : tokenize(code, ln)) {
                if (t.kind().equals("op")) {
                    switch (t.text()) {
                        case "(", "[", "{" -> depth++;
                        case ")", "]", "}" -> depth--;
                        default -> { }
                    }
                }
            }
            if (depth < 0) {
                error(file, ln, "unbalanced closing bracket");
                depth = 0;
            }
            String trimmed = code.strip();
            if (!continuation) {
                prevIndent = indent;
            }
            prevOpens = depth == 0 && trimmed.endsWith(":");
            prevContinues = depth > 0;
            if (depth == 0 && trimmed.endsWith(":")) {
                String first = trimmed.split("[ (:]", 2)[0];
                if (!Set.of("def", "type", "if", "elif", "else", "match", "case", "do").contains(first)
                        && !trimmed.matches("[A-Za-z_][A-Za-z0-9_]*\\s*(:\\s*[^=]+)?=\\s*(if|match)\\b.*:")) {
                    error(file, ln, "unexpected block opener: " + trimmed);
                }
            }
        }
        if (depth != 0) {
            error(file, lines.length, "unbalanced brackets at end of file");
        }
        checkIfElse(file, lines);
    }

    /** Every block `if c:` is completed by an `else:` at its indentation (Base has no do blocks). */
    void checkIfElse(String file, String[] lines) {
        for (int k = 0; k < lines.length; k++) {
            String code = stripComment(lines[k]);
            String trimmed = code.strip();
            if (!(trimmed.startsWith("if ") && trimmed.endsWith(":")) && !trimmed.matches("[A-Za-z_][A-Za-z0-9_]* = if .*:")) {
                continue;
            }
            int indent = code.length() - code.stripLeading().length();
            boolean found = false;
            for (int m = k + 1; m < lines.length; m++) {
                String c = stripComment(lines[m]);
                if (c.isBlank()) {
                    continue;
                }
                int ind = c.length() - c.stripLeading().length();
                if (ind > indent) {
                    continue;
                }
                String t = c.strip();
                if (ind == indent && t.startsWith("elif ")) {
                    continue;
                }
                found = ind == indent && t.equals("else:");
                break;
            }
            if (!found) {
                error(file, k + 1, "block if without else: " + trimmed);
            }
        }
    }

    static String stripComment(String line) {
        boolean inString = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"' && (i == 0 || line.charAt(i - 1) != '\\')) {
                inString = !inString;
            } else if (c == '#' && !inString) {
                return line.substring(0, i).stripTrailing();
            }
        }
        return line;
    }

    // ------------------------------------------------------------------ definitions

    /** Splits a file into top-level items and records definitions and constructors. */
    void collect(String file, String text) {
        String[] lines = text.split("\n", -1);
        int k = 0;
        while (k < lines.length) {
            String code = stripComment(lines[k]);
            if (code.startsWith("def ") || code.startsWith("type ")) {
                int start = k;
                int end = k + 1;
                while (end < lines.length) {
                    String c = stripComment(lines[end]);
                    if (!c.isBlank() && !Character.isWhitespace(c.charAt(0)) && !c.startsWith(")") && !c.startsWith("]")) {
                        break;
                    }
                    end++;
                }
                List<String> itemLines = new ArrayList<>();
                for (int m = start; m < end; m++) {
                    itemLines.add(lines[m]);
                }
                if (code.startsWith("def ")) {
                    parseDef(file, start + 1, itemLines);
                } else {
                    for (int m = start + 1; m < end; m++) {
                        String c = stripComment(lines[m]).strip();
                        if (!c.isEmpty()) {
                            constructors.add(c.substring(0, c.indexOf('{')));
                        }
                    }
                }
                k = end;
            } else {
                if (!code.isBlank()) {
                    error(file, k + 1, "unexpected top-level line: " + code);
                }
                k++;
            }
        }
    }

    void parseDef(String file, int line, List<String> lines) {
        String header = stripComment(lines.get(0));
        // def NAME<T, U>(params) -> RESULT:
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("def ([A-Za-z_][A-Za-z0-9_.]*)(<[^>(]*>)?\\((.*)\\) -> (.+):")
                .matcher(header);
        if (!m.matches()) {
            error(file, line, "cannot parse def header: " + header);
            return;
        }
        String name = m.group(1);
        List<String> typeParams = new ArrayList<>();
        if (m.group(2) != null) {
            for (String t : m.group(2).substring(1, m.group(2).length() - 1).split(",")) {
                typeParams.add(t.strip());
            }
        }
        List<String[]> params = new ArrayList<>();
        for (String p : splitTopLevel(m.group(3), true)) {
            if (p.isBlank()) {
                continue;
            }
            int colon = p.indexOf(':');
            if (colon < 0) {
                error(file, line, "parameter without a type: " + p);
                continue;
            }
            params.add(new String[] {p.substring(0, colon).strip(), p.substring(colon + 1).strip()});
        }
        List<String> body = lines.subList(1, lines.size());
        StringBuilder sb = new StringBuilder();
        for (String b : body) {
            sb.append(b).append('\n');
        }
        Def d = new Def(file, line, name, typeParams, params, m.group(4).strip(), tokenize(sb.toString(), line + 1),
                body);
        if (defs.containsKey(name)) {
            Def other = defs.get(name);
            error(file, line, "second definition of " + name + " (first at " + other.file() + ":" + other.line() + ")");
        }
        defs.put(name, d);
    }

    /** Splits at commas outside brackets; angle brackets count as brackets when types is set. */
    static List<String> splitTopLevel(String s, boolean types) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(' || c == '[' || c == '{' || (types && c == '<')) {
                depth++;
            } else if (c == ')' || c == ']' || c == '}' || (types && c == '>' && s.charAt(i - 1) != '-')) {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(s.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(s.substring(start));
        return parts;
    }

    // ------------------------------------------------------------------ bodies

    /** Checks calls and identifiers of every definition. */
    void checkBodies() {
        for (Def d : defs.values()) {
            Set<String> bound = new LinkedHashSet<>();
            for (String[] p : d.params()) {
                bound.add(p[0]);
            }
            List<Tok> ts = d.body();
            // Bindings: NAME = / NAME: T = / (a, b) = at statement starts; case patterns; lambda
            // parameters; x <- in do blocks.
            for (int i = 0; i < ts.size(); i++) {
                Tok t = ts.get(i);
                boolean stmtStart = i == 0 || ts.get(i - 1).line() != t.line();
                if (stmtStart && t.kind().equals("id") && i + 1 < ts.size()
                        && (ts.get(i + 1).text().equals("=") || ts.get(i + 1).text().equals("<-")
                            || ts.get(i + 1).text().equals(":") && !t.text().equals("else"))) {
                    if (!KEYWORDS.contains(t.text())) {
                        bound.add(t.text());
                    }
                }
                if (stmtStart && t.text().equals("(")) {
                    int j = i;
                    while (j < ts.size() && ts.get(j).line() == t.line() && !ts.get(j).text().equals("=")) {
                        j++;
                    }
                    if (j < ts.size() && ts.get(j).text().equals("=") && ts.get(j).line() == t.line()) {
                        for (int m = i; m < j; m++) {
                            if (ts.get(m).kind().equals("id")) {
                                bound.add(ts.get(m).text());
                            }
                        }
                    }
                }
                if (t.text().equals("case")) {
                    for (int j = i + 1; j < ts.size() && ts.get(j).line() == t.line(); j++) {
                        Tok p = ts.get(j);
                        boolean ctor = j + 1 < ts.size() && ts.get(j + 1).text().equals("{");
                        if (p.kind().equals("id") && !ctor && !KEYWORDS.contains(p.text())) {
                            bound.add(p.text());
                        }
                    }
                }
                if (t.text().equals("\\")) {
                    for (int j = i + 1; j < ts.size() && !ts.get(j).text().equals("->"); j++) {
                        Tok p = ts.get(j);
                        if (p.kind().equals("id") && !(j > 0 && ts.get(j - 1).text().equals(":"))) {
                            bound.add(p.text());
                        }
                    }
                }
            }
            for (int i = 0; i < ts.size(); i++) {
                Tok t = ts.get(i);
                if (!t.kind().equals("id") || KEYWORDS.contains(t.text())) {
                    continue;
                }
                boolean call = i + 1 < ts.size() && ts.get(i + 1).text().equals("(");
                boolean ctor = i + 1 < ts.size() && ts.get(i + 1).text().equals("{");
                String name = t.text();
                if (ctor) {
                    if (!constructors.contains(name)) {
                        error(d.file(), t.line(), "unknown constructor " + name);
                    }
                    continue;
                }
                if (call) {
                    int args = countArgs(ts, i + 1);
                    if (defs.containsKey(name)) {
                        int want = defs.get(name).params().size();
                        if (want != args) {
                            error(d.file(), t.line(), name + " takes " + want + " arguments, called with " + args);
                        }
                    } else if (builtinArity.containsKey(name)) {
                        int want = builtinArity.get(name);
                        if (want != args) {
                            error(d.file(), t.line(), name + " takes " + want + " arguments, called with " + args);
                        }
                    } else if (!bound.contains(name)) {
                        error(d.file(), t.line(), "call of unknown function " + name + " in " + d.name());
                    }
                    continue;
                }
                if (name.contains(".")) {
                    if (!defs.containsKey(name) && !builtinArity.containsKey(name)) {
                        error(d.file(), t.line(), "unknown name " + name + " in " + d.name());
                    }
                    continue;
                }
                boolean annotation = i > 0 && ts.get(i - 1).text().equals(":");
                if (!bound.contains(name) && !defs.containsKey(name) && !annotation) {
                    error(d.file(), t.line(), "unbound name " + name + " in " + d.name());
                }
            }
        }
    }

    /** The number of arguments of the call whose '(' is at index open. */
    static int countArgs(List<Tok> ts, int open) {
        int depth = 0;
        int commas = 0;
        boolean any = false;
        boolean inLambdaParams = false;
        for (int i = open; i < ts.size(); i++) {
            String s = ts.get(i).text();
            if (ts.get(i).kind().equals("op") && (s.equals("(") || s.equals("[") || s.equals("{"))) {
                depth++;
                if (depth > 1) {
                    any = true;
                }
            } else if (ts.get(i).kind().equals("op") && (s.equals(")") || s.equals("]") || s.equals("}"))) {
                depth--;
                if (depth == 0) {
                    return any ? commas + 1 : 0;
                }
            } else {
                any = true;
                if (depth == 1) {
                    if (s.equals("\\")) {
                        inLambdaParams = true;
                    } else if (s.equals("->")) {
                        inLambdaParams = false;
                    } else if (s.equals(",") && !inLambdaParams) {
                        commas++;
                    }
                }
            }
        }
        return -1;
    }
}
