package org.apophenia.autotrace;

/**
 * A snapshot of an interceptor's counters.
 *
 * @param ops operations received (all kinds)
 * @param untraceableOps untraceable operations (each flushed the pending queue)
 * @param tracedOps traceable operations issued inside trace markers
 * @param replayedOps traced operations inside markers of an id issued before
 * @param tracesRecorded distinct trace ids issued
 * @param replays trace occurrences issued under an id issued before
 * @param jobsLaunched mining jobs launched
 * @param jobsSkipped ruler windows skipped because {@code maxInFlightJobs} were in flight
 * @param jobsIngested jobs whose results were ingested
 * @param jobsFailed jobs that threw or timed out (their results dropped)
 * @param waits jobs the application thread waited for at their ingestion point
 * @param waitInterval the current ingestion interval, in operations
 * @param candidates candidates in the watcher trie
 * @param traces traces in the trace cache
 * @param promotions candidates promoted to traces
 * @param rejectedPromotions promotions rejected by the no-prefix invariant, or because the candidate
 *     is a loop's phase rotated away at a break
 * @param pendingOps operations currently buffered
 * @param jobsBackedOff ruler windows not mined because the stream was covered by known traces
 * @param miningCpuNanos CPU time the mining thread spent in jobs that finished (measured there)
 * @param tokensMined tokens in the windows of those jobs
 * @param jobsMinedInline small jobs the application thread mined itself at their ingestion point
 *     because the mining thread had not started them (instead of waiting)
 * @param losingTracesEvicted traces evicted because they were never issued and kept losing the
 *     selection to matches at other positions (never recorded: they cost matching, not recordings)
 * @param tracesNeverReplayed trace ids issued exactly once: recorded by the runtime and not replayed
 *     (so far), the recordings that bought nothing
 * @param windowsWithoutRepeats ruler windows not mined because no string of the minimum trace length
 *     occurred twice in them (so FindRepeats would have found nothing); ingested, empty, like the others
 */
public record InterceptorStats(
    long ops,
    long untraceableOps,
    long tracedOps,
    long replayedOps,
    long tracesRecorded,
    long replays,
    long jobsLaunched,
    long jobsSkipped,
    long jobsIngested,
    long jobsFailed,
    long waits,
    long waitInterval,
    int candidates,
    int traces,
    long promotions,
    long rejectedPromotions,
    int pendingOps,
    long jobsBackedOff,
    long miningCpuNanos,
    long tokensMined,
    long jobsMinedInline,
    long losingTracesEvicted,
    long tracesNeverReplayed,
    long windowsWithoutRepeats) {

  /** {@code tracedOps / ops}, 0 when no operations. */
  public double coverage() {
    return ops == 0 ? 0 : (double) tracedOps / ops;
  }
}
