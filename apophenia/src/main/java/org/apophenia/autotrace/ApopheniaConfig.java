package org.apophenia.autotrace;

import java.time.Duration;
import java.util.Objects;

/**
 * The interceptor's settings, with the paper's names (Legion's {@code -lg:auto_trace:*} flags).
 * Immutable; validated on construction with a message that names the setting and its range.
 *
 * <p>{@link #defaults()} respond faster than Legion's settings on short streams (smaller first windows,
 * promotion that counts the occurrences already seen in the mined window, a lower threshold while no
 * trace is known, candidates reduced to their period, and traces that may be prefixes of one another); {@link #legion()} reproduces Legion's
 * current defaults (REFERENCES.md) for comparison.
 *
 * @param minTraceLength shortest trace, at least 1 (Legion: 5)
 * @param maxTraceLength longest trace; longer repeats are split ({@link Integer#MAX_VALUE}: none)
 * @param batchSize tokens in the history buffer ({@code B}, Legion: 2000)
 * @param multiScaleFactor the ruler sampling unit ({@code s}, Legion: 100), at most {@code batchSize}
 * @param visitThreshold non-overlapping visits after which a candidate becomes a trace (Legion: 10)
 * @param warmupVisitThreshold the threshold used while the trace cache is empty, at most
 *     {@code visitThreshold}
 * @param countHistoryOccurrences whether a candidate starts with the occurrences the mining found in
 *     its window as visits (else with none, as in Legion)
 * @param reduceToPeriod whether a mined repeat that is periodic (say {@code BBB'}) is replaced by its
 *     period {@code B}, which tiles the loop back to back (a period shorter than {@code minTraceLength},
 *     such as a run of identical tasks, by the fewest whole periods that reach 32 tasks)
 * @param prefixTraces whether a trace may be a prefix of another (then a pointer goes on past the
 *     shorter trace, and the selection takes the longer match when it completes and the shorter one
 *     when it does not; a trace whose earliest open match breaks is split into its dyadic pieces,
 *     which are prefixes of one another); otherwise Legion's no-prefix invariant holds and a longer
 *     promoted trace evicts the traces that are its prefixes
 * @param maxInFlightJobs mining jobs launched but not ingested; further windows are skipped
 * @param ingestionDelay operations between a job's launch and its ingestion point (initial interval)
 * @param adaptiveWait whether the interval doubles after an ingestion point at which some instance had
 *     to wait (paper Section 5.1), up to {@code max(ingestionDelay, batchSize)}; decisions then depend on timing across runs (not across replicas)
 * @param jobTimeout how long an ingestion point waits for a job before counting it failed
 * @param maxCandidates bound on the watcher trie's candidates (oldest evicted)
 * @param maxTraces bound on the trace cache (the lowest-scoring eighth is evicted when full)
 * @param maxPendingOps bound on buffered operations; reaching it abandons the open matches
 * @param historyBuffers the longest window mined, in buffers: after the {@code k}-th full buffer the
 *     last {@code min(lowestOneBit(k), historyBuffers)} buffers are mined together, so that a loop whose
 *     body is longer than half a buffer is still seen twice (1: each buffer is mined alone, as in
 *     Legion). Each doubling adds one token mined per operation.
 * @param warmupByCoverage whether the warm-up threshold applies while fewer than half of the recent
 *     operations were traced, not only while the trace cache is empty. On the StarPU cg capture the
 *     first trace cached is a run of synchronisation no-ops, which would otherwise raise the threshold
 *     for the loop: first replay at op 345 instead of 413
 * @param rephaseAtBreaks whether a break (blocking wait, untraceable operation) that cuts an open
 *     match of a trace tiling a loop replaces the trace by its rotation starting at the cut (the old
 *     phase is not promoted again while the rotation is cached), so the loop replays in phase with a
 *     break that recurs; only with {@code prefixTraces} (Legion: no)
 * @param loopsWin whether, in the selection, the longest completed match of a trace that tiles a loop
 *     wins over a shorter best-scoring match it overlaps (Legion: the score alone decides)
 * @param keepReplayed whether a mined candidate whose latest occurrence the stream already replayed in
 *     part, leaving untraced only runs of at least {@code minTraceLength} operations, is replaced by
 *     those runs rather than recorded whole over operations that were being replayed (Legion: no)
 * @param phaseAfterWaits whether a trace that tiles a loop, mined from where the loop began less than a
 *     period after the program's last wait or break, is rotated to start where the program went on
 *     after it, so that waits that recur with the loop fall between its occurrences (Legion: no)
 */
public record ApopheniaConfig(
    int minTraceLength,
    int maxTraceLength,
    int batchSize,
    int multiScaleFactor,
    int visitThreshold,
    int warmupVisitThreshold,
    boolean countHistoryOccurrences,
    boolean reduceToPeriod,
    boolean prefixTraces,
    int maxInFlightJobs,
    int ingestionDelay,
    boolean adaptiveWait,
    Duration jobTimeout,
    int maxCandidates,
    int maxTraces,
    int maxPendingOps,
    int historyBuffers,
    boolean warmupByCoverage,
    boolean rephaseAtBreaks,
    boolean loopsWin,
    boolean keepReplayed,
    boolean phaseAfterWaits) {

  /** The most tokens the finder keeps for its longest windows ({@code historyBuffers * batchSize}). */
  public static final int MAX_HISTORY = 1 << 24;

  /** No maximum trace length. */
  public static final int UNBOUNDED = Integer.MAX_VALUE;

  public ApopheniaConfig {
    Objects.requireNonNull(jobTimeout, "jobTimeout");
    atLeast("minTraceLength", minTraceLength, 1);
    atLeast("maxTraceLength", maxTraceLength, minTraceLength);
    atLeast("batchSize", batchSize, 2 * minTraceLength);
    atLeast("multiScaleFactor", multiScaleFactor, 1);
    if (multiScaleFactor > batchSize) {
      throw new IllegalArgumentException(
          "multiScaleFactor must be at most batchSize " + batchSize + ", got " + multiScaleFactor);
    }
    atLeast("visitThreshold", visitThreshold, 1);
    atLeast("warmupVisitThreshold", warmupVisitThreshold, 1);
    if (warmupVisitThreshold > visitThreshold) {
      throw new IllegalArgumentException("warmupVisitThreshold must be at most visitThreshold "
          + visitThreshold + ", got " + warmupVisitThreshold);
    }
    atLeast("maxInFlightJobs", maxInFlightJobs, 1);
    atLeast("ingestionDelay", ingestionDelay, 1);
    if (jobTimeout.isNegative() || jobTimeout.isZero()) {
      throw new IllegalArgumentException("jobTimeout must be positive, got " + jobTimeout);
    }
    atLeast("maxCandidates", maxCandidates, 1);
    atLeast("maxTraces", maxTraces, 1);
    atLeast("maxPendingOps", maxPendingOps, 1);
    atLeast("historyBuffers", historyBuffers, 1);
    if (Integer.bitCount(historyBuffers) != 1 || (long) historyBuffers * batchSize > MAX_HISTORY) {
      throw new IllegalArgumentException("historyBuffers must be a power of two with historyBuffers * batchSize"
          + " at most " + MAX_HISTORY + ", got " + historyBuffers + " (batchSize " + batchSize + ")");
    }
    if (maxTraceLength != UNBOUNDED && maxPendingOps < maxTraceLength) {
      throw new IllegalArgumentException(
          "maxPendingOps must be at least maxTraceLength " + maxTraceLength + ", got " + maxPendingOps);
    }
  }

  private static void atLeast(String name, long value, long min) {
    if (value < min) {
      throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
    }
  }

  /**
   * Our defaults: respond within a few loop iterations without flooding the trie. The buffer holds
   * 8192 tokens, not Legion's 2000: a blocking wait breaks the stream (a never-repeating token), and
   * only a buffer that holds two stretches between breaks lets the miner see repeats aligned with
   * them. The s3d sample waits every 10 steps of 465 operations; with 2000 tokens its traces stay out
   * of phase with the waits and some operations of every stretch go untraced (steady state never
   * reached in 100 steps), with 8192 every step is replayed from step 20. The ruler schedule starts
   * with small windows, so short loops are found as fast as before.
   *
   * <p>A job is ingested 16 operations after its launch at the earliest (Legion: a fixed delay,
   * 64 here before): a small window that the mining thread has not finished by then is mined by the
   * application thread itself, for a few microseconds, so a short delay costs no wait, and it is
   * what sets the warm-up of loops with few operations per iteration (jacobi, 5 per iteration: 20
   * iterations with 64, 10 with 16; stencil 20 and 9; mlp went from 68 to 96, its warm-up is set by
   * which of its candidates are promoted first, not by the delay alone).
   *
   * <p>The longest window spans 8 buffers (65,536 tokens), so a loop body of up to 32,768 operations
   * is seen twice; it is mined once every 8 buffers, adding 3 tokens mined per operation.
   *
   * <p>A ruler unit of 16, 3 visits and the warm-up threshold keyed to coverage were chosen from the
   * table in BENCHMARKS.md ("Trace quality"): with them every captured StarPU stream there reaches at
   * least 0.90 of the online bound (with 32, 5 and the threshold keyed to an empty cache: cg 0.88,
   * pipeline 0.89, dot_product 0.84), mlp's warm-up falls from 92 iterations to 32, cfd's, swe's and
   * heat's by one to six. Re-phasing at breaks and {@code loopsWin} (on) bring s3d, whose first long
   * trace is out of phase with its blocking check, from 32 to 12 and mlp to 24; the streams stay at
   * 0.90 of the bound or more (BENCHMARKS.md, "Loop phase"). Keeping replayed pieces (mlp: 24 to 10)
   * and phasing a loop's trace after the last wait (s3d: 12 to 8) bring every sample to 10 or less
   * (BENCHMARKS.md, "Warm-up of 10 or less", which has warm-up against every setting).
   */
  public static ApopheniaConfig defaults() {
    return new ApopheniaConfig(5, UNBOUNDED, 8192, 16, 3, 2, true, true, true, 16, 16, false,
        Duration.ofSeconds(30), 4096, 1024, 100_000, 8, true, true, true, true, true);
  }

  /** Legion's current settings (REFERENCES.md): window 1000, buffer 2000, scale 100, min 5, 10 visits. */
  public static ApopheniaConfig legion() {
    return new ApopheniaConfig(5, UNBOUNDED, 2000, 100, 10, 10, false, false, false, 16, 64, false,
        Duration.ofSeconds(30), 4096, 1024, 100_000, 1, false, false, false, false, false);
  }

  /** A builder starting from these settings. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Changes some settings of a configuration; {@link #build()} validates. Not thread-safe. */
  public static final class Builder {
    private int minTraceLength;
    private int maxTraceLength;
    private int batchSize;
    private int multiScaleFactor;
    private int visitThreshold;
    private int warmupVisitThreshold;
    private boolean countHistoryOccurrences;
    private boolean reduceToPeriod;
    private boolean prefixTraces;
    private int maxInFlightJobs;
    private int ingestionDelay;
    private boolean adaptiveWait;
    private Duration jobTimeout;
    private int maxCandidates;
    private int maxTraces;
    private int maxPendingOps;
    private int historyBuffers;
    private boolean warmupByCoverage;
    private boolean rephaseAtBreaks;
    private boolean loopsWin;
    private boolean keepReplayed;
    private boolean phaseAfterWaits;

    private Builder(ApopheniaConfig c) {
      minTraceLength = c.minTraceLength;
      maxTraceLength = c.maxTraceLength;
      batchSize = c.batchSize;
      multiScaleFactor = c.multiScaleFactor;
      visitThreshold = c.visitThreshold;
      warmupVisitThreshold = c.warmupVisitThreshold;
      countHistoryOccurrences = c.countHistoryOccurrences;
      reduceToPeriod = c.reduceToPeriod;
      prefixTraces = c.prefixTraces;
      maxInFlightJobs = c.maxInFlightJobs;
      ingestionDelay = c.ingestionDelay;
      adaptiveWait = c.adaptiveWait;
      jobTimeout = c.jobTimeout;
      maxCandidates = c.maxCandidates;
      maxTraces = c.maxTraces;
      maxPendingOps = c.maxPendingOps;
      historyBuffers = c.historyBuffers;
      warmupByCoverage = c.warmupByCoverage;
      rephaseAtBreaks = c.rephaseAtBreaks;
      loopsWin = c.loopsWin;
      keepReplayed = c.keepReplayed;
      phaseAfterWaits = c.phaseAfterWaits;
    }

    public Builder minTraceLength(int v) { minTraceLength = v; return this; }
    public Builder maxTraceLength(int v) { maxTraceLength = v; return this; }
    public Builder batchSize(int v) { batchSize = v; return this; }
    public Builder multiScaleFactor(int v) { multiScaleFactor = v; return this; }
    public Builder visitThreshold(int v) { visitThreshold = v; return this; }
    public Builder warmupVisitThreshold(int v) { warmupVisitThreshold = v; return this; }
    public Builder countHistoryOccurrences(boolean v) { countHistoryOccurrences = v; return this; }
    public Builder reduceToPeriod(boolean v) { reduceToPeriod = v; return this; }
    public Builder prefixTraces(boolean v) { prefixTraces = v; return this; }
    public Builder maxInFlightJobs(int v) { maxInFlightJobs = v; return this; }
    public Builder ingestionDelay(int v) { ingestionDelay = v; return this; }
    public Builder adaptiveWait(boolean v) { adaptiveWait = v; return this; }
    public Builder jobTimeout(Duration v) { jobTimeout = v; return this; }
    public Builder maxCandidates(int v) { maxCandidates = v; return this; }
    public Builder maxTraces(int v) { maxTraces = v; return this; }
    public Builder maxPendingOps(int v) { maxPendingOps = v; return this; }
    public Builder historyBuffers(int v) { historyBuffers = v; return this; }
    public Builder warmupByCoverage(boolean v) { warmupByCoverage = v; return this; }
    public Builder rephaseAtBreaks(boolean v) { rephaseAtBreaks = v; return this; }
    public Builder loopsWin(boolean v) { loopsWin = v; return this; }
    public Builder keepReplayed(boolean v) { keepReplayed = v; return this; }
    public Builder phaseAfterWaits(boolean v) { phaseAfterWaits = v; return this; }

    public ApopheniaConfig build() {
      return new ApopheniaConfig(minTraceLength, maxTraceLength, batchSize, multiScaleFactor,
          visitThreshold, warmupVisitThreshold, countHistoryOccurrences, reduceToPeriod,
          prefixTraces, maxInFlightJobs, ingestionDelay, adaptiveWait, jobTimeout, maxCandidates, maxTraces,
          maxPendingOps, historyBuffers, warmupByCoverage, rephaseAtBreaks,
          loopsWin, keepReplayed, phaseAfterWaits);
    }
  }
}
