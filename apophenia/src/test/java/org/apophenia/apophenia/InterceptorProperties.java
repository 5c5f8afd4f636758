package org.apophenia.apophenia;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * ARCHITECTURE.md invariants 1 and 5 as properties over random streams with planted loops, noise,
 * no-ops and untraceable ops (issue 6, "Nothing lost").
 */
class InterceptorProperties {
  private static ApopheniaConfig config(int min, int scale, int threshold, int delay) {
    return config(min, scale, threshold, delay, true);
  }

  private static ApopheniaConfig config(int min, int scale, int threshold, int delay, boolean ours) {
    return ApopheniaConfig.defaults().toBuilder().minTraceLength(min).batchSize(512)
        .prefixTraces(ours).reduceToPeriod(ours).countHistoryOccurrences(ours)
        .multiScaleFactor(scale).visitThreshold(threshold).warmupVisitThreshold(Math.min(2, threshold))
        .ingestionDelay(delay).build();
  }

  @Property(tries = 60)
  void theSinkReceivesExactlyTheInputOpsInOrderWithBalancedNonNestedMarkersAroundRepeats(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 100, max = 2500) int length,
      @ForAll @IntRange(min = 2, max = 8) int minLength,
      @ForAll @IntRange(min = 8, max = 64) int scale,
      @ForAll @IntRange(min = 1, max = 6) int threshold,
      @ForAll @IntRange(min = 1, max = 100) int delay,
      @ForAll boolean ourDefaults) {
    List<TestOp> ops = Streams.random(seed, length);
    Laws.check(ops, Runs.run(ops, config(minLength, scale, threshold, delay, ourDefaults)));
  }

  @Property(tries = 30)
  void withAMaximumLengthEveryTraceIsAtMostThatLong(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 5, max = 20) int maxLength) {
    List<TestOp> ops = Streams.random(seed, 1500);
    ApopheniaConfig c = config(3, 16, 2, 8).toBuilder().maxTraceLength(maxLength).build();
    Recorder rec = Runs.run(ops, c);
    Laws.check(ops, rec);
    int inside = -1; // traceable ops since the open beginTrace, -1 outside markers
    for (Recorder.Event e : rec.events) {
      if (!e.isOp()) {
        inside = e.begin() ? 0 : -1;
      } else if (inside >= 0 && e.op().kind() == Traceability.TRACEABLE) {
        inside++;
        assertThat(inside).isLessThanOrEqualTo(maxLength);
      }
    }
  }

  @Property(tries = 20)
  void decisionsAreAFunctionOfTheStreamAndConfigurationNotOfMiningTiming(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 200, max = 2000) int length,
      @ForAll @IntRange(min = 1, max = 50) int delay) {
    List<TestOp> ops = Streams.random(seed, length);
    ApopheniaConfig c = config(3, 16, 3, delay);
    Recorder fast = Runs.run(ops, c);
    Recorder slow = Runs.runWithDelays(ops, c, seed, 300);
    assertThat(slow.events).hasToString(fast.events.toString());
  }
}
