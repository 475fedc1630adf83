package dev.vx.bench;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * A small SVG writer: elements with attributes, text and groups, written as a standalone
 * SVG 1.1 document. Attribute values and text are escaped; numbers are written with at most
 * two decimals and a dot, whatever the locale. No plotting framework: the charts of
 * {@link Charts} are drawn with this.
 */
public final class Svg {
    private final double width, height;
    private final StringBuilder body = new StringBuilder();
    private final Deque<String> open = new ArrayDeque<>();

    public Svg(double width, double height) {
        if (!(width > 0 && height > 0)) throw new IllegalArgumentException("size " + width + " x " + height);
        this.width = width;
        this.height = height;
    }

    /** An empty element {@code <name a="v" .../>}; attributes come as name, value pairs. */
    public Svg element(String name, Object... attributes) {
        indent();
        body.append('<').append(name);
        attributes(attributes);
        body.append("/>\n");
        return this;
    }

    /** Opens {@code <name ...>}; {@link #end()} closes it. */
    public Svg begin(String name, Object... attributes) {
        indent();
        body.append('<').append(name);
        attributes(attributes);
        body.append(">\n");
        open.push(name);
        return this;
    }

    public Svg end() {
        if (open.isEmpty()) throw new IllegalStateException("no open element");
        String name = open.pop();
        indent();
        body.append("</").append(name).append(">\n");
        return this;
    }

    public Svg rect(double x, double y, double w, double h, Object... attributes) {
        return element("rect", concat(new Object[]{"x", x, "y", y, "width", Math.max(0, w), "height", Math.max(0, h)}, attributes));
    }

    public Svg line(double x1, double y1, double x2, double y2, Object... attributes) {
        return element("line", concat(new Object[]{"x1", x1, "y1", y1, "x2", x2, "y2", y2}, attributes));
    }

    public Svg circle(double cx, double cy, double r, Object... attributes) {
        return element("circle", concat(new Object[]{"cx", cx, "cy", cy, "r", r}, attributes));
    }

    /** A polyline through the points {@code x0, y0, x1, y1, ...}. */
    public Svg polyline(double[] xy, Object... attributes) {
        if (xy.length % 2 != 0) throw new IllegalArgumentException("odd coordinate count");
        StringBuilder pts = new StringBuilder();
        for (int i = 0; i < xy.length; i += 2) {
            if (i > 0) pts.append(' ');
            pts.append(num(xy[i])).append(',').append(num(xy[i + 1]));
        }
        return element("polyline", concat(new Object[]{"points", pts.toString(), "fill", "none"}, attributes));
    }

    /** {@code <text x y ...>text</text>}. */
    public Svg text(double x, double y, String text, Object... attributes) {
        indent();
        body.append("<text");
        attributes(concat(new Object[]{"x", x, "y", y}, attributes));
        body.append('>').append(escape(text)).append("</text>\n");
        return this;
    }

    /** {@code <title>} of the enclosing element (a tooltip in browsers). */
    public Svg title(String text) {
        indent();
        body.append("<title>").append(escape(text)).append("</title>\n");
        return this;
    }

    /** The complete document; every {@link #begin} must have been closed. */
    public String document() {
        if (!open.isEmpty()) throw new IllegalStateException("unclosed <" + open.peek() + ">");
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(width) + "\" height=\""
                + num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\" font-family=\"sans-serif\">\n"
                + body + "</svg>\n";
    }

    @Override
    public String toString() {
        return document();
    }

    private void attributes(Object[] attributes) {
        if (attributes.length % 2 != 0) throw new IllegalArgumentException("attributes come in name, value pairs");
        for (int i = 0; i < attributes.length; i += 2) {
            String name = String.valueOf(attributes[i]);
            if (!name.matches("[A-Za-z_:][-A-Za-z0-9_:.]*")) throw new IllegalArgumentException("attribute name '" + name + "'");
            Object v = attributes[i + 1];
            String value = v instanceof Double || v instanceof Float ? num(((Number) v).doubleValue()) : String.valueOf(v);
            body.append(' ').append(name).append("=\"").append(escape(value)).append('"');
        }
    }

    private void indent() {
        body.append("  ".repeat(open.size() + 1));
    }

    private static Object[] concat(Object[] a, Object[] b) {
        Object[] r = new Object[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    /** A coordinate: at most two decimals, no trailing zeros, no exponent. */
    public static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) throw new IllegalArgumentException("coordinate " + v);
        String s = String.format(Locale.ROOT, "%.2f", v);
        if (s.contains(".")) s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        return s.equals("-0") ? "0" : s;
    }

    /** XML escaping for text and attribute values; characters XML 1.0 cannot hold become '?'. */
    public static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                default -> {
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0xFFFE || c == 0xFFFF) b.append('?');
                    else b.append(c);
                }
            }
        }
        return b.toString();
    }
}
