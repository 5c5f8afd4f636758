package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** ARCHITECTURE.md invariant 2: every sample gives bit-identical results with none, manual and auto. */
class ModesAgreeTest {
  /** The samples written for this project; the NumPy ports have their own tests (samples.ports.PortsTest). */
  static java.util.List<String> samples() {
    return Samples.names().stream().filter(n -> !n.equals("cavity") && !n.equals("heat")).toList();
  }

  static RunResult run(String sample, Mode mode, int iterations) {
    Sample s = Samples.create(sample);
    return SampleRunner.run(s, RunOptions.of(mode, iterations, Presets.machine("workstation"),
        CostModel.legion()).withSize(SmallSizes.of(sample)).withTiles(3));
  }

  @ParameterizedTest
  @MethodSource("samples")
  void threeModesGiveTheSameChecksum(String sample) {
    RunResult none = run(sample, Mode.NONE, 24);
    RunResult manual = run(sample, Mode.MANUAL, 24);
    RunResult auto = run(sample, Mode.AUTO, 24);
    assertThat(manual.checksum()).isEqualTo(none.checksum());
    assertThat(auto.checksum()).isEqualTo(none.checksum());
    assertThat(auto.ops()).isEqualTo(none.ops());
    assertThat(manual.tracedOps()).isPositive();
  }
}
