package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Mining jobs that throw or run out of time lose nothing: every operation still reaches the sink in
 * order, the failures are counted, and the interceptor carries on with the jobs that succeed.
 */
class FailureTest {
  @Test
  void aThrowingMinerLeavesTheStreamUntracedAndCountsTheFailures() {
    List<TestOp> ops = Streams.loop(20, 50);
    SinkLog<TestOp> rec = new SinkLog<>();
    Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec)
        .miner(w -> {
          throw new IllegalStateException("injected");
        }).build();
    ops.forEach(i::execute);
    InterceptorStats s = i.stats();
    i.close();
    Laws.check(ops, rec);
    assertThat(rec.tracedOps(TestOp.TOKENIZER)).isZero();
    assertThat(s.jobsIngested()).as("jobs ingested when every job throws").isZero();
    assertThat(s.jobsFailed()).as("jobs counted as failed").isPositive();
  }

  @Test
  void everyOtherJobFailingStillFindsTheLoop() {
    List<TestOp> ops = Streams.loop(20, 100);
    SinkLog<TestOp> rec = new SinkLog<>();
    AtomicInteger calls = new AtomicInteger();
    ApopheniaSettings c = ApopheniaSettings.defaults();
    try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).miner(w -> {
      if (calls.getAndIncrement() % 2 == 0) {
        throw new OutOfMemoryError("injected");
      }
      return MiningResult.mine(w, org.apophenia.suffix.RepeatFinder.withMinLength(c.get(Knobs.MIN_TRACE_LENGTH)), true);
    }).build()) {
      ops.forEach(i::execute);
      assertThat(i.stats().jobsFailed()).isPositive();
    }
    Laws.check(ops, rec);
    assertThat(rec.tracedOps(TestOp.TOKENIZER)).isGreaterThan(ops.size() / 2L);
  }

  @Test
  void aJobThatRunsOutOfTimeIsDroppedAtItsIngestionPoint() {
    List<TestOp> ops = Streams.loop(20, 20);
    SinkLog<TestOp> rec = new SinkLog<>();
    ApopheniaSettings c = ApopheniaSettings.defaults().toBuilder().set(Knobs.JOB_TIMEOUT, Duration.ofMillis(20)).build();
    try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).settings(c).miner(w -> {
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return null;
    }).build()) {
      ops.forEach(i::execute);
      InterceptorStats s = i.stats();
      assertThat(s.jobsFailed()).as("jobs dropped at their ingestion point").isPositive();
      assertThat(s.jobsIngested()).as("a job that ran out of time is never ingested").isZero();
      // the stream went on past every dropped job: all but the pending operations are out already, in
      // order, and nothing is traced, since no job's result was taken in
      assertThat(rec.ops()).as("forwarded while the jobs hung")
          .isEqualTo(ops.subList(0, ops.size() - s.pendingOps()));
      assertThat(rec.events).as("no trace markers").allMatch(SinkLog.Event<TestOp>::isOp);
    }
    Laws.check(ops, rec);
    assertThat(rec.tracedOps(TestOp.TOKENIZER)).isZero();
  }

  @Test
  void invalidSettingsAreRejectedWithTheirNameAndRange() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> ApopheniaSettings.defaults().toBuilder().set(Knobs.MULTI_SCALE_FACTOR, 9000).build())
        .hasMessageContaining("multiScaleFactor must be at most batchSize 8192, got 9000");
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> ApopheniaSettings.defaults().toBuilder().set(Knobs.MIN_TRACE_LENGTH, 0).build())
        .hasMessageContaining("minTraceLength must be at least 1, got 0");
  }
}
