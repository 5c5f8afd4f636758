package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.LockSupport;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * {@link StaleWindows} in a whole run: on a noisy loop long windows are skipped once their results
 * keep adding nothing, and which are skipped depends on the stream and the settings only (invariant 5),
 * whoever mines the jobs and however late.
 */
class StaleWindowsRunTest {
  /** Buffers of 256 tokens, 8 of them: windows of 1,024 and 2,048 tokens are long for the rule. */
  private static ApopheniaSettings settings(int skips) {
    return ApopheniaSettings.defaults().toBuilder().set(Knobs.BATCH_SIZE, 256)
        .set(Knobs.STALE_WINDOW_SKIPS, skips).build();
  }

  private record Run(SinkLog<TestOp> log, InterceptorStats stats) {}

  private static Run run(List<TestOp> ops, ApopheniaSettings settings, Executor executor) {
    SinkLog<TestOp> rec = new SinkLog<>();
    try (Interceptor<TestOp> in = Interceptor.builder(TestOp.TOKENIZER, rec).settings(settings).executor(executor)
        .build()) {
      ops.forEach(in::execute);
      in.flush();
      InterceptorStats s = in.stats();
      return new Run(rec, s);
    }
  }

  /** Mining in the background with every job first sleeping a random 0 to 300 µs. */
  private static Executor delayed(long seed) {
    Random rnd = new Random(seed);
    return r -> ForkJoinPool.commonPool().execute(() -> {
      LockSupport.parkNanos(1000L * rnd.nextInt(301));
      r.run();
    });
  }

  @Property(tries = 6)
  void theSameWindowsAreSkippedAndTheSameMarkersGoOutWhateverTheMiningTiming(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 24, max = 64) int period) {
    // tasks replaced by fresh ones: the back-off is reset again and again, and long windows are mined
    NoisyLoop loop = NoisyLoop.of(seed, period, 0.002, 0.002, 0.04, 30_000);
    Run inline = run(loop.ops(), settings(8), Runnable::run);
    Run late = run(loop.ops(), settings(8), delayed(seed));
    Laws.check(loop.ops(), inline.log());
    assertThat(late.stats().jobsStale()).as("windows skipped as stale").isEqualTo(inline.stats().jobsStale());
    assertThat(late.log().events).hasToString(inline.log().events.toString());
  }

  /**
   * The finder tells {@link StaleWindows} of every operation's untraced run, not only at launches: a
   * run of 512 that ends between two launches of a long window still mines it again. Every result
   * here adds nothing, so long windows are skipped until then.
   */
  @Example
  void aLongUntracedRunBetweenLaunchesMinesEveryLengthAgain() {
    // windows of 128 to 1,024 tokens within a buffer, up to 8,192 across buffers
    ApopheniaSettings s = ApopheniaSettings.defaults().toBuilder().set(Knobs.BATCH_SIZE, 1024)
        .set(Knobs.MULTI_SCALE_FACTOR, 128).build();
    TraceFinder f = new TraceFinder(s, Runnable::run, Runnable::run, Collective.single(), InterceptorListener.NONE,
        null, false);
    TraceFinder.Ingestor addsNothing = (result, windowStart) -> false;
    int pos = 0;
    for (; pos < 40_000; pos++) {
      push(f, pos, 1, addsNothing);
    }
    long skipped = f.jobsStale();
    assertThat(skipped).as("long windows skipped while every result adds nothing").isPositive();
    pos += 64 - pos % 128; // between two of the ruler's launches
    push(f, pos++, 600, addsNothing);
    for (int end = pos + 1024; pos < end; pos++) {
      push(f, pos, 1, addsNothing);
    }
    assertThat(f.jobsStale()).as("skipped in the 1,024 operations after the run").isEqualTo(skipped);
  }

  /** Pushes a token of a loop of 8 at {@code pos} and ingests what is due. */
  private static void push(TraceFinder f, int pos, long untracedRun, TraceFinder.Ingestor ingestor) {
    f.push(pos % 8, pos, 0, untracedRun, 0);
    if (f.isDue(pos + 1)) {
      f.ingestDue(pos + 1, ingestor);
    }
  }

  @Example
  void onANoisyLoopLongWindowsAreSkippedAndFewerJobsLaunched() {
    NoisyLoop loop = NoisyLoop.of(7, 64, 0, 0, 0.05, 60_000);
    Run on = run(loop.ops(), settings(8), Runnable::run);
    Run off = run(loop.ops(), settings(0), Runnable::run);
    Laws.check(loop.ops(), on.log());
    assertThat(off.stats().jobsStale()).as("skipped at 0").isZero();
    assertThat(on.stats().jobsStale()).as("skipped at 8").isPositive();
    assertThat(on.stats().jobsLaunched()).as("jobs launched at 8 against 0")
        .isLessThan(off.stats().jobsLaunched());
    // 5% of the tasks are fresh: each breaks a trace, and the operations around it go out untraced
    assertThat(on.stats().coverage()).as("coverage at 8").isGreaterThan(0.6);
  }
}
