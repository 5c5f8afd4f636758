package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apophenia.samples.apps.Samples;
import org.junit.jupiter.api.Test;

/**
 * A run's iterations and tiles are bounded by the heap ({@link RunBudget}): the most iterations the
 * budget gives is accepted and one more refused, before any work, naming the flags and the most it
 * takes; every sample's default run fits on the default tiles; {@code --help} states the bound. (That
 * a run at the bound completes on the default heap, and how much heap it took, is measured in
 * BENCHMARKS.md: it takes about a minute.)
 */
class RunBudgetTest {
  @Test
  void theBoundIsAcceptedAndOneMoreIterationRefused() {
    for (String s : Samples.names()) {
      for (int tiles : new int[] {1, 4, 16, 256}) {
        long most = RunBudget.maxIterations(s, tiles);
        assertThat(most).as(s).isPositive();
        RunBudget.check(s, (int) Math.min(Integer.MAX_VALUE, most), tiles, true);
        assertThatThrownBy(() -> RunBudget.check(s, (int) most + 1, tiles, true)).as(s + " on " + tiles)
            .isInstanceOf(UserError.class).hasMessageContaining("give at most " + most + " iterations on " + tiles);
      }
    }
  }

  @Test
  void everySamplesDefaultRunFitsOnTheDefaultTiles() {
    for (String s : Samples.names()) {
      RunBudget.check(s, Samples.create(s).defaultIterations(), 4, false);
    }
  }

  @Test
  void theRunThatRanOutOfMemoryIsRefusedBeforeAnyWorkAndHelpStatesTheBound() {
    CliRun r = CliRun.of("run", "stencil", "--iterations", "1000000");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("--iterations 1000000 on 4 tiles (the machine's default): a stencil run keeps about")
        .contains("give at most " + RunBudget.maxIterations("stencil", 4) + " iterations on 4 tiles");
    assertThat(CliRun.of("run", "--help").out().replaceAll("\\s+", " "))
        .contains("stencil " + RunBudget.maxIterations("stencil", 4));
  }

  @Test
  void theEstimateGrowsWithTheTilesAndTheIterations() {
    for (String s : Samples.names()) {
      assertThat(RunBudget.estimate(s, 10, 16)).isGreaterThanOrEqualTo(RunBudget.estimate(s, 10, 4));
      assertThat(RunBudget.estimate(s, 20, 4)).isEqualTo(2 * RunBudget.estimate(s, 10, 4));
      assertThat(RunBudget.estimate(s, 10, 1)).as("fewer than 4 tiles count as 4").isEqualTo(RunBudget.estimate(s, 10, 4));
    }
  }
}
