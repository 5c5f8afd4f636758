package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Blocking waits and the end of the stream forward everything buffered: the application cannot wait
 * for a result Apophenia still holds back, and nothing issued may stay unforwarded.
 */
class BlockingWaitTest {
  @Test
  void aBlockingWaitForwardsEveryPendingOpAndLaterOpsStillTrace() {
    List<TestOp> ops = Streams.loop(20, 40);
    SinkLog<TestOp> rec = new SinkLog<>();
    try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).build()) {
      for (int k = 0; k < ops.size(); k++) {
        i.execute(ops.get(k));
        if (k % 97 == 0) {
          i.blockingWait();
          assertThat(rec.ops()).as("after a blocking wait nothing is pending").isEqualTo(ops.subList(0, k + 1));
          assertThat(i.stats().pendingOps()).isZero();
        }
      }
    }
    Laws.check(ops, rec);
    assertThat(rec.tracedOps(TestOp.TOKENIZER)).isGreaterThan(ops.size() / 2L);
  }

  @Test
  void flushAtTheEndOfTheStreamIssuesCompletedTracesAndForwardsTheRest() {
    List<TestOp> ops = Streams.loop(20, 30);
    SinkLog<TestOp> rec = new SinkLog<>();
    Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).build();
    ops.forEach(i::execute);
    i.flush();
    assertThat(rec.ops()).isEqualTo(ops);
    i.close();
    Laws.check(ops, rec);
  }
  /**
   * A loop that blocks every five iterations after the eighth of its twelve operations, while the
   * trace starts where the stream became periodic (the loop's first operation): without re-phasing,
   * every wait broke an open match and cost a fifth of the operations; with it, the trace starts
   * right after the wait and the waits fall between occurrences.
   */
  @Test
  void aTraceBrokenByPeriodicWaitsIsRephasedToEndWhereTheProgramWaits() {
    List<TestOp> ops = new java.util.ArrayList<>();
    for (int i = 0; i < 5; i++) {
      ops.add(new TestOp(10 + i, Traceability.TRACEABLE, ops.size()));
    }
    java.util.Set<Integer> waitsAfter = new java.util.HashSet<>();
    for (int rep = 0; rep < 200; rep++) {
      for (int k = 0; k < 12; k++) {
        ops.add(new TestOp(100 + k, Traceability.TRACEABLE, ops.size()));
        if (rep % 5 == 4 && k == 7) {
          waitsAfter.add(ops.size() - 1);
        }
      }
    }
    SinkLog<TestOp> rec = new SinkLog<>();
    try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).build()) {
      for (TestOp op : ops) {
        i.execute(op);
        if (waitsAfter.contains(op.seq())) {
          i.blockingWait();
        }
      }
    }
    Laws.check(ops, rec);
    long traced = 0;
    long all = 0;
    boolean inside = false;
    for (SinkLog.Event<TestOp> e : rec.events) {
      if (!e.isOp()) {
        inside = e.begin();
      } else if (e.op().seq() >= ops.size() / 2) {
        all++;
        traced += inside ? 1 : 0;
      }
    }
    assertThat((double) traced / all).as("traced in the second half (the last four operations follow the last wait)")
        .isGreaterThan(0.99);
  }
}
