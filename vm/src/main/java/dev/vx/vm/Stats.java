package dev.vx.vm;

/** Exact counters of one worker; summed over workers at the end of a run (docs/vm.md, "Statistics"). */
public final class Stats {
    public long steps;
    public long calls;
    public long forks;
    public long steals;
    public long jobs;
    public long spills;
    public long restores;
    public int peakStackWords;

    void add(Stats o) {
        steps += o.steps;
        calls += o.calls;
        forks += o.forks;
        steals += o.steals;
        jobs += o.jobs;
        spills += o.spills;
        restores += o.restores;
        peakStackWords = Math.max(peakStackWords, o.peakStackWords);
    }
}
