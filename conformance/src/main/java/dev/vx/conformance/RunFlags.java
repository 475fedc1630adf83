package dev.vx.conformance;

import dev.vx.vm.VmOptions;
import java.util.List;
import java.util.Locale;

/**
 * The {@code vxvm run} options a golden program may ask for ({@code # vx-test: flags:}),
 * applied to {@link VmOptions} for an in-process run: {@code --heap SIZE} and
 * {@code --threads N}. Anything else is rejected, so a program that needs the CLI says so.
 */
public final class RunFlags {
    private RunFlags() {
    }

    public static VmOptions apply(VmOptions base, List<String> flags) {
        VmOptions o = base;
        for (int i = 0; i < flags.size(); i++) {
            String f = flags.get(i);
            String value = i + 1 < flags.size() ? flags.get(i + 1) : null;
            switch (f) {
                case "--heap" -> {
                    o = o.withHeap(size(require(f, value)));
                    i++;
                }
                case "--threads" -> {
                    o = o.withThreads(Integer.parseInt(require(f, value)));
                    i++;
                }
                default -> throw new IllegalArgumentException("flag " + f + " cannot be applied in-process "
                        + "(supported: --heap, --threads); mark the program `# vx-test: cli-only: <why>`");
            }
        }
        return o;
    }

    private static String require(String flag, String value) {
        if (value == null) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return value;
    }

    /** {@code 16M}, {@code 4G}, {@code 512K}, or a number of bytes. */
    static long size(String text) {
        String t = text.toUpperCase(Locale.ROOT);
        long unit = 1;
        char last = t.charAt(t.length() - 1);
        if (last == 'K' || last == 'M' || last == 'G') {
            unit = last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : 1L << 30;
            t = t.substring(0, t.length() - 1);
        }
        return Long.parseLong(t) * unit;
    }
}
