package dev.vx.bytecode;

/**
 * Checks a {@link Module} completely before any engine sees it (docs/bytecode.md §5); engines
 * then trust the code. The checks, in order: the tables ({@link TableVerifier}: strings, types,
 * constructors, function signatures, entry), then each function's code ({@link CodeVerifier}:
 * operand ranges, register types, fork groups, control; then {@link Dataflow}: registers
 * written before they are read, constructors known where fields are read).
 *
 * <p>The first violation is reported as a {@link BytecodeException} whose one-line message
 * names the place and the rule: {@code function <name>: instruction <index> (<mnemonic>):
 * <rule>}, {@code function <name>: <rule>}, {@code type <id>: ...}, {@code constructor <id>:
 * ...}, {@code string <id>: ...} or {@code module: ...}. Any Module object may be given, however
 * broken; the work is linear in the code size times the register count (per fixpoint pass).
 */
public final class Verifier {
    private Verifier() {}

    public static void verify(Module m) throws BytecodeException {
        if (m == null) throw new BytecodeException("module: there is no module to verify");
        try {
            int[] closureCtorOf = new TableVerifier(m).check();
            TypeNames names = new TypeNames(m);
            for (int id = 0; id < m.functions().size(); id++) {
                new CodeVerifier(new FunctionContext(m, id, names, closureCtorOf)).verify();
            }
        } catch (RuntimeException e) {
            // Not reachable by design; a verifier bug must still not escape as a JVM exception.
            throw new BytecodeException("internal error of the verifier (please report it): " + e);
        }
    }
}
