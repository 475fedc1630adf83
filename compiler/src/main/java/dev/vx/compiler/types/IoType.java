package dev.vx.compiler.types;

/**
 * {@code IO(T)}: an action that yields a {@code T} when the VM runs it. In bytecode it is the
 * closure type {@code (Unit) -> T}; the typed AST keeps it distinct so that {@code do} blocks
 * and {@code main} can be recognised.
 */
public record IoType(Type result) implements Type {
    @Override
    public String toString() {
        return "IO(" + result + ")";
    }
}
