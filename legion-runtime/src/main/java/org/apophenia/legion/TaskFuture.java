package org.apophenia.legion;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apophenia.legion.analysis.TraceAnalysisBuilder;
import org.apophenia.legion.api.Future;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;

/**
 * The runtime's {@link Future}: completed by the task pipeline (its event when the task is submitted,
 * its value when the body runs), or, for an index launch, joined from its points' futures and computed
 * from their values on first use. Not thread-safe.
 */
final class TaskFuture implements Future {
  private final Waiter waiter;
  private final String producer;
  Event event;
  Object value;
  Supplier<Object> lazy;
  /** The point futures of an index launch in the open trace until {@code tend} joins them, else null. */
  List<TaskFuture> points;

  TaskFuture(Waiter waiter, String producer, Event event) {
    this.waiter = waiter;
    this.producer = producer;
    this.event = event;
  }

  @Override
  public Object get() {
    waiter.await(event, producer);
    return resolved();
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

  /**
   * The event a consumer of this future waits for. The future of an index launch issued in the open
   * trace gets its event only at {@code tend} (its points may be deferred); until then it is the merge
   * of its points' events as they are now: a consumer is analysed or replayed after the points it
   * follows in issue order, so they all have theirs. Captured, so a recording sees the producers, not
   * a fence.
   */
  Event consumerEvent(TraceAnalysisBuilder capture, Simulation sim) {
    if (points == null) {
      return event;
    }
    List<Event> evs = new ArrayList<>(points.size());
    for (TaskFuture p : points) {
      evs.add(p.event);
    }
    return capture.merge(sim, evs);
  }

  @Override
  public Event event() {
    return event;
  }

  @Override
  public String toString() {
    return "future of " + producer;
  }
}
