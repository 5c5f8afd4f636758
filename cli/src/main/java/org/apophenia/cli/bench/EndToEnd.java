package org.apophenia.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.apps.IterationMarks;
import org.apophenia.samples.apps.RunOptions;
import org.apophenia.samples.apps.RunResult;
import org.apophenia.samples.apps.SampleRunner;
import org.apophenia.samples.apps.Samples;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Presets;

/**
 * Group 3: every registered sample in {@code none}, {@code manual} and {@code auto} on the
 * {@code workstation} machine under the {@code legion} cost model: real time in the runtime's front
 * door (analysis and replay), in Apophenia, and of the whole run; the simulated makespan; coverage and
 * warm-up. The three modes of a sample run back to back, after one short warm-up run per sample, so
 * their ratios share the machine's conditions. Full run: each sample's default iterations; quick: 40.
 */
final class EndToEnd implements BenchGroup {
  static final String MACHINE = "workstation";

  @Override public int number() { return 3; }
  @Override public String id() { return "end-to-end"; }
  @Override public String title() { return "End to end per sample: none, manual, auto"; }

  @Override
  public GroupResult run(BenchSettings s) {
    Table.Builder runs = Table.builder("end-to-end", "Per sample and mode (" + MACHINE + ", legion cost model)",
        "sample", "mode", "iterations", "ops", "coverage", "warm-up iteration", "front door ms", "µs/op",
        "Apophenia ms", "wall ms", "simulated ms", "same checksum as none");
    Table.Builder ratios = Table.builder("end-to-end-ratios", "Ratios, measured in the same run",
        "sample", "auto/manual wall", "none/auto wall", "auto/manual front door", "none/auto front door",
        "none/auto simulated", "manual/auto simulated", "auto warm-up iteration");
    Table.Builder steady = Table.builder("end-to-end-steady",
        "Steady state: the same window in every mode, the run's last quarter of iterations, per op the program issued",
        "sample", "window (iterations)", "ops", "none sim µs/op", "manual sim µs/op", "auto sim µs/op",
        "auto/manual throughput", "auto/none throughput", "manual front door µs/op", "auto front door µs/op",
        "auto/manual front door", "Apophenia µs/op");
    Table.Builder perOp = PerOpTable.builder("end-to-end-per-op",
        "Where the issuing thread's real time goes per op, steady state (last quarter of iterations) and whole run");
    List<Double> steadyRatios = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    List<Double> manualOverAuto = new ArrayList<>();
    List<Integer> warmups = new ArrayList<>();
    double bestSpeedup = 0;
    String bestSample = "";
    for (String name : Samples.names()) {
      Map<Mode, RunResult> r = new TreeMap<>();
      try {
        int iterations = s.quick() ? 40 : Samples.create(name).defaultIterations();
        SampleRunner.run(Samples.create(name), options(s, Mode.AUTO, Math.min(iterations, 5))); // JIT warm-up
        for (Mode m : Mode.values()) {
          s.progress("  %s %s, %d iterations", name, m, iterations);
          r.put(m, SampleRunner.run(Samples.create(name), options(s, m, iterations)));
        }
      } catch (RuntimeException e) {
        // said where it is seen: on stderr as it happens, in the notes and in the table's row
        String why = e instanceof org.apophenia.samples.adapter.TraceMismatchException
            ? "its hand-placed traces (--mode manual) do not repeat: " + e.getMessage()
            : e.getClass().getSimpleName() + ": " + e.getMessage();
        s.progress("  %s skipped: %s", name, why);
        notes.add(name + ": skipped: " + why);
        runs.row(name, "skipped: " + why, null, null, null, null, null, null, null, null, null, null);
        continue;
      }
      RunResult none = r.get(Mode.NONE);
      for (RunResult x : r.values()) {
        runs.row(name, x.mode(), x.iterations(), x.ops(), x.coverage(),
            x.warmupIterations() < 0 ? null : (Object) x.warmupIterations(), x.analysisNanos() / 1e6,
            x.analysisNanos() / 1e3 / Math.max(1, x.ops()), x.apopheniaNanos() / 1e6, x.wallNanos() / 1e6,
            x.simulatedMakespanNanos() / 1e6, x.checksum().equals(none.checksum()) ? "yes" : "NO");
      }
      for (RunResult x : r.values()) {
        PerOpTable.rows(perOp, name, x);
      }
      RunResult man = r.get(Mode.MANUAL);
      RunResult auto = r.get(Mode.AUTO);
      double speedup = Stats.ratio(none.simulatedMakespanNanos(), auto.simulatedMakespanNanos());
      ratios.row(name, Stats.ratio(auto.wallNanos(), man.wallNanos()), Stats.ratio(none.wallNanos(), auto.wallNanos()),
          Stats.ratio(auto.analysisNanos(), man.analysisNanos()), Stats.ratio(none.analysisNanos(), auto.analysisNanos()),
          speedup, Stats.ratio(man.simulatedMakespanNanos(), auto.simulatedMakespanNanos()),
          auto.warmupIterations() < 0 ? null : (Object) auto.warmupIterations());
      manualOverAuto.add(Stats.ratio(man.simulatedMakespanNanos(), auto.simulatedMakespanNanos()));
      IterationMarks.SteadyState sn = none.steadyState();
      IterationMarks.SteadyState sm = man.steadyState();
      IterationMarks.SteadyState sa = auto.steadyState();
      if (sn == null || sm == null || sa == null || !man.steadyStateWarm() || !auto.steadyStateWarm()) {
        steady.row(name, "not warm in the last quarter (warm-up " + man.warmupIterations() + " manual, "
            + auto.warmupIterations() + " auto, of " + auto.iterations() + ")", null, null, null, null, null, null, null,
            null, null, null);
      } else {
        double throughput = Stats.ratio(sm.simulatedNanosPerOp(), sa.simulatedNanosPerOp());
        steadyRatios.add(throughput);
        steady.row(name, sa.fromIteration() + "–" + auto.iterations(), sa.ops(), sn.simulatedNanosPerOp() / 1e3,
            sm.simulatedNanosPerOp() / 1e3, sa.simulatedNanosPerOp() / 1e3, throughput,
            Stats.ratio(sn.simulatedNanosPerOp(), sa.simulatedNanosPerOp()), sm.frontDoorNanosPerOp() / 1e3,
            sa.frontDoorNanosPerOp() / 1e3, Stats.ratio(sa.frontDoorNanosPerOp(), sm.frontDoorNanosPerOp()),
            sa.apopheniaNanosPerOp() / 1e3);
      }
      if (auto.warmupIterations() >= 0) {
        warmups.add(auto.warmupIterations());
      }
      if (speedup > bestSpeedup) {
        bestSpeedup = speedup;
        bestSample = name;
      }
    }
    if (s.quick()) {
      notes.add("quick: 40 iterations per run, so the steady state is iterations 30-39 of a JIT that has not warmed "
          + "up (a few hundred ops through each path): its per-op real times are not the full run's and can rank "
          + "the modes differently; the simulated figures do not depend on it");
    }
    String cmp = String.format(Locale.ROOT,
        "the paper's automatic traces reach 0.92–1.03× of manual steady-state throughput after 30–300 warm-up "
            + "iterations, with speed-ups up to 2.82× over no tracing; here auto's steady-state simulated throughput "
            + "is %s–%s× of manual (whole runs, warm-up included: %s–%s×), warm-up takes %s iterations, and the "
            + "largest simulated speed-up over none is %s× (%s, legion cost model, whole run).",
        Table.format(steadyRatios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN)),
        Table.format(steadyRatios.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)),
        Table.format(manualOverAuto.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN)),
        Table.format(manualOverAuto.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)),
        warmups.isEmpty() ? "—" : warmups.stream().mapToInt(Integer::intValue).min().getAsInt() + "–"
            + warmups.stream().mapToInt(Integer::intValue).max().getAsInt(),
        Table.format(bestSpeedup), bestSample);
    notes.add("simulated times under the cost model " + CostModel.legion().describe());
    notes.add("warm-up empty (— in text, an empty cell in CSV, null in JSON): no iteration from which every later "
        + "iteration was replayed (always so in mode none)");
    return new GroupResult(List.of(runs.build(), ratios.build(), steady.build(), perOp.build()), List.of(), notes, cmp);
  }

  private static RunOptions options(BenchSettings s, Mode m, int iterations) {
    return RunOptions.of(m, iterations, Presets.machine(MACHINE), CostModel.legion()).withConfig(s.apophenia());
  }
}
