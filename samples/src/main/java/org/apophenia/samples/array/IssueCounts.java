package org.apophenia.samples.array;

/**
 * What an {@link ArrayContext} issued and how its trace markers divide it, counted the same way in
 * every mode, with or without a trace engine: the application's view. What an engine did with the
 * traces (replays, recordings, mismatches) is {@code org.apophenia.replay.stats.TracingStatistics}.
 *
 * @param opsIssued operations the program issued
 * @param ops operations the runtime received (equal to {@code opsIssued} once the context is closed)
 * @param tracedOps operations received inside trace markers
 * @param replayedOps those inside markers of an id issued before
 * @param tracesRecorded distinct trace ids issued
 * @param replays trace occurrences issued under an id issued before
 * @param frontDoorNanos real time inside the runtime's front door: dependence analysis, or replay
 * @param apopheniaNanos real time inside Apophenia itself (hashing, matching, waiting for mining), 0 outside {@code auto}
 * @param longestTrace operations in the longest trace occurrence
 * @param regions logical regions created for arrays
 * @param reuses allocations served by the region pool
 * @param tracesNeverReplayed trace ids recorded and never replayed by the engine (0 without one)
 */
public record IssueCounts(long opsIssued, long ops, long tracedOps, long replayedOps, long tracesRecorded,
    long replays, long frontDoorNanos, long apopheniaNanos, long longestTrace, int regions, long reuses,
    long tracesNeverReplayed) {

  /** {@code tracedOps / ops}, 0 without operations. */
  public double coverage() {
    return ops == 0 ? 0 : (double) tracedOps / ops;
  }
}
