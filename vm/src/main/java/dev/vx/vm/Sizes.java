package dev.vx.vm;

import java.util.Locale;

/** Parsing and printing of memory sizes ({@code 16M}, {@code 1G}, {@code 1.0 GiB}). */
public final class Sizes {
    private Sizes() {}

    /**
     * Parses {@code 123}, {@code 64K}, {@code 16M}, {@code 4G} (binary units; an optional
     * trailing {@code B} or {@code iB}). Returns -1 when the text is not a size.
     */
    public static long parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.endsWith("IB")) t = t.substring(0, t.length() - 2);
        else if (t.endsWith("B")) t = t.substring(0, t.length() - 1);
        long unit = 1;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'K' -> unit = 1L << 10;
                case 'M' -> unit = 1L << 20;
                case 'G' -> unit = 1L << 30;
                case 'T' -> unit = 1L << 40;
                default -> unit = 1;
            }
            if (unit != 1) t = t.substring(0, t.length() - 1);
        }
        if (t.isEmpty() || !t.chars().allMatch(Character::isDigit) || t.length() > 12) return -1;
        long n = Long.parseLong(t);
        if (n > Long.MAX_VALUE / unit) return -1;
        return n * unit;
    }

    /**
     * {@code 1.0 GiB}, {@code 16.0 MiB}, {@code 512.0 KiB}, {@code 100 B}; a second decimal
     * where the first would round far: a heap cut to 4.98 GiB read as {@code 5.0 GiB}, the
     * size that was asked for and refused.
     */
    public static String format(long bytes) {
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        if (bytes < 1024) return bytes + " B";
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        String two = String.format(Locale.ROOT, "%.2f", v);
        return (two.endsWith("0") ? two.substring(0, two.length() - 1) : two) + " " + units[u];
    }

    /** {@code s} bytes in a flag's notation ({@code 4G}, {@code 64M}, {@code 12K}), rounded up. */
    public static String flag(long s) {
        if (s >= 1L << 30 && s % (1L << 30) == 0) return (s >> 30) + "G";
        if (s >= 1L << 20) return ((s + (1L << 20) - 1) >> 20) + "M";
        return ((s + 1023) >> 10) + "K";
    }
}
