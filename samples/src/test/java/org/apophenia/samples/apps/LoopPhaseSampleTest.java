package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import org.apophenia.apophenia.ApopheniaConfig;
import org.apophenia.legion.AnalysisCostModel;
import org.apophenia.samples.array.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * s3d waits for its conservation check every ten steps, and its stream becomes periodic (two steps,
 * double-buffered) mid-iteration, so the loop's first trace is out of phase with the check. Its steady
 * replay needs both halves of the loop-phase mechanism: the check re-phases the trace
 * ({@code rephaseAtBreaks}), and the re-phased trace wins over the replayed pieces of the iteration
 * it overlaps ({@code loopsWin}). Without re-phasing warm-up takes 22 iterations, with it 12. Since
 * a repeat cut by its mining window's end is cached as its continuation, s3d's re-phased trace no
 * longer needs {@code loopsWin} to win (12 without it, 16 before); heat's loop trace, found an
 * iteration earlier the same way, does (warm-up 14 without it, 11 with it).
 */
class LoopPhaseSampleTest {
  private static RunResult run(ApopheniaConfig config) {
    return SampleRunner.run(Samples.create("s3d"), RunOptions.of(Mode.AUTO, 40, Presets.machine("workstation"),
        AnalysisCostModel.legion()).withSize(64).withConfig(config));
  }

  @Test
  void s3dReplaysTwoIterationsAfterItsFirstCheck() {
    ApopheniaConfig defaults = ApopheniaConfig.defaults();
    RunResult both = run(defaults);
    RunResult noRephase = run(defaults.toBuilder().rephaseAtBreaks(false).build());
    RunResult noLoopsWin = run(defaults.toBuilder().loopsWin(false).build());
    // the first check ends iteration 9; the re-phased two-iteration trace is recorded in 10 and 11
    assertThat(both.warmupIterations()).as(both.toString()).isEqualTo(12);
    assertThat(noRephase.warmupIterations()).as("without re-phasing").isGreaterThanOrEqualTo(20);
    assertThat(noLoopsWin.warmupIterations()).as("without loopsWin").isGreaterThanOrEqualTo(12);
  }

  @Test
  void heatsLoopTraceWinsOverItsPieces() {
    Sample heat = Samples.create("heat");
    RunOptions o = RunOptions.of(Mode.AUTO, heat.defaultIterations(), Presets.machine("workstation"),
        AnalysisCostModel.legion());
    ApopheniaConfig defaults = ApopheniaConfig.defaults();
    RunResult both = SampleRunner.run(heat, o.withConfig(defaults));
    RunResult noLoopsWin = SampleRunner.run(Samples.create("heat"),
        o.withConfig(defaults.toBuilder().loopsWin(false).build()));
    assertThat(noLoopsWin.warmupIterations()).as("without loopsWin")
        .isGreaterThan(both.warmupIterations());
  }
}
