package dev.vx.vm;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code --stats} lines on stderr: {@code name: value}, one a line, after the program. The
 * VM prints them here, and tools and tests read them back with {@link #parse}, so the format
 * lives in one place. A name is lower case with underscores, optionally followed by a space
 * and a qualifier ({@code jit_fallback Base.pow_args}); {@code vxvm: ...} messages are not
 * statistics.
 */
public final class StatLines {
    private StatLines() {}

    static void print(Map<String, Object> stats, PrintStream err) {
        stats.forEach((k, v) -> err.println(k + ": " + v));
    }

    /** Whether {@code line} is a statistic line. */
    public static boolean isStat(String line) {
        int colon = line.indexOf(": ");
        return colon > 0 && !line.startsWith("vxvm:") && line.substring(0, colon).matches("[a-z_]+( .*)?");
    }

    /** The statistics among the lines of {@code stderr}, by name, in order. */
    public static Map<String, String> parse(String stderr) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : stderr.split("\r?\n")) {
            if (isStat(line)) {
                int colon = line.indexOf(": ");
                m.put(line.substring(0, colon), line.substring(colon + 2).strip());
            }
        }
        return m;
    }
}
