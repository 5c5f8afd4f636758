package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.apophenia.suffix.RepeatFinder;
import org.junit.jupiter.api.Test;

/**
 * Control-replicated mode (paper Section 5.1): N instances fed the same stream, each with its own
 * mining thread and randomly delayed jobs, agree through a collective and issue identical markers,
 * even with the adaptive (timing-dependent) wait interval.
 */
class ReplicatedTest {
  @Test
  void replicasWithRandomJobDelaysIssueIdenticalMarkerSequences() throws Exception {
    int n = 4;
    List<TestOp> ops = new ArrayList<>(Streams.random(42, 2000));
    for (TestOp op : Streams.loop(37, 100)) {
      ops.add(new TestOp(op.token(), op.kind(), ops.size()));
    }
    ApopheniaSettings settings = ApopheniaSettings.defaults().toBuilder().set(Knobs.ADAPTIVE_WAIT, true)
        .set(Knobs.INGESTION_DELAY, 8).build();
    List<Collective> members = Collective.local(n);
    ExecutorService apps = Executors.newFixedThreadPool(n);
    try {
      List<Future<SinkLog<TestOp>>> runs = new ArrayList<>();
      List<Interceptor<TestOp>> instances = new ArrayList<>();
      for (int r = 0; r < n; r++) {
        Random rnd = new Random(r);
        SinkLog<TestOp> rec = new SinkLog<>();
        Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).settings(settings)
            .collective(members.get(r))
            .miner(window -> {
              LockSupport.parkNanos(1000L * rnd.nextInt(2000));
              return MiningResult.mine(window,
                  RepeatFinder.withMinLength(settings.get(Knobs.MIN_TRACE_LENGTH)), true);
            })
            .build();
        instances.add(i);
        runs.add(apps.submit(() -> {
          try (i) {
            ops.forEach(i::execute);
          }
          return rec;
        }));
      }
      String first = runs.get(0).get().events.toString();
      Laws.check(ops, runs.get(0).get());
      for (Future<SinkLog<TestOp>> f : runs) {
        assertThat(f.get().events.toString()).isEqualTo(first);
      }
      assertThat(runs.get(0).get().tracedOps(TestOp.TOKENIZER)).as("how much depends on the agreed waits").isPositive();
      long interval = instances.get(0).stats().waitInterval();
      assertThat(instances.get(0).stats().waits()).as("some ingestion point had to wait").isPositive();
      assertThat(interval).as("the interval doubled").isGreaterThan(settings.get(Knobs.INGESTION_DELAY));
      long doublings = instances.get(0).stats().waitIntervalDoublings();
      assertThat(doublings).as("counted doublings").isPositive()
          .isEqualTo(Long.numberOfTrailingZeros(interval / settings.get(Knobs.INGESTION_DELAY)));
      for (Interceptor<TestOp> i : instances) {
        assertThat(i.stats().waitInterval()).as("agreed interval").isEqualTo(interval);
        assertThat(i.stats().waitIntervalDoublings()).as("agreed doublings").isEqualTo(doublings);
      }
    } finally {
      apps.shutdownNow();
    }
  }

  /**
   * A job that fails on one replica only (its miner threw there) is dropped by every replica: ready
   * counts only jobs that succeeded, so the replica that failed contributes 0, everyone takes the job
   * as after a wait, and the second all-reduce agrees that it did not succeed everywhere.
   */
  @Test
  void aJobThatFailsOnOneReplicaIsDroppedByAll() throws Exception {
    int n = 3;
    List<TestOp> ops = new ArrayList<>(Streams.random(7, 500));
    for (TestOp op : Streams.loop(29, 80)) {
      ops.add(new TestOp(op.token(), op.kind(), ops.size()));
    }
    ApopheniaSettings settings = ApopheniaSettings.defaults().toBuilder().set(Knobs.ADAPTIVE_WAIT, true).build();
    List<Collective> members = Collective.local(n);
    ExecutorService apps = Executors.newFixedThreadPool(n);
    try {
      List<Future<SinkLog<TestOp>>> runs = new ArrayList<>();
      List<Interceptor<TestOp>> instances = new ArrayList<>();
      for (int r = 0; r < n; r++) {
        boolean faulty = r == 1;
        AtomicBoolean thrown = new AtomicBoolean();
        SinkLog<TestOp> rec = new SinkLog<>();
        Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).settings(settings)
            .collective(members.get(r))
            .miner(window -> {
              if (faulty && window.length == 64 && thrown.compareAndSet(false, true)) {
                throw new IllegalStateException("injected: this replica's mining of its first 64-token window");
              }
              return MiningResult.mine(window,
                  RepeatFinder.withMinLength(settings.get(Knobs.MIN_TRACE_LENGTH)), true);
            })
            .build();
        instances.add(i);
        runs.add(apps.submit(() -> {
          try (i) {
            ops.forEach(i::execute);
          }
          return rec;
        }));
      }
      String first = runs.get(0).get().events.toString();
      for (Future<SinkLog<TestOp>> f : runs) {
        assertThat(f.get().events.toString()).isEqualTo(first);
      }
      assertThat(runs.get(0).get().tracedOps(TestOp.TOKENIZER)).isPositive();
      for (Interceptor<TestOp> i : instances) {
        assertThat(i.stats().jobsFailed()).as("dropped by every replica, not only the one where it failed").isEqualTo(1);
      }
    } finally {
      apps.shutdownNow();
    }
  }
}
