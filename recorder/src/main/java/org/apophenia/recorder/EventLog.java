package org.apophenia.recorder;

import java.util.List;

/**
 * What a stopped {@link EventRecorder} holds: every thread's events in time order, and per thread
 * what was recorded, written and dropped. Immutable once made.
 *
 * @param settings how it was recorded
 * @param startNanos {@link System#nanoTime()} when the recorder started: time 0 of the output
 * @param stopNanos when it stopped
 * @param threads one entry per thread that recorded, by track
 * @param stats the same threads' counts, by track
 * @param writerCpuNanos CPU time of the background writer (-1 where the JVM cannot measure it): what
 *     recording cost beyond the recording threads' own time
 */
public record EventLog(RecorderSettings settings, long startNanos, long stopNanos, List<ThreadEvents> threads,
    List<ThreadStats> stats, long writerCpuNanos) {
  public EventLog {
    threads = List.copyOf(threads);
    stats = List.copyOf(stats);
  }

  public long recorded() {
    return stats.stream().mapToLong(ThreadStats::recorded).sum();
  }

  public long written() {
    return stats.stream().mapToLong(ThreadStats::written).sum();
  }

  public long dropped() {
    return stats.stream().mapToLong(ThreadStats::dropped).sum();
  }

  public long late() {
    return stats.stream().mapToLong(ThreadStats::late).sum();
  }

  public long grown() {
    return stats.stream().mapToLong(ThreadStats::grown).sum();
  }

  public long blockedNanos() {
    return stats.stream().mapToLong(ThreadStats::blockedNanos).sum();
  }

  /** One line on what was recorded and what, if anything, was lost or cost the program time. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    b.append(written()).append(" events from ").append(threads.size()).append(" threads written");
    b.append(" (").append(settings.overflow().key()).append(" policy, ").append(settings.ringCapacity())
        .append("-event buffers)");
    if (dropped() > 0) {
      b.append("; ").append(dropped()).append(" DROPPED (oldest first)");
    } else {
      b.append("; none dropped");
    }
    if (grown() > 0) {
      b.append("; buffers grew ").append(grown()).append(" times");
    }
    if (blockedNanos() > 0) {
      b.append(String.format(java.util.Locale.ROOT, "; threads blocked %.3f ms waiting for room", blockedNanos() / 1e6));
    }
    if (late() > 0) {
      b.append("; ").append(late()).append(" recorded after the recorder stopped, not written");
    }
    return b.toString();
  }
}
