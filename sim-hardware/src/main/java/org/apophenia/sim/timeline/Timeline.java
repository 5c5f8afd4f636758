package org.apophenia.sim.timeline;

import java.util.List;
import java.util.Objects;
import org.apophenia.sim.Span;
import org.apophenia.sim.machine.Machine;

/**
 * The spans of one simulation that a {@link TimelineLog} kept, ordered by start time (ties in the
 * order they started), and an account of what it left out. Immutable value; thread-safe.
 *
 * @param machine the simulated machine
 * @param spans kept spans
 * @param seen spans the recorder saw
 * @param outsideWindow of those, how many fell outside the time window
 * @param stride 1 if every in-window span was kept, else 1 in {@code stride} was (deterministic sampling)
 * @param windowStart window start, nanoseconds (inclusive)
 * @param windowEnd window end, nanoseconds (exclusive; Long.MAX_VALUE for none)
 */
public record Timeline(Machine machine, List<Span> spans, long seen, long outsideWindow, long stride,
    long windowStart, long windowEnd) {
  public Timeline {
    Objects.requireNonNull(machine, "machine");
    spans = List.copyOf(spans);
  }

  /** Whether every span the simulation produced is here. */
  public boolean isComplete() {
    return spans.size() == seen;
  }

  /** One sentence saying what was left out, e.g. for a trace's metadata; says so when nothing was. */
  public String omissions() {
    if (isComplete()) {
      return "complete: all " + seen + " spans";
    }
    StringBuilder b = new StringBuilder("kept " + spans.size() + " of " + seen + " spans");
    if (outsideWindow > 0) {
      b.append("; ").append(outsideWindow).append(" outside the window [").append(windowStart).append(" ns, ")
          .append(windowEnd == Long.MAX_VALUE ? "end" : windowEnd + " ns").append(')');
    }
    if (stride > 1) {
      b.append("; 1 in ").append(stride).append(" of the spans inside the window sampled");
    }
    return b.toString();
  }
}
