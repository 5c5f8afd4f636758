package org.apophenia.replay;

import org.apophenia.legion.PendingOp;

/**
 * Counters of a {@link DynamicTracing} engine, a snapshot. Immutable.
 *
 * @param recordings recordings made
 * @param replays replays (fenced + elided)
 * @param elidedReplays replays that used fence-elided commands
 * @param preconditionChecksSkipped back-to-back idempotent replays that skipped the check
 * @param postconditionsSkipped postconditions never applied: a back-to-back replay of the same
 *     recording superseded them before anything read the physical state (§IV-E)
 * @param mismatches traces whose operations matched no recording of the id (re-recorded or thrown)
 * @param preconditionFailures traces that matched but no precondition held (re-recorded)
 * @param unreplayable trace instances analysed because their recording cannot be replayed
 * @param replayedOps operations issued by replays
 * @param analysedOps operations of traces analysed (recordings)
 * @param replayNanos real time spent replaying
 * @param cachedRecordings recordings in the cache now
 * @param cacheHits recording look-ups that found a recording
 * @param cacheMisses look-ups of recordings that had been evicted
 * @param evictions recordings evicted from the cache
 * @param reducingReplays replays of recordings with REDUCE requirements (included in {@code replays})
 * @param optimisationWaits replays that waited for their recording's background optimisation
 * @param optimisationWaitNanos real time those replays waited (included in {@code replayNanos})
 * @param replayedTasks of {@code replayedOps}, tasks (single launches and index-launch points)
 * @param replayedFills of {@code replayedOps}, fills
 * @param replayedCopies of {@code replayedOps}, copies
 * @param replayedReductionCopies of {@code replayedOps}, reduction copies
 * @param replayedFences of {@code replayedOps}, execution fences
 */
public record TracingStatistics(long recordings, long replays, long elidedReplays, long preconditionChecksSkipped,
    long postconditionsSkipped, long mismatches, long preconditionFailures, long unreplayable, long replayedOps,
    long analysedOps, long replayNanos, long cachedRecordings, long cacheHits, long cacheMisses, long evictions,
    long reducingReplays, long optimisationWaits, long optimisationWaitNanos, long replayedTasks, long replayedFills,
    long replayedCopies, long replayedReductionCopies, long replayedFences) {

  /** Of {@code replayedOps}, those of {@code kind}. */
  public long replayed(PendingOp.Kind kind) {
    return switch (kind) {
      case TASK -> replayedTasks;
      case FILL -> replayedFills;
      case COPY -> replayedCopies;
      case REDUCTION_COPY -> replayedReductionCopies;
      case FENCE -> replayedFences;
    };
  }
}
