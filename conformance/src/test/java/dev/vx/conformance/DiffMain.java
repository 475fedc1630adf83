package dev.vx.conformance;

import dev.vx.conformance.gen.GeneratedProgram;
import dev.vx.conformance.gen.ProgramGen;

/** Development aid: runs the differential check over n samples and prints failures. */
public class DiffMain {
    public static void main(String[] args) {
        long seed = Long.parseLong(args[0]);
        int n = Integer.parseInt(args[1]);
        int fails = 0;
        long t0 = System.nanoTime();
        ProgramGen gen = System.getProperty("arith") != null ? ProgramGen.arithmetic(1) : new ProgramGen(1);
        for (GeneratedProgram p : gen.samples(seed, n)) {
            try {
                Differential.check(p);
            } catch (AssertionError | RuntimeException e) {
                if (e.getClass().getSimpleName().equals("Invalid")) continue;
                fails++;
                if (fails <= Integer.parseInt(args.length > 2 ? args[2] : "3")) {
                    System.out.println("==== FAIL " + e.getMessage() + "\n" + p.source());
                } else {
                    System.out.println("==== FAIL " + e.getMessage().lines().limit(12).toList());
                }
            }
        }
        System.out.printf("failures %d of %d in %d ms%n", fails, n, (System.nanoTime() - t0) / 1_000_000);
        System.exit(0);
    }
}
