package dev.vx.vm;

/** Work on a worker's deque: start a fork child on a new lane, or continue a waiting lane. */
sealed interface Task {
    record Child(JoinRecord join, int child, int function, long[] args, boolean inJob) implements Task {}

    record Resume(Lane lane) implements Task {}
}
