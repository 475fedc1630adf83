package dev.vx.compiler;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Measures the front end: checks {@code args[0]} against the Base file {@code args[1]}, once
 * (cold, as {@code vxvm run} would) and then {@code args[2]} more times (warm), checking all
 * of Base or, with {@code args[3]} = {@code used}, only what the program uses. Not a test:
 * run it by hand, e.g. under {@code time}, to see the cost of JVM start plus checking.
 */
public final class TimingMain {
    private TimingMain() {
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        List<SourceFile> base = List.of(new SourceFile(args[1], Files.readString(Path.of(args[1]))));
        FrontEnd frontEnd = args.length > 3 && args[3].equals("used") ? new FrontEnd().checkingUsedBaseOnly()
                : new FrontEnd();
        CheckResult r = frontEnd.check(Path.of(args[0]), base);
        long t1 = System.nanoTime();
        System.out.print(r.diagnostics().render());
        System.out.printf("first check: %.1f ms%n", (t1 - t0) / 1e6);
        int n = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        if (n > 0) {
            for (int i = 0; i < n; i++) {
                frontEnd.check(Path.of(args[0]), base);
            }
            long t2 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                frontEnd.check(Path.of(args[0]), base);
            }
            System.out.printf("warm check: %.2f ms%n", (System.nanoTime() - t2) / 1e6 / n);
        }
    }
}
