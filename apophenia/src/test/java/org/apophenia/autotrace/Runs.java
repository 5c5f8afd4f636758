package org.apophenia.autotrace;

import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a stream through an interceptor into a {@link SinkLog}. Shared with other modules' tests
 * through apophenia's test jar.
 */
public final class Runs {
  private Runs() {}

  /** The run of {@code ops} through an interceptor with {@code settings}, mining in the background. */
  public static SinkLog<TestOp> run(List<TestOp> ops, ApopheniaSettings settings) {
    SinkLog<TestOp> rec = new SinkLog<>();
    try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).settings(settings).build()) {
      ops.forEach(i::execute);
    }
    return rec;
  }

  /** Like {@link #run} but every mining job first sleeps a random 0..maxDelayMicros. */
  public static SinkLog<TestOp> runWithDelays(List<TestOp> ops, ApopheniaSettings settings, long seed,
      int maxDelayMicros) {
    SinkLog<TestOp> rec = new SinkLog<>();
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
