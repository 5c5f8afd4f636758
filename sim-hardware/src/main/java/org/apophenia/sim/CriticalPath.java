package org.apophenia.sim;

import it.unimi.dsi.fastutil.ints.IntArrayList;
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

  /**
   * The chain that ends at the engine's operation {@code last} (-1: none), followed back through each
   * operation's critical predecessor {@code critPred} (-1 ends it); {@code ef} is each operation's
   * earliest finish and {@code kinds} its {@link EventKind} code. O(chain).
   */
  static CriticalPath backFrom(int last, long[] ef, int[] critPred, byte[] kinds) {
    if (last < 0) {
      return new CriticalPath(0, List.of());
    }
    IntArrayList chain = new IntArrayList();
    for (int op = last; op >= 0; op = critPred[op]) {
      if (EventKind.of(kinds[op]).category != Category.SYNC) { // a path of activities, not of their joins
        chain.add(op);
      }
    }
    Event[] events = new Event[chain.size()];
    for (int i = 0; i < events.length; i++) {
      events[i] = new Event(chain.getInt(events.length - 1 - i));
    }
    return new CriticalPath(ef[last], List.of(events));
  }
}
