package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Example-based specification of the interceptor (paper Algorithm 1, Figure 3). */
class InterceptorTest {
  @Test
  void aPlantedLoopIsTracedAfterAFewIterationsAndSettlesOnOneTrace() {
    List<TestOp> ops = Streams.loop(40, 50);
    SinkLog<TestOp> rec = Runs.run(ops, ApopheniaSettings.defaults());
    Laws.check(ops, rec);
    assertThat(rec.tracedOps(TestOp.TOKENIZER)).isGreaterThan(ops.size() * 8L / 10);
    List<SinkLog.Event<TestOp>> secondHalf = rec.events.subList(rec.events.size() / 2, rec.events.size());
    long steadyIds = secondHalf.stream().filter(e -> !e.isOp()).mapToLong(SinkLog.Event<TestOp>::id)
        .distinct().count();
    assertThat(steadyIds).as("one trace in the steady state").isEqualTo(1);
  }

  @Test
  void legionSettingsAlsoTraceALongLoop() {
    List<TestOp> ops = Streams.loop(40, 200);
    SinkLog<TestOp> rec = Runs.run(ops, ApopheniaSettings.legion());
    Laws.check(ops, rec);
    assertThat(rec.tracedOps(TestOp.TOKENIZER)).isGreaterThan(ops.size() / 2L);
  }

  @Test
  void randomStreamsObeyTheLaws() {
    for (long seed = 0; seed < 20; seed++) {
      List<TestOp> ops = Streams.random(seed, 3000);
      Laws.check(ops, Runs.run(ops, ApopheniaSettings.defaults()));
    }
  }
}
