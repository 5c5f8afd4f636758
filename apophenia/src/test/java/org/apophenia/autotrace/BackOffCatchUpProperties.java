package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * With {@code backOffResetRun} above 1, a new phase that starts right after a covered loop is mined
 * with the windows the back-off skipped while its first operations went out untraced (caught up when
 * the long run resets the back-off), so it is traced as soon as with a reset run of 1. Without the
 * catch-up, a phase ending a few iterations later lost coverage in 21 of 48 such streams.
 */
class BackOffCatchUpProperties {
  @Property(tries = 60)
  void aNewPhaseIsTracedAsWithAResetRunOfOne(@ForAll @IntRange(min = 16, max = 80) int loop,
      @ForAll @IntRange(min = 5, max = 24) int phase, @ForAll @IntRange(min = 3, max = 20) int phaseIterations) {
    List<TestOp> ops = new ArrayList<>();
    int seq = 0;
    for (int i = 0; i < 40; i++) {
      for (int k = 0; k < loop; k++) {
        ops.add(new TestOp(k, Traceability.TRACEABLE, seq++));
      }
    }
    for (int i = 0; i < phaseIterations; i++) {
      for (int k = 0; k < phase; k++) {
        ops.add(new TestOp(1_000 + k, Traceability.TRACEABLE, seq++));
      }
    }
    InterceptorStats everyOp = NoisyLoopProperties.stats(ops, resetRun(1));
    InterceptorStats runOf16 = NoisyLoopProperties.stats(ops, resetRun(16));
    assertThat(runOf16.tracedOps()).as("operations traced with a reset run of 16 against 1")
        .isGreaterThanOrEqualTo(everyOp.tracedOps());
  }

  private static ApopheniaSettings resetRun(int run) {
    return ApopheniaSettings.defaults().toBuilder().set(Knobs.BACK_OFF_RESET_RUN, run).build();
  }
}
