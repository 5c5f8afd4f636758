package org.apophenia.legion.cost;

import java.util.Locale;

/**
 * How much simulated time the runtime's own work on an operation costs on the UTILITY processors
 * (ARCHITECTURE.md, "two kinds of time"). {@code legion}: {@link LegionCosts}, costs that follow the work
 * the front door does (requirements, region-tree nodes, fields, points, replays, messages), calibrated on
 * the papers; {@code fixed}: the same cost for every analysed point task on its node's first utility
 * processor; {@code measured}: the real nanoseconds the analysis took on this JVM times a scale;
 * {@code none}: free (analysis is not simulated). Immutable values.
 *
 * <p>Under {@link Fixed} and {@link Measured} a task's analysis is charged to the first UTILITY
 * processor of the node its mapped processor belongs to; fills and copies to node 0's; replays cost
 * nothing unless the trace engine adds a cost of its own.
 */
public sealed interface CostModel permits CostModel.Fixed, CostModel.Measured, LegionCosts {
  /** Simulated nanoseconds for an analysis that took {@code realNanos} here (0 under {@link LegionCosts}). */
  long simulatedNanos(long realNanos);

  /** The model's name and parameters, for every output that shows a simulated time. */
  String describe();

  static CostModel none() {
    return new Fixed(0);
  }

  /** The mechanistic model with its documented defaults ({@link LegionCosts#defaults()}). */
  static CostModel legion() {
    return LegionCosts.defaults();
  }

  /** {@code nanos} per analysed point task, whatever it is. */
  static CostModel fixed(long nanos) {
    return new Fixed(nanos);
  }

  static CostModel measured(double scale) {
    return new Measured(scale);
  }

  /** A fixed cost per analysed operation. */
  record Fixed(long nanos) implements CostModel {
    @Override
    public long simulatedNanos(long realNanos) {
      return nanos;
    }

    @Override
    public String describe() {
      return nanos == 0 ? "none (the runtime's work is free)"
          : String.format(Locale.ROOT, "fixed (%.0f us per analysed point task, on its node's first utility "
              + "processor; replay free)", nanos / 1e3);
    }
  }

  /** Real time scaled. */
  record Measured(double scale) implements CostModel {
    @Override
    public long simulatedNanos(long realNanos) {
      return Math.round(realNanos * scale);
    }

    @Override
    public String describe() {
      return String.format(Locale.ROOT, "measured (real analysis time on this JVM x %s, on the node's first "
          + "utility processor; replay free)", scale);
    }
  }
}
