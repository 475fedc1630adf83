package dev.vx.gpu;

import dev.vx.bytecode.CacheDirectory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Built kernels on disk, in the user's cache directory ({@code $VX_CACHE_DIR}, else
 * {@code $XDG_CACHE_HOME/vx/opencl}, else {@code ~/.cache/vx/opencl}): one program binary per
 * module and device, named by the module's source hash and a hash of everything the binary
 * depends on (the generated source, the device, its driver, the build options). A cache that
 * cannot be read or written is silently skipped: it only saves time.
 * {@code VX_OPENCL_CACHE=off} disables it. The directory is kept under {@link #MAX_BYTES}, the
 * least recently used kernels deleted first.
 */
final class KernelCache {
    private KernelCache() {}

    static boolean enabled() {
        String v = OpenClBackend.setting("vx.opencl.cache", "VX_OPENCL_CACHE");
        return v == null || !(v.equalsIgnoreCase("off") || v.equals("0") || v.equalsIgnoreCase("false"));
    }

    /** The most the directory holds: a built kernel is a few megabytes. */
    static final long MAX_BYTES = 256L << 20;

    static Path dir() {
        String v = OpenClBackend.setting("vx.cache.dir", "VX_CACHE_DIR");
        if (v != null) return Path.of(v, "opencl");
        Path root = CacheDirectory.root();
        return (root != null ? root : Path.of(System.getProperty("java.io.tmpdir"), "vx")).resolve("opencl");
    }

    /** The file name for a module hash and the key parts. */
    static String name(byte[] moduleHash, String... parts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String p : parts) {
                md.update(p.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            HexFormat hex = HexFormat.of();
            return hex.formatHex(moduleHash, 0, 8) + "-" + hex.formatHex(md.digest(), 0, 12) + ".bin";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] load(String name) {
        try {
            Path p = dir().resolve(name);
            if (!Files.isRegularFile(p)) return null;
            byte[] binary = Files.readAllBytes(p);
            CacheDirectory.touch(p);
            return binary;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static void store(String name, byte[] binary) {
        try {
            Path d = dir();
            Files.createDirectories(d);
            Path tmp = Files.createTempFile(d, "kernel", ".tmp");
            Files.write(tmp, binary);
            try {
                Files.move(tmp, d.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, d.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
            CacheDirectory.prune(d, MAX_BYTES);
        } catch (IOException | RuntimeException e) {
            // Caching is an optimisation only.
        }
    }
}
