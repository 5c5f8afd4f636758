package org.apophenia.sim;

import java.util.Objects;

/**
 * A Realm reservation (Legion thesis §9.2.1): a lock that a task holds while it runs, granted in the
 * order the requests arrive in simulated time (a request arrives when the rest of the task's
 * preconditions have triggered). Held in at most one mode at a time: by one exclusive holder, or by any
 * number of shared holders of the same mode. A waiting request blocks every later one (first come,
 * first served), so a writer is never starved by a stream of readers. Made by
 * {@link Simulation#reservation()}; a plain handle, valid in that simulation only. Immutable.
 */
public final class Reservation {
  private final int id;

  Reservation(int id) {
    this.id = id;
  }

  /** Dense index in the simulation that made it, from 0, in creation order. */
  public int id() {
    return id;
  }

  @Override
  public String toString() {
    return "Reservation#" + id;
  }

  /**
   * One hold of a reservation by a task: exclusive, or shared with every holder of the same
   * {@code mode}. Immutable value.
   *
   * @param reservation the reservation
   * @param mode the shared mode (ignored when exclusive), at least 0
   * @param exclusive whether no other holder may hold it at the same time
   */
  public record Hold(Reservation reservation, int mode, boolean exclusive) {
    public Hold {
      Objects.requireNonNull(reservation, "reservation");
      if (mode < 0) {
        throw new IllegalArgumentException("a reservation mode is at least 0, got " + mode);
      }
    }

    /** An exclusive hold. */
    public static Hold exclusive(Reservation r) {
      return new Hold(r, 0, true);
    }

    /** A hold shared with the other holders of {@code mode}. */
    public static Hold shared(Reservation r, int mode) {
      return new Hold(r, mode, false);
    }

    /** Whether a holder of {@code this} may hold the reservation together with one of {@code o}. */
    boolean compatibleWith(Hold o) {
      return !exclusive && !o.exclusive && mode == o.mode;
    }
  }
}
