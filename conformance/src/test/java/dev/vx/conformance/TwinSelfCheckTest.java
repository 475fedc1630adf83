package dev.vx.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vx.bench.twins.Sha256Merkle;
import dev.vx.bench.twins.VxFormat;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Checks the twins against sources that do not share their code: the JDK's SHA-256, the
 * examples of LANGUAGE.md, the Benchmarks Game's published n-body energies and the fused
 * attention fixture's figures.
 */
class TwinSelfCheckTest {

    @Test
    void sha256MatchesTheJdk() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        Random r = new Random(1);
        for (int n = 0; n < 300; n++) {
            byte[] msg = new byte[n];
            r.nextBytes(msg);
            assertArrayEquals(md.digest(msg), Sha256Merkle.sha256(msg), "length " + n);
        }
    }

    @Test
    void theTreeTwinOfBitonicPrintsWhatTheArrayTwinPrints() throws Exception {
        // The array twin sorts in place; the tree twin follows bitonic.vx (docs/performance.md).
        for (int d = 0; d <= 12; d++) {
            String[] args = {String.valueOf(d)};
            assertEquals(TwinOutputsTest.runMain("dev.vx.bench.twins.Bitonic", args),
                    TwinOutputsTest.runMain("dev.vx.bench.twins.BitonicTree", args), "d = " + d);
        }
    }

    @Test
    void floatShowFollowsTheSpecExamples() {
        assertEquals("5.115", VxFormat.showF64(5.115));
        assertEquals("42.0", VxFormat.showF64(42.0));
        assertEquals("0.001", VxFormat.showF64(0.001));
        assertEquals("1234567.0", VxFormat.showF64(1234567.0));
        assertEquals("1.0e-7", VxFormat.showF64(1e-7));
        assertEquals("1.25e10", VxFormat.showF64(1.25e10));
        assertEquals("1.0e7", VxFormat.showF64(1e7));
        assertEquals("-0.0", VxFormat.showF64(-0.0));
        assertEquals("0.0", VxFormat.showF64(0.0));
        assertEquals("NaN", VxFormat.showF64(Double.NaN));
        assertEquals("-Infinity", VxFormat.showF64(Double.NEGATIVE_INFINITY));
        assertEquals("0.1", VxFormat.showF32(0.1f));
        assertEquals("0.33333334", VxFormat.showF32(1.0f / 3.0f));
        assertEquals("1.0e-45", VxFormat.showF32(Float.MIN_VALUE));
        assertEquals("0.30000000000000004", VxFormat.showF64(0.1 + 0.2));
    }

    @Test
    void floatShowReadsBackAndIsNoLongerThanTheJdk() {
        Random r = new Random(2);
        for (int i = 0; i < 20000; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                continue;
            }
            String s = VxFormat.showF64(d);
            assertEquals(d, Double.parseDouble(s), s);
            assertTrue(digits(s) <= digits(Double.toString(d)), s + " vs " + d);
            float f = Float.intBitsToFloat(r.nextInt());
            if (Float.isNaN(f) || Float.isInfinite(f)) {
                continue;
            }
            String t = VxFormat.showF32(f);
            assertEquals(f, Float.parseFloat(t), t);
            assertTrue(digits(t) <= digits(Float.toString(f)), t + " vs " + f);
        }
    }

    private static void assertTrue(boolean b, String msg) {
        org.junit.jupiter.api.Assertions.assertTrue(b, msg);
    }

    /** Significant digits of a decimal in either notation. */
    private static int digits(String s) {
        String m = s.replaceFirst("[eE].*", "").replace("-", "").replace(".", "").replaceFirst("^0+", "");
        m = m.replaceFirst("0+$", "");
        return Math.max(1, m.length());
    }

    @Test
    void fmtRoundsTheExactValueHalfToEven() {
        assertEquals("-0.00", VxFormat.fmtF64(-0.001, 2));
        assertEquals("0.12", VxFormat.fmtF64(0.125, 2));
        assertEquals("1.00", VxFormat.fmtF64(1.005, 2));
        assertEquals("2", VxFormat.fmtF64(2.5, 0));
        assertEquals("5.115", VxFormat.fmtF32(5.115f, 3));
        assertEquals("Infinity", VxFormat.fmtF64(Double.POSITIVE_INFINITY, 3));
    }

    @Test
    void nbodyGivesTheBenchmarksGameEnergies() throws Exception {
        assertEquals("-0.169075164\n-0.169087605\n", TwinOutputsTest.runMain("dev.vx.bench.twins.NBody", new String[] {"1000"}));
    }

    @Test
    void attentionGivesTheFixtureFigures() throws Exception {
        String[][] cases = {{"512", "2.555"}, {"1024", "5.115"}, {"2048", "10.235"}, {"4096", "20.475"}};
        for (String[] c : cases) {
            assertEquals(c[1] + "\n", TwinOutputsTest.runMain("dev.vx.bench.twins.Attention", new String[] {c[0], "2"}), "nk = " + c[0]);
        }
    }
}
