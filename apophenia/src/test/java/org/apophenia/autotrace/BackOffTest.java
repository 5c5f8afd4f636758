package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link BackOff} step by step: what a covered stream skips, and what resets it above a run of 1. */
class BackOffTest {
  private static final int HISTORY = 1 << 16;

  @Test
  void aCoveredStreamMinesEachLengthOnceThenNothing() {
    BackOff b = new BackOff(16, HISTORY);
    assertThat(b.skip(16, 16, true, 0, 0)).as("the first window while covered").isFalse();
    assertThat(b.skip(16, 32, true, 0, 0)).as("no longer than the last one mined").isTrue();
    assertThat(b.skip(32, 64, true, 0, 0)).as("twice as long").isFalse();
    assertThat(b.skip(HISTORY, 96, true, 0, 0)).as("the whole history").isFalse();
    assertThat(b.skip(HISTORY, 128, true, 0, 0)).as("then nothing more").isTrue();
  }

  @Test
  void aRunOf1ResetsOnEveryUncoveredWindowAndCatchesNothingUp() {
    BackOff b = new BackOff(1, HISTORY);
    b.skip(HISTORY, 16, true, 0, 0);
    assertThat(b.skip(16, 32, false, 1, 0)).isFalse();
    assertThat(b.takeCatchUp(new long[2 * BackOff.SKIPPED_KEPT])).isZero();
  }

  @Test
  void isolatedNoiseLeavesItBackedOffAndALongRunCatchesUpWhatItSkipped() {
    BackOff b = new BackOff(16, HISTORY);
    b.skip(HISTORY, 16, true, 0, 0); // backed off for good
    assertThat(b.skip(16, 32, false, 1, 0)).as("one untraced operation").isTrue();
    assertThat(b.skip(32, 48, false, 5, 0)).isTrue();
    long[] out = new long[2 * BackOff.SKIPPED_KEPT];
    assertThat(b.takeCatchUp(out)).isZero();
    assertThat(b.skip(16, 64, false, 16, 0)).as("a run of 16 resets it").isFalse();
    assertThat(b.takeCatchUp(out)).as("the two windows skipped since the stream was covered").isEqualTo(2);
    assertThat(out).startsWith(32, 16, 48, 32);
    assertThat(b.takeCatchUp(out)).as("handed back once").isZero();
  }

  @Test
  void aRecurringUntracedTaskResetsItButOnlyWhileUncovered() {
    BackOff b = new BackOff(16, HISTORY);
    b.skip(HISTORY, 16, true, 0, 0);
    assertThat(b.skip(16, 32, false, 1, 1)).as("a recurrence while uncovered resets it").isFalse();
    b.skip(HISTORY, 48, true, 0, 1); // covered again: backed off for good
    assertThat(b.skip(16, 64, true, 0, 2)).as("a recurrence while covered").isTrue();
    assertThat(b.skip(16, 80, false, 1, 2)).as("is not kept for a later uncovered window").isTrue();
  }
}
