package org.apophenia.legion;

import java.util.ArrayList;
import org.apophenia.sim.Event;

/**
 * Physical state of one equivalence atom (Legion thesis ch. 5; dynamic tracing paper §III): per field,
 * the memories holding a valid copy, the event after which each copy is ready, and the pending
 * reductions not yet folded in. Initially every memory holds valid zeros. Not thread-safe.
 */
final class AtomState {
  final long[] valid = new long[FieldSpace.MAX_FIELDS];
  /** {@code ready[field][memory]}: event id + 1 (0 means no wait). Allocated per field on first write. */
  final int[][] ready = new int[FieldSpace.MAX_FIELDS][];
  @SuppressWarnings("unchecked")
  final ArrayList<Contribution>[] reductions = new ArrayList[FieldSpace.MAX_FIELDS];
  private final int memories;

  private AtomState(int memories) {
    this.memories = memories;
  }

  static AtomState initial(int memories) {
    AtomState s = new AtomState(memories);
    java.util.Arrays.fill(s.valid, memories == 64 ? -1L : (1L << memories) - 1);
    return s;
  }

  AtomState copy() {
    AtomState s = new AtomState(memories);
    System.arraycopy(valid, 0, s.valid, 0, valid.length);
    for (int f = 0; f < ready.length; f++) {
      s.ready[f] = ready[f] == null ? null : ready[f].clone();
      s.reductions[f] = reductions[f] == null ? null : new ArrayList<>(reductions[f]);
    }
    return s;
  }

  Event ready(int field, int memory) {
    int[] r = ready[field];
    return r == null || r[memory] == 0 ? Event.NONE : new Event(r[memory] - 1);
  }

  void setReady(int field, int memory, Event e) {
    if (ready[field] == null) {
      ready[field] = new int[memories];
    }
    ready[field][memory] = e.id() + 1;
  }

  /** A reduction instance's contribution, complete at {@code event}. */
  record Contribution(ReductionBuffer buffer, Event event) {}
}
