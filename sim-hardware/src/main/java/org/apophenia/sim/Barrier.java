package org.apophenia.sim;

/**
 * A barrier that triggers its {@link #event()} once {@code arrivals} arrivals (each an
 * {@link Operation.Arrive} with its own precondition) have triggered — a one-generation Realm barrier
 * (Legion thesis §9.2.2 describes the multi-generation phase barriers built on them). Create with
 * {@link Simulation#barrier}. Immutable value; thread-safe.
 *
 * @param event triggers when all arrivals have
 * @param arrivals how many arrivals it waits for, at least 1
 */
public record Barrier(Event event, int arrivals) {
  public Barrier {
    if (arrivals < 1) {
      throw new IllegalArgumentException("a barrier needs at least one arrival, got " + arrivals);
    }
  }
}
