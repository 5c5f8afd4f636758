package org.apophenia.replay;

import com.github.benmanes.caffeine.cache.stats.CacheStats;
import org.apophenia.legion.tracing.OpKind;

/**
 * The counters a {@link DynamicTracing} engine bumps as it goes, by name; {@link TracingStatistics}
 * is a snapshot of them. Not thread-safe: the engine's, on the application thread.
 */
final class TracingCounters {
  long recordings;
  long replays;
  long elidedReplays;
  long preconditionChecksSkipped;
  long postconditionsSkipped;
  long mismatches;
  long preconditionFailures;
  long unreplayable;
  long replayedOps;
  /** Of {@link #replayedOps}, per {@link OpKind}, by ordinal. */
  final long[] replayedByKind = new long[OpKind.COUNT];
  long analysedOps;
  long replayNanos;
  long reducingReplays;
  long optimisationWaits;
  long optimisationWaitNanos;

  /** The counters now, with the recording cache's size and counters. */
  TracingStatistics snapshot(long cachedRecordings, CacheStats cache) {
    return new TracingStatistics(this, cachedRecordings, cache);
  }
}
