package dev.vx.conformance;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/** Skipping with a reason that is printed, not only recorded: no silent skips. */
final class Skips {
    private Skips() {
    }

    /** Prints {@code [skipped] what: reason} and aborts the current test. */
    static void abort(String what, String reason) {
        System.out.println("[skipped] " + what + ": " + reason);
        Assumptions.abort(reason);
    }

    /** A single test that is skipped with this reason. */
    static DynamicNode node(String what, String reason) {
        return DynamicTest.dynamicTest(what + " (skipped)", () -> abort(what, reason));
    }
}
