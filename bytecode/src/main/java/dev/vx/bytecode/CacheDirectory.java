package dev.vx.bytecode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The toolchain's on-disk caches (compiled modules, built kernels): where they live, and a
 * size budget for each, kept by deleting the least recently used files. Every operation
 * ignores errors: a cache only saves time, it is never a reason for a run to fail.
 */
public final class CacheDirectory {
    private CacheDirectory() {}

    /** {@code $VX_CACHE_DIR}, else {@code $XDG_CACHE_HOME/vx}, else {@code ~/.cache/vx}; null when there is none. */
    public static Path root() {
        String dir = System.getenv("VX_CACHE_DIR");
        if (dir != null && !dir.isBlank()) return Path.of(dir);
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) return Path.of(xdg, "vx");
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() ? null : Path.of(home, ".cache", "vx");
    }

    /** Marks {@code file} as just used (its modification time), so that pruning keeps it longest. */
    public static void touch(Path file) {
        try {
            Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException | RuntimeException e) {
            // a read-only cache is still a cache
        }
    }

    /**
     * Deletes the least recently used regular files of {@code dir} until the rest hold at most
     * {@code maxBytes}. Files another process is writing are not there yet (entries are
     * written to a temporary name and renamed), and one deleted under a reader's feet is
     * only a miss.
     */
    public static void prune(Path dir, long maxBytes) {
        record Item(Path path, long bytes, long used) {}
        List<Item> items = new ArrayList<>();
        long total = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                try {
                    if (!Files.isRegularFile(p)) continue;
                    Item item = new Item(p, Files.size(p), Files.getLastModifiedTime(p).toMillis());
                    items.add(item);
                    total += item.bytes();
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile
                }
            }
        } catch (IOException | RuntimeException e) {
            return;
        }
        if (total <= maxBytes) return;
        items.sort(Comparator.comparingLong(Item::used));
        for (Item item : items) {
            if (total <= maxBytes) break;
            try {
                Files.deleteIfExists(item.path());
                total -= item.bytes();
            } catch (IOException | RuntimeException e) {
                // someone else's file, or gone: leave it
            }
        }
    }
}
