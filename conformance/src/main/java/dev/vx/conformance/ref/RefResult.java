package dev.vx.conformance.ref;

import dev.vx.conformance.RunResult;

/** What the reference evaluator made of a program: a run, or the reason it does not model it. */
public sealed interface RefResult {
    record Ran(RunResult result) implements RefResult {
    }

    record NotModelled(String reason) implements RefResult {
    }
}
