package org.apophenia.sim.timeline;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.sim.SimulationListener;
import org.apophenia.sim.Span;
import org.apophenia.sim.machine.Machine;

/**
 * A {@link SimulationListener} that keeps a bounded timeline: only spans that start inside a time window,
 * and at most {@code maxSpans} of them, so that a million-operation run does not write gigabytes.
 *
 * <p>Sampling is deterministic decimation: while under the bound every span is kept; when the buffer
 * fills, every other kept span is dropped and from then on only every {@code stride}-th span (stride
 * doubled) is taken. The result is an evenly spaced sample of 1 in 2^k spans, the same for the same
 * simulation, using O(maxSpans) memory. {@link Timeline#omissions()} says what was left out.
 * Not thread-safe (listeners run on the simulating thread).
 */
public final class TimelineLog implements SimulationListener {
  /** The default bound: 200,000 spans, a Chrome trace of roughly 30 MB. */
  public static final int DEFAULT_MAX_SPANS = 200_000;

  private final Machine machine;
  private final int maxSpans;
  private final long windowStart;
  private final long windowEnd;
  private final List<Span> kept = new ArrayList<>();
  private long seen;
  private long outside;
  private long inWindow;
  private long stride = 1;

  private TimelineLog(Machine machine, int maxSpans, long windowStart, long windowEnd) {
    if (maxSpans < 2) {
      throw new IllegalArgumentException("keep at least 2 spans, got " + maxSpans);
    }
    if (windowStart < 0 || windowEnd <= windowStart) {
      throw new IllegalArgumentException("bad window [" + windowStart + ", " + windowEnd + ")");
    }
    this.machine = machine;
    this.maxSpans = maxSpans;
    this.windowStart = windowStart;
    this.windowEnd = windowEnd;
  }

  /** Keeps every span. */
  public static TimelineLog unbounded(Machine machine) {
    return new TimelineLog(machine, Integer.MAX_VALUE, 0, Long.MAX_VALUE);
  }

  /** Keeps at most {@code maxSpans} spans (sampled if there are more). */
  public static TimelineLog bounded(Machine machine, int maxSpans) {
    return new TimelineLog(machine, maxSpans, 0, Long.MAX_VALUE);
  }

  /** Keeps at most {@code maxSpans} spans among those starting in {@code [start, end)} nanoseconds. */
  public static TimelineLog window(Machine machine, long start, long end, int maxSpans) {
    return new TimelineLog(machine, maxSpans, start, end);
  }

  @Override
  public void onSpan(Span span) {
    seen++;
    if (span.start() < windowStart || span.start() >= windowEnd) {
      outside++;
      return;
    }
    if (inWindow++ % stride != 0) {
      return;
    }
    if (kept.size() == maxSpans) {
      int w = 0;
      for (int i = 0; i < kept.size(); i += 2) {
        kept.set(w++, kept.get(i));
      }
      kept.subList(w, kept.size()).clear();
      stride *= 2;
      if ((inWindow - 1) % stride != 0) {
        return;
      }
    }
    kept.add(span);
  }

  /** The timeline so far. O(kept). */
  public Timeline timeline() {
    return new Timeline(machine, kept, seen, outside, stride, windowStart, windowEnd);
  }
}
