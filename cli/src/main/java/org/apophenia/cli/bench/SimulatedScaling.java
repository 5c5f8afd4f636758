package org.apophenia.cli.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.apps.RunOptions;
import org.apophenia.samples.apps.RunResult;
import org.apophenia.samples.apps.SampleRunner;
import org.apophenia.samples.apps.Samples;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Presets;

/**
 * Group 7: weak scaling on the simulated machines, as the paper's Figures 6–7: {@code jacobi},
 * {@code cfd} and {@code swe} (those registered) on {@code perlmutter:1,4,16} and {@code eos:1,4,8}
 * under the {@code legion} cost model ({@link CostModel#legion()}: its parameters are printed with
 * the results; {@code apophenia figures} regenerates the paper's figures proper), untraced ({@code none}) and traced by Apophenia ({@code auto}). The problem grows
 * with the machine: every sample's size is its default (half of it in quick mode) times sqrt(nodes),
 * since all three are 2-D (a dense n×n matrix for jacobi, an n×n grid for cfd and swe); one tile per GPU. A configuration the
 * runtime cannot run is reported as skipped with its reason.
 */
final class SimulatedScaling implements BenchGroup {
  static final List<String> SAMPLES = List.of("jacobi", "cfd", "swe");
  static final Map<String, int[]> MACHINES = new LinkedHashMap<>();

  static {
    MACHINES.put("perlmutter", new int[] {1, 4, 16});
    MACHINES.put("eos", new int[] {1, 4, 8});
  }

  @Override public int number() { return 7; }
  @Override public String id() { return "scaling"; }
  @Override public String title() { return "Simulated weak scaling, traced vs untraced (legion cost model)"; }

  /** One node's problem size: the sample's default, halved in quick mode (less real data to compute). */
  static int base(String sample, BenchSettings s) {
    int d = Samples.create(sample).defaultSize();
    return s.pick(Math.max(16, d / 2), d);
  }

  /** The weak-scaling size: {@code base × sqrt(nodes)}, rounded. */
  static int weakSize(int base, int nodes) {
    return (int) Math.round(base * Math.sqrt(nodes));
  }

  @Override
  public GroupResult run(BenchSettings s) {
    int iterations = s.pick(8, 50);
    Table.Builder t = Table.builder("scaling",
        "Simulated makespan, " + iterations + " iterations, weak scaling (size = " + s.pick("default/2", "default")
            + " × sqrt(nodes))",
        "sample", "machine", "nodes", "tiles", "size", "untraced ms", "traced ms", "speed-up",
        "untraced it/s", "traced it/s", "traced coverage", "status");
    List<String> notes = new ArrayList<>();
    List<Plot> plots = new ArrayList<>();
    List<Double> speedups = new ArrayList<>();
    for (Map.Entry<String, int[]> m : MACHINES.entrySet()) {
      List<Plot.Series> series = new ArrayList<>();
      for (String name : SAMPLES) {
        if (!Samples.names().contains(name)) {
          notes.add(name + ": skipped: not a registered sample");
          continue;
        }
        int[] nodes = m.getValue();
        double[] x = new double[nodes.length];
        double[] untracedRate = new double[nodes.length];
        double[] tracedRate = new double[nodes.length];
        for (int k = 0; k < nodes.length; k++) {
          String spec = m.getKey() + ":" + nodes[k];
          x[k] = nodes[k];
          untracedRate[k] = Double.NaN;
          tracedRate[k] = Double.NaN;
          int size = weakSize(base(name, s), nodes[k]);
          try {
            s.progress("  %s on %s, size %d", name, spec, size);
            RunResult none = run(s, name, Mode.NONE, spec, iterations, size);
            RunResult auto = run(s, name, Mode.AUTO, spec, iterations, size);
            double speedup = Stats.ratio(none.simulatedMakespanNanos(), auto.simulatedMakespanNanos());
            speedups.add(speedup);
            untracedRate[k] = none.iterations() / (none.simulatedMakespanNanos() / 1e9);
            tracedRate[k] = auto.iterations() / (auto.simulatedMakespanNanos() / 1e9);
            t.row(name, m.getKey(), nodes[k], auto.tiles(), size, none.simulatedMakespanNanos() / 1e6,
                auto.simulatedMakespanNanos() / 1e6, speedup, untracedRate[k], tracedRate[k], auto.coverage(), "ok");
          } catch (RuntimeException e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            t.row(name, m.getKey(), nodes[k], null, size, null, null, null, null, null, null, "skipped: " + why);
            s.progress("  %s on %s skipped: %s", name, spec, why);
          }
        }
        series.add(new Plot.Series(name + " traced (auto)", x, tracedRate));
        series.add(new Plot.Series(name + " untraced", x, untracedRate, true));
      }
      plots.add(new Plot("scaling-" + m.getKey(), "Weak scaling on simulated " + m.getKey() + " (legion cost model)",
          "nodes", "iterations per simulated second (flat = perfect weak scaling)", true, true, series));
    }
    String cmp = String.format(Locale.ROOT,
        "the paper reports speed-ups of automatic tracing over untraced runs of up to 2.82× at scale; here the "
            + "simulated speed-up of auto over none is %s–%s× over the configurations that ran.",
        Table.format(speedups.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN)),
        Table.format(speedups.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)));
    notes.add("simulated times under the cost model " + CostModel.legion().describe());
    return new GroupResult(List.of(t.build()), plots, notes, cmp);
  }

  private static RunResult run(BenchSettings s, String name, Mode mode, String machine, int iterations, int size) {
    return SampleRunner.run(Samples.create(name),
        RunOptions.of(mode, iterations, Presets.machine(machine), CostModel.legion()).withSize(size)
            .withConfig(s.apophenia()));
  }
}
