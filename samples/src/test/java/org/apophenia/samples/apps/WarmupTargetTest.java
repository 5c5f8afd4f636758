package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every sample, the NumPy ports included, as {@code apophenia run SAMPLE} runs it (default size,
 * iterations, machine and settings): steady replay from iteration 10 at the latest, at least 0.90 of
 * the operations traced, and every trace recorded replayed at least once.
 */
class WarmupTargetTest {
  static java.util.List<String> samples() {
    return Samples.names();
  }

  @ParameterizedTest
  @MethodSource("samples")
  void replaysFromIterationTenWithoutJunk(String name) {
    Sample sample = Samples.create(name);
    RunResult r = SampleRunner.run(sample, RunOptions.of(Mode.AUTO, sample.defaultIterations(),
        Presets.machine("workstation"), CostModel.legion()));
    assertThat(r.warmupIterations()).as(r.toString()).isBetween(0, 10);
    assertThat(r.coverage()).as(r.toString()).isGreaterThanOrEqualTo(0.90);
    assertThat(r.tracesNeverReplayed()).as(r.toString()).isZero();
  }
}
