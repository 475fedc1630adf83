package dev.vx.vm;

import java.util.ArrayDeque;

/**
 * A worker's tasks: the owner pushes and pops at the tail (newest), thieves take from the
 * head (oldest, usually the biggest subtree). A lock is simple and cheap here: the owner
 * only contends with a thief that is stealing from it.
 */
final class WorkDeque {
    private final ArrayDeque<Task> tasks = new ArrayDeque<>();

    synchronized void push(Task t) {
        tasks.addLast(t);
    }

    synchronized Task pollNewest() {
        return tasks.pollLast();
    }

    synchronized Task steal() {
        return tasks.pollFirst();
    }

    /** Takes {@code t} back if it is the newest task (the owner claiming its own fork child). */
    synchronized boolean takeIfNewest(Task t) {
        if (tasks.peekLast() != t) return false;
        tasks.pollLast();
        return true;
    }

    synchronized boolean isEmpty() {
        return tasks.isEmpty();
    }
}
