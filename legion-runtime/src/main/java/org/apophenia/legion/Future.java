package org.apophenia.legion;

import org.apophenia.legion.error.DestroyedResourceException;
import org.apophenia.sim.Event;

/**
 * The eventual value of a task (Legion thesis §2.5.4). {@link #get()} blocks the application: it runs
 * the simulation until the producer completes. Pass a future as a task argument to wait without
 * blocking. Not thread-safe; belongs to the application thread of its runtime.
 */
public final class Future {
  private final LegionRuntime runtime;
  private final String producer;
  Event event;
  Object value;
  java.util.function.Supplier<Object> lazy;
  /** The point futures of an index launch in the open trace until {@code tend} joins them, else null. */
  java.util.List<Future> points;

  Future(LegionRuntime runtime, String producer, Event event) {
    this.runtime = runtime;
    this.producer = producer;
    this.event = event;
  }

  /** The value, waiting (in simulated time) for the producer; DestroyedResourceException if the runtime was destroyed. */
  public Object get() {
    runtime.waitFor(this, producer);
    return value;
  }

  /** The value as a long. */
  public long getLong() {
    return (Long) get();
  }

  /**
   * The value once the producer has completed, without waiting: an index launch's future map or
   * reduced future is computed from its points' values on first use (by a consumer task's body, which
   * runs after the producers, or by {@link #get}).
   */
  Object resolved() {
    if (lazy != null) {
      value = lazy.get();
      lazy = null;
    }
    return value;
  }

  /** The producer's completion event. */
  public Event event() {
    return event;
  }

  @Override
  public String toString() {
    return "future of " + producer;
  }
}
