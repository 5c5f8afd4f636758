package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.apophenia.suffix.RepeatFinder;
import org.junit.jupiter.api.Test;

/**
 * A small job that the mining thread has started and not finished when its ingestion point comes is
 * mined again by the application thread instead of waited for: the same result, no wait; and if the
 * miner throws there, the job fails as it would on the mining thread.
 */
class MinedAgainTest {
  /** Holds every task it is given and never runs one: the mining thread never gets to the jobs. */
  private static final class Parked implements Executor {
    final List<Runnable> tasks = new ArrayList<>();

    @Override
    public void execute(Runnable r) {
      tasks.add(r);
    }
  }

  /** Records the failures it is told of, and rethrows them if asked to (a listener may end the run). */
  private static final class Failures implements InterceptorListener {
    final List<Throwable> causes = new ArrayList<>();
    final boolean rethrow;

    Failures(boolean rethrow) {
      this.rethrow = rethrow;
    }

    @Override
    public void jobFailed(long job, Throwable cause) {
      causes.add(cause);
      if (rethrow) {
        throw new IllegalStateException("the run ends here", cause);
      }
    }
  }

  private static final RepeatFinder FIND = RepeatFinder.of(5, ApopheniaSettings.UNBOUNDED);

  /**
   * A finder whose mining thread never runs, with {@code miner} (null: the built-in one), small jobs
   * mined here; a short timeout, so that a wait for the parked job fails the job rather than hang.
   */
  private static TraceFinder finder(InterceptorListener listener, Function<long[], MiningResult> miner) {
    ApopheniaSettings s = ApopheniaSettings.defaults().toBuilder().set(Knobs.JOB_TIMEOUT, Duration.ofMillis(200))
        .build();
    Parked parked = new Parked();
    return new TraceFinder(s, parked, parked, Collective.single(), listener, miner, false, true);
  }

  /**
   * Pushes a loop of 8 until the first job is launched, marks it taken by the mining thread, and
   * pushes on to its ingestion point; returns that position.
   */
  private static int toTheFirstJobStartedElsewhere(TraceFinder f) {
    int pos = 0;
    while (f.nextBufferedJob() == null) {
      f.push(pos % 8, pos, 0, pos + 1, 0);
      pos++;
    }
    MiningJob job = f.nextBufferedJob();
    assertThat(job.windowLength()).isLessThanOrEqualTo(TraceFinder.MAX_INLINE_WINDOW);
    job.claimed().set(true); // as if the mining thread had taken it and were mining it still
    while (!f.isDue(pos)) {
      f.push(pos % 8, pos, 0, pos + 1, 0);
      pos++;
    }
    return pos;
  }

  @Test
  void aSmallJobStartedElsewhereAndNotFinishedIsMinedAgainHereWithTheSameResult() {
    TraceFinder f = finder(InterceptorListener.NONE, null);
    int pos = toTheFirstJobStartedElsewhere(f);
    MiningJob job = f.nextBufferedJob();
    List<MiningResult> got = new ArrayList<>();
    f.ingestDue(pos, (result, windowStart) -> got.add(result));

    MiningResult expected = MiningResult.mine(job.window(), FIND, true);
    assertThat(got).hasSize(1);
    assertThat(got.get(0).sequences()).usingElementComparator(Arrays::compare).containsExactlyElementsOf(expected.sequences());
    assertThat(f.waits).as("waits").isZero();
    assertThat(f.jobsFailed).as("failed jobs").isZero();
    assertThat(f.jobsMinedInline).as("jobs mined here").isEqualTo(1);
    assertThat(job.result()).as("the mining thread's own result, never completed here").isNotDone();
  }

  @Test
  void aMinerThatThrowsWhenMinedAgainFailsTheJobAndTellsTheListenerOnce() {
    Failures failures = new Failures(false);
    StackOverflowError thrown = new StackOverflowError("deep");
    TraceFinder f = finder(failures, window -> {
      throw thrown;
    });
    int pos = toTheFirstJobStartedElsewhere(f);
    List<MiningResult> got = new ArrayList<>();
    f.ingestDue(pos, (result, windowStart) -> got.add(result));

    assertThat(got).as("results ingested").isEmpty();
    assertThat(f.jobsFailed).as("failed jobs").isEqualTo(1);
    assertThat(failures.causes).containsExactly(thrown);
    assertThat(f.jobsMinedInline).as("jobs mined here").isEqualTo(1);
    assertThat(f.waits).as("waits").isZero();
  }

  @Test
  void aListenerThatEndsTheRunOnAFailureEndsItFromAJobMinedAgain() {
    TraceFinder f = finder(new Failures(true), window -> {
      throw new IllegalArgumentException("bad window");
    });
    int pos = toTheFirstJobStartedElsewhere(f);
    assertThatThrownBy(() -> f.ingestDue(pos, (result, windowStart) -> true))
        .isInstanceOf(IllegalStateException.class).hasMessage("the run ends here")
        .hasCauseInstanceOf(IllegalArgumentException.class);
  }
}
