package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import org.apophenia.suffix.RepeatFinder;
import org.junit.jupiter.api.Test;

/**
 * A small job that the mining thread has started and not finished when its ingestion point comes is
 * mined again by the application thread instead of waited for: the same result, no wait.
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

  private static TraceFinder finder(Executor executor) {
    // a short timeout: a wait for the parked job would fail the job rather than hang the test
    ApopheniaSettings s = ApopheniaSettings.defaults().toBuilder().set(Knobs.JOB_TIMEOUT, Duration.ofMillis(200))
        .build();
    return new TraceFinder(s, executor, executor, Collective.single(), InterceptorListener.NONE, null, false);
  }

  @Test
  void aSmallJobStartedElsewhereAndNotFinishedIsMinedAgainHereWithTheSameResult() {
    TraceFinder f = finder(new Parked());
    long[] tokens = new long[64];
    for (int i = 0; i < tokens.length; i++) {
      tokens[i] = i % 8; // a loop of 8: every window holds repeats
    }
    int pos = 0;
    while (f.nextBufferedJob() == null) {
      f.push(tokens[pos], pos, 0, pos + 1, 0);
      pos++;
    }
    MiningJob job = f.nextBufferedJob();
    assertThat(job.windowLength()).isLessThanOrEqualTo(TraceFinder.MAX_INLINE_WINDOW);
    job.claimed().set(true); // as if the mining thread had taken it and were mining it still
    while (!f.isDue(pos)) {
      f.push(tokens[pos], pos, 0, pos + 1, 0);
      pos++;
    }
    List<MiningResult> due = f.due(pos);

    MiningResult expected = MiningResult.mine(job.window(), RepeatFinder.of(5, ApopheniaSettings.UNBOUNDED), true);
    assertThat(due).hasSize(1);
    assertThat(due.get(0).sequences()).usingElementComparator(Arrays::compare).containsExactlyElementsOf(expected.sequences());
    assertThat(f.waits).as("waits").isZero();
    assertThat(f.jobsFailed).as("failed jobs").isZero();
    assertThat(f.jobsMinedInline).as("jobs mined here").isEqualTo(1);
    assertThat(job.result()).as("the mining thread's own result, never completed here").isNotDone();
  }
}
