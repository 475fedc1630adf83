package dev.vx.conformance.gen;

/**
 * A generated Vx program: its syntax tree and its source text. {@link #toString()} is the
 * source, so a property failure shows the (shrunk) program itself.
 */
public record GeneratedProgram(Ast.Program ast, String source) {
    static GeneratedProgram of(Ast.Program ast) {
        return new GeneratedProgram(ast, Printer.print(ast));
    }

    @Override
    public String toString() {
        return "\n" + source;
    }
}
