package dev.vx.testkit;

import java.util.List;

/** One execution of a property: the choices it used, where its spans lie, and how it ended. */
record TestCase<T>(long[] choices, List<Span> spans, T value, Status status, Throwable failure) {

    enum Status { PASSED, INVALID, FAILED }

    boolean failed() {
        return status == Status.FAILED;
    }
}
