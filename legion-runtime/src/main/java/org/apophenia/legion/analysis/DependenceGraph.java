package org.apophenia.legion.analysis;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apophenia.legion.tracing.OpKind;
import org.apophenia.sim.Event;

/**
 * The dynamic dependence graph (Legion thesis §4.4): one node per analysed operation, including the
 * close operations the logical analysis inserts, with edges to the earlier operations it must wait
 * for, and the simulator event at which each completes. Append-only; not thread-safe.
 *
 * <p>Cost: O(1) amortised per node and per edge; {@link #addDep} de-duplicates with a per-op stamp.
 */
public final class DependenceGraph {
  /**
   * What a node stands for: an operation the application issued, of an {@link OpKind}, or one the
   * runtime adds itself (an inline mapping, a close, a trace's summary, fence or boundary fold). Stored
   * as one byte per node, the ordinal.
   */
  public enum NodeKind {
    TASK, FILL, COPY, REDUCTION_COPY, FENCE, INLINE_MAPPING, CLOSE, SUMMARY;

    private static final NodeKind[] BY_ORDINAL = values();

    /** The node of an issued operation of kind {@code k}. */
    public static NodeKind of(OpKind k) {
      return switch (k) {
        case TASK -> TASK;
        case FILL -> FILL;
        case COPY -> COPY;
        case REDUCTION_COPY -> REDUCTION_COPY;
        case FENCE -> FENCE;
      };
    }
  }

  /** Per op: its name, or an object whose {@code toString} is the name (built only when asked for). */
  private Object[] names = new Object[0];
  /** Per op: its {@link NodeKind}'s ordinal. */
  private byte[] kinds = new byte[0];
  /** Per op: its dependences (null: none recorded). */
  private int[][] deps = new int[0][];
  private Event[] events = new Event[0];
  /** What the runtime needs to analyse or launch a task still pending, by op; null once issued. */
  private Object[] pending = new Object[0];
  private int size;
  private int[] stamp = new int[64];
  private int stampOwner = -1;
  private int stampGen;

  /**
   * Adds a node; {@code name} is a String or an object whose {@code toString} is the name, for names
   * too costly to format for every node (a close's names two rectangles, and nobody reads most).
   */
  public int newOp(NodeKind kind, Object name) {
    int op = size;
    if (op == names.length) {
      grow();
    }
    names[op] = name;
    kinds[op] = (byte) kind.ordinal();
    size = op + 1;
    return op;
  }

  /** One capacity for all the per-op arrays: a node costs two stores, not five list appends. */
  private void grow() {
    int cap = Math.max(256, names.length * 2);
    names = Arrays.copyOf(names, cap);
    kinds = Arrays.copyOf(kinds, cap);
    deps = Arrays.copyOf(deps, cap);
    events = Arrays.copyOf(events, cap);
    pending = Arrays.copyOf(pending, cap);
  }

  public int size() {
    return size;
  }

  NodeKind kind(int op) {
    return NodeKind.BY_ORDINAL[kinds[Objects.checkIndex(op, size)]];
  }

  public String name(int op) {
    return String.valueOf(names[Objects.checkIndex(op, size)]);
  }

  /** Adds {@code dep} to {@code out} unless already there for {@code owner}. O(1). */
  void addDep(int owner, int dep, IntArrayList out) {
    if (owner != stampOwner) {
      stampOwner = owner;
      stampGen++;
    }
    if (dep >= stamp.length) {
      stamp = Arrays.copyOf(stamp, Math.max(dep + 1, stamp.length * 2));
    }
    if (stamp[dep] != stampGen) {
      stamp[dep] = stampGen;
      out.add(dep);
    }
  }

  public void setDeps(int op, int[] d) {
    deps[Objects.checkIndex(op, size)] = d;
  }

  /** The operations {@code op} depends on directly, in analysis order. */
  public int[] deps(int op) {
    int[] d = deps[Objects.checkIndex(op, size)];
    return d == null ? new int[0] : d;
  }

  public void setEvent(int op, Event e) {
    events[Objects.checkIndex(op, size)] = e;
  }

  /** Completion event of {@code op}, or null before it is issued. */
  Event event(int op) {
    return events[Objects.checkIndex(op, size)];
  }

  /** Attaches a pending task's launch data to {@code op}. O(1). */
  public void setPending(int op, Object issue) {
    pending[Objects.checkIndex(op, size)] = issue;
  }

  /** The pending launch data of {@code op}, or null. O(1). */
  public Object pending(int op) {
    return op >= 0 && op < size ? pending[op] : null;
  }

  /** The pending launch data of {@code op} (null if none), detached. O(1). */
  public Object takePending(int op) {
    Object o = pending(op);
    if (o != null) {
      pending[op] = null;
    }
    return o;
  }

  List<String> names() {
    return Arrays.stream(names, 0, size).map(String::valueOf).toList();
  }
}
