package org.apophenia.sim.machine;

/**
 * The three kinds of processor of the Legion machine model (thesis §8.1.1): latency-optimised cores,
 * throughput-optimised accelerators, and utility cores reserved for the runtime's own meta-work.
 */
public enum ProcessorKind {
  /** A latency-optimised CPU core that runs application tasks. */
  CPU,
  /** A throughput-optimised GPU that runs application tasks. */
  GPU,
  /** A CPU core reserved for runtime work (dependence analysis, mapping, trace replay). */
  UTILITY
}
