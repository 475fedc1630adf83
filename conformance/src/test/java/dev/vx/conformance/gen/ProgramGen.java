package dev.vx.conformance.gen;

import dev.vx.testkit.Choices;
import dev.vx.testkit.Gen;

/**
 * Generates random well-typed Vx programs (see {@link Session} for what they contain). Every
 * decision is a draw from the testkit's {@link Choices}, so failures shrink to small programs.
 *
 * @param scale      how big and deep programs get: 1 is the CI default (recursion up to a few
 *                   thousand levels); larger values make deeper recursion and bigger programs
 * @param arithmetic make arithmetic batteries instead of whole programs
 */
public record ProgramGen(double scale, boolean arithmetic) implements Gen<GeneratedProgram> {
    public ProgramGen(double scale) {
        this(scale, false);
    }

    /** Programs that print many scalar expressions (see {@link Session#arithmeticProgram()}). */
    public static ProgramGen arithmetic(double scale) {
        return new ProgramGen(scale, true);
    }

    @Override
    public GeneratedProgram generate(Choices choices) {
        Session s = new Session(choices, scale);
        return GeneratedProgram.of(arithmetic ? s.arithmeticProgram() : s.program());
    }
}
