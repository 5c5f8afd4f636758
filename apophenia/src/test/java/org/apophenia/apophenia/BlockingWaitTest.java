package org.apophenia.apophenia;

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
    SinkLog rec = new SinkLog();
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
    assertThat(rec.tracedOps()).isGreaterThan(ops.size() / 2L);
  }

  @Test
  void flushAtTheEndOfTheStreamIssuesCompletedTracesAndForwardsTheRest() {
    List<TestOp> ops = Streams.loop(20, 30);
    SinkLog rec = new SinkLog();
    Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).build();
    ops.forEach(i::execute);
    i.flush();
    assertThat(rec.ops()).isEqualTo(ops);
    i.close();
    Laws.check(ops, rec);
  }
}
