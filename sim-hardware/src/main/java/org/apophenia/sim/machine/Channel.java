package org.apophenia.sim.machine;

import java.util.Objects;

/**
 * A directed memory-to-memory data path (memory–memory affinity, thesis §8.1.1): moving {@code b}
 * bytes over it takes {@code latency + b / bandwidth} and occupies it for that long. A full-duplex
 * link is two channels, one per direction. {@code from == to} is a local channel used for fills and
 * copies inside one memory.
 *
 * @param id dense index in {@link Machine#channels()}
 * @param name unique name within the machine
 * @param from index of the source memory
 * @param to index of the destination memory
 * @param node node of the source memory
 * @param kind what the link physically is
 * @param bytesPerSecond bandwidth, positive
 * @param latencyNanos fixed cost per transfer, non-negative
 */
public record Channel(int id, String name, int from, int to, int node, ChannelKind kind,
    double bytesPerSecond, long latencyNanos) implements Resource {
  public Channel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    if (!(bytesPerSecond > 0) || Double.isInfinite(bytesPerSecond)) {
      throw new IllegalArgumentException("channel " + name + ": bandwidth must be positive, got " + bytesPerSecond);
    }
    if (latencyNanos < 0) {
      throw new IllegalArgumentException("channel " + name + ": negative latency " + latencyNanos);
    }
  }

  /** Nanoseconds to move {@code bytes} over this channel: latency plus bytes over bandwidth, rounded up. */
  public long transferNanos(long bytes) {
    return Durations.add(latencyNanos, Durations.ceilNanos(bytes, bytesPerSecond));
  }
}
