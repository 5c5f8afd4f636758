package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.junit.jupiter.api.Test;

/**
 * The switches the interceptor makes between the buckets of the issuing thread's account, pinned on
 * a mixed stream (traceable operations, no-ops, untraceable operations, waits, blocking waits, the end
 * of the stream, a listener): on a clock that ticks once per read, every read lands as a nanosecond
 * in the bucket it leaves, so the reads per bucket and the nanoseconds per bucket are exactly the
 * switch sequence. The reports' {@code clockReads} and per-op figures depend on that sequence: a
 * change of where the interceptor switches shows here first.
 */
class InterceptorClockReadsTest {
  private long now;

  @Test
  void theSwitchSequenceOfAMixedStreamIsPinned() {
    TimeAccount account = TimeAccount.started(() -> now++);
    SinkLog<TestOp> rec = new SinkLog<>();
    long[] reports = new long[2];
    InterceptorListener listener = new InterceptorListener() {
      @Override
      public void jobIngested(MiningReport report) {
        reports[0]++;
      }

      @Override
      public void tracePromoted(long id, int length, long position) {
        reports[1]++;
      }
    };
    List<TestOp> ops = Streams.random(11, 6000);
    try (Interceptor<TestOp> in = Interceptor.builder(TestOp.TOKENIZER, rec).account(account).listener(listener)
        .executor(Runnable::run).build()) {
      for (int k = 0; k < ops.size(); k++) {
        in.execute(ops.get(k));
        if (k % 500 == 499) {
          in.blockingWait();
        } else if (k % 300 == 299) {
          in.waited();
        }
      }
      in.flush();
    }
    Laws.check(ops, rec);
    long[] reads = account.reads(TimeAccount.newSnapshot());
    long[] nanos = account.snapshot(TimeAccount.newSnapshot());
    assertThat(reports).as("jobs ingested, traces promoted").containsExactly(284, 176);
    // by bucket: tokenize, match, ingest, analysis, replay, kernel, observe, other
    assertThat(reads).containsExactly(12020, 12804, 1284, 0, 0, 0, 920, 12048);
    assertThat(nanos).containsExactly(6010, 6402, 642, 0, 0, 0, 460, 6025);
  }
}
