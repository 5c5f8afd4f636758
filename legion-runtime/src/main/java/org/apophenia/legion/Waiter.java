package org.apophenia.legion;

import org.apophenia.sim.Event;

/**
 * How a {@link TaskFuture} waits for its producer when the application reads it: a blocking wait in
 * the context that issued it. Narrow on purpose: a future holds this, not the runtime.
 */
interface Waiter {
  /** Blocks the application until {@code event} (the completion of {@code producer}, named in messages). */
  void await(Event event, String producer);
}
