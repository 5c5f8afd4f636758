package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.apophenia.legion.cost.LegionCosts;
import org.apophenia.sim.SimulationResult;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * Under the {@code legion} cost model a replay is not free: each node pays, on its own utility
 * processor, a constant per replayed trace and a cost per task of its own (control replication), and a
 * replayed iteration still costs less runtime work than an analysed one (dynamic tracing paper, Table IV).
 */
class ReplayCostTest {
  static final int ITERATIONS = 12;

  private static long utilityBusy(SimulationResult r, int node) {
    long busy = 0;
    for (Processor u : r.machine().processors(node, ProcessorKind.UTILITY)) {
      busy += r.busyNanos(u);
    }
    return busy;
  }

  @Test
  void replayCostsSomethingOnEveryNodeAndLessThanAnalysis() {
    LegionCosts costs = LegionCosts.defaults();
    SimulationResult none = Stencil.run(null, ITERATIONS, 1_000, "perlmutter:2", 8, costs);
    DynamicTracing engine = new DynamicTracing(TracingOptions.defaults());
    SimulationResult traced = Stencil.run(engine, ITERATIONS, 1_000, "perlmutter:2", 8, costs);
    long replays = engine.stats().replays();
    assertThat(replays).isGreaterThan(0);
    for (int node = 0; node < 2; node++) {
      long analysed = utilityBusy(none, node);
      long replayed = utilityBusy(traced, node);
      // at least the replays' own charges: a constant per trace and 2 launches x 4 points per iteration
      assertThat(replayed).as("node %d replays its own points", node)
          .isGreaterThanOrEqualTo(replays * costs.onUtilities(costs.replayNanos(8), 4));
      assertThat(replayed).as("node %d: replay is cheaper than analysis", node).isLessThan(analysed);
    }
  }
}
