package org.apophenia.sim;

import java.util.List;

/**
 * The longest chain of dependent operations, by duration alone (resources assumed free): a lower bound
 * on any schedule's makespan. Immutable value.
 *
 * @param nanos sum of the durations along the chain (a copy counts all its hops)
 * @param operations the chain, first to last, without zero-duration synchronisation events
 */
public record CriticalPath(long nanos, List<Event> operations) {
  public CriticalPath {
    operations = List.copyOf(operations);
  }
}
