package dev.vx.bench;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Medians, min–max and ratios of the table, against values worked out by hand. */
class ReportTest {
    @Test
    void medianMinMax() {
        assertEquals(new Summary(3, 2, 1, 3), Summary.of(List.of(3.0, 1.0, 2.0)));
        assertEquals(new Summary(4, 2.5, 1, 4), Summary.of(List.of(4.0, 1.0, 3.0, 2.0)), "even count: mean of the middle two");
        assertEquals(new Summary(1, 7, 7, 7), Summary.of(List.of(7.0)));
        // Steady: the first half (rounded up) is warm-up: 10, 9, 1 dropped, median of 2, 3.
        assertEquals(new Summary(2, 2.5, 2, 3), Summary.steady(List.of(10.0, 9.0, 1.0, 2.0, 3.0)));
        assertEquals(new Summary(1, 4, 4, 4), Summary.steady(List.of(8.0, 4.0)));
        assertEquals(new Summary(1, 8, 8, 8), Summary.steady(List.of(8.0)));
    }

    @Test
    void formats() {
        assertEquals("0.450", Fmt.seconds(0.45));
        assertEquals("0.0123", Fmt.seconds(0.01234));
        assertEquals("3.500", Fmt.seconds(3.5));
        assertEquals("12.50", Fmt.seconds(12.5));
        assertEquals("150.2", Fmt.seconds(150.24));
        assertEquals("8.75x", Fmt.ratio(8.75));
        assertEquals("37.5x", Fmt.ratio(37.5));
        assertEquals("250x", Fmt.ratio(250));
        assertEquals("0.0420x", Fmt.ratio(0.042));
        assertEquals("0.00839", Fmt.sig3(0.0083886));
        assertEquals("10.0", Fmt.sig3(9.996));
        assertEquals("0.500", Fmt.sig3(0.5));
        assertEquals("123", Fmt.sig3(123.4));
        assertEquals("1,234,567", Fmt.count(1234567));
    }

    static Cell cell(String program, List<String> args, String engine, double flops, List<Double> wall, List<Double> steady,
                     List<Map<String, String>> stats) {
        Cell c = new Cell(program, args, engine, flops);
        c.wall.addAll(wall);
        if (!steady.isEmpty()) c.addSteadySeries(steady);
        c.stats.addAll(stats);
        c.output = "5.115\n";
        return c;
    }

    static Map<String, String> st(long peak, long spills, long heap) {
        return Map.of("peak_stack_words", String.valueOf(peak), "spills", String.valueOf(spills),
                "heap_peak_words", String.valueOf(heap), "steps", "234000000", "wall_ms", "2000");
    }

    @Test
    void rowsFromGivenSamples() {
        double flops = 4.0 * 128 * 512 * 64; // 16,777,216
        Cell twin = cell("attention", List.of("512", "128"), Cell.JAVA, flops, List.of(0.5, 0.3, 0.4),
                List.of(0.09, 0.05, 0.02, 0.02), List.of(Map.of(), Map.of(), Map.of()));
        Cell interp = cell("attention", List.of("512", "128"), "interp", flops, List.of(4.0, 2.0, 3.0, 5.0),
                List.of(9.0, 1.5, 1.5), List.of(st(84, 1, 148233), st(84, 2, 148233), st(84, 1, 148233), st(84, 2, 148233)));
        twin.cpu.addAll(List.of(0.6, 0.2, 0.5));
        interp.cpu.addAll(List.of(6.0, 4.0, 4.5, 5.5));
        Report r = new Report(List.of(twin, interp));
        // cpu: twin median 0.5; interp (4.5 + 5.5) / 2 = 5; ratio 10.
        // twin: median 0.4, 0.3–0.5; steady: drop 0.09, 0.05 -> median of 0.02, 0.02 = 0.02.
        assertEquals(List.of("attention K=512", "512 128", "java", "0.400", "0.300–0.500", "1", "0.500", "1", "0.0200", "1",
                "0.0419", "0.839", "", "", "", "reference"), r.row(twin));
        // interp: median (3 + 4) / 2 = 3.5, 2–5; ratio 3.5 / 0.4 = 8.75; steady: drop 9, 1.5 -> 1.5; 1.5 / 0.02 = 75;
        // GFLOP/s 16,777,216 / 3.5 s = 0.00479, steady / 1.5 s = 0.0112.
        assertEquals(List.of("attention K=512", "512 128", "interp", "3.500", "2.000–5.000", "8.75x", "5.000", "10.0x", "1.500", "75.0x",
                "0.00479", "0.0112", "84", "1–2", "148,233", "ok"), r.row(interp));
        String table = r.mainTable();
        assertTrue(table.startsWith("| program | args | engine | median s | min–max s |"), table);
        assertEquals(4, table.split("\n").length, "header, rule and two rows");

        String att = r.attentionTable();
        // 0.0419 GFLOP/s of 0.50 is 0.0839x; steady 0.839 is 1.68x.
        assertTrue(att.contains("| 512 | java | 5.115 | 0.0419 | 0.0839x | 0.839 | 1.68x |  |  |"), att);
        assertTrue(r.attentionStackCheck().contains("the same at every K"), r.attentionStackCheck());
    }

    /**
     * Several in-process series: a cell's steady figure is the median of its series' figures,
     * and its ratio the median of the ratios of the series run in the same round, not the
     * ratio of the medians (here 3 against 4), so that a round on a busier machine slows both
     * sides of its ratio.
     */
    @Test
    void steadyRatiosArePairedByRound() {
        Cell twin = cell("fib", List.of("30"), Cell.JAVA, 0, List.of(0.2), List.of(), List.of(Map.of()));
        Cell jit = cell("fib", List.of("30"), "jit", 0, List.of(0.4), List.of(), List.of(st(10, 0, 5)));
        double[][] rounds = {{1.0, 3.0}, {2.0, 4.0}, {1.0, 5.0}}; // {twin, jit}: ratios 3, 2, 5
        for (double[] round : rounds) {
            twin.addSteadySeries(List.of(9.0, round[0])); // the first half is warm-up: the figure is the second
            jit.addSteadySeries(List.of(9.0, round[1]));
        }
        Report r = new Report(List.of(twin, jit));
        assertEquals(3.0, r.steadyRatio(jit), 1e-12);
        assertEquals(new Summary(3, 4.0, 3.0, 5.0), jit.steadySummary());
        assertEquals(List.of("4.000", "3.00x"), r.row(jit).subList(8, 10));
        jit.steadyError = "exit status 1";
        assertTrue(Double.isNaN(r.steadyRatio(jit)), "a failed series leaves no figure");
    }

    @Test
    void aFailedCellIsAnErrorNotANumber() {
        Cell twin = cell("fib", List.of("30"), Cell.JAVA, 0, List.of(0.2), List.of(), List.of(Map.of()));
        Cell bad = new Cell("fib", List.of("30"), "jit", 0);
        bad.error = "output differs from the twin's: expected '832040', got '1'";
        Report r = new Report(List.of(twin, bad));
        List<String> row = r.row(bad);
        assertEquals("**error**: output differs from the twin's: expected '832040', got '1'", row.get(row.size() - 1));
        for (int i = 3; i < row.size() - 1; i++) assertEquals("", row.get(i));
        assertTrue(Double.isNaN(r.ratio(bad)));
    }

    @Test
    void deviceFigures() {
        double flops = 4.0 * 128 * 1024 * 64; // 33,554,432
        Map<String, String> st = Map.of("device_jobs", "1", "device_fallback_jobs", "0", "device_ms", "100", "peak_stack_words", "84");
        Cell twin = cell("attention", List.of("1024", "128"), Cell.JAVA, flops, List.of(0.2), List.of(), List.of(Map.of()));
        Cell cl = cell("attention", List.of("1024", "128"), "opencl", flops, List.of(1.0), List.of(), List.of(st));
        Report r = new Report(List.of(twin, cl));
        assertEquals("ok; device jobs 1", r.row(cl).get(r.row(cl).size() - 1));
        // 33,554,432 flops in 0.1 s of device time: 0.336 GFLOP/s, 0.67x of 0.50.
        assertTrue(r.attentionTable().contains("| 1024 | opencl | 5.115 | 0.0336 | 0.0671x |  |  | 84 | 0.336 (0.67x) |"), r.attentionTable());
        Cell fb = cell("attention", List.of("1024", "128"), "opencl", flops, List.of(1.0), List.of(),
                List.of(Map.of("device_jobs", "0", "device_fallback_jobs", "1")));
        assertTrue(new Report(List.of(twin, fb)).row(fb).get(r.row(cl).size() - 1).contains("fell back to the CPU: 1"));
    }

    @Test
    void fillDepthClaim() {
        Cell deep = cell("fill_depth", List.of("2045", "100000"), "interp", 0, List.of(1.5, 1.6, 1.7), List.of(0.3, 0.25, 0.25),
                List.of(st(2048, 1, 1026), st(2048, 1, 1026), st(2048, 1, 1026)));
        Cell shallow = cell("fill_depth_shallow", List.of("2044", "100000"), "interp", 0, List.of(1.5, 1.5, 1.5), List.of(0.3, 0.2, 0.2),
                List.of(st(2048, 0, 6), st(2048, 0, 6), st(2048, 0, 6)));
        String t = new Report(List.of(deep, shallow)).fillDepthTable();
        // process 1.6 / 1.5 = 1.07; steady 0.25 / 0.2 = 1.25 (judged), within 1.5x.
        assertTrue(t.contains("| interp | 1.07x |  | 2000 / 2000 | 1.00x | 0.250 / 0.200 | 1.25x | 1 / 0 | within 1.5x |"), t);
        Cell slow = cell("fill_depth", List.of("2045", "100000"), "interp", 0, List.of(30.0), List.of(24.7, 24.7),
                List.of(st(2048, 100000, 1026)));
        assertTrue(new Report(List.of(slow, shallow)).fillDepthTable().contains("**over 1.5x**"));
    }

    @Test
    void statsLinesAreParsed() {
        Map<String, String> m = dev.vx.vm.StatLines.parse("832040\nengine: interp\nwall_ms: 4099\nvxvm: note: x\npeak_stack_words: 61\n");
        assertEquals("interp", m.get("engine"));
        assertEquals("4099", m.get("wall_ms"));
        assertEquals("61", m.get("peak_stack_words"));
        assertEquals(3, m.size());
    }
}
