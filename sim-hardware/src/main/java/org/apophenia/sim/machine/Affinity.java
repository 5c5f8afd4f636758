package org.apophenia.sim.machine;

/**
 * Processor–memory affinity (thesis §8.1.1): the processor can load and store the memory directly, at
 * this bandwidth and latency. A task's bytes touched are charged at the best bandwidth among its
 * processor's affinities.
 *
 * @param processor index of the processor
 * @param memory index of the memory
 * @param bytesPerSecond sustained bandwidth, positive
 * @param latencyNanos access latency, non-negative
 */
public record Affinity(int processor, int memory, double bytesPerSecond, long latencyNanos) {
  public Affinity {
    if (!(bytesPerSecond > 0) || Double.isInfinite(bytesPerSecond)) {
      throw new IllegalArgumentException("affinity bandwidth must be positive, got " + bytesPerSecond);
    }
    if (latencyNanos < 0) {
      throw new IllegalArgumentException("affinity latency must be non-negative, got " + latencyNanos);
    }
  }
}
