package dev.vx.compiler.check;

/**
 * A type constructor applied to arguments. For FUNCTION the arguments are the parameters
 * followed by the result; for TUPLE the elements; for LIST, ARRAY and IO the one argument.
 */
final class TCon extends Ty {
    final Head head;
    final Ty[] args;

    TCon(Head head, Ty... args) {
        this.head = head;
        this.args = args;
    }
}
