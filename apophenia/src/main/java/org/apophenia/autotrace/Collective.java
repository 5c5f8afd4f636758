package org.apophenia.autotrace;

import java.util.List;

/**
 * How replicated interceptors agree on ingestion (paper Section 5.1): an all-reduce over the members
 * that share one application stream under control replication.
 *
 * <p>Contract: every member calls {@link #allReduceMin} the same number of times, at the same points
 * of the stream (the interceptor only calls it at ingestion points, which are a deterministic function
 * of the stream and the settings); each call blocks until all members have contributed and
 * returns the minimum contribution, the same value to every member. Implementations are thread-safe
 * across members; one member is used by one application thread.
 *
 * <p>An implementation that cannot complete a call (a member died, a wait ran out of time) throws an
 * unchecked exception that names the member it waited for; the interceptor lets it propagate to the
 * application, since replicas that no longer agree must not go on deciding alone. Implementations:
 * {@link #single()}, {@link #local(int)} (threads of one JVM), and the {@code shards} module's JGroups
 * collective (processes on one or several hosts).
 */
public interface Collective {
  /** Blocks until every member has contributed; returns the minimum of the contributions. */
  long allReduceMin(long value);

  /** The collective of a single, unreplicated instance: returns its argument. */
  static Collective single() {
    return value -> value;
  }

  /**
   * {@code n} members of an in-process collective, for replicated instances running on {@code n}
   * threads of this JVM (tests, simulations). Uses a barrier; a member that never calls blocks the
   * others.
   */
  static List<Collective> local(int n) {
    return LocalCollective.members(n);
  }
}
