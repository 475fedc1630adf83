package dev.vx.vm;

/** What to do with a lane's result when it returns into its bottom exit frame. */
sealed interface Completion {
    /** The program's entry returned: the run is over. */
    record ProgramDone() implements Completion {}

    /**
     * A job finished: write the result to {@code register} of the waiting host lane and resume
     * it. {@code jobPc} is the position of the {@code job} instruction in the host's function.
     */
    record JobDone(Lane host, int register, int jobPc) implements Completion {}

    /** A fork child that ran on its own lane: deliver the result to the group's join record. */
    record ChildDone(JoinRecord join, int child) implements Completion {}
}
