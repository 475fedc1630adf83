package dev.vx.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One cell of the bench table: a program with its arguments on one engine ({@code java}
 * for the twin). Holds the measured samples; a failed cell keeps its error and is shown as
 * such, never as a number.
 */
public final class Cell {
    public static final String JAVA = "java";

    public final String program;
    public final List<String> args;
    public final String engine;
    /** Floating-point operations of one run (0: GFLOP/s is not meaningful for this program). */
    public final double flops;
    /** Wall seconds of each measured run, each in a fresh JVM (start-up included). */
    public final List<Double> wall = new ArrayList<>();
    /** CPU seconds (user + system, all threads) of each measured run, where the OS tells them. */
    public final List<Double> cpu = new ArrayList<>();
    /** The {@code --stats} lines of each measured run (empty maps for the twin). */
    public final List<Map<String, String>> stats = new ArrayList<>();
    /**
     * The in-process series, in the order they ran (one a round, interleaved with the twin's):
     * the seconds of each iteration of each, warm-up included.
     */
    public final List<List<Double>> steadySeries = new ArrayList<>();
    /** What the program printed (the first run's stdout). */
    public String output;
    /** Why the cell has no figures (null: it has them). */
    public String error;
    /** Why the in-process series has no figure (null: it has one, or it was not asked for). */
    public String steadyError;

    public Cell(String program, List<String> args, String engine, double flops) {
        this.program = program;
        this.args = List.copyOf(args);
        this.engine = engine;
        this.flops = flops;
    }

    public boolean isTwin() {
        return JAVA.equals(engine);
    }

    /** {@code attention K=512} for attention, else the program's name. */
    public String label() {
        return program.equals("attention") && !args.isEmpty() ? "attention K=" + args.get(0) : program;
    }

    public boolean ok() {
        return error == null && !wall.isEmpty();
    }

    public Summary wallSummary() {
        return wall.isEmpty() ? null : Summary.of(wall);
    }

    public Summary cpuSummary() {
        return cpu.isEmpty() ? null : Summary.of(cpu);
    }

    public void addSteadySeries(List<Double> iterations) {
        steadySeries.add(List.copyOf(iterations));
    }

    /** The figure of series {@code i}: the median of its second half ({@link Summary#steady}). */
    public double steadyFigure(int i) {
        return Summary.steady(steadySeries.get(i)).median();
    }

    /** Over the series' figures (null when there is none, or a series failed). */
    public Summary steadySummary() {
        if (steadySeries.isEmpty() || steadyError != null) return null;
        List<Double> figures = new ArrayList<>();
        for (int i = 0; i < steadySeries.size(); i++) figures.add(steadyFigure(i));
        return Summary.of(figures);
    }

    /** The {@code --stats} figure over the measured runs (null when no run reported it). */
    public List<Long> stat(String name) {
        List<Long> r = new ArrayList<>();
        for (Map<String, String> m : stats) {
            String v = m.get(name);
            if (v == null) continue;
            try {
                r.add(Long.parseLong(v.strip()));
            } catch (NumberFormatException e) {
                // not a number: skip
            }
        }
        return r.isEmpty() ? null : r;
    }
}
