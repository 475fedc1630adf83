package dev.vx.compiler.backend;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The module's string table and constant pool, interned in first-use order (deterministic). */
final class Pool {
    final List<String> strings = new ArrayList<>();
    private final Map<String, Integer> stringIds = new HashMap<>();
    final List<Long> constants = new ArrayList<>();
    private final Map<Long, Integer> constantIds = new HashMap<>();

    int string(String s) {
        return stringIds.computeIfAbsent(s, k -> {
            strings.add(k);
            return strings.size() - 1;
        });
    }

    int constant(long v) {
        return constantIds.computeIfAbsent(v, k -> {
            constants.add(k);
            return constants.size() - 1;
        });
    }
}
