package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.Scheduler;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Where a ready task runs never changes results: every sample gives bit-identical arrays under the
 * mapper's placement, live work stealing and replayed steals, traced automatically, on a node of four
 * GPUs with six tiles (two GPUs get two tiles each, so the other two find work to steal).
 */
class SchedulersAgreeTest {
  static java.util.List<String> samples() {
    return ModesAgreeTest.samples();
  }

  static RunResult run(String sample, Scheduler scheduler) {
    return SampleRunner.run(Samples.create(sample), RunOptions.of(Mode.AUTO, 24, Presets.machine("perlmutter:1"),
        CostModel.none()).withSize(SmallSizes.of(sample)).withTiles(6).withScheduler(scheduler));
  }

  @ParameterizedTest
  @MethodSource("samples")
  void everySchedulerGivesTheSameChecksum(String sample) {
    RunResult mapped = run(sample, Scheduler.MAPPED);
    RunResult live = run(sample, new Scheduler.WorkStealing(3, false));
    RunResult replayed = run(sample, new Scheduler.WorkStealing(3, true));
    assertThat(live.checksum()).isEqualTo(mapped.checksum());
    assertThat(replayed.checksum()).isEqualTo(mapped.checksum());
    assertThat(mapped.scheduling().steals().steals()).isZero();
    assertThat(live.scheduling().stealLogs().enforced()).as("live stealing follows no log").isZero();
  }

  /** The run reports what stealing did: jacobi's unbalanced tiles get stolen, and replays pin them. */
  @Test
  void theRunReportsStealsAndEnforcedLogs() {
    RunResult live = run("jacobi", new Scheduler.WorkStealing(3, false));
    RunResult replayed = run("jacobi", new Scheduler.WorkStealing(3, true));
    assertThat(live.scheduling().scheduler()).isEqualTo("work-stealing");
    assertThat(live.scheduling().steals().steals()).isPositive();
    assertThat(replayed.scheduling().scheduler()).isEqualTo("work-stealing-replay");
    assertThat(replayed.scheduling().stealLogs().enforced()).isPositive();
    assertThat(replayed.scheduling().steals().pinned()).isPositive();
    assertThat(replayed.scheduling().bytesMoved()).isPositive();
  }
}
