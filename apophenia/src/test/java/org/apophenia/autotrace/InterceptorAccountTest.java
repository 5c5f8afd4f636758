package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.junit.jupiter.api.Test;

/**
 * The interceptor charges a known amount of work to the bucket it belongs to: a fake clock that
 * only the tokenizer, the sink, the collective (reached only at ingestion points) and the listener
 * advance, each by its own amount, so every bucket's total is known exactly; and inside the spans of a
 * sampling account, the buckets still add up to the wall time.
 */
class InterceptorAccountTest {
  private long now;

  private static final long TOKENIZE = 7;
  private static final long SINK = 1000;
  private static final long INGEST = 50_000;
  private static final long OBSERVE = 300;

  @Test
  void tokenizeIngestObserveAndTheSinksOwnBucketGetExactlyTheirWork() {
    TimeAccount account = TimeAccount.started(() -> now);
    long[] sinkOps = new long[1];
    TraceSink<TestOp> sink = new TraceSink<>() {
      @Override
      public void op(TestOp op) {
        Bucket caller = account.enter(Bucket.ANALYSIS);
        now += SINK;
        sinkOps[0]++;
        account.enter(caller);
      }

      @Override
      public void beginTrace(long id) {}

      @Override
      public void endTrace(long id) {}
    };
    Tokenizer<TestOp> tokenizer = op -> {
      now += TOKENIZE;
      return op.token();
    };
    long[] reduces = new long[1];
    Collective collective = v -> {
      now += INGEST; // called only while ingesting a job
      reduces[0]++;
      return v;
    };
    long[] reports = new long[1];
    InterceptorListener listener = new InterceptorListener() {
      @Override
      public void jobIngested(MiningReport report) {
        now += OBSERVE;
        reports[0]++;
      }
    };
    List<TestOp> ops = Streams.random(3, 3000).stream().filter(o -> o.kind() == Traceability.TRACEABLE).toList();
    try (Interceptor<TestOp> in = Interceptor.builder(tokenizer, sink).account(account).collective(collective)
        .listener(listener).executor(Runnable::run).build()) {
      ops.forEach(in::execute);
    }
    assertThat(reduces[0]).as("the stream reached ingestion points").isPositive();
    assertThat(account.nanos(Bucket.TOKENIZE)).isEqualTo(TOKENIZE * ops.size());
    assertThat(account.nanos(Bucket.ANALYSIS)).isEqualTo(SINK * sinkOps[0]).isEqualTo(SINK * ops.size());
    assertThat(account.nanos(Bucket.INGEST)).isEqualTo(INGEST * reduces[0]);
    assertThat(account.nanos(Bucket.OBSERVE)).isEqualTo(OBSERVE * reports[0]);
    assertThat(account.nanos(Bucket.MATCH)).as("nothing advanced the clock while matching").isZero();
    assertThat(account.nanos(Bucket.OTHER)).isZero();
  }

  @Test
  void anInterceptorInSpansGetsTheWallTimeAndExactIngestion() {
    TimeAccount account = TimeAccount.sampling(8, () -> now, 0);
    TraceSink<TestOp> sink = new TraceSink<>() {
      @Override
      public void op(TestOp op) {
        Bucket caller = account.enter(Bucket.OBSERVE);
        now += 11;
        account.enter(caller);
      }

      @Override
      public void beginTrace(long id) {}

      @Override
      public void endTrace(long id) {}
    };
    Tokenizer<TestOp> tokenizer = op -> {
      now += 7;
      return op.token();
    };
    long[] reduces = new long[1];
    Collective collective = v -> {
      now += 50_000; // called only while ingesting a job
      reduces[0]++;
      return v;
    };
    List<TestOp> ops = Streams.random(3, 3000).stream().filter(o -> o.kind() == Traceability.TRACEABLE).toList();
    try (Interceptor<TestOp> in = Interceptor.builder(tokenizer, sink).account(account).collective(collective)
        .executor(Runnable::run).build()) {
      for (int i = 0; i < ops.size(); i += 256) {
        account.beginSpan();
        for (TestOp op : ops.subList(i, Math.min(ops.size(), i + 256))) {
          in.execute(op);
        }
        account.endSpan();
      }
    }
    long[] s = account.snapshot(TimeAccount.newSnapshot());
    assertThat(sum(s)).isEqualTo(now);
    assertThat(s[Bucket.INGEST.ordinal()]).isEqualTo(50_000L * reduces[0]).isPositive();
    // tokenize is constant per op; observe comes in bursts (whole traces at once), so its estimate is
    // looser; together they are the rest of the wall time
    assertThat((double) s[Bucket.TOKENIZE.ordinal()]).isCloseTo(7.0 * ops.size(), within(0.15 * 7 * ops.size()));
    assertThat((double) s[Bucket.OBSERVE.ordinal()]).isCloseTo(11.0 * ops.size(), within(0.15 * 11 * ops.size()));
  }

  private static long sum(long[] s) {
    long t = 0;
    for (long v : s) {
      t += v;
    }
    return t;
  }
}
