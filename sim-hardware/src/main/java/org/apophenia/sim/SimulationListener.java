package org.apophenia.sim;

/**
 * Observes a {@link Simulation} as simulated time proceeds. Called on the simulating thread, in
 * simulated-time order (ties in a deterministic order); implementations must not submit operations
 * from {@link #onSpan} (use a task body for that).
 */
public interface SimulationListener {
  /** A resource starts running {@code span}; its end is already known. */
  default void onSpan(Span span) {}

  /** {@code event} triggered at simulated time {@code time}. */
  default void onTrigger(Event event, long time) {}
}
