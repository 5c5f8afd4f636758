package org.apophenia.legion;

import java.util.ArrayList;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;

/**
 * Data movement of copies, fills and reduction folds. The simulator runs no code for a copy, so each
 * copy's effect on real data is queued with its completion event and applied on the simulating thread
 * just before the next task body (or inline mapping, or future read) that starts after the event has
 * triggered, in trigger order. That is exact: a copy's source cannot change before a consumer starts
 * (every writer of it depends on the copy's consumers) and its target is read only by operations that
 * wait for its event. Cost O(pending effects) per body start. Not thread-safe.
 */
final class Effects {
  private record Pending(Event event, long seq, Runnable action) {}

  private final ArrayList<Pending> pending = new ArrayList<>();
  private long seq;

  void add(Event e, Runnable action) {
    pending.add(new Pending(e, seq++, action));
  }

  /** Applies every effect whose event has triggered, in (trigger time, creation) order. */
  void applyTriggered(Simulation sim) {
    if (pending.isEmpty()) {
      return;
    }
    ArrayList<Pending> ready = new ArrayList<>();
    int w = 0;
    for (int r = 0; r < pending.size(); r++) {
      Pending p = pending.get(r);
      if (sim.hasTriggered(p.event)) {
        ready.add(p);
      } else {
        pending.set(w++, p);
      }
    }
    while (pending.size() > w) {
      pending.remove(pending.size() - 1);
    }
    ready.sort((a, b) -> {
      int c = Long.compare(sim.triggerTime(a.event), sim.triggerTime(b.event));
      return c != 0 ? c : Long.compare(a.seq, b.seq);
    });
    for (Pending p : ready) {
      p.action.run();
    }
  }

  int size() {
    return pending.size();
  }
}
