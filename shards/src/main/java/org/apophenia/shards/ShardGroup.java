package org.apophenia.shards;

import java.time.Duration;
import java.util.Objects;

/**
 * One shard's place in a replicated run: its rank among {@code size} shards, the group's name (runs
 * with different names never meet), how the members find each other, how long a collective may wait
 * for the slowest shard and how long joining may wait for the group to be complete, and the
 * fingerprint of the command the shard runs: shards that do not run the same command would issue
 * different streams, so they refuse to start together. Immutable.
 *
 * @param rank this shard, 0..size-1
 * @param size the number of shards, at least 1
 * @param name the group's name (JGroups' cluster name)
 * @param discovery how members find each other
 * @param timeout how long a collective waits for the last contribution before failing, naming the
 *     shard it waited for
 * @param joinTimeout how long joining waits for every shard to be in the group (shards may be started
 *     far apart)
 * @param fingerprint of the command every shard runs
 */
public record ShardGroup(int rank, int size, String name, Discovery discovery, Duration timeout, Duration joinTimeout,
    long fingerprint) {
  public ShardGroup {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(discovery, "discovery");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(joinTimeout, "joinTimeout");
    if (size < 1) {
      throw new IllegalArgumentException("a group needs at least one shard, got " + size);
    }
    if (rank < 0 || rank >= size) {
      throw new IllegalArgumentException("shard " + rank + " is not one of 0.." + (size - 1));
    }
    if (timeout.isNegative() || timeout.isZero() || joinTimeout.isNegative() || joinTimeout.isZero()) {
      throw new IllegalArgumentException("timeouts must be positive, got " + timeout + " and " + joinTimeout);
    }
    if (discovery instanceof Discovery.Hosts h && h.hosts().size() != size) {
      throw new IllegalArgumentException(size + " shards need " + size + " host:port entries, one per shard, got "
          + h.hosts().size());
    }
  }
}
