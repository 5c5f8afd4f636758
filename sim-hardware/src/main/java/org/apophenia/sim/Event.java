package org.apophenia.sim;

/**
 * A point in simulated time that has or will have happened: the completion of an operation, a merge,
 * a barrier or a user event (Realm's event, Legion thesis §3.1.3). Every operation takes one as its
 * precondition and produces one. {@link #NONE} has always triggered.
 *
 * <p>An event is a plain index into the {@link Simulation} that created it; using it with another
 * simulation is a mistake the simulation can only partly detect. Immutable; thread-safe.
 *
 * @param id dense index in the creating simulation, from 0; -1 for {@link #NONE}
 */
public record Event(int id) {
  /** The event that has always triggered (at time 0): "no precondition". */
  public static final Event NONE = new Event(-1);

  public Event {
    if (id < -1) {
      throw new IllegalArgumentException("bad event id " + id);
    }
  }

  /** Whether this is {@link #NONE}. */
  public boolean isNone() {
    return id < 0;
  }

  @Override
  public String toString() {
    return id < 0 ? "Event.NONE" : "Event#" + id;
  }
}
