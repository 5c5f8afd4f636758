package org.apophenia.autotrace;

import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.LockSupport;

/** Runs a stream through an interceptor into a {@link SinkLog}. */
final class Runs {
  private Runs() {}

  static SinkLog run(List<TestOp> ops, ApopheniaSettings settings) {
    SinkLog rec = new SinkLog();
    try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).settings(settings).build()) {
      ops.forEach(i::execute);
    }
    return rec;
  }

  /** Like {@link #run} but every mining job first sleeps a random 0..maxDelayMicros. */
  static SinkLog runWithDelays(List<TestOp> ops, ApopheniaSettings settings, long seed, int maxDelayMicros) {
    SinkLog rec = new SinkLog();
    Random rnd = new Random(seed);
    Executor delayed = r -> ForkJoinPool.commonPool().execute(() -> {
      LockSupport.parkNanos(1000L * rnd.nextInt(maxDelayMicros + 1));
      r.run();
    });
    try (Interceptor<TestOp> i =
        Interceptor.builder(TestOp.TOKENIZER, rec).settings(settings).executor(delayed).build()) {
      ops.forEach(i::execute);
    }
    return rec;
  }
}
