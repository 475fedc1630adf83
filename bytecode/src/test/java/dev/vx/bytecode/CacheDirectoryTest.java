package dev.vx.bytecode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The caches' size budget: the least recently used files go first, the rest stay. */
class CacheDirectoryTest {
    @TempDir
    Path dir;

    private Path file(String name, int bytes, long usedAt) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, new byte[bytes]);
        Files.setLastModifiedTime(p, FileTime.fromMillis(usedAt));
        return p;
    }

    @Test
    void pruningDeletesTheLeastRecentlyUsedFilesUntilTheRestFit() throws Exception {
        Path oldest = file("a", 400, 1_000_000L);
        Path old = file("b", 400, 2_000_000L);
        Path recent = file("c", 400, 3_000_000L);
        Path newest = file("d", 400, 4_000_000L);
        CacheDirectory.touch(oldest); // used just now: kept longest
        CacheDirectory.prune(dir, 1000);
        // 1,600 bytes, budget 1,000: the two least recently used go (b, then c).
        assertFalse(Files.exists(old));
        assertFalse(Files.exists(recent));
        assertTrue(Files.exists(oldest));
        assertTrue(Files.exists(newest));
        CacheDirectory.prune(dir, 1000); // within the budget now: nothing more goes
        assertTrue(Files.exists(oldest) && Files.exists(newest));
    }

    @Test
    void aMissingDirectoryIsNotAnErrorAndTouchCreatesNothing() throws Exception {
        Path kept = file("kept", 10, 1_000_000L);
        CacheDirectory.prune(dir.resolve("none"), 0);
        CacheDirectory.touch(dir.resolve("none"));
        assertFalse(Files.exists(dir.resolve("none")));
        assertTrue(Files.exists(kept));
    }
}
