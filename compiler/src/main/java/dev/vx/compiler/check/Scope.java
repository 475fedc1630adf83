package dev.vx.compiler.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Set;

/**
 * The local names visible at a point of a definition: a hash map with an undo log, so that
 * lookups are O(1) however many names a long block binds, and leaving a block restores the
 * shadowed names.
 */
final class Scope {
    private final HashMap<String, Binder> map = new HashMap<>();
    private final List<String> undoNames = new ArrayList<>();
    private final List<Binder> undoPrevious = new ArrayList<>();

    int mark() {
        return undoNames.size();
    }

    void bind(Binder b) {
        undoNames.add(b.name);
        undoPrevious.add(map.put(b.name, b));
    }

    void restore(int mark) {
        for (int i = undoNames.size() - 1; i >= mark; i--) {
            String name = undoNames.remove(i);
            Binder previous = undoPrevious.remove(i);
            if (previous == null) {
                map.remove(name);
            } else {
                map.put(name, previous);
            }
        }
    }

    Binder lookup(String name) {
        return map.get(name);
    }

    Set<String> names() {
        return map.keySet();
    }
}
