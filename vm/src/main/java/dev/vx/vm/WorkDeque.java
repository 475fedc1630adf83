package dev.vx.vm;

import java.util.ArrayDeque;

/**
 * A worker's tasks: the owner pushes and pops at the tail (newest), thieves take from the
 * head (oldest, usually the biggest subtree). A lock is simple and cheap here: the owner
 * only contends with a thief that is stealing from it.
 */
final class WorkDeque {
    private final ArrayDeque<Task> tasks = new ArrayDeque<>();
    /** The number of tasks, readable without the lock (a hint for deciding whether to publish). */
    private volatile int size;

    synchronized void push(Task t) {
        tasks.addLast(t);
        size = tasks.size();
    }

    synchronized Task pollNewest() {
        Task t = tasks.pollLast();
        size = tasks.size();
        return t;
    }

    synchronized Task steal() {
        Task t = tasks.pollFirst();
        size = tasks.size();
        return t;
    }

    /** Takes {@code t} back if it is the newest task (the owner claiming its own fork child). */
    synchronized boolean takeIfNewest(Task t) {
        if (tasks.peekLast() != t) return false;
        tasks.pollLast();
        size = tasks.size();
        return true;
    }

    int sizeHint() {
        return size;
    }

    synchronized boolean isEmpty() {
        return tasks.isEmpty();
    }
}
