package org.apophenia.legion;

/**
 * How much simulated time the runtime's own analysis of an operation costs on a UTILITY processor
 * (ARCHITECTURE.md, "two kinds of time"). {@code measured}: the real nanoseconds the analysis took on
 * this JVM times a scale; {@code legion}: a fixed cost per operation, about 1 ms as the papers report
 * for Legion; {@code none}: free (analysis is not simulated). Immutable values.
 *
 * <p>A task's analysis is charged to the first UTILITY processor of the node its mapped processor
 * belongs to (sharded, as under Legion's control replication); fills and copies to node 0's.
 */
public sealed interface AnalysisCostModel {
  /** Simulated nanoseconds for an analysis that took {@code realNanos} here. */
  long simulatedNanos(long realNanos);

  static AnalysisCostModel none() {
    return new Fixed(0);
  }

  static AnalysisCostModel legion() {
    return new Fixed(1_000_000);
  }

  static AnalysisCostModel measured(double scale) {
    return new Measured(scale);
  }

  /** A fixed cost per analysed operation. */
  record Fixed(long nanos) implements AnalysisCostModel {
    @Override
    public long simulatedNanos(long realNanos) {
      return nanos;
    }
  }

  /** Real time scaled. */
  record Measured(double scale) implements AnalysisCostModel {
    @Override
    public long simulatedNanos(long realNanos) {
      return Math.round(realNanos * scale);
    }
  }
}
