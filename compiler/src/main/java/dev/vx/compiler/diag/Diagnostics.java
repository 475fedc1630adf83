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

    /**
     * Every diagnostic rendered, sorted by file (in the order files were first reported
     * about) and position, so the output reads top to bottom whatever phase found it.
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
        for (Diagnostic d : sorted) {
            out.append(d.render());
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return render();
    }
}
