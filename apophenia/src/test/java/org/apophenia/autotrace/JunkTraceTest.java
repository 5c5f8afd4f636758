package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Recordings that bought nothing: a trace issued once and never again. The stream is built so that
 * the first mining window that holds the loop twice ends inside the second iteration: the repeat it
 * finds is the part of the body before the window's end. Cached as it is, that trace was recorded
 * at its next occurrence, then lost every selection to the body's trace mined a window later (it
 * contains it), and was never reissued (swe, s3d and cavity each did this once). Each test was checked
 * to fail with its mechanism disabled.
 */
class JunkTraceTest {
  /** A setup of 11 operations, then a 175-operation body 40 times: the 256-token window cuts it. */
  private static List<TestOp> loopCutByTheWindow() {
    Random rnd = new Random(5);
    List<TestOp> ops = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      ops.add(new TestOp((1L << 40) + i, Traceability.TRACEABLE, ops.size()));
    }
    long[] body = new long[175];
    for (int i = 0; i < body.length; i++) {
      body[i] = rnd.nextLong() | 1;
    }
    for (int r = 0; r < 40; r++) {
      for (long t : body) {
        ops.add(new TestOp(t, Traceability.TRACEABLE, ops.size()));
      }
    }
    return ops;
  }

  /**
   * Like {@link #loopCutByTheWindow} with a 6-operation motif twice in the body, 90 operations apart:
   * mined from the same window as the cut repeat, its trace would be recorded in the iteration before
   * the body's trace first matches, then lose to it.
   */
  private static List<TestOp> loopWithAMotif(int at) {
    Random rnd = new Random(7);
    List<TestOp> ops = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      ops.add(new TestOp((1L << 40) + i, Traceability.TRACEABLE, ops.size()));
    }
    long[] body = new long[175];
    for (int i = 0; i < body.length; i++) {
      body[i] = rnd.nextLong() | 1;
    }
    for (int i = 0; i < 6; i++) {
      body[at + 90 + i] = body[at + i];
    }
    for (int r = 0; r < 40; r++) {
      for (long t : body) {
        ops.add(new TestOp(t, Traceability.TRACEABLE, ops.size()));
      }
    }
    return ops;
  }

  /**
   * A setup of 3 operations, then a 26-operation body 60 times whose first 12 operations are the same
   * in every iteration and whose other 14 are fresh in the first (its temporaries): heat's shape.
   * The 64-token window holds those 12 at iterations 0 and 1 and the window ends inside iteration
   * 2's; mined as they are, they were recorded once, then displaced by the body's trace.
   */
  private static List<TestOp> loopWhoseFirstIterationDiffers() {
    Random rnd = new Random(9);
    List<TestOp> ops = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ops.add(new TestOp((1L << 40) + i, Traceability.TRACEABLE, ops.size()));
    }
    long[] head = new long[12];
    long[] tail = new long[14];
    long[] firstTail = new long[14];
    for (int i = 0; i < 12; i++) {
      head[i] = rnd.nextLong() | 1;
    }
    for (int i = 0; i < 14; i++) {
      tail[i] = rnd.nextLong() | 1;
      firstTail[i] = rnd.nextLong() | 1;
    }
    for (int r = 0; r < 60; r++) {
      for (long t : head) {
        ops.add(new TestOp(t, Traceability.TRACEABLE, ops.size()));
      }
      for (long t : r == 0 ? firstTail : tail) {
        ops.add(new TestOp(t, Traceability.TRACEABLE, ops.size()));
      }
    }
    return ops;
  }

  @Test
  void aRepeatCutByTheWindowsEndIsNotRecordedToBeDisplaced() {
    List<TestOp> ops = loopCutByTheWindow();
    SinkLog<TestOp> rec = new SinkLog<>();
    InterceptorStats s;
    try (Interceptor<TestOp> in = Interceptor.builder(TestOp.TOKENIZER, rec).build()) {
      ops.forEach(in::execute);
      in.flush();
      s = in.stats();
    }
    Laws.check(ops, rec);
    assertThat(rec.issuedOnce()).as("traces issued once: recorded, never reissued").isZero();
    assertThat(s.tracesIssuedOnce()).isZero();
    // the guess settles on the whole body: the third iteration on is traced
    assertThat(rec.tracedOps(TestOp.TOKENIZER)).isGreaterThanOrEqualTo(38L * 175);
  }

  @Test
  void aTraceInsideAFreshGuessIsNotRecordedBeforeTheGuessMatches() {
    // the motif at 70 and 160: its trace, promoted with the guess, matches once before the guess
    // does (checked to be recorded and never reissued without the hold-back)
    List<TestOp> ops = loopWithAMotif(70);
    SinkLog<TestOp> rec = Runs.run(ops, ApopheniaSettings.defaults());
    Laws.check(ops, rec);
    assertThat(rec.issuedOnce()).as("traces issued once: recorded, never reissued").isZero();
    assertThat(rec.tracedOps(TestOp.TOKENIZER)).isGreaterThanOrEqualTo(38L * 175);
  }

  @Test
  void aRepeatWhoseNextOccurrenceTheWindowCutIsGuessedAsTheBody() {
    List<TestOp> ops = loopWhoseFirstIterationDiffers();
    SinkLog<TestOp> rec = Runs.run(ops, ApopheniaSettings.defaults());
    Laws.check(ops, rec);
    assertThat(rec.issuedOnce()).as("traces issued once: recorded, never reissued").isZero();
    // the body's trace is guessed from the 64-token window: recorded in iteration 3, reissued from 4
    assertThat(rec.tracedOps(TestOp.TOKENIZER)).isGreaterThanOrEqualTo(57L * 26);
  }

  @Test
  void theStatisticCountsTracesIssuedOnce() {
    // a loop, then another one that ends soon after its trace is recorded: nothing reissues that trace
    Random rnd = new Random(6);
    long[] a = new long[100];
    long[] b = new long[100];
    for (int i = 0; i < 100; i++) {
      a[i] = rnd.nextLong() | 1;
      b[i] = rnd.nextLong() | 1;
    }
    List<TestOp> ops = new ArrayList<>();
    for (int r = 0; r < 24; r++) {
      for (long t : r < 20 ? a : b) {
        ops.add(new TestOp(t, Traceability.TRACEABLE, ops.size()));
      }
    }
    SinkLog<TestOp> rec = new SinkLog<>();
    InterceptorStats s;
    try (Interceptor<TestOp> in = Interceptor.builder(TestOp.TOKENIZER, rec).build()) {
      ops.forEach(in::execute);
      in.flush();
      s = in.stats();
    }
    Laws.check(ops, rec);
    assertThat(rec.issuedOnce()).isPositive();
    assertThat(s.tracesIssuedOnce()).isEqualTo(rec.issuedOnce());
    assertThat(s.tracesRecorded()).isGreaterThan(s.tracesIssuedOnce());
  }
}
