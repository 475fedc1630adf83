package dev.vx.vm;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Sizes as flags take them and as messages print them. */
class SizesTest {
    @Test
    void exactSizesPrintOneDecimal() {
        assertEquals("100 B", Sizes.format(100));
        assertEquals("512.0 KiB", Sizes.format(512L << 10));
        assertEquals("16.0 MiB", Sizes.format(16L << 20));
        assertEquals("1.5 GiB", Sizes.format(3L << 29));
    }

    /** A size one decimal would round far prints two: 4.98 GiB is not 5.0 GiB. */
    @Test
    void otherSizesPrintTwoDecimals() {
        assertEquals("4.98 GiB", Sizes.format((5L << 30) - (20L << 20)));
        assertEquals("29.8 GiB", Sizes.format(4_000_000_002L * 8)); // 29.802...
        assertEquals("1.33 MiB", Sizes.format((4L << 20) / 3));
    }

    @Test
    void flagsParse() {
        assertEquals(4L << 30, Sizes.parse("4G"));
        assertEquals(512L << 20, Sizes.parse("512M"));
        assertEquals(-1, Sizes.parse("4X"));
    }
}
