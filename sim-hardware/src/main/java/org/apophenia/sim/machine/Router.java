package org.apophenia.sim.machine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Cheapest-path routing of copies over the channel graph of one {@link Machine}.
 *
 * <p>Design: Dijkstra over memories with edge weight {@link Channel#transferNanos}(bytes), so the choice
 * may depend on the size (a low-latency path for small copies, a high-bandwidth one for large). Ties
 * are broken by fewer hops, then by the lower channel index, so routing is deterministic. O((M + C)
 * log M) per distinct (from, to, bytes) triple; results are memoised in a concurrent map, so the router
 * is thread-safe and a repeated copy size costs one hash look-up.
 */
final class Router {
  private record Key(int from, int to, long bytes) {}

  private final List<Memory> memories;
  private final List<Channel> channels;
  private final int[][] outChannels;
  private final ConcurrentHashMap<Key, Optional<Route>> cache = new ConcurrentHashMap<>();

  Router(List<Memory> memories, List<Channel> channels) {
    this.memories = memories;
    this.channels = channels;
    int[] counts = new int[memories.size()];
    for (Channel c : channels) {
      counts[c.from()]++;
    }
    outChannels = new int[memories.size()][];
    for (int m = 0; m < counts.length; m++) {
      outChannels[m] = new int[counts[m]];
      counts[m] = 0;
    }
    for (Channel c : channels) {
      outChannels[c.from()][counts[c.from()]++] = c.id();
    }
  }

  Optional<Route> route(int from, int to, long bytes) {
    return cache.computeIfAbsent(new Key(from, to, bytes), k -> compute(k.from, k.to, k.bytes));
  }

  private Optional<Route> compute(int from, int to, long bytes) {
    if (from == to) {
      // A copy inside one memory uses that memory's local channel, never a round trip.
      Channel best = null;
      for (int c : outChannels[from]) {
        Channel ch = channels.get(c);
        if (ch.to() == from && (best == null || ch.transferNanos(bytes) < best.transferNanos(bytes))) {
          best = ch;
        }
      }
      return best == null ? Optional.empty()
          : Optional.of(new Route(memories.get(from), memories.get(to), bytes, List.of(best), best.transferNanos(bytes)));
    }
    int n = memories.size();
    long[] cost = new long[n];
    int[] hops = new int[n];
    int[] via = new int[n];
    boolean[] done = new boolean[n];
    Arrays.fill(cost, Long.MAX_VALUE);
    Arrays.fill(via, -1);
    cost[from] = 0;
    for (int round = 0; round < n; round++) {
      int u = -1;
      for (int m = 0; m < n; m++) {
        // reached is via[m] >= 0, not a finite cost: a saturated cost is Long.MAX_VALUE and still a route
        if (!done[m] && (m == from || via[m] >= 0)
            && (u < 0 || cost[m] < cost[u] || (cost[m] == cost[u] && hops[m] < hops[u]))) {
          u = m;
        }
      }
      if (u < 0 || u == to) {
        break;
      }
      done[u] = true;
      for (int c : outChannels[u]) {
        Channel ch = channels.get(c);
        int v = ch.to();
        if (v == u || done[v]) {
          continue;
        }
        long nc = Durations.add(cost[u], ch.transferNanos(bytes));
        int nh = hops[u] + 1;
        if (via[v] < 0 || nc < cost[v] || (nc == cost[v] && (nh < hops[v] || (nh == hops[v] && c < via[v])))) {
          cost[v] = nc;
          hops[v] = nh;
          via[v] = c;
        }
      }
    }
    if (via[to] < 0) {
      return Optional.empty();
    }
    List<Channel> path = new ArrayList<>();
    for (int m = to; m != from; m = channels.get(via[m]).from()) {
      path.add(channels.get(via[m]));
    }
    Collections.reverse(path);
    return Optional.of(new Route(memories.get(from), memories.get(to), bytes, path, cost[to]));
  }
}
