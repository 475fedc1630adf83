package dev.vx.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A program of {@code bench/programs}, described by its first lines:
 * {@code # bench: twin: CLASS}, {@code # bench: default-args: ...} and (optional)
 * {@code # bench: quick-args: ...}, the small size of {@code vxvm bench --quick}.
 */
public record BenchProgram(String name, Path file, String twin, List<String> defaultArgs, List<String> quickArgs) {
    /** The suite of the issue, in its order: the programs {@code vxvm bench} runs by default. */
    public static final List<String> SUITE = List.of("fib", "tree_sum", "bitonic", "mandelbrot", "nbody", "sha256_merkle",
            "lsum", "deep", "fill_depth", "fill_depth_shallow", "attention");

    /** Keys of the fused-attention fixture (seed 000_3450889dd213c297). */
    public static final List<Integer> ATTENTION_KEYS = List.of(512, 1024, 2048, 4096);

    public static BenchProgram load(Path programsDir, String name) throws IOException {
        Path file = programsDir.resolve(name + ".vx");
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        String twin = header(lines, "twin");
        String defaults = header(lines, "default-args");
        String quick = header(lines, "quick-args");
        if (twin == null) throw new IOException(file + ": no '# bench: twin:' line");
        if (defaults == null) throw new IOException(file + ": no '# bench: default-args:' line");
        return new BenchProgram(name, file, twin, words(defaults), quick == null ? words(defaults) : words(quick));
    }

    static String header(List<String> lines, String key) {
        String prefix = "# bench: " + key + ":";
        for (String l : lines) if (l.startsWith(prefix)) return l.substring(prefix.length()).strip();
        return null;
    }

    static List<String> words(String s) {
        return s.isBlank() ? List.of() : Arrays.asList(s.strip().split("\\s+"));
    }

    /** The argument lists to run: one per K for attention (its query count kept), else one. */
    public List<List<String>> argSets(boolean quick, List<Integer> keys) {
        List<String> base = quick ? quickArgs : defaultArgs;
        if (!name.equals("attention")) return List.of(base);
        String queries = base.size() > 1 ? base.get(1) : "128";
        List<Integer> ks = keys != null ? keys : quick ? List.of(Integer.parseInt(base.get(0)), 2 * Integer.parseInt(base.get(0)))
                : ATTENTION_KEYS;
        return ks.stream().map(k -> List.of(String.valueOf(k), queries)).toList();
    }

    /** Flops of one run: 4·nq·K·64 for attention, else 0 (not meaningful). */
    public double flops(List<String> args) {
        if (!name.equals("attention") || args.size() < 2) return 0;
        return 4.0 * Double.parseDouble(args.get(1)) * Double.parseDouble(args.get(0)) * 64;
    }
}
