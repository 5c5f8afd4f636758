package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code backOffResetRun}: above 1, an isolated untraced operation (an inserted task) no longer sends
 * mining back to every window length once the stream was covered, so a noisy loop mines far fewer
 * tokens; every operation still goes out once, in order, with balanced markers ({@link Laws}).
 */
class BackOffResetRunTest {
  private static ApopheniaSettings resetRun(int run) {
    return ApopheniaSettings.defaults().toBuilder().set(Knobs.BACK_OFF_RESET_RUN, run).build();
  }

  @Test
  void isolatedNoiseLeavesMiningBackedOff() {
    NoisyLoop loop = NoisyLoop.of(1, 300, 0.005, 0.002, 0, 64_000);
    InterceptorStats everyOp = NoisyLoopProperties.stats(loop.ops(), resetRun(1));
    InterceptorStats runOf16 = NoisyLoopProperties.stats(loop.ops(), resetRun(16));
    assertThat(runOf16.tokensMined()).as("tokens mined with a run of 16 against 1")
        .isLessThan(everyOp.tokensMined() / 2);
    assertThat(runOf16.jobsBackedOff()).isGreaterThan(everyOp.jobsBackedOff());
    assertThat(runOf16.coverage()).as("the loop is still traced").isGreaterThan(0.8);
  }

  @Test
  void theDefaultIsARunOf16AndLegionsEveryUntracedOperation() {
    assertThat(ApopheniaSettings.defaults().get(Knobs.BACK_OFF_RESET_RUN)).isEqualTo(16);
    assertThat(ApopheniaSettings.legion().get(Knobs.BACK_OFF_RESET_RUN)).isEqualTo(1);
  }
}
