package org.apophenia.legion;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.sim.Event;

/**
 * The dynamic dependence graph (Legion thesis §4.4): one node per analysed operation, including the
 * close operations the logical analysis inserts, with edges to the earlier operations it must wait
 * for, and the simulator event at which each completes. Append-only; not thread-safe.
 *
 * <p>Cost: O(1) amortised per node and per edge; {@link #addDep} de-duplicates with a per-op stamp.
 */
final class DependenceGraph {
  /** Node kinds. */
  static final byte TASK = 0;
  static final byte CLOSE = 1;
  static final byte FILL = 2;
  static final byte COPY = 3;
  static final byte INLINE = 4;
  static final byte FENCE = 5;
  static final byte SUMMARY = 6;

  /** Names, or objects whose {@code toString} is the name (built only when asked for). */
  private final ArrayList<Object> names = new ArrayList<>();
  private final it.unimi.dsi.fastutil.ints.IntArrayList kinds = new it.unimi.dsi.fastutil.ints.IntArrayList();
  private final ArrayList<int[]> deps = new ArrayList<>();
  private final ArrayList<Event> events = new ArrayList<>();
  /** What the runtime needs to analyse or launch a task still pending, by op; null once issued. */
  private final ArrayList<Object> pending = new ArrayList<>();
  private int[] stamp = new int[64];
  private int stampOwner = -1;
  private int stampGen;

  /**
   * Adds a node; {@code name} is a String or an object whose {@code toString} is the name, for names
   * too costly to format for every node (a close's names two rectangles, and nobody reads most).
   */
  int newOp(byte kind, Object name) {
    names.add(name);
    kinds.add(kind);
    deps.add(null);
    events.add(null);
    pending.add(null);
    return names.size() - 1;
  }

  int size() {
    return names.size();
  }

  byte kind(int op) {
    return (byte) kinds.getInt(op);
  }

  String name(int op) {
    return String.valueOf(names.get(op));
  }

  /** Adds {@code dep} to {@code out} unless already there for {@code owner}. O(1). */
  void addDep(int owner, int dep, IntArrayList out) {
    if (owner != stampOwner) {
      stampOwner = owner;
      stampGen++;
    }
    if (dep >= stamp.length) {
      stamp = java.util.Arrays.copyOf(stamp, Math.max(dep + 1, stamp.length * 2));
    }
    if (stamp[dep] != stampGen) {
      stamp[dep] = stampGen;
      out.add(dep);
    }
  }

  void setDeps(int op, int[] d) {
    deps.set(op, d);
  }

  /** The operations {@code op} depends on directly, in analysis order. */
  int[] deps(int op) {
    int[] d = deps.get(op);
    return d == null ? new int[0] : d;
  }

  void setEvent(int op, Event e) {
    events.set(op, e);
  }

  /** Completion event of {@code op}, or null before it is issued. */
  Event event(int op) {
    return events.get(op);
  }

  /** Attaches a pending task's launch data to {@code op}. O(1). */
  void setPending(int op, Object issue) {
    pending.set(op, issue);
  }

  /** The pending launch data of {@code op}, or null. O(1). */
  Object pending(int op) {
    return op >= 0 && op < pending.size() ? pending.get(op) : null;
  }

  /** The pending launch data of {@code op} (null if none), detached. O(1). */
  Object takePending(int op) {
    Object o = pending(op);
    if (o != null) {
      pending.set(op, null);
    }
    return o;
  }

  List<String> names() {
    return names.stream().map(String::valueOf).toList();
  }
}
