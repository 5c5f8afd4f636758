package org.apophenia.samples.adapter;

import org.apophenia.autotrace.accounting.Bucket;

/**
 * What a program issued through a {@link RuntimeAdapter} and how trace markers divide it, a snapshot
 * taken by {@link RuntimeAdapter#stats()} and read by name. Counted the same way in every mode, with or
 * without a trace engine: the application's view. What the engine did with the traces (replays,
 * recordings, mismatches) is {@code org.apophenia.replay.stats.TracingStatistics}; what Apophenia did
 * (mining, candidates, promotions) is {@code org.apophenia.autotrace.InterceptorStats}. Immutable.
 *
 * <p>Each counter is kept by the part of the adapter that does the counted work: {@code opsIssued} by
 * its entry point, the operations, traces and replays by its {@link RuntimeSink} (what the runtime
 * received), the real times by its time account.
 */
public final class IssueCounts {
  private final long opsIssued;
  private final long ops;
  private final long tracedOps;
  private final long replayedOps;
  private final long tracesRecorded;
  private final long replays;
  private final long tracesNeverReplayed;
  private final long longestTrace;
  private final long frontDoorNanos;
  private final long apopheniaNanos;

  /**
   * The counters as of now: {@code opsIssued} from the adapter's entry point, the rest from its
   * {@code sink} and from {@code buckets}, a snapshot of its time account (indexed by bucket ordinal).
   */
  IssueCounts(long opsIssued, RuntimeSink sink, long[] buckets) {
    this.opsIssued = opsIssued;
    this.ops = sink.ops;
    this.tracedOps = sink.tracedOps;
    this.replayedOps = sink.replayedOps;
    this.tracesRecorded = sink.tracesRecorded();
    this.replays = sink.replays;
    this.tracesNeverReplayed = sink.tracesNeverReplayed();
    this.longestTrace = sink.longestTrace;
    this.frontDoorNanos = Bucket.frontDoor(buckets);
    this.apopheniaNanos = Bucket.apophenia(buckets);
  }

  /** Operations the program issued. */
  public long opsIssued() {
    return opsIssued;
  }

  /**
   * Operations the runtime received: fewer than {@link #opsIssued()} while Apophenia holds some back,
   * equal once the adapter is closed.
   */
  public long ops() {
    return ops;
  }

  /** Operations the runtime received inside trace markers. */
  public long tracedOps() {
    return tracedOps;
  }

  /** Of {@link #tracedOps()}, those inside an occurrence the trace engine replayed. */
  public long replayedOps() {
    return replayedOps;
  }

  /** Distinct trace ids issued. */
  public long tracesRecorded() {
    return tracesRecorded;
  }

  /** Trace occurrences the trace engine replayed. */
  public long replays() {
    return replays;
  }

  /** Trace ids recorded and never replayed by the engine (a recording that bought nothing); 0 without an engine. */
  public long tracesNeverReplayed() {
    return tracesNeverReplayed;
  }

  /** Operations in the longest trace occurrence, 0 before any. */
  public long longestTrace() {
    return longestTrace;
  }

  /** Real time inside the runtime's front door: dependence analysis, recording and replay. */
  public long frontDoorNanos() {
    return frontDoorNanos;
  }

  /** Real time inside Apophenia itself (hashing, matching, waiting for mining); 0 outside {@code auto}. */
  public long apopheniaNanos() {
    return apopheniaNanos;
  }

  /** {@code tracedOps / ops}, 0 without operations. */
  public double coverage() {
    return ops == 0 ? 0 : (double) tracedOps / ops;
  }

  @Override
  public String toString() {
    return "IssueCounts[opsIssued=" + opsIssued + ", ops=" + ops + ", tracedOps=" + tracedOps + ", replayedOps="
        + replayedOps + ", tracesRecorded=" + tracesRecorded + ", replays=" + replays + ", tracesNeverReplayed="
        + tracesNeverReplayed + ", longestTrace=" + longestTrace + ", frontDoorNanos=" + frontDoorNanos
        + ", apopheniaNanos=" + apopheniaNanos + "]";
  }
}
