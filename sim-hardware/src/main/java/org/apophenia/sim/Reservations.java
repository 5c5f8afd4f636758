package org.apophenia.sim;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

/**
 * The grant tables of the simulation's {@link Reservation}s (Realm's reservations, Legion thesis
 * §9.2.1): per reservation, its holders (one exclusive, or several of one shared mode) and the requests
 * waiting, first come, first served. A request that cannot be granted at once waits behind every
 * earlier one, even if it is compatible with the current holders, so that writers are not starved.
 *
 * <p>Cost: O(1) per request and release plus O(waiters granted). Not thread-safe, like the engine.
 */
final class Reservations {
  private int count;
  private int[] holders = new int[8];
  /** While held: one of the holds it is held by (the mode they share), else null. */
  private Reservation.Hold[] heldAs = new Reservation.Hold[8];
  /** Waiting operations per reservation, FIFO from {@code head[r]}. */
  private IntArrayList[] waiting = new IntArrayList[8];
  private int[] head = new int[8];

  /** A new reservation's id. */
  int create() {
    int r = count++;
    if (r == holders.length) {
      int cap = 2 * r;
      holders = Arrays.copyOf(holders, cap);
      heldAs = Arrays.copyOf(heldAs, cap);
      waiting = Arrays.copyOf(waiting, cap);
      head = Arrays.copyOf(head, cap);
    }
    return r;
  }

  int count() {
    return count;
  }

  /** Grants {@code h} now if nothing waits for its reservation and the holders allow it. */
  boolean tryAcquire(Reservation.Hold h) {
    int r = h.reservation().id();
    if (hasWaiters(r) || !grantable(r, h)) {
      return false;
    }
    grant(r, h);
    return true;
  }

  /** Queues {@code op}'s request for reservation {@code r} behind the earlier ones. */
  void enqueue(int r, int op) {
    if (waiting[r] == null) {
      waiting[r] = new IntArrayList();
    }
    waiting[r].add(op);
  }

  /**
   * Releases one hold {@code h}; then grants the waiting requests at the head of the queue for as long
   * as the holders allow, telling {@code granted} each operation (whose waiting hold
   * {@code holdOf} gives), in request order.
   */
  void release(Reservation.Hold h, IntFunction<Reservation.Hold> holdOf, IntConsumer granted) {
    int r = h.reservation().id();
    if (holders[r] <= 0) {
      throw new IllegalStateException(h.reservation() + " released but not held");
    }
    if (--holders[r] == 0) {
      heldAs[r] = null;
    }
    while (hasWaiters(r)) {
      int op = waiting[r].getInt(head[r]);
      Reservation.Hold w = holdOf.apply(op);
      if (!grantable(r, w)) {
        return;
      }
      head[r]++;
      if (head[r] == waiting[r].size()) {
        waiting[r].clear();
        head[r] = 0;
      }
      grant(r, w);
      granted.accept(op);
    }
  }

  private boolean hasWaiters(int r) {
    return waiting[r] != null && head[r] < waiting[r].size();
  }

  private boolean grantable(int r, Reservation.Hold h) {
    return holders[r] == 0 || heldAs[r].compatibleWith(h);
  }

  private void grant(int r, Reservation.Hold h) {
    holders[r]++;
    heldAs[r] = h;
  }
}
