package org.apophenia.replay.stats;

import com.github.benmanes.caffeine.cache.stats.CacheStats;
import java.util.List;
import org.apophenia.legion.tracing.PendingOp;

/**
 * The counters a trace engine records as it goes, one method per event it counts (as Caffeine's
 * {@code StatsCounter}); {@link TracingStatistics} is a snapshot of them, read by name. Not
 * thread-safe: the engine's, on the application thread.
 */
public final class TracingCounters {
  private long recordings;
  private long replays;
  private long elidedReplays;
  private long preconditionChecksSkipped;
  private long postconditionsSkipped;
  private long mismatches;
  private long preconditionFailures;
  private long unreplayable;
  private long replayedOps;
  /** Of {@link #replayedOps}, per {@code OpKind}, by ordinal. */
  private final long[] replayedByKind = new long[org.apophenia.legion.tracing.OpKind.COUNT];
  private long analysedOps;
  private long replayNanos;
  private long reducingReplays;
  private long optimisationWaits;
  private long optimisationWaitNanos;
  private long stealLogReplays;
  private long replayedSteals;
  private long stealLogsDeferred;
  private long stealLogsOtherMachine;
  private long stealLogsMismatched;

  /** A replay enforced its recording's steal log, which holds {@code steals} steals. */
  public void recordStealLogReplay(int steals) {
    stealLogReplays++;
    replayedSteals += steals;
  }

  /**
   * A replay followed its recording's placements before every task of the recording had run (the log
   * was not known yet): each task's placement is read when it is ready.
   */
  public void recordStealLogDeferred() {
    stealLogsDeferred++;
  }

  /** A replay stole live: its recording's steal log was made on a machine of another processor count. */
  public void recordStealLogOtherMachine() {
    stealLogsOtherMachine++;
  }

  /** A replay stole live: a task's home differs from the one its recording's steal log names. */
  public void recordStealLogMismatch() {
    stealLogsMismatched++;
  }

  /** The steal-log counters, as a snapshot. */
  StealReplays stealReplays() {
    return new StealReplays(stealLogReplays, replayedSteals, stealLogsDeferred, stealLogsOtherMachine,
        stealLogsMismatched);
  }

  /** A recording was made of {@code ops} analysed operations; {@code kept} if it went into the cache. */
  public void recordRecording(int ops, boolean kept) {
    analysedOps += ops;
    if (kept) {
      recordings++;
    }
  }

  /**
   * A replay of {@code ops} took {@code nanos} of real time; {@code reduces} if its recording has
   * REDUCE requirements.
   */
  public void recordReplay(List<PendingOp> ops, boolean reduces, long nanos) {
    replays++;
    if (reduces) {
      reducingReplays++;
    }
    replayedOps += ops.size();
    for (int i = 0, n = ops.size(); i < n; i++) { // indexed: no iterator per replay
      replayedByKind[ops.get(i).kind().ordinal()]++;
    }
    replayNanos += nanos;
  }

  /** A back-to-back replay skipped the precondition check; {@code elided} if it used fence-elided commands. */
  public void recordBackToBack(boolean elided) {
    preconditionChecksSkipped++;
    if (elided) {
      elidedReplays++;
    }
  }

  /** A replay superseded the previous one's postcondition before it was applied. */
  public void recordPostconditionSkipped() {
    postconditionsSkipped++;
  }

  /** A trace's operations matched no recording of its id. */
  public void recordMismatch() {
    mismatches++;
  }

  /** A trace matched recordings none of whose preconditions held. */
  public void recordPreconditionFailure() {
    preconditionFailures++;
  }

  /** A trace instance was analysed because its recordings cannot be replayed. */
  public void recordUnreplayable() {
    unreplayable++;
  }

  /** A replay waited {@code nanos} for its recording's background optimisation. */
  public void recordOptimisationWait(long nanos) {
    optimisationWaits++;
    optimisationWaitNanos += nanos;
  }

  /** Replays so far, without a snapshot. O(1). */
  public long replays() {
    return replays;
  }

  /** The counters now, with the recording cache's size and its own counters. */
  public TracingStatistics snapshot(long cachedRecordings, CacheStats cache) {
    return new TracingStatistics(this, cachedRecordings, cache);
  }

  // read by the snapshot
  long recordings() {
    return recordings;
  }

  long elidedReplays() {
    return elidedReplays;
  }

  long preconditionChecksSkipped() {
    return preconditionChecksSkipped;
  }

  long postconditionsSkipped() {
    return postconditionsSkipped;
  }

  long mismatches() {
    return mismatches;
  }

  long preconditionFailures() {
    return preconditionFailures;
  }

  long unreplayable() {
    return unreplayable;
  }

  long replayedOps() {
    return replayedOps;
  }

  long[] replayedByKind() {
    return replayedByKind.clone();
  }

  long analysedOps() {
    return analysedOps;
  }

  long replayNanos() {
    return replayNanos;
  }

  long reducingReplays() {
    return reducingReplays;
  }

  long optimisationWaits() {
    return optimisationWaits;
  }

  long optimisationWaitNanos() {
    return optimisationWaitNanos;
  }
}
