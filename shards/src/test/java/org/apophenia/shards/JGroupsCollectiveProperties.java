package org.apophenia.shards;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The all-reduce against its oracle: whatever each shard contributes, in whatever order the
 * contributions arrive, every shard gets the minimum of the round, round after round. One group of
 * three shards in this JVM (JGroups' in-process loopback) serves every try, each shard on its own
 * thread as an application thread would be.
 */
class JGroupsCollectiveProperties {
  private static final int SHARDS = 3;
  private static List<JGroupsCollective> group;
  private static ExecutorService threads;

  @BeforeContainer
  static void formGroup() throws Exception {
    group = Groups.join(SHARDS, Duration.ofSeconds(20));
    threads = Executors.newFixedThreadPool(SHARDS);
  }

  @AfterContainer
  static void leave() throws InterruptedException {
    threads.shutdownNow();
    threads.awaitTermination(10, TimeUnit.SECONDS);
    group.forEach(JGroupsCollective::close);
  }

  @Property(tries = 60)
  void everyShardGetsTheMinimumOfEveryRound(@ForAll @Size(min = 1, max = 30) List<@Size(SHARDS) List<Long>> rounds)
      throws Exception {
    List<Future<List<Long>>> results = new ArrayList<>();
    for (int r = 0; r < SHARDS; r++) {
      int rank = r;
      results.add(threads.submit(() -> {
        List<Long> got = new ArrayList<>();
        for (List<Long> contributions : rounds) {
          got.add(group.get(rank).allReduceMin(contributions.get(rank)));
        }
        return got;
      }));
    }
    List<Long> expected = rounds.stream().map(c -> c.stream().mapToLong(Long::longValue).min().orElseThrow()).toList();
    for (Future<List<Long>> f : results) {
      assertThat(f.get(20, TimeUnit.SECONDS)).isEqualTo(expected);
    }
  }
}
