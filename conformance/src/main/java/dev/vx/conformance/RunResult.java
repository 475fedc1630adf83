package dev.vx.conformance;

/** How a run of a Vx program ended: exit status, standard output and standard error (decoded UTF-8). */
public record RunResult(int status, String stdout, String stderr) {

    /**
     * The first line of stderr that is not a {@code vxvm: note:} (without its line end), or ""
     * when there is none. Notes are information, not outcomes: e.g. a device engine saying a
     * job falls back to the CPU (RUNTIME.md §4).
     */
    public String firstStderrLine() {
        return stderr.lines().filter(l -> !l.startsWith("vxvm: note:")).findFirst().orElse("");
    }

    /** A short multi-line description for assertion messages. */
    public String describe() {
        return "status " + status + "\n--- stdout:\n" + clip(stdout) + "\n--- stderr:\n" + clip(stderr);
    }

    static String clip(String s) {
        return s.length() <= 2000 ? s : s.substring(0, 2000) + "... (" + s.length() + " chars)";
    }
}
