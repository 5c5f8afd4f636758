package org.apophenia.apophenia;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apophenia.suffix.RepeatFinder;
import org.apophenia.suffix.RulerSchedule;

/**
 * The trace finder of Algorithm 1 (paper Sections 4.2, 4.4 and 5.1): keeps the token history buffer,
 * launches a FindRepeats job on the windows the ruler schedule picks, and hands back job results only
 * at agreed ingestion points.
 *
 * <p><b>Asynchrony.</b> Each job mines a private copy of its window on the executor; jobs are chained
 * ({@code handleAsync} on the previous one) so they complete in launch order whatever the executor.
 * The application thread never waits for mining except at an ingestion point whose job is not done.
 *
 * <p><b>Deterministic ingestion.</b> A job launched at position {@code p} is ingested exactly at
 * position {@code p + interval}. There, the instances agree (a {@link Collective} all-reduce of the
 * number of consecutive finished jobs that are due) on how many jobs to ingest; if that minimum is 0,
 * every instance waits for its head job, and with {@code adaptiveWait} the interval doubles for jobs
 * launched afterwards (up to {@code max(ingestionDelay, batchSize)}). A second all-reduce agrees on whether the job succeeded everywhere; a job that
 * threw or timed out anywhere is dropped everywhere, counted and logged, and the stream goes on
 * untraced by it. So the sequence of ingested results depends only on the stream and the
 * configuration (and, with {@code adaptiveWait}, on agreed waits, identically on all replicas).
 *
 * <p><b>Memory.</b> The buffer holds {@code batchSize} tokens; at most {@code maxInFlightJobs} windows
 * (each at most {@code batchSize} tokens) are in flight; further windows are skipped, which is
 * deterministic because in-flight counts only change at positions. Application thread only.
 */
final class TraceFinder {
  private static final System.Logger LOG = System.getLogger(TraceFinder.class.getName());

  private final ApopheniaConfig config;
  private final Function<long[], MiningResult> miner;
  private final RulerSchedule schedule;
  private final Executor executor;
  private final Collective collective;
  private final InterceptorListener listener;
  private final long[] buffer;
  private int size;
  private final ArrayDeque<Job> jobs = new ArrayDeque<>();
  private CompletableFuture<MiningResult> last = CompletableFuture.completedFuture(null);
  private long interval;
  /**
   * Cap on the doubling (not in the paper): a job mines at most {@code batchSize} tokens, so waiting
   * longer than that many operations only delays tracing; without a cap one slow job (JIT warm-up, a
   * pause) would push every later ingestion out for good.
   */
  private final long maxInterval;
  private long nextJob;

  long launched;
  long skipped;
  long ingested;
  long failed;
  long waits;

  /** One launched job. */
  private record Job(long index, long launchPosition, long ingestPosition, int window,
      CompletableFuture<MiningResult> result) {}

  TraceFinder(ApopheniaConfig config, Executor executor, Collective collective,
      InterceptorListener listener, Function<long[], MiningResult> miner) {
    this.config = config;
    RepeatFinder repeats = RepeatFinder.of(config.minTraceLength(), config.maxTraceLength());
    this.miner = miner != null ? miner
        : window -> MiningResult.mine(window, repeats, config.reduceToPeriod());
    this.schedule = new RulerSchedule(config.batchSize(), config.multiScaleFactor());
    this.executor = executor;
    this.collective = collective;
    this.listener = listener;
    this.buffer = new long[config.batchSize()];
    this.interval = config.ingestionDelay();
    this.maxInterval = Math.max(config.ingestionDelay(), config.batchSize());
  }

  long interval() {
    return interval;
  }

  /** Appends the token at {@code position} (0-based) and launches the window the schedule picks. */
  void push(long token, long position) {
    buffer[size++] = token;
    int w = schedule.windowAfter(size);
    if (w >= 2 * config.minTraceLength()) {
      if (jobs.size() < config.maxInFlightJobs()) {
        launch(Arrays.copyOfRange(buffer, size - w, size), position + 1);
      } else {
        skipped++;
      }
    }
    if (schedule.isFull(size)) {
      size = 0;
    }
  }

  private void launch(long[] window, long position) {
    CompletableFuture<MiningResult> f = last.handleAsync((r, e) -> miner.apply(window), executor);
    last = f;
    long delay = interval;
    jobs.add(new Job(nextJob++, position, position + delay, window.length, f));
    launched++;
  }

  /**
   * The results due at {@code position} (tokens pushed so far), in launch order, after agreeing with
   * the other replicas; empty at almost every position.
   */
  List<MiningResult> due(long position) {
    Job head = jobs.peek();
    if (head == null || head.ingestPosition > position) {
      return List.of();
    }
    List<MiningResult> results = new ArrayList<>();
    while (head != null && head.ingestPosition <= position) {
      int ready = 0;
      for (Job j : jobs) {
        if (j.ingestPosition > position || !j.result.isDone()) {
          break;
        }
        ready++;
      }
      int agreed = (int) collective.allReduceMin(ready);
      boolean waited = agreed == 0;
      if (waited) {
        waits++;
        agreed = 1;
        if (config.adaptiveWait()) {
          interval = Math.min(interval * 2, maxInterval);
        }
      }
      for (int k = 0; k < agreed; k++) {
        Job j = jobs.poll();
        MiningResult r = await(j);
        boolean ok = collective.allReduceMin(r != null ? 1 : 0) == 1;
        if (ok) {
          ingested++;
          results.add(r);
        } else {
          failed++;
        }
        listener.jobIngested(new MiningReport(j.index, j.launchPosition, j.window,
            r == null ? 0 : r.nanos(), ok ? r.sequences().size() : 0, position, waited, !ok));
      }
      head = jobs.peek();
    }
    return results;
  }

  /** Logs the 1st, 2nd, 4th, 8th... failure only: a miner that always fails must not flood the log. */
  private boolean shouldLog() {
    long n = failed + 1;
    return (n & (n - 1)) == 0;
  }

  private MiningResult await(Job j) {
    try {
      return j.result.get(config.jobTimeout().toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      j.result.cancel(false);
      if (shouldLog()) LOG.log(Level.WARNING, "mining job {0} ({1} tokens) ran out of time; continuing without it (failure {2})",
          j.index, j.window, failed + 1);
    } catch (ExecutionException | CancellationException e) {
      Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
      if (shouldLog()) LOG.log(Level.WARNING, "mining job {0} ({1} tokens) failed ({2}); continuing without it (failure {3})",
          j.index, j.window, String.valueOf(cause), failed + 1);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      LOG.log(Level.WARNING, "interrupted waiting for mining job {0}; continuing without it", j.index);
    }
    return null;
  }

  /** Drops the jobs not yet ingested (at close). */
  void cancelAll() {
    for (Job j : jobs) {
      j.result.cancel(false);
    }
    jobs.clear();
  }

  int inFlight() {
    return jobs.size();
  }
}
