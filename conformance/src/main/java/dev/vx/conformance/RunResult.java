package dev.vx.conformance;

/** How a run of a Vx program ended: exit status, standard output and standard error (decoded UTF-8). */
public record RunResult(int status, String stdout, String stderr) {

    /** The first line of stderr (without its line end), or "" when stderr is empty. */
    public String firstStderrLine() {
        int nl = stderr.indexOf('\n');
        return nl < 0 ? stderr : stderr.substring(0, nl);
    }

    /** A short multi-line description for assertion messages. */
    public String describe() {
        return "status " + status + "\n--- stdout:\n" + clip(stdout) + "\n--- stderr:\n" + clip(stderr);
    }

    static String clip(String s) {
        return s.length() <= 2000 ? s : s.substring(0, 2000) + "... (" + s.length() + " chars)";
    }
}
