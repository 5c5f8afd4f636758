package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * On streams that are loops by construction, the interceptor must trace and reissue: a property that
 * an interceptor passing operations through untouched would fail (checked below against such a stub,
 * so the property cannot pass vacuously).
 */
class LoopProperties {
  /** {@code reps} repetitions of a body of {@code period} tokens, all distinct within the body. */
  static List<TestOp> loop(long seed, int period, int reps) {
    Random rnd = new Random(seed);
    long[] body = new long[period];
    for (int i = 0; i < period; i++) {
      body[i] = rnd.nextLong() | 1; // distinct with overwhelming probability
    }
    List<TestOp> ops = new ArrayList<>();
    for (int r = 0; r < reps; r++) {
      for (long t : body) {
        ops.add(new TestOp(t, Traceability.TRACEABLE, ops.size()));
      }
    }
    return ops;
  }

  /**
   * What any tracer must achieve on a loop of {@code reps >= 40} repetitions: the laws hold, at
   * least half of the operations are inside markers, and some trace id recurs (a reissue), and the last
   * repetition is traced.
   */
  static void checkLoopIsTracedAndReissued(List<TestOp> ops, SinkLog<TestOp> rec, int period) {
    Laws.check(ops, rec);
    int traced = 0;
    boolean open = false;
    java.util.Set<Long> ids = new java.util.HashSet<>();
    int begins = 0;
    int lastTraced = -1;
    for (SinkLog.Event<TestOp> e : rec.events) {
      if (!e.isOp()) {
        open = e.begin();
        if (e.begin()) {
          begins++;
          ids.add(e.id());
        }
      } else if (open) {
        traced++;
        lastTraced = e.op().seq();
      }
    }
    assertThat(traced).as("operations inside trace markers").isGreaterThanOrEqualTo(ops.size() / 2);
    assertThat(begins).as("trace occurrences, more than distinct ids: some were reissues").isGreaterThan(ids.size());
    assertThat(lastTraced).as("the last repetition is traced").isGreaterThanOrEqualTo(ops.size() - period - 1);
  }

  @Property(tries = 40)
  void aLoopIsTracedAndReissued(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 5, max = 80) int period, @ForAll @IntRange(min = 40, max = 120) int reps) {
    List<TestOp> ops = loop(seed, period, reps);
    checkLoopIsTracedAndReissued(ops, Runs.run(ops, ApopheniaSettings.defaults()), period);
  }

  @Test
  void aPassThroughInterceptorFailsTheProperty() {
    List<TestOp> ops = loop(7, 12, 60);
    SinkLog<TestOp> passThrough = new SinkLog<>();
    ops.forEach(passThrough::op);
    assertThatThrownBy(() -> checkLoopIsTracedAndReissued(ops, passThrough, 12)).isInstanceOf(AssertionError.class);
  }

  @Test
  void rotationsOfTheLoopThatNeverWinAreEvicted() {
    // a long period with repeated sub-sequences: mining windows at other phases promote rotations
    List<TestOp> ops = new ArrayList<>();
    long[] body = new long[120];
    for (int i = 0; i < body.length; i++) {
      body[i] = i % 40 < 20 ? 1000 + i % 7 : 2000 + i;
    }
    for (int r = 0; r < 400; r++) {
      for (long t : body) {
        ops.add(new TestOp(t, Traceability.TRACEABLE, ops.size()));
      }
    }
    SinkLog<TestOp> rec = new SinkLog<>();
    InterceptorStats s;
    try (Interceptor<TestOp> in = Interceptor.builder(TestOp.TOKENIZER, rec).build()) {
      ops.forEach(in::execute);
      s = in.stats();
    }
    Laws.check(ops, rec);
    assertThat(rec.tracedOps(TestOp.TOKENIZER)).isGreaterThan(ops.size() * 9L / 10);
    assertThat(s.losingTracesEvicted()).isPositive();
    assertThat((long) s.traces()).isLessThanOrEqualTo(s.promotions() - s.losingTracesEvicted());
  }

  @Test
  void miningBacksOffWhileTheStreamIsCoveredAndResumesWhenItIsNot() {
    List<TestOp> ops = loop(11, 16, 20_000);
    SinkLog<TestOp> rec = new SinkLog<>();
    List<MiningReport> reports = new ArrayList<>();
    InterceptorListener listener = new InterceptorListener() {
      @Override
      public void jobIngested(MiningReport report) {
        reports.add(report);
      }
    };
    ApopheniaSettings settings = ApopheniaSettings.defaults();
    try (Interceptor<TestOp> in = Interceptor.builder(TestOp.TOKENIZER, rec).listener(listener).build()) {
      for (int i = 0; i < ops.size() / 2; i++) {
        in.execute(ops.get(i));
      }
      InterceptorStats half = in.stats();
      for (int i = ops.size() / 2; i < ops.size(); i++) {
        in.execute(ops.get(i));
      }
      InterceptorStats covered = in.stats();
      // the ruler picks a window every 16 ops: 10,000 windows in the second half without back-off
      assertThat(covered.jobsLaunched() - half.jobsLaunched()).as("jobs launched in the covered second half")
          .isLessThanOrEqualTo(20);
      assertThat(covered.jobsBackedOff()).isGreaterThan(9_000);
      // backing off skips short windows only: the longest one, which finds a loop's trace, was still
      // mined (the stream was covered long before the history filled)
      assertThat(reports).anyMatch(r -> r.window() >= settings.get(Knobs.HISTORY_BUFFERS) * settings.get(Knobs.BATCH_SIZE));
      Random rnd = new Random(5);
      for (int i = 0; i < 20_000; i++) {
        in.execute(new TestOp(rnd.nextLong(), Traceability.TRACEABLE, ops.size() + i));
      }
      assertThat(in.stats().jobsLaunched() - covered.jobsLaunched()).as("jobs launched once coverage dropped")
          .isGreaterThan(1_000);
    }
  }

  @Test
  void aShortCoveredLoopStopsLaunchingAJobEveryRulerUnit() {
    // a 5-op loop body over 1,000 ops (a small program's whole run): once reissued, one job per
    // 16 ops would hand 40 more jobs to the mining thread; backing off by window length leaves a few
    List<TestOp> ops = loop(3, 5, 200);
    SinkLog<TestOp> rec = new SinkLog<>();
    try (Interceptor<TestOp> in = Interceptor.builder(TestOp.TOKENIZER, rec).build()) {
      for (int i = 0; i < 360; i++) {
        in.execute(ops.get(i));
      }
      InterceptorStats warm = in.stats();
      assertThat(warm.reissuedOps()).as("reissuing by op 360").isPositive();
      for (int i = 360; i < ops.size(); i++) {
        in.execute(ops.get(i));
      }
      assertThat(in.stats().jobsLaunched() - warm.jobsLaunched()).as("jobs launched over the last 640 ops")
          .isBetween(1L, 8L);
    }
    checkLoopIsTracedAndReissued(ops, rec, 5);
  }
}
