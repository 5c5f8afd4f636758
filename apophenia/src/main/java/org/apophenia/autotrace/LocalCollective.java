package org.apophenia.autotrace;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * An in-process all-reduce over {@code n} threads: each member writes its slot, waits at a barrier,
 * reads the minimum, and waits again so that no slot is overwritten before every member has read.
 * Two barrier phases per call; thread-safe by the barrier's happens-before edges.
 */
final class LocalCollective {
  private final long[] slots;
  private final CyclicBarrier written;
  private final CyclicBarrier read;

  private LocalCollective(int n) {
    slots = new long[n];
    written = new CyclicBarrier(n);
    read = new CyclicBarrier(n);
  }

  static List<Collective> members(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("a collective needs at least one member, got " + n);
    }
    LocalCollective c = new LocalCollective(n);
    List<Collective> members = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int rank = i;
      members.add(value -> c.allReduceMin(rank, value));
    }
    return List.copyOf(members);
  }

  private long allReduceMin(int rank, long value) {
    slots[rank] = value;
    await(written);
    long min = Long.MAX_VALUE;
    for (long v : slots) {
      min = Math.min(min, v);
    }
    await(read);
    return min;
  }

  private static void await(CyclicBarrier barrier) {
    try {
      barrier.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while agreeing with the other replicas", e);
    } catch (BrokenBarrierException e) {
      throw new IllegalStateException("another replica failed while agreeing", e);
    }
  }
}
