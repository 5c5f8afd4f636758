package org.apophenia.autotrace;

/**
 * A snapshot of an interceptor's counters ({@link Interceptor#stats()}), read by name. Each counter
 * is kept by the room that does the counted work, under the name it has here: the recognizer's
 * mining jobs ({@code jobs*}, {@code waits}, {@code windowsWithoutRepeats}, {@code tokensMined}), the
 * watcher's candidates, the cache's traces and promotions, the issuer's traced, recorded and reissued
 * occurrences. An occurrence is <i>issued</i> when it goes out between trace markers; the first one
 * of a trace id is its recording, every later one a <i>reissue</i>, which the runtime may replay (or,
 * if its precondition fails, record again: only the runtime knows). Immutable.
 */
public final class InterceptorStats {
  private final long ops;
  private final long untraceableOps;
  private final long tracedOps;
  private final long reissuedOps;
  private final long tracesRecorded;
  private final long reissues;
  private final long tracesIssuedOnce;
  private final long jobsLaunched;
  private final long jobsSkipped;
  private final long jobsIngested;
  private final long jobsFailed;
  private final long jobsBackedOff;
  private final long jobsCaughtUp;
  private final long jobsStale;
  private final long jobsMinedInline;
  private final long windowsWithoutRepeats;
  private final long variantsRefused;
  private final long nearLoopsCut;
  private final long guessedOps;
  private final long rareRepeats;
  private final long tracesRetired;
  private final long waits;
  private final long waitInterval;
  private final long waitIntervalDoublings;
  private final long miningCpuNanos;
  private final long tokensMined;
  private final int candidates;
  private final int traces;
  private final long promotions;
  private final long rejectedPromotions;
  private final long losingTracesEvicted;
  private final int pendingOps;

  /** The counters of the rooms as of now; {@code ops} and {@code untraceableOps} are the glue's. */
  InterceptorStats(long ops, long untraceableOps, TraceFinder finder, OccurrenceWatcher watcher, TraceCache cache,
      TraceIssuer<?> issuer, Retirement retirement) {
    this.ops = ops;
    this.tracesRetired = retirement.retired();
    this.untraceableOps = untraceableOps;
    this.tracedOps = issuer.tracedOps();
    this.reissuedOps = issuer.reissuedOps();
    this.tracesRecorded = issuer.tracesRecorded();
    this.reissues = issuer.reissues();
    this.tracesIssuedOnce = issuer.tracesIssuedOnce();
    this.losingTracesEvicted = issuer.losingTracesEvicted();
    this.pendingOps = issuer.pending();
    this.jobsLaunched = finder.jobsLaunched;
    this.jobsSkipped = finder.jobsSkipped;
    this.jobsIngested = finder.jobsIngested;
    this.jobsFailed = finder.jobsFailed;
    this.jobsBackedOff = finder.jobsBackedOff();
    this.jobsCaughtUp = finder.jobsCaughtUp;
    this.jobsStale = finder.jobsStale();
    this.jobsMinedInline = finder.jobsMinedInline;
    this.windowsWithoutRepeats = finder.windowsWithoutRepeats;
    this.variantsRefused = cache.variantsRefused;
    this.nearLoopsCut = cache.nearLoopsCut;
    this.guessedOps = cache.guessedOps;
    this.rareRepeats = watcher.rareRepeats;
    this.waits = finder.waits;
    this.waitInterval = finder.interval();
    this.waitIntervalDoublings = finder.waitIntervalDoublings;
    this.miningCpuNanos = finder.mining.cpuNanos.sum();
    this.tokensMined = finder.mining.tokensMined.sum();
    this.candidates = watcher.size();
    this.traces = cache.size();
    this.promotions = cache.promotions;
    this.rejectedPromotions = cache.rejectedPromotions;
  }

  /** Operations received (all kinds). */
  /** Traces retired from automatic tracing ({@link Interceptor#replayOutcome}). */
  public long tracesRetired() {
    return tracesRetired;
  }

  public long ops() {
    return ops;
  }

  /** Untraceable operations (each one a break: the pending queue flushed). */
  public long untraceableOps() {
    return untraceableOps;
  }

  /** Traceable operations issued inside trace markers. */
  public long tracedOps() {
    return tracedOps;
  }

  /** Traced operations inside reissues: occurrences of a trace id issued before. */
  public long reissuedOps() {
    return reissuedOps;
  }

  /** Distinct trace ids issued: each one's first occurrence, which the runtime records. */
  public long tracesRecorded() {
    return tracesRecorded;
  }

  /** Trace occurrences issued under an id issued before. */
  public long reissues() {
    return reissues;
  }

  /** Trace ids issued exactly once (so far): recordings that bought nothing. O(ids) to take. */
  public long tracesIssuedOnce() {
    return tracesIssuedOnce;
  }

  /** {@code tracedOps / ops}, 0 when no operations. */
  public double coverage() {
    return ops == 0 ? 0 : (double) tracedOps / ops;
  }

  /** Mining jobs launched (those answered without mining included). */
  public long jobsLaunched() {
    return jobsLaunched;
  }

  /** Ruler windows skipped because {@code maxInFlightJobs} were in flight. */
  public long jobsSkipped() {
    return jobsSkipped;
  }

  /** Jobs whose results were ingested. */
  public long jobsIngested() {
    return jobsIngested;
  }

  /** Jobs that threw or ran out of time (their results dropped). */
  public long jobsFailed() {
    return jobsFailed;
  }

  /** Ruler windows not mined because the stream was covered by known traces. */
  public long jobsBackedOff() {
    return jobsBackedOff;
  }

  /**
   * Windows the back-off had skipped while the stream was not covered and that were launched after
   * all when it was reset: a run of {@code backOffResetRun} untraced operations, or an untraced task
   * that recurred (0 at a reset run of 1).
   */
  public long jobsCaughtUp() {
    return jobsCaughtUp;
  }

  /**
   * Long windows not mined because the last results of their length added nothing to watch
   * ({@code staleWindowSkips}; 0 when it is 0).
   */
  public long jobsStale() {
    return jobsStale;
  }

  /**
   * Small jobs the application thread mined itself at their ingestion point because the mining
   * thread had not finished them (instead of waiting; mined again if the mining thread had started).
   */
  public long jobsMinedInline() {
    return jobsMinedInline;
  }

  /**
   * Ruler windows not mined because no string of the minimum trace length occurred twice in them (so
   * FindRepeats would have found nothing); ingested, empty, like the others.
   */
  public long windowsWithoutRepeats() {
    return windowsWithoutRepeats;
  }

  /** Mined candidates refused as variants of a cached trace that had its {@code maxVariants} already. */
  public long variantsRefused() {
    return variantsRefused;
  }

  /**
   * Mined repeats that ran a cached loop with a task or two missing, cut into their pieces that hold
   * no missing task instead of promoted ({@code nearLoopPieces}).
   */
  public long nearLoopsCut() {
    return nearLoopsCut;
  }

  /**
   * Operations matched at guesses' first matches beyond the part of each guess seen twice
   * ({@code prefixTraces}: a repeat cut by its window's end is cached as the loop body it likely
   * begins): the operations Apophenia may trace after one occurrence, so that its coverage may pass
   * the bound of finders that wait for two ({@code analyze --bound}) by at most this many.
   */
  public long guessedOps() {
    return guessedOps;
  }

  /** Mined repeats dropped because their occurrences were too far apart ({@code forgetRareRepeats}). */
  public long rareRepeats() {
    return rareRepeats;
  }

  /** Jobs the application thread waited for at their ingestion point. */
  public long waits() {
    return waits;
  }

  /** The current ingestion interval, in operations. */
  public long waitInterval() {
    return waitInterval;
  }

  /**
   * How many times the ingestion interval doubled (up to its cap) because some replica had to wait
   * at an ingestion point (paper Section 5.1; only with {@code adaptiveWait}, else 0). Replicas that
   * share a {@link Collective} agree on every one.
   */
  public long waitIntervalDoublings() {
    return waitIntervalDoublings;
  }

  /** CPU time the mining thread spent in jobs that finished (measured there). */
  public long miningCpuNanos() {
    return miningCpuNanos;
  }

  /** Tokens in the windows of those jobs. */
  public long tokensMined() {
    return tokensMined;
  }

  /** Candidates in the watcher's trie. */
  public int candidates() {
    return candidates;
  }

  /** Traces in the trace cache. */
  public int traces() {
    return traces;
  }

  /** Candidates promoted to traces. */
  public long promotions() {
    return promotions;
  }

  /**
   * Promotions rejected by the no-prefix invariant, or because the candidate is a loop's phase
   * rotated away at a break.
   */
  public long rejectedPromotions() {
    return rejectedPromotions;
  }

  /**
   * Traces evicted because they were never issued and kept losing the selection to matches at other
   * positions (never recorded: they cost matching, not recordings).
   */
  public long losingTracesEvicted() {
    return losingTracesEvicted;
  }

  /** Operations currently held back. */
  public int pendingOps() {
    return pendingOps;
  }

  @Override
  public String toString() {
    return "InterceptorStats[ops=" + ops + ", untraceableOps=" + untraceableOps + ", tracedOps=" + tracedOps
        + ", reissuedOps=" + reissuedOps + ", tracesRecorded=" + tracesRecorded + ", reissues=" + reissues
        + ", tracesIssuedOnce=" + tracesIssuedOnce + ", jobsLaunched=" + jobsLaunched + ", jobsSkipped=" + jobsSkipped
        + ", jobsIngested=" + jobsIngested + ", jobsFailed=" + jobsFailed + ", jobsBackedOff=" + jobsBackedOff + ", jobsCaughtUp=" + jobsCaughtUp + ", jobsStale=" + jobsStale
        + ", jobsMinedInline=" + jobsMinedInline + ", windowsWithoutRepeats=" + windowsWithoutRepeats
        + ", variantsRefused=" + variantsRefused + ", nearLoopsCut=" + nearLoopsCut + ", guessedOps=" + guessedOps + ", rareRepeats=" + rareRepeats
        + ", waits=" + waits + ", waitInterval=" + waitInterval + ", waitIntervalDoublings=" + waitIntervalDoublings
        + ", miningCpuNanos=" + miningCpuNanos
        + ", tokensMined=" + tokensMined + ", candidates=" + candidates + ", traces=" + traces
        + ", promotions=" + promotions + ", rejectedPromotions=" + rejectedPromotions
        + ", losingTracesEvicted=" + losingTracesEvicted + ", pendingOps=" + pendingOps + "]";
  }
}
