package dev.vx.conformance;

import dev.vx.compiler.Compiler;
import dev.vx.compiler.SourceFile;
import dev.vx.conformance.gen.GeneratedProgram;
import dev.vx.conformance.gen.ProgramGen;
import java.util.List;

/** Development aid: prints generated programs and whether they compile. */
public class SampleMain {
    public static void main(String[] args) {
        long seed = Long.parseLong(args[0]);
        int n = Integer.parseInt(args[1]);
        boolean print = args.length > 2;
        int bad = 0;
        List<GeneratedProgram> ps = new ProgramGen(1).samples(seed, n);
        for (GeneratedProgram p : ps) {
            Compiler.Result r = Toolchain.compile(new SourceFile("gen.vx", p.source()));
            if (r.module() == null) {
                bad++;
                if (bad <= 3) {
                    System.out.println("==== REJECTED\n" + p.source() + "\n" + r.diagnostics());
                }
            } else if (print) {
                System.out.println("==== OK\n" + p.source());
            }
        }
        System.out.println("rejected " + bad + " of " + n);
    }
}
