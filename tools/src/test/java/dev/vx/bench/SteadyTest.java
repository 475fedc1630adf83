package dev.vx.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When an in-process series may stop: once its last quarter is no longer faster than the one before. */
class SteadyTest {
    @Test
    void aSeriesStillGettingFasterGoesOn() {
        // The last two quarters 0.100, 0.100 / 0.090, 0.090 s: the last is 10 % faster.
        assertFalse(Steady.settled(List.of(0.5, 0.2, 0.15, 0.14, 0.100, 0.100, 0.090, 0.090)));
        assertFalse(Steady.settled(List.of(0.12, 0.11, 0.10, 0.094)));
    }

    @Test
    void aFlatOrSlowerSeriesHasSettled() {
        assertTrue(Steady.settled(List.of(0.5, 0.2, 0.100, 0.100, 0.100, 0.098, 0.097, 0.099)), "2 % faster: noise");
        assertTrue(Steady.settled(List.of(0.5, 0.2, 0.100, 0.100, 0.100, 0.100, 0.120, 0.130)), "slower: load, not warm-up");
        assertTrue(Steady.settled(List.of(0.12, 0.11, 0.10, 0.096)), "4 % faster");
    }

    @Test
    void seriesTooShortToHaveQuartersHaveSettled() {
        assertTrue(Steady.settled(List.of()));
        assertTrue(Steady.settled(List.of(0.3, 0.1, 0.05)));
    }
}
