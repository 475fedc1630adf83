package dev.vx.compiler.diag;

public enum Severity {
    ERROR("error"), WARNING("warning");

    public final String label;

    Severity(String label) {
        this.label = label;
    }
}
