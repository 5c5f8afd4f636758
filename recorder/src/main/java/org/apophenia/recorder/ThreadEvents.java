package org.apophenia.recorder;

/**
 * One thread's events as written: three longs each (time, header, arg; see {@link EventKind}), in
 * time order. The array is the log's own: not to be changed.
 *
 * @param thread the thread's track, in the order threads first recorded
 * @param name the thread's name when it first recorded
 * @param threadId the Java thread id
 * @param events time, header, arg of each event, ordered by time (ties in recording order)
 */
public record ThreadEvents(int thread, String name, long threadId, long[] events) {
  /** Events held. */
  public int size() {
    return events.length / Ring.WIDTH;
  }

  public long time(int i) {
    return events[i * Ring.WIDTH];
  }

  public EventKind kind(int i) {
    return EventKind.of(events[i * Ring.WIDTH + 1]);
  }

  public long aux(int i) {
    return EventKind.aux(events[i * Ring.WIDTH + 1]);
  }

  public long arg(int i) {
    return events[i * Ring.WIDTH + 2];
  }
}
