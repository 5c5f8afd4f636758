package org.apophenia.autotrace;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.Probe;
import org.apophenia.suffix.RepeatFinder;
import org.apophenia.suffix.RulerSchedule;

/**
 * The trace finder of Algorithm 1 (paper Sections 4.2, 4.4 and 5.1): keeps the token history buffer,
 * launches a FindRepeats job on the windows the ruler schedule picks, and hands back job results only
 * at agreed ingestion points.
 *
 * <p><b>Asynchrony.</b> Each job mines a private copy of its window on the executor; the jobs of a
 * lane (windows within a buffer; windows across buffers) are chained ({@code handleAsync} on the
 * previous one) so that each lane's jobs run in launch order whatever the executor. The application thread never waits for mining except at an ingestion point whose job
 * is not done; there, if the job is small ({@value #MAX_INLINE_WINDOW} tokens at most, the built-in
 * miner) and the mining thread has not started it, the application thread mines it itself rather
 * than wait for a parked thread to be scheduled (counted in {@link #jobsMinedInline}, not in
 * {@link #waits}); if the mining thread has started such a job and not finished it, the application
 * thread mines the window again itself rather than wait for it (the thread's result is then
 * discarded, and both count in {@link MeasuredMiner#tokensMined}). Whoever mines a job, its result is the same.
 *
 * <p><b>Deterministic ingestion.</b> A job launched at position {@code p} is ingested exactly at
 * position {@code p + interval} (the interval never shrinks, so a lane's jobs fall due in launch
 * order; at one position the lane within buffers is ingested first).
 * There, the instances agree (a {@link Collective} all-reduce of the number of consecutive due jobs
 * that finished and succeeded) on how many jobs to ingest, as Legion's recognizer does: one all-reduce
 * per ingestion point. If that minimum is 0, every instance takes its first due job (mining it inline
 * or waiting), and with {@code adaptiveWait} the interval doubles for jobs launched afterwards (up to
 * {@code max(ingestionDelay, batchSize)}); for that job alone a second all-reduce agrees on whether it
 * succeeded everywhere. A job that threw or timed out anywhere is dropped everywhere, counted and
 * logged, and the stream goes on untraced by it. So the sequence of ingested results
 * depends only on the stream and the settings (and, with {@code adaptiveWait}, on agreed waits,
 * identically on all replicas).
 *
 * <p><b>Time to mine.</b> A job is due a fixed {@code interval} operations after its launch, as in
 * Legion. Scaling the delay with the window (a quarter of an operation per token) avoided waits for
 * long windows on streams of very cheap operations, but it ingested the long windows that find long
 * traces later, and a loop whose trace only a long window finds ran untraced (analysed) that much
 * longer; waits for long windows are rare anyway once the stream is covered (back-off), and short
 * windows are mined inline when the mining thread is late.
 *
 * <p><b>Back-off.</b> While the stream is covered by known traces, most of the ruler's windows are
 * skipped; {@link BackOff} says which, when mining resumes at every length, and which skipped windows
 * to launch after all (due where they would have been, or at once if that point has passed). Skipped
 * windows count in {@link #jobsBackedOff}, those launched after all in {@link #jobsCaughtUp}. A long
 * window whose last results added nothing to watch is skipped for a few launches of its length
 * ({@link StaleWindows}, counted in {@link #jobsStale}).
 *
 * <p><b>Windows without repeats.</b> A window in which no string of {@code minTraceLength} tokens
 * occurs twice ({@link RepeatFilter}: O(1), one table probe per token) would be mined to an empty
 * result; its job is born done with that result instead, with no copy and no hand-off, and ingested at
 * the same point, so every decision is unchanged (on a stream that never repeats, every window). The
 * filter pauses while the stream is covered, and is not built for a history longer than
 * {@link RepeatFilter#MAX_HORIZON} or for an injected miner.
 *
 * <p><b>Windows across buffers.</b> Within a buffer the ruler schedule picks the windows; when a
 * buffer fills, the {@code k}-th, the window is the last {@code min(lowestOneBit(k), historyBuffers)}
 * buffers rather than the buffer alone (the ruler continued at the scale of buffers). Mining each
 * buffer alone, as the paper does, never sees two bodies of a loop longer than half a buffer, nor a
 * repeat that straddles two buffers, so such a loop is traced only in the pieces a buffer holds
 * twice. Each doubling adds one token mined per operation. These windows are mined in a lane of
 * their own (their own chain, on their own thread unless an executor is given) and are due a quarter
 * of an operation per token after launch (at most a buffer): mined in line with the others, a job
 * over several buffers holds up every short job behind it, and the application waits at their
 * ingestion points.
 *
 * <p><b>Memory.</b> The history holds {@code historyBuffers * batchSize} tokens; at most
 * {@code maxInFlightJobs} windows (each at most that many tokens) are in flight; further windows are skipped, which is
 * deterministic because in-flight counts only change at positions. Application thread only.
 */
final class TraceFinder {
  private static final System.Logger LOG = System.getLogger(TraceFinder.class.getName());

  private final int minTraceLength;
  private final int batchSize;
  private final int multiScaleFactor;
  private final int historyBuffers;
  private final int maxInFlightJobs;
  private final boolean adaptiveWait;
  private final long jobTimeoutNanos;
  /** The miner (FindRepeats unless one is injected), measured. */
  final MeasuredMiner mining;
  private final RulerSchedule schedule;
  private final Collective collective;
  private final InterceptorListener listener;
  /** The event recorder's, read once: jobs queued and ingested here, mined on whichever thread mines them. */
  private final Probe probe = Probe.current();
  /** The last {@code historyBuffers * batchSize} tokens, by position modulo its length. */
  private final long[] history;
  /** Tokens in the current buffer (the ruler schedule's clock) and full buffers so far. */
  private int size;
  /** Where the next token goes in {@link #history}: the position modulo its length, kept without a division. */
  private int cursor;
  private long buffers;
  /** Jobs launched and not ingested, in launch order, which is also their ingestion order. */
  private final MiningLane buffered;
  /** Windows across buffers, mined apart (see the class comment). */
  private final MiningLane across;
  /** Whether the application thread mines a small job itself when it gets there first. */
  private final boolean minesHere;
  /** Windows that cannot hold a repeat are answered without mining (built-in miner only; else null). */
  private final RepeatFilter filter;
  /** The empty result of a window without repeats: what FindRepeats would return, known in advance. */
  private static final CompletableFuture<MiningResult> NO_REPEATS =
      CompletableFuture.completedFuture(MiningResult.EMPTY);
  /** A result due at an ingestion point, with where its window began and how long it was; the last point's, reused. */
  private record Due(MiningResult result, long windowStart, int windowLength) {}
  private final List<Due> dueResults = new ArrayList<>();
  private long interval;
  /** The earliest ingestion point of the lanes' head jobs ({@link Long#MAX_VALUE}: none in flight). */
  private long nextDue = Long.MAX_VALUE;
  /**
   * Cap on the doubling (not in the paper): a job mines at most {@code batchSize} tokens, so waiting
   * longer than that many operations only delays tracing; without a cap one slow job (JIT warm-up, a
   * pause) would push every later ingestion out for good.
   */
  private final long maxInterval;
  private long nextJob;
  private final BackOff backOff;
  private final StaleWindows stale;
  /** The windows {@link BackOff#takeCatchUp} hands back, as end and length pairs. */
  private final long[] catchUp = new long[2 * BackOff.SKIPPED_KEPT];

  // The counters, named as InterceptorStats reads them.
  long jobsLaunched;
  /** Ruler windows (and windows caught up) skipped because {@code maxInFlightJobs} were in flight. */
  long jobsSkipped;
  long jobsIngested;
  long jobsFailed;
  long waits;
  /** Ingestion points at which some replica had to wait and the interval grew ({@code adaptiveWait}). */
  long waitIntervalDoublings;
  long jobsMinedInline;
  /**
   * Windows skipped by the back-off and launched after all when it was reset (a long untraced run, or
   * an untraced task that recurred); a window so caught up but refused for {@code maxInFlightJobs}
   * counts in {@link #jobsSkipped}.
   */
  long jobsCaughtUp;
  /** Windows answered by the filter (no repeat possible), not mined. */
  long windowsWithoutRepeats;
  /** Windows skipped because their length's last results added nothing ({@link StaleWindows}). */
  long jobsStale() {
    return stale.skipped;
  }

  /**
   * The largest window the application thread mines itself at the job's ingestion point if the mining
   * thread has not finished it: a short, bounded piece of work (tens of microseconds compiled), where a
   * wait means waking a parked thread and, on a busy machine, its being descheduled while it mines; on
   * 2 cores such waits averaged several times the mining (BENCHMARKS.md, "Noisy loops, fifth pass").
   */
  static final int MAX_INLINE_WINDOW = 2048;

  TraceFinder(ApopheniaSettings settings, Executor executor, Executor acrossExecutor, Collective collective,
      InterceptorListener listener, Function<long[], MiningResult> miner, boolean filterWindows) {
    this(settings, executor, acrossExecutor, collective, listener, miner, filterWindows, miner == null);
  }

  /** {@code minesHere}: small jobs are mined on the application thread too (the built-in miner, or a test's). */
  TraceFinder(ApopheniaSettings settings, Executor executor, Executor acrossExecutor, Collective collective,
      InterceptorListener listener, Function<long[], MiningResult> miner, boolean filterWindows, boolean minesHere) {
    this.minesHere = minesHere;
    this.minTraceLength = settings.get(Knobs.MIN_TRACE_LENGTH);
    this.batchSize = settings.get(Knobs.BATCH_SIZE);
    this.multiScaleFactor = settings.get(Knobs.MULTI_SCALE_FACTOR);
    this.historyBuffers = settings.get(Knobs.HISTORY_BUFFERS);
    this.maxInFlightJobs = settings.get(Knobs.MAX_IN_FLIGHT_JOBS);
    this.adaptiveWait = settings.get(Knobs.ADAPTIVE_WAIT);
    this.jobTimeoutNanos = settings.get(Knobs.JOB_TIMEOUT).toNanos();
    int ingestionDelay = settings.get(Knobs.INGESTION_DELAY);
    RepeatFinder repeats = RepeatFinder.of(minTraceLength, settings.get(Knobs.MAX_TRACE_LENGTH));
    boolean reduceToPeriod = settings.get(Knobs.REDUCE_TO_PERIOD);
    boolean builtInMiner = miner == null; // FindRepeats, whose cost on a small window is known and bounded
    this.mining = new MeasuredMiner(miner != null ? miner
        : window -> MiningResult.mine(window, repeats, reduceToPeriod), probe);
    this.schedule = new RulerSchedule(batchSize, multiScaleFactor);
    this.buffered = new MiningLane(executor);
    this.across = new MiningLane(acrossExecutor);
    this.collective = collective;
    this.listener = listener;
    this.history = new long[historyBuffers * batchSize];
    this.backOff = new BackOff(settings.get(Knobs.BACK_OFF_RESET_RUN), history.length);
    this.stale = new StaleWindows(settings.get(Knobs.STALE_WINDOW_SKIPS));
    this.filter = filterWindows && builtInMiner && history.length <= RepeatFilter.MAX_HORIZON
        ? new RepeatFilter(minTraceLength, history.length) : null;
    this.interval = ingestionDelay;
    this.maxInterval = Math.max(ingestionDelay, batchSize);
  }

  /** Ruler windows not mined because the stream was covered (back-off). */
  long jobsBackedOff() {
    return backOff.windowsSkipped;
  }

  long interval() {
    return interval;
  }

  /**
   * Appends the token at {@code position} (0-based) and launches the window the schedule picks,
   * unless backing off. {@code tracedRun} counts the operations forwarded inside traces since the
   * last one forwarded untraced, {@code untracedRun} those forwarded untraced since the last one
   * forwarded inside, and {@code recurringUntraced} the issuer's {@link UntracedRecurrence} count.
   */
  void push(long token, long position, long tracedRun, long untracedRun, long recurringUntraced) {
    history[cursor] = token;
    if (++cursor == history.length) {
      cursor = 0;
    }
    size++;
    stale.untracedRun(untracedRun);
    boolean covered = tracedRun >= multiScaleFactor;
    if (filter != null) {
      if (covered) {
        filter.pause();
      } else {
        filter.resume();
      }
      filter.push(token);
    }
    int w = schedule.windowAfter(size);
    if (schedule.isFull(size)) {
      size = 0;
      buffers++;
      // the ruler goes on across buffers: the k-th full buffer is mined with the lowestOneBit(k) - 1
      // before it (up to historyBuffers), so a loop longer than half a buffer is seen twice
      long span = Math.min(Long.lowestOneBit(buffers), historyBuffers);
      w = (int) Math.min(span * batchSize, position + 1);
    }
    if (w >= 2 * minTraceLength && !backOff.skip(w, position + 1, covered, untracedRun, recurringUntraced)) {
      int n = backOff.takeCatchUp(catchUp);
      for (int k = 0; k < n; k++) {
        catchUp(catchUp[2 * k], (int) catchUp[2 * k + 1], position + 1);
      }
      if (stale.skip(w)) {
        // counted there: the last results of this length repeated what is known
      } else if (buffered.jobs.size() + across.jobs.size() < maxInFlightJobs) {
        if (filter == null || filter.mayRepeat(w)) {
          launch(window(position + 1, w), position + 1, w);
        } else {
          launch(null, position + 1, w); // answered: no copy, no hand-off, ingested as if mined
          windowsWithoutRepeats++;
        }
      } else {
        jobsSkipped++;
      }
    }
  }

  /** A copy of the {@code w} tokens before position {@code end}. */
  private long[] window(long end, int w) {
    long[] copy = new long[w];
    int from = (int) ((end - w) % history.length);
    int first = Math.min(w, history.length - from);
    System.arraycopy(history, from, copy, 0, first);
    System.arraycopy(history, 0, copy, first, w - first);
    return copy;
  }

  /**
   * Launches the window of {@code w} tokens ending at {@code end} that the back-off skipped, now at
   * {@code now}, unless its tokens are no longer all in the history or it would leave no place of
   * {@code maxInFlightJobs} for the window the ruler picked now.
   */
  private void catchUp(long end, int w, long now) {
    if (now - (end - w) > history.length) {
      return; // overwritten since
    }
    // leave room for the window the ruler picked now, launched next
    if (buffered.jobs.size() + across.jobs.size() < maxInFlightJobs - 1) {
      launch(window(end, w), end, w, now);
      jobsCaughtUp++;
    } else {
      jobsSkipped++;
    }
  }

  /**
   * Launches the window of {@code w} tokens ending at {@code position}: {@code window} is its copy, or
   * null if the filter answered it (it cannot hold a repeat), in which case the job is born done with
   * the empty result and is ingested at the same point, in the same order, as if it had been mined.
   */
  private void launch(long[] window, long position, int w) {
    launch(window, position, w, position);
  }

  /**
   * Launches the window of {@code w} tokens ending at {@code position} at {@code now} (later than
   * {@code position} for a window caught up): due where it would have been, but not before
   * {@code now} nor before its lane's last job, so that each lane's jobs still fall due in order.
   */
  private void launch(long[] window, long position, int w, long now) {
    boolean wide = w > batchSize;
    MiningLane lane = wide ? across : buffered;
    // a window across buffers is due a quarter of an operation per token later (at most a buffer, so
    // that these jobs, launched two buffers apart at least, still fall due in launch order)
    long delay = wide ? Math.max(interval, Math.min(w / 4, batchSize)) : interval;
    long due = position + delay;
    if (now != position) {
      MiningJob last = lane.jobs.peekLast();
      due = Math.max(Math.max(due, now), last == null ? 0 : last.ingestPosition());
    }
    MiningJob job = window == null ? MiningJob.answered(nextJob++, position, due, w, NO_REPEATS)
        : new MiningJob(nextJob++, position, due, window, now != position);
    if (probe.mining()) {
      probe.event(EventKind.JOB_QUEUED, w, job.index());
    }
    if (window != null) {
      lane.last = lane.last.handleAsync((r, e) -> {
        job.runIfUnclaimed(win -> mining.mine(job, win));
        return null;
      }, lane.executor);
    }
    lane.jobs.add(job);
    nextDue = Math.min(nextDue, lane.jobs.peek().ingestPosition());
    jobsLaunched++;
  }

  /**
   * The results due at {@code position} (tokens pushed so far), in launch order, after agreeing with
   * the other replicas; empty at almost every position.
   */
  private List<Due> due(long position) {
    if (!isDue(position)) {
      return List.of();
    }
    List<Due> results = dueResults;
    results.clear();
    due(buffered, position, results);
    due(across, position, results);
    updateNextDue();
    return results;
  }

  private void due(MiningLane lane, long position, List<Due> results) {
    ArrayDeque<MiningJob> jobs = lane.jobs;
    MiningJob head = jobs.peek();
    while (head != null && head.ingestPosition() <= position) {
      // ready: due, done and succeeded here. A job ready on every shard succeeded everywhere, so
      // ingesting it takes this one all-reduce; only the job taken after a wait needs a second
      int ready = 0;
      for (MiningJob j : jobs) {
        if (j.ingestPosition() > position || !j.result().isDone() || j.result().isCompletedExceptionally()) {
          break;
        }
        ready++;
      }
      int agreed = (int) collective.allReduceMin(ready);
      boolean waited = agreed == 0;
      if (waited) {
        agreed = 1;
        // a caught-up window is often due at once: waiting for it says nothing of the mining thread
        if (adaptiveWait && interval < maxInterval && !head.caughtUp()) {
          interval = Math.min(interval * 2, maxInterval);
          waitIntervalDoublings++;
        }
      }
      for (int k = 0; k < agreed; k++) {
        MiningJob j = jobs.poll();
        MiningResult r = await(j);
        boolean ok = waited ? collective.allReduceMin(r != null ? 1 : 0) == 1 : r != null;
        if (ok) {
          jobsIngested++;
          results.add(new Due(r, j.launchPosition() - j.windowLength(), j.windowLength()));
        } else {
          jobsFailed++;
        }
        if (probe.mining()) {
          probe.event(EventKind.JOB_INGESTED, (waited ? EventKind.INGESTED_WAITED : 0)
              | (ok ? 0 : EventKind.INGESTED_FAILED), j.index());
        }
        if (listener != InterceptorListener.NONE) {
          listener.jobIngested(new MiningReport(j.index(), j.launchPosition(), j.windowLength(),
              r == null ? 0 : r.nanos(), ok ? r.sequences().size() : 0, position, waited, !ok));
        }
      }
      head = jobs.peek();
    }
  }

  /** Takes in a result whose window began at {@code windowStart}; says if it added anything to watch. */
  interface Ingestor {
    boolean ingest(MiningResult result, long windowStart);
  }

  /**
   * Hands the results due at {@code position} to {@code ingestor} in {@link #due}'s order, and tells
   * {@link StaleWindows} which of their lengths added nothing.
   */
  void ingestDue(long position, Ingestor ingestor) {
    for (Due d : due(position)) {
      stale.ingested(d.windowLength(), ingestor.ingest(d.result(), d.windowStart()));
    }
  }

  /** Whether a job reaches its ingestion point at {@code position}: one comparison, every operation. */
  boolean isDue(long position) {
    return nextDue <= position;
  }

  private void updateNextDue() {
    MiningJob b = buffered.jobs.peek();
    MiningJob a = across.jobs.peek();
    nextDue = Math.min(b == null ? Long.MAX_VALUE : b.ingestPosition(), a == null ? Long.MAX_VALUE : a.ingestPosition());
  }

  /** Logs the 1st, 2nd, 4th, 8th... failure only: a miner that always fails must not flood the log. */
  private boolean shouldLog() {
    long n = jobsFailed + 1;
    return (n & (n - 1)) == 0;
  }

  /**
   * The job's result, or null if it failed or ran out of time: mined here if it is small and not
   * done (again, if the mining thread has started it: mining is a pure function of the window, and
   * the window is never written), else awaited (a wait, counted).
   */
  private MiningResult await(MiningJob j) {
    boolean waiting = false; // recorded as a "wait for mining" slice
    boolean small = minesHere && j.windowLength() <= MAX_INLINE_WINDOW;
    if (!j.result().isDone() && small) {
      if (j.runIfUnclaimed(win -> mining.mine(j, win))) {
        jobsMinedInline++;
      } else if (!j.result().isDone()) {
        jobsMinedInline++;
        try {
          return mining.mine(j, j.window());
        } catch (Throwable t) {
          return failed(j, t); // as the mining thread will on the same window
        }
      }
    } else if (!j.result().isDone()) {
      waits++;
      waiting = probe.mining();
      if (waiting) {
        probe.event(EventKind.JOB_WAIT_BEGIN, j.index());
      }
    }
    try {
      return j.result().get(jobTimeoutNanos, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      j.drop();
      if (shouldLog()) LOG.log(Level.WARNING, "mining job {0} ({1} tokens) ran out of time; continuing without it (failure {2})",
          j.index(), j.windowLength(), jobsFailed + 1);
    } catch (ExecutionException | CancellationException e) {
      return failed(j, e instanceof ExecutionException ? e.getCause() : e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      LOG.log(Level.WARNING, "interrupted waiting for mining job {0}; continuing without it", j.index());
    } finally {
      if (waiting) {
        probe.event(EventKind.JOB_WAIT_END, j.index());
      }
    }
    return null;
  }

  /** A job that threw {@code cause}: reported and logged, and its result is null (dropped everywhere). */
  private MiningResult failed(MiningJob j, Throwable cause) {
    listener.jobFailed(j.index(), cause); // first: a listener may end the run here (see its contract)
    if (shouldLog()) LOG.log(Level.WARNING, "mining job {0} ({1} tokens) failed ({2}); continuing without it (failure {3})",
        j.index(), j.windowLength(), String.valueOf(cause), jobsFailed + 1);
    return null;
  }

  /** Drops the jobs not yet ingested (at close). */
  void cancelAll() {
    for (MiningLane lane : new MiningLane[] {buffered, across}) {
      for (MiningJob j : lane.jobs) {
        j.drop();
      }
      lane.jobs.clear();
    }
    updateNextDue();
  }

  /** The next job of the lane within buffers, or null (tests: the job a mining thread would take next). */
  MiningJob nextBufferedJob() {
    return buffered.jobs.peek();
  }

  int inFlight() {
    return buffered.jobs.size() + across.jobs.size();
  }
}
