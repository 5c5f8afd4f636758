package org.apophenia.legion.instances;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;

/**
 * Data movement of copies, fills and reduction folds. The simulator runs no code for a copy, so each
 * copy's effect on real data is queued with its completion event and applied on the simulating thread
 * just before the next task body (or inline mapping, or future read) that starts after the event has
 * triggered, in (trigger time, creation) order. That is exact: a copy's source cannot change before a
 * consumer starts (every writer of it depends on the copy's consumers) and its target is read only by
 * operations that wait for its event.
 *
 * <p>Cost: the simulation reports the triggered events (it {@linkplain Simulation#watch watches} one
 * per event with effects), so a body start costs O(effects that became due), not O(effects pending):
 * with the {@code legion} cost model issue runs far ahead of execution and thousands of copies can be
 * pending at once. Not thread-safe.
 */
public final class Effects {
  private record Pending(Event event, long seq, Runnable action) {}

  /** Added since the last {@link #applyTriggered}: not yet watched. */
  private final ArrayList<Pending> fresh = new ArrayList<>();
  /** Watched, by event id: a Pending or an ArrayList of them in creation order. */
  private final Int2ObjectOpenHashMap<Object> byEvent = new Int2ObjectOpenHashMap<>();
  private final IntArrayList due = new IntArrayList();
  private final ArrayList<Pending> ready = new ArrayList<>();
  private long seq;
  private int size;

  public void add(Event e, Runnable action) {
    fresh.add(new Pending(e, seq++, action));
    size++;
  }

  /** Applies every effect whose event has triggered, in (trigger time, creation) order. */
  public void applyTriggered(Simulation sim) {
    if (size == 0) {
      return;
    }
    for (Pending p : fresh) {
      if (p.event.isNone()) {
        ready.add(p);
        continue;
      }
      Object prev = byEvent.get(p.event.id());
      if (prev == null) {
        byEvent.put(p.event.id(), p);
        sim.watch(p.event);
      } else if (prev instanceof Pending one) {
        ArrayList<Pending> list = new ArrayList<>(2);
        list.add(one);
        list.add(p);
        byEvent.put(p.event.id(), list);
      } else {
        @SuppressWarnings("unchecked")
        ArrayList<Pending> list = (ArrayList<Pending>) prev;
        list.add(p);
      }
    }
    fresh.clear();
    due.clear();
    sim.pollWatched(due);
    for (int i = 0, n = due.size(); i < n; i++) {
      Object o = byEvent.remove(due.getInt(i));
      if (o instanceof Pending one) {
        ready.add(one);
      } else {
        @SuppressWarnings("unchecked")
        ArrayList<Pending> list = (ArrayList<Pending>) o;
        ready.addAll(list);
      }
    }
    if (ready.isEmpty()) {
      return;
    }
    ready.sort((a, b) -> {
      int c = Long.compare(sim.triggerTime(a.event), sim.triggerTime(b.event));
      return c != 0 ? c : Long.compare(a.seq, b.seq);
    });
    size -= ready.size();
    // Cleared before running: an action that throws must not be retried on the next body start.
    Pending[] run = ready.toArray(new Pending[0]);
    ready.clear();
    for (Pending p : run) {
      p.action.run();
    }
  }

  int size() {
    return size;
  }
}
