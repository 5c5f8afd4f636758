package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import org.apophenia.samples.adapter.Mode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What Apophenia must achieve on every sample with its default settings, at tiny sizes: steady replay
 * within 30 warm-up iterations, and at least 85% coverage over 200 iterations.
 */
class AutoTracingTest {
  /** The samples written for this project; the NumPy ports have their own tests (samples.ports.PortsTest). */
  static java.util.List<String> samples() {
    return Samples.names().stream().filter(n -> !n.equals("cavity") && !n.equals("heat")).toList();
  }

  /** After warm-up every iteration is replayed, and warm-up takes at most 30 iterations. */
  @ParameterizedTest
  @ValueSource(strings = {"jacobi", "cfd", "swe", "stencil"})
  void everyIterationAfterWarmupIsReplayed(String sample) {
    RunResult r = ModesAgreeTest.run(sample, Mode.AUTO, 120);
    assertThat(r.warmupIterations()).as(r.toString()).isBetween(0, 30);
  }

  @ParameterizedTest
  @MethodSource("samples")
  void coverageAtTwoHundredIterationsIsAtLeast85Percent(String sample) {
    RunResult r = ModesAgreeTest.run(sample, Mode.AUTO, 200);
    assertThat(r.iterations()).isEqualTo(200);
    assertThat(r.coverage()).as(r.toString()).isGreaterThanOrEqualTo(0.85);
  }
}
