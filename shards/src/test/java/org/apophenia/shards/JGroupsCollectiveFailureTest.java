package org.apophenia.shards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a shard sees when another one fails it (issue: "a shard that dies makes the others fail fast
 * with a clear error naming it; a collective that times out says which shard it waited for and for
 * how long"), in one JVM: a shard that leaves, one that never contributes, shards started unlike,
 * shards whose streams diverged, and a group that never forms. Every wait is bounded.
 */
class JGroupsCollectiveFailureTest {
  @Test
  void aShardThatLeavesFailsTheOthersNamingIt() throws Exception {
    List<JGroupsCollective> g = Groups.join(3, Duration.ofSeconds(20));
    try {
      g.get(2).close(); // shard 2 goes away before its contribution
      CompletableFuture<Long> zero = CompletableFuture.supplyAsync(() -> g.get(0).allReduceMin(5));
      assertThatThrownBy(() -> g.get(1).allReduceMin(7))
          .isInstanceOfSatisfying(ShardFailure.class, f -> {
            assertThat(f.kind()).isEqualTo(ShardFailure.Kind.LOST);
            assertThat(f.shard()).isEqualTo(2);
          })
          .hasMessageContaining("shard 2 of 3 (pid ")
          .hasMessageContaining("left the group")
          .hasMessageContaining("collective #0");
      assertThatThrownBy(() -> zero.get(20, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(ShardFailure.class);
      // sticky: the next call fails the same way at once
      assertThatThrownBy(() -> g.get(1).allReduceMin(7)).hasMessageContaining("left the group");
    } finally {
      g.forEach(JGroupsCollective::close);
    }
  }

  @Test
  void aCollectiveThatTimesOutNamesTheShardItWaitedForAndHowLong() throws Exception {
    List<JGroupsCollective> g = Groups.join(2, Duration.ofMillis(400));
    try {
      // shard 1 is alive but never reaches the collective
      assertThatThrownBy(() -> g.get(0).allReduceMin(1))
          .isInstanceOfSatisfying(ShardFailure.class, f -> {
            assertThat(f.kind()).isEqualTo(ShardFailure.Kind.TIMEOUT);
            assertThat(f.shard()).isEqualTo(1);
          })
          .hasMessageMatching("collective #0 timed out: shard 0 waited 0\\.[4-9] s for shard 1 of 2 \\(pid \\d+ on .+\\), "
              + "which had not contributed \\(--shard-timeout PT0\\.4S\\)");
    } finally {
      g.forEach(JGroupsCollective::close);
    }
  }

  @Test
  void aGroupThatNeverFormsNamesTheShardsThatDidNotJoin() {
    ShardGroup alone = Groups.member(Groups.freshName(), 0, 3, Duration.ofMillis(1500), 42);
    assertThatThrownBy(() -> JGroupsCollective.join(alone))
        .isInstanceOfSatisfying(ShardFailure.class, f -> assertThat(f.kind()).isEqualTo(ShardFailure.Kind.TIMEOUT))
        .hasMessageMatching("shard 0 waited 1\\.\\d s for shards 1, 2 of 3 to join group 'test-.*' \\(in-process loopback\\); started\\? \\(--shard-join-timeout PT1\\.5S\\)");
  }

  @Test
  void shardsStartedForAnotherCommandRefuseToRunTogether() throws Exception {
    String name = Groups.freshName();
    CompletableFuture<JGroupsCollective> a = CompletableFuture.supplyAsync(
        () -> JGroupsCollective.join(Groups.member(name, 0, 2, Duration.ofSeconds(20), 42)));
    CompletableFuture<JGroupsCollective> b = CompletableFuture.supplyAsync(
        () -> JGroupsCollective.join(Groups.member(name, 1, 2, Duration.ofSeconds(20), 43)));
    List<String> said = new java.util.ArrayList<>();
    for (CompletableFuture<JGroupsCollective> f : List.of(a, b)) {
      assertThatThrownBy(() -> f.get(30, TimeUnit.SECONDS)).hasCauseInstanceOf(ShardFailure.class)
          .satisfies(e -> said.add(e.getCause().getMessage()));
    }
    // whichever saw the other's hello first says why, and tells the other (directly: the other may
    // not be in its view yet)
    assertThat(said).allSatisfy(m -> assertThat(m).contains("runs another command than shard")
        .contains("every shard must be given the same command"));
  }

  @Test
  void shardsAtDifferentCollectivesHaveDivergedAndSaySo() throws Exception {
    List<JGroupsCollective> g = Groups.join(2, Duration.ofSeconds(20));
    try {
      CompletableFuture<Boolean> finalOne = CompletableFuture.supplyAsync(() -> g.get(1).allEqual(3));
      assertThatThrownBy(() -> g.get(0).allReduceMin(3))
          .isInstanceOfSatisfying(ShardFailure.class, f -> assertThat(f.kind()).isEqualTo(ShardFailure.Kind.DIVERGED))
          .hasMessageContaining("collective #0")
          .hasMessageContaining("the final agreement on the decision logs")
          .hasMessageContaining("an ingestion point");
      assertThatThrownBy(() -> finalOne.get(20, TimeUnit.SECONDS)).hasCauseInstanceOf(ShardFailure.class);
    } finally {
      g.forEach(JGroupsCollective::close);
    }
  }

  @Test
  void theFinalAgreementTellsEqualDigestsFromDifferentOnes() throws Exception {
    List<JGroupsCollective> g = Groups.join(2, Duration.ofSeconds(20));
    try {
      CompletableFuture<Boolean> one = CompletableFuture.supplyAsync(() -> g.get(1).allEqual(-5));
      assertThat(g.get(0).allEqual(-5)).isTrue();
      assertThat(one.get(20, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<Boolean> other = CompletableFuture.supplyAsync(() -> g.get(1).allEqual(Long.MIN_VALUE));
      assertThat(g.get(0).allEqual(Long.MAX_VALUE)).isFalse();
      assertThat(other.get(20, TimeUnit.SECONDS)).isFalse();
      assertThat(g.get(0).collectives()).as("the final agreement is not one of the interceptor's").isZero();
    } finally {
      g.forEach(JGroupsCollective::close);
    }
  }
}
