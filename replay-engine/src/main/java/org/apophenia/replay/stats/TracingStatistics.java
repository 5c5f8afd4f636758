package org.apophenia.replay.stats;

import com.github.benmanes.caffeine.cache.stats.CacheStats;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.apophenia.legion.tracing.OpKind;

/**
 * What a trace engine ({@code DynamicTracing}) did, a snapshot of its {@link TracingCounters} taken by
 * its {@code stats()}: each counter read by its name, and the replayed operations by {@link OpKind}.
 * Immutable.
 */
public final class TracingStatistics {
  private final long recordings;
  private final long replays;
  private final long elidedReplays;
  private final long preconditionChecksSkipped;
  private final long postconditionsSkipped;
  private final long mismatches;
  private final long preconditionFailures;
  private final long unreplayable;
  private final long replayedOps;
  private final long[] replayedByKind;
  private final long analysedOps;
  private final long replayNanos;
  private final long reducingReplays;
  private final long optimisationWaits;
  private final long optimisationWaitNanos;
  private final long cachedRecordings;
  private final long cacheHits;
  private final long cacheMisses;
  private final long evictions;
  private final StealReplays stealReplays;

  /** A snapshot of the engine's {@code counters}, and of its recording cache's size and {@code cache} counters. */
  TracingStatistics(TracingCounters counters, long cachedRecordings, CacheStats cache) {
    this.recordings = counters.recordings();
    this.replays = counters.replays();
    this.elidedReplays = counters.elidedReplays();
    this.preconditionChecksSkipped = counters.preconditionChecksSkipped();
    this.postconditionsSkipped = counters.postconditionsSkipped();
    this.mismatches = counters.mismatches();
    this.preconditionFailures = counters.preconditionFailures();
    this.unreplayable = counters.unreplayable();
    this.replayedOps = counters.replayedOps();
    this.replayedByKind = counters.replayedByKind();
    this.analysedOps = counters.analysedOps();
    this.replayNanos = counters.replayNanos();
    this.reducingReplays = counters.reducingReplays();
    this.optimisationWaits = counters.optimisationWaits();
    this.optimisationWaitNanos = counters.optimisationWaitNanos();
    this.cachedRecordings = cachedRecordings;
    this.cacheHits = cache.hitCount();
    this.cacheMisses = cache.missCount();
    this.evictions = cache.evictionCount();
    this.stealReplays = counters.stealReplays();
  }

  /** What the engine did with recorded steal logs (work stealing with steal replay; else zeros). */
  public StealReplays stealReplays() {
    return stealReplays;
  }

  /** Recordings made (and kept: an unreplayable one identical to a cached one is not counted). */
  public long recordings() {
    return recordings;
  }

  /** Replays, fenced and fence-elided. */
  public long replays() {
    return replays;
  }

  /** Replays that used fence-elided commands (§IV-F). */
  public long elidedReplays() {
    return elidedReplays;
  }

  /** Back-to-back replays of an idempotent recording that skipped the precondition check (§IV-E). */
  public long preconditionChecksSkipped() {
    return preconditionChecksSkipped;
  }

  /**
   * Postconditions never applied: a back-to-back replay of the same recording superseded them before
   * anything read the physical state (§IV-E).
   */
  public long postconditionsSkipped() {
    return postconditionsSkipped;
  }

  /** Traces whose operations matched no recording of the id (re-recorded, or thrown under STRICT). */
  public long mismatches() {
    return mismatches;
  }

  /** Traces that matched a recording whose precondition did not hold (re-recorded). */
  public long preconditionFailures() {
    return preconditionFailures;
  }

  /** Trace instances analysed because their recording cannot be replayed. */
  public long unreplayable() {
    return unreplayable;
  }

  /** Operations issued by replays, of every kind. */
  public long replayedOps() {
    return replayedOps;
  }

  /** Of {@link #replayedOps()}, those of {@code kind}. */
  public long replayed(OpKind kind) {
    return replayedByKind[kind.ordinal()];
  }

  /** {@link #replayed(OpKind)} of every kind, in kind order. */
  public Map<OpKind, Long> replayedByKind() {
    EnumMap<OpKind, Long> m = new EnumMap<>(OpKind.class);
    for (OpKind k : OpKind.values()) {
      m.put(k, replayedByKind[k.ordinal()]);
    }
    return Collections.unmodifiableMap(m);
  }

  /** Operations of traces that were analysed (recordings). */
  public long analysedOps() {
    return analysedOps;
  }

  /** Real nanoseconds spent replaying. */
  public long replayNanos() {
    return replayNanos;
  }

  /** Replays of recordings with REDUCE requirements (included in {@link #replays()}). */
  public long reducingReplays() {
    return reducingReplays;
  }

  /** Replays that waited for their recording's background optimisation. */
  public long optimisationWaits() {
    return optimisationWaits;
  }

  /** Real nanoseconds those replays waited (included in {@link #replayNanos()}). */
  public long optimisationWaitNanos() {
    return optimisationWaitNanos;
  }

  /** Recordings in the cache when the snapshot was taken. */
  public long cachedRecordings() {
    return cachedRecordings;
  }

  /** Recording look-ups that found a recording. */
  public long cacheHits() {
    return cacheHits;
  }

  /** Look-ups of recordings that had been evicted. */
  public long cacheMisses() {
    return cacheMisses;
  }

  /** Recordings evicted from the cache. */
  public long evictions() {
    return evictions;
  }

  @Override
  public String toString() {
    return "TracingStatistics[recordings=" + recordings + ", replays=" + replays + ", elidedReplays=" + elidedReplays
        + ", preconditionChecksSkipped=" + preconditionChecksSkipped + ", postconditionsSkipped="
        + postconditionsSkipped + ", mismatches=" + mismatches + ", preconditionFailures=" + preconditionFailures
        + ", unreplayable=" + unreplayable + ", replayedOps=" + replayedOps + " " + replayedByKind()
        + ", analysedOps=" + analysedOps + ", replayNanos=" + replayNanos + ", reducingReplays=" + reducingReplays
        + ", optimisationWaits=" + optimisationWaits + ", optimisationWaitNanos=" + optimisationWaitNanos
        + ", cachedRecordings=" + cachedRecordings + ", cacheHits=" + cacheHits + ", cacheMisses=" + cacheMisses
        + ", evictions=" + evictions + "]";
  }
}
