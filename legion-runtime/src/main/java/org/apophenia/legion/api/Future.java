package org.apophenia.legion.api;

import org.apophenia.sim.Event;

/**
 * The eventual value of a task (Legion thesis §2.5.4): a single task's return value, an index launch's
 * values in point order, or their reduction. {@link #get()} blocks the application: it runs the
 * simulation until the producer completes, and is untraceable. Pass a future as a task argument to
 * wait without blocking: the consumer waits for the producer in simulated time and its body sees the
 * value. Made by the runtime ({@code LegionRuntime.execute}, {@code executeIndex}); not thread-safe,
 * it belongs to the application thread of its runtime.
 */
public interface Future {
  /**
   * The value, waiting (in simulated time) for the producer. DestroyedResourceException if the runtime
   * was destroyed; LegionException inside a trace with a trace engine installed (a blocking wait is
   * untraceable).
   */
  Object get();

  /** {@link #get()} as a long. */
  default long getLong() {
    return (Long) get();
  }

  /** The producer's completion event. */
  Event event();
}
