package dev.vx.bench;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SvgTest {
    static final String NS = "http://www.w3.org/2000/svg";

    /** Parses with the JDK's XML parser (namespace-aware, no external entities). */
    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    static int count(Document d, String name) {
        return d.getElementsByTagNameNS(NS, name).getLength();
    }

    @Test
    void writesAValidDocumentWithItsElements() throws Exception {
        Svg svg = new Svg(300, 200.5);
        svg.rect(0, 0, 300, 200.5, "fill", "#fff");
        svg.begin("g", "id", "things");
        svg.line(1, 2, 3.25, 4.125, "stroke", "black");
        svg.circle(10, 10, 4, "class", "dot");
        svg.polyline(new double[]{0, 0, 10, 5, 20, 0}, "stroke", "red");
        svg.title("a <title> & \"quotes\"");
        svg.end();
        svg.text(5, 15, "fib & <tree_sum> 'x' \"y\"", "font-size", 12);
        Document d = parse(svg.document());
        Element root = d.getDocumentElement();
        assertEquals("svg", root.getLocalName());
        assertEquals(NS, root.getNamespaceURI());
        assertEquals("300", root.getAttribute("width"));
        assertEquals("200.5", root.getAttribute("height"));
        assertEquals("0 0 300 200.5", root.getAttribute("viewBox"));
        assertEquals(1, count(d, "rect"));
        assertEquals(1, count(d, "line"));
        assertEquals(1, count(d, "circle"));
        assertEquals(1, count(d, "polyline"));
        assertEquals(1, count(d, "g"));
        assertEquals("0,0 10,5 20,0", ((Element) d.getElementsByTagNameNS(NS, "polyline").item(0)).getAttribute("points"));
        Element line = (Element) d.getElementsByTagNameNS(NS, "line").item(0);
        assertEquals("3.25", line.getAttribute("x2"));
        assertEquals("4.13", line.getAttribute("y2"), "two decimals at most");
        assertEquals("fib & <tree_sum> 'x' \"y\"", d.getElementsByTagNameNS(NS, "text").item(0).getTextContent());
        assertEquals("a <title> & \"quotes\"", d.getElementsByTagNameNS(NS, "title").item(0).getTextContent());
        assertEquals("things", ((Element) d.getElementsByTagNameNS(NS, "g").item(0)).getAttribute("id"));
    }

    @Test
    void refusesWhatWouldNotBeValid() {
        assertThrows(IllegalStateException.class, () -> new Svg(10, 10).begin("g").document(), "unclosed group");
        assertThrows(IllegalStateException.class, () -> new Svg(10, 10).end());
        assertThrows(IllegalArgumentException.class, () -> new Svg(10, 10).rect(0, 0, 1, 1, "fill"), "odd attribute list");
        assertThrows(IllegalArgumentException.class, () -> new Svg(10, 10).rect(0, 0, 1, 1, "bad name", "x"));
        assertThrows(IllegalArgumentException.class, () -> new Svg(0, 10));
        assertThrows(IllegalArgumentException.class, () -> Svg.num(Double.NaN));
    }

    @Test
    void numbersAreLocaleFreeAndShort() {
        assertEquals("0", Svg.num(0));
        assertEquals("0", Svg.num(-0.001));
        assertEquals("12", Svg.num(12.0));
        assertEquals("12.5", Svg.num(12.5));
        assertEquals("-3.14", Svg.num(-3.14159));
        assertEquals("a&amp;b&lt;c&gt;d&quot;e&apos;f?", Svg.escape("a&b<c>d\"e'f\u0001"));
    }

    static Cell cell(String program, List<String> args, String engine, double flops, double[] wall, double[] steady, long peak) {
        Cell c = new Cell(program, args, engine, flops);
        for (double w : wall) {
            c.wall.add(w);
            c.stats.add(engine.equals(Cell.JAVA) ? java.util.Map.of()
                    : java.util.Map.of("peak_stack_words", String.valueOf(peak), "spills", "0", "heap_peak_words", "10",
                    "steps", "1000000", "wall_ms", String.valueOf(Math.round(w * 900))));
        }
        if (steady.length > 0) c.addSteadySeries(java.util.Arrays.stream(steady).boxed().toList());
        c.output = "x\n";
        return c;
    }

    @Test
    void theRatioChartHasABarPerVxCellAndParses() throws Exception {
        Cell jf = cell("fib", List.of("30"), Cell.JAVA, 0, new double[]{0.2, 0.3, 0.25}, new double[]{0.1, 0.01, 0.01}, 0);
        Cell vf = cell("fib", List.of("30"), "interp", 0, new double[]{5, 4, 6}, new double[]{4, 3.5, 3.5}, 61);
        Cell jt = cell("deep", List.of("9"), Cell.JAVA, 0, new double[]{0.2}, new double[]{}, 0);
        Cell broken = new Cell("deep", List.of("9"), "interp", 0);
        broken.error = "exit status 4: vxvm: internal error & <more>";
        jf.cpu.addAll(List.of(0.1, 0.2, 0.3));
        vf.cpu.addAll(List.of(3.0, 4.0, 5.0));
        Report r = new Report(List.of(jf, vf, jt, broken));
        String xml = Charts.ratioChart(r, "subtitle & co");
        assertNotNull(xml);
        Document d = parse(xml);
        NodeList groups = d.getElementsByTagNameNS(NS, "g");
        int bars = 0;
        for (int i = 0; i < groups.getLength(); i++) if ("bar".equals(((Element) groups.item(i)).getAttribute("class"))) bars++;
        assertEquals(1, bars, "one bar: fib on interp (the failed cell is a text, the twins are the 1x line)");
        String all = d.getDocumentElement().getTextContent();
        assertTrue(all.contains("fib"), all);
        assertTrue(all.contains("interp: error"), all);
        assertTrue(all.contains("20.0x"), "5 / 0.25 = 20: " + all);
        assertTrue(all.contains("steady 350x"), "3.5 / 0.01: " + all);
        assertTrue(all.contains("cpu 20.0x"), "4 / 0.2: " + all);
        int ticks = 0;
        NodeList lines = d.getElementsByTagNameNS(NS, "line");
        for (int i = 0; i < lines.getLength(); i++) if ("cpu".equals(((Element) lines.item(i)).getAttribute("class"))) ticks++;
        assertEquals(1, ticks, "one CPU-time tick");
        assertTrue(all.contains("subtitle & co"));
    }

    @Test
    void theAttentionChartHasABaselineAndAPointPerKAndEngine() throws Exception {
        double f512 = 4.0 * 128 * 512 * 64, f1024 = 4.0 * 128 * 1024 * 64;
        Report r = new Report(List.of(
                cell("attention", List.of("512", "128"), Cell.JAVA, f512, new double[]{0.3}, new double[]{0.05, 0.02}, 0),
                cell("attention", List.of("512", "128"), "interp", f512, new double[]{8}, new double[]{7, 7}, 84),
                cell("attention", List.of("1024", "128"), Cell.JAVA, f1024, new double[]{0.35}, new double[]{0.05, 0.04}, 0),
                cell("attention", List.of("1024", "128"), "interp", f1024, new double[]{15}, new double[]{14, 14}, 84)));
        Document d = parse(Charts.attentionChart(r, "s"));
        NodeList circles = d.getElementsByTagNameNS(NS, "circle");
        int steady = 0, process = 0;
        for (int i = 0; i < circles.getLength(); i++) {
            String cls = ((Element) circles.item(i)).getAttribute("class");
            if (cls.equals("steady")) steady++;
            if (cls.equals("process")) process++;
        }
        assertEquals(4, steady);
        assertEquals(4, process);
        assertEquals(4, count(d, "polyline"), "a solid and a dashed line per engine");
        assertTrue(d.getDocumentElement().getTextContent().contains("seed CPU baseline 0.50"));
        assertTrue(d.getDocumentElement().getTextContent().contains("1024"));
    }

    @Test
    void noFiguresNoChart() {
        Cell broken = new Cell("fib", List.of("30"), "interp", 0);
        broken.error = "boom";
        assertEquals(null, Charts.attentionChart(new Report(List.of(broken)), "s"));
    }
}
