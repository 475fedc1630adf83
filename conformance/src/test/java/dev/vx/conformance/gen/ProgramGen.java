package dev.vx.conformance.gen;

import dev.vx.testkit.Choices;
import dev.vx.testkit.Gen;

/**
 * Generates random well-typed Vx programs (see {@link Session} for what they contain). Every
 * decision is a draw from the testkit's {@link Choices}, so failures shrink to small programs.
 *
 * @param scale how big and deep programs get: 1 is the CI default (recursion up to a few
 *              thousand levels); larger values make deeper recursion and bigger programs
 */
public record ProgramGen(double scale) implements Gen<GeneratedProgram> {
    @Override
    public GeneratedProgram generate(Choices choices) {
        return GeneratedProgram.of(new Session(choices, scale).program());
    }
}
