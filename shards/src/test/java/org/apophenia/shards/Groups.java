package org.apophenia.shards;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Groups of shards in this JVM over JGroups' in-process loopback transport, each group under a fresh name. */
final class Groups {
  private Groups() {}

  static ShardGroup member(String name, int rank, int size, Duration timeout, long fingerprint) {
    return new ShardGroup(rank, size, name, new Discovery.InProcess(), timeout, timeout, fingerprint);
  }

  static String freshName() {
    return "test-" + UUID.randomUUID();
  }

  /** Joins {@code size} members concurrently (joining blocks until the group is complete); closes them all on failure. */
  static List<JGroupsCollective> join(int size, Duration timeout) throws Exception {
    String name = freshName();
    ExecutorService pool = Executors.newFixedThreadPool(size);
    List<Future<JGroupsCollective>> joins = new ArrayList<>();
    try {
      for (int r = 0; r < size; r++) {
        ShardGroup g = member(name, r, size, timeout, 42);
        joins.add(pool.submit(() -> JGroupsCollective.join(g)));
      }
      List<JGroupsCollective> members = new ArrayList<>();
      Exception first = null;
      for (Future<JGroupsCollective> f : joins) {
        try {
          members.add(f.get());
        } catch (Exception e) {
          first = first == null ? e : first;
        }
      }
      if (first != null) {
        members.forEach(JGroupsCollective::close);
        throw first;
      }
      return members;
    } finally {
      pool.shutdownNow();
    }
  }
}
