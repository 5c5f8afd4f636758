package org.apophenia.sim.machine;

import java.util.List;
import java.util.Objects;

/**
 * The cheapest way to move a number of bytes from one memory to another: a chain of channels that the
 * simulator uses store-and-forward (hop {@code i+1} starts when hop {@code i} has ended and its
 * channel is free).
 *
 * @param from source memory
 * @param to destination memory
 * @param bytes the transfer size the route was chosen for
 * @param hops the channels in order, at least one; {@code hops.get(0).from() == from.id()}
 * @param nanos total uncontended time, the sum of {@link Channel#transferNanos} over the hops
 */
public record Route(Memory from, Memory to, long bytes, List<Channel> hops, long nanos) {
  public Route {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    hops = List.copyOf(hops);
    if (hops.isEmpty()) {
      throw new IllegalArgumentException("a route has at least one hop");
    }
  }
}
