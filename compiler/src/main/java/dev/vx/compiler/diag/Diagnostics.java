package dev.vx.compiler.diag;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/** The errors and warnings of one front-end run, in the order they were found. */
public final class Diagnostics {
    private final List<Diagnostic> list = new ArrayList<>();
    private int errors;

    public void error(Span span, String message) {
        add(new Diagnostic(Severity.ERROR, span, message));
    }

    public void warning(Span span, String message) {
        add(new Diagnostic(Severity.WARNING, span, message));
    }

    public void add(Diagnostic d) {
        list.add(d);
        if (d.isError()) {
            errors++;
        }
    }

    /**
     * Appends {@code hint} to the message of the one diagnostic reported since there were
     * {@code mark} (a size of {@link #all()}), when exactly one was and it is an error whose
     * message starts with {@code kind}: for a check that can explain, after the fact, an error
     * found deeper down (why a local function's parameter has the type it has).
     */
    public void explainLast(int mark, String kind, String hint) {
        if (list.size() != mark + 1) return;
        Diagnostic d = list.get(mark);
        if (d.isError() && d.message().startsWith(kind)) {
            list.set(mark, new Diagnostic(d.severity(), d.span(), d.message() + hint));
        }
    }

    public boolean hasErrors() {
        return errors > 0;
    }

    public int errorCount() {
        return errors;
    }

    public List<Diagnostic> all() {
        return Collections.unmodifiableList(list);
    }

    public List<Diagnostic> warnings() {
        return list.stream().filter(d -> !d.isError()).toList();
    }

    /** Diagnostics shown at most; the rest are counted in a last line (as javac shows 100). */
    static final int MAX_SHOWN = 100;

    /**
     * Whether fewer diagnostics than are shown have been reported: work that only improves a
     * message (a "did you mean" search) can stop once a flood of errors is past what is shown.
     */
    public boolean fewShownYet() {
        return errorCount() < MAX_SHOWN;
    }

    /**
     * The diagnostics rendered, sorted by file (in the order files were first reported
     * about) and position, so the output reads top to bottom whatever phase found it; past
     * {@link #MAX_SHOWN}, one line counts the ones not shown.
     */
    public String render() {
        List<Object> fileOrder = new ArrayList<>();
        for (Diagnostic d : list) {
            if (!fileOrder.contains(d.span().file())) {
                fileOrder.add(d.span().file());
            }
        }
        List<Diagnostic> sorted = new ArrayList<>(list);
        sorted.sort(Comparator.<Diagnostic>comparingInt(d -> fileOrder.indexOf(d.span().file()))
                .thenComparingInt(d -> d.span().start()));
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : sorted.subList(0, Math.min(sorted.size(), MAX_SHOWN))) {
            out.append(d.render());
        }
        if (sorted.size() > MAX_SHOWN) {
            List<Diagnostic> rest = sorted.subList(MAX_SHOWN, sorted.size());
            long errorsLeft = rest.stream().filter(Diagnostic::isError).count();
            long warningsLeft = rest.size() - errorsLeft;
            out.append(rest.get(0).span().file().path()).append(": note: ").append(count(errorsLeft, "more error"))
                    .append(warningsLeft > 0 ? " and " + count(warningsLeft, "more warning") : "")
                    .append(" not shown (").append(count(errors, "error")).append(" in all)\n");
        }
        return out.toString();
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    @Override
    public String toString() {
        return render();
    }
}
