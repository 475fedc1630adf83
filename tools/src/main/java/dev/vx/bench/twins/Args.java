package dev.vx.bench.twins;

/** Argument reading the way the Vx programs do it: {@code U32.parse} of argument i, else the default. */
final class Args {
    private Args() {}

    /** The i-th argument as a U32 (returned in an int, unsigned), or {@code def} when absent or not a U32. */
    static int u32(String[] args, int i, int def) {
        if (i >= args.length) {
            return def;
        }
        String s = args[i];
        if (!s.matches("[0-9]+")) {
            return def;
        }
        String t = s.replaceFirst("^0+(?=.)", "");
        if (t.length() > 10 || Long.parseLong(t) > 0xFFFF_FFFFL) {
            return def;
        }
        return (int) Long.parseLong(t);
    }
}
