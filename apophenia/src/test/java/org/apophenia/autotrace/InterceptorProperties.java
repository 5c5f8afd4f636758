package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.function.BiFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md invariants 1 and 5 as properties over random streams of noise, no-ops and
 * untraceable ops around a loop planted by construction ({@link PlantedLoop}). Besides the laws, every
 * property demands that the planted loop be traced and reissued, so an interceptor that passes
 * operations through untouched fails each of them (the tests at the end run the checks against such a
 * stub).
 */
class InterceptorProperties {
  /** What the checks run: the interceptor under test, or a stub of it. */
  private static final BiFunction<List<TestOp>, ApopheniaSettings, SinkLog<TestOp>> INTERCEPTOR = Runs::run;

  /** An "interceptor" that forwards every op and never traces: the checks must reject it. */
  private static final BiFunction<List<TestOp>, ApopheniaSettings, SinkLog<TestOp>> PASS_THROUGH = (ops, settings) -> {
    SinkLog<TestOp> rec = new SinkLog<>();
    ops.forEach(rec::op);
    return rec;
  };

  private static ApopheniaSettings settings(int min, int scale, int threshold, int delay, boolean ours) {
    return ApopheniaSettings.defaults().toBuilder().set(Knobs.MIN_TRACE_LENGTH, min).set(Knobs.BATCH_SIZE, 512)
        .set(Knobs.PREFIX_TRACES, ours).set(Knobs.REDUCE_TO_PERIOD, ours).set(Knobs.COUNT_HISTORY_OCCURRENCES, ours)
        .set(Knobs.MULTI_SCALE_FACTOR, scale).set(Knobs.VISIT_THRESHOLD, threshold).set(Knobs.WARMUP_VISIT_THRESHOLD, Math.min(2, threshold))
        .set(Knobs.INGESTION_DELAY, delay).build();
  }

  /** The laws hold, and at least half of the planted loop is traced, with reissues inside it. */
  static void checkLawsAndLoopTraced(PlantedLoop s, SinkLog<TestOp> rec) {
    Laws.check(s.ops(), rec);
    assertThat(s.tracedLoopOps(rec)).as("loop operations inside trace markers, of %d", s.loopOps())
        .isGreaterThanOrEqualTo(s.loopOps() / 2);
    assertThat(s.reissuesInLoop(rec)).as("trace occurrences reissued inside the loop").isPositive();
  }

  static void checkTracesAtMost(PlantedLoop s, SinkLog<TestOp> rec, int maxLength) {
    checkLawsAndLoopTraced(s, rec);
    int inside = -1; // traceable ops since the open beginTrace, -1 outside markers
    for (SinkLog.Event<TestOp> e : rec.events) {
      if (!e.isOp()) {
        inside = e.begin() ? 0 : -1;
      } else if (inside >= 0 && e.op().kind() == Traceability.TRACEABLE) {
        inside++;
        assertThat(inside).as("operations in one trace occurrence").isLessThanOrEqualTo(maxLength);
      }
    }
  }

  static void checkTimingIndependent(PlantedLoop s, SinkLog<TestOp> fast, SinkLog<TestOp> slow) {
    checkLawsAndLoopTraced(s, fast);
    assertThat(slow.events).hasToString(fast.events.toString());
  }

  @Property(tries = 60)
  void theSinkReceivesExactlyTheInputOpsInOrderWithBalancedNonNestedMarkersAroundRepeats(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 0, max = 1500) int noiseBefore,
      @ForAll @IntRange(min = 0, max = 500) int noiseAfter,
      @ForAll @IntRange(min = 5, max = 40) int period,
      @ForAll @IntRange(min = 2, max = 8) int minLength,
      @ForAll @IntRange(min = 8, max = 64) int scale,
      @ForAll @IntRange(min = 1, max = 6) int threshold,
      @ForAll @IntRange(min = 1, max = 100) int delay,
      @ForAll boolean ourDefaults) {
    PlantedLoop s = PlantedLoop.of(seed, noiseBefore, period, 2400 / period, noiseAfter);
    checkLawsAndLoopTraced(s, INTERCEPTOR.apply(s.ops(), settings(minLength, scale, threshold, delay, ourDefaults)));
  }

  @Property(tries = 30)
  void withAMaximumLengthEveryTraceIsAtMostThatLong(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 5, max = 60) int period,
      @ForAll @IntRange(min = 5, max = 20) int maxLength) {
    PlantedLoop s = PlantedLoop.of(seed, 500, period, 2400 / period, 200);
    ApopheniaSettings c = settings(3, 16, 2, 8, true).toBuilder().set(Knobs.MAX_TRACE_LENGTH, maxLength).build();
    checkTracesAtMost(s, INTERCEPTOR.apply(s.ops(), c), maxLength);
  }

  @Property(tries = 20)
  void decisionsAreAFunctionOfTheStreamAndConfigurationNotOfMiningTiming(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 0, max = 1500) int noise,
      @ForAll @IntRange(min = 5, max = 40) int period,
      @ForAll @IntRange(min = 1, max = 50) int delay) {
    PlantedLoop s = PlantedLoop.of(seed, noise, period, 2000 / period, noise / 3);
    ApopheniaSettings c = settings(3, 16, 3, delay, true);
    checkTimingIndependent(s, INTERCEPTOR.apply(s.ops(), c), Runs.runWithDelays(s.ops(), c, seed, 300));
  }

  // Tests of the tests: each check rejects an interceptor that passes everything through.

  private static final PlantedLoop SMALL = PlantedLoop.of(3, 300, 12, 100, 100);

  @Test
  void aPassThroughInterceptorFailsTheLaws() {
    SinkLog<TestOp> rec = PASS_THROUGH.apply(SMALL.ops(), ApopheniaSettings.defaults());
    assertThatThrownBy(() -> checkLawsAndLoopTraced(SMALL, rec)).isInstanceOf(AssertionError.class);
  }

  @Test
  void aPassThroughInterceptorFailsTheMaximumLengthCheck() {
    SinkLog<TestOp> rec = PASS_THROUGH.apply(SMALL.ops(), ApopheniaSettings.defaults());
    assertThatThrownBy(() -> checkTracesAtMost(SMALL, rec, 8)).isInstanceOf(AssertionError.class);
  }

  @Test
  void aPassThroughInterceptorFailsTheTimingCheck() {
    SinkLog<TestOp> rec = PASS_THROUGH.apply(SMALL.ops(), ApopheniaSettings.defaults());
    assertThatThrownBy(() -> checkTimingIndependent(SMALL, rec, rec)).isInstanceOf(AssertionError.class);
  }

  @Test
  void theInterceptorPassesTheChecksOnTheStreamTheStubFails() {
    checkLawsAndLoopTraced(SMALL, INTERCEPTOR.apply(SMALL.ops(), ApopheniaSettings.defaults()));
  }
}
