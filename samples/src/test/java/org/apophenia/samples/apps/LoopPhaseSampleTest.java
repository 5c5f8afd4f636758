package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Knobs;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * The loop-phase mechanisms, each on the sample that needs it. s3d waits for its conservation check
 * every ten steps, and its stream becomes periodic (two steps, double-buffered) mid-iteration, so the
 * phase the miner finds is not the check's. Its setup ends with a wait (not a break: the operation
 * waited for had gone out), and the loop's trace is phased to start there ({@code phaseAfterWaits}):
 * the check then falls between occurrences from the first one on, warm-up 8. Without it the first
 * check re-phases the trace ({@code rephaseAtBreaks}), which is then recorded again (warm-up 12), and
 * without either every check cuts an occurrence. cavity's loop trace wins over the replayed pieces of
 * the iteration it overlaps only by {@code loopsWin}. mlp's two-step trace replays every step from
 * step 10, and the four-step trace with the validation pass would be recorded over it (warm-up 24):
 * with {@code keepReplayed} only the validation's tasks become a trace.
 */
class LoopPhaseSampleTest {
  private static RunResult run(String name, int iterations, int size, ApopheniaSettings config) {
    RunOptions o = RunOptions.of(Mode.AUTO, iterations, Presets.machine("workstation"), CostModel.legion());
    return SampleRunner.run(Samples.create(name), (size > 0 ? o.withSize(size) : o).withConfig(config));
  }

  @Test
  void s3dsTraceStartsAfterItsSetupsWait() {
    ApopheniaSettings defaults = ApopheniaSettings.defaults();
    RunResult phased = run("s3d", 40, 64, defaults);
    ApopheniaSettings unphased = defaults.toBuilder().set(Knobs.PHASE_AFTER_WAITS, false).build();
    RunResult rephased = run("s3d", 40, 64, unphased);
    RunResult neither = run("s3d", 40, 64, unphased.toBuilder().set(Knobs.REPHASE_AT_BREAKS, false).build());
    assertThat(phased.warmupIterations()).as(phased.toString()).isEqualTo(8);
    assertThat(phased.tracesRecorded()).as("one trace, never rotated").isEqualTo(1);
    // the first check ends iteration 9; the re-phased two-iteration trace is recorded in 10 and 11
    assertThat(rephased.warmupIterations()).as("re-phased at the first check").isEqualTo(12);
    assertThat(neither.warmupIterations()).as("neither").isGreaterThanOrEqualTo(20);
  }

  @Test
  void cavitysLoopTraceWinsOverItsPieces() {
    ApopheniaSettings defaults = ApopheniaSettings.defaults();
    RunResult both = run("cavity", 16, 0, defaults);
    RunResult noLoopsWin = run("cavity", 16, 0, defaults.toBuilder().set(Knobs.LOOPS_WIN, false).build());
    assertThat(both.warmupIterations()).as(both.toString()).isBetween(0, 10);
    assertThat(noLoopsWin.warmupIterations()).as("without loopsWin").isGreaterThan(both.warmupIterations());
  }

  @Test
  void mlpsValidationBecomesATraceOfItsOwn() {
    ApopheniaSettings defaults = ApopheniaSettings.defaults();
    RunResult kept = run("mlp", 40, 0, defaults);
    RunResult whole = run("mlp", 40, 0, defaults.toBuilder().set(Knobs.KEEP_REPLAYED, false).build());
    assertThat(kept.warmupIterations()).as(kept.toString()).isBetween(0, 10);
    assertThat(kept.tracesNeverReplayed()).isZero();
    assertThat(whole.warmupIterations()).as("recorded whole over the replayed steps").isGreaterThan(20);
  }
}
