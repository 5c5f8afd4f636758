package org.apophenia.autotrace;

import java.util.Arrays;

/**
 * The set of pointers into a trie (paper Section 4.3): each is a node and the position where its
 * match started, in increasing order of start. At most one pointer per start position, so never more
 * than the trie's depth. Not thread-safe.
 *
 * <p><b>Representation.</b> A pointer is a {@link Trie.Run} and an index into it (its node is
 * {@code run.nodes[at]}), or a node on no run. While the token is its run's next one and leads to a
 * node inside the run, a step is one comparison and nothing else happens ({@link #advance}); a step
 * into the run's last node, off the run (another child, or none) or from a node on no run reads a
 * node and tells the {@link Walker}. In a loop's trie nearly every position starts a pointer and
 * most nodes are passable, so runs replace dozens of loads of scattered nodes per operation with
 * reads of a few shared arrays. The decisions are those of stepping node by node
 * ({@code PointersProperties} checks them against that).
 *
 * <p><b>Changes to the trie.</b> A run is valid for one {@linkplain Trie#version version}. When the
 * trie has changed, every pointer is put back on its own node, on no run, before it steps again (its
 * node is the same object, pruned or not): O(pointers), nothing built. It then steps node by node
 * until it reaches a node that is not passable, where the pointers passing share a run. Runs are
 * built only as long as the trie has stayed unchanged ({@link #stable}); while it changes more often
 * than every {@link Trie#MIN_RUN} operations, no run is built at all. {@code PointerRunsBenchmark}
 * measures the worst layout (one chain with a pointer at every depth), where that costs up to 1.7
 * times stepping node by node.
 *
 * <p>Parallel arrays, compacted in place while advancing: no allocation per operation once grown,
 * except the runs built when a pointer reaches a node whose run is not built yet.
 */
final class Pointers<T> {
  /** What a pointer's step does besides moving it: decided by the trie's owner. */
  interface Walker<T> {
    /**
     * Pointer {@code i}, at {@code node}, cannot step on the token; it is dropped. It may change the
     * trie (a split inserts traces).
     */
    void diverged(int i, Trie.Node<T> node, long start);

    /**
     * A pointer that started at {@code start} stepped into {@code next}, the last node of its run
     * or a node off it; returns whether it stays open. It must not change the trie (a walker that
     * needs to, promotes after the step, as {@link OccurrenceWatcher} does).
     */
    boolean reached(Trie.Node<T> next, long start);
  }

  private final Trie<T> trie;
  /**
   * Pointer {@code i}'s run (if {@code at[i] >= 0}: its node is the run's {@code at[i]}-th), or its
   * node (on no run).
   */
  Object[] runs = new Object[16];
  int[] at = new int[16];
  long[] starts = new long[16];
  int size;
  /** The trie's version when the runs were read. */
  private int version;
  /**
   * Steps since the trie last changed, the length of the runs asked for (see {@link Trie#MAX_RUN}):
   * below {@link Trie#MIN_RUN} no run is built, and runs grow long only where the trie stays
   * unchanged.
   */
  private int stable;

  Pointers(Trie<T> trie) {
    this.trie = trie;
    this.version = trie.version();
  }

  /**
   * Puts pointer {@code i} (at most {@link #size}: the slot after the last grows the set by one) at
   * {@code node}.
   */
  void set(int i, Trie.Node<T> node, long start) {
    if (i == size) {
      if (size == runs.length) {
        runs = Arrays.copyOf(runs, size * 2);
        at = Arrays.copyOf(at, size * 2);
        starts = Arrays.copyOf(starts, size * 2);
      }
      size++;
    }
    anchor(i, node, true);
    starts[i] = start;
  }

  /**
   * Puts pointer {@code i} at {@code node}: at the start of the node's run, or on no run when the trie
   * changed too recently for runs to pay ({@link #stable}), or when the pointer comes from no run and
   * the node is passable (a run from there would be its own, costing what it saves).
   */
  private void anchor(int i, Trie.Node<T> node, boolean fromRun) {
    if (stable < Trie.MIN_RUN || !fromRun && node.passable()) {
      runs[i] = node;
      at[i] = -1;
    } else {
      runs[i] = trie.run(node, stable);
      at[i] = 0;
    }
  }

  @SuppressWarnings("unchecked")
  Trie.Node<T> node(int i) {
    Object o = runs[i];
    return at[i] < 0 ? (Trie.Node<T>) o : ((Trie.Run<T>) o).nodes[at[i]];
  }

  /**
   * Steps every pointer on {@code token} and compacts the ones that stay open to the front, in
   * order; returns how many stay (the pointers after them are stale: {@link #truncate} or
   * {@link #set} the next).
   */
  @SuppressWarnings("unchecked")
  int advance(long token, Walker<T> walker) {
    if (version != trie.version()) {
      stable = 0;
      reread(0, size);
    } else if (stable < Trie.MAX_RUN) {
      stable++;
    }
    int w = 0;
    int n = size;
    for (int i = 0; i < n; i++) {
      Object o = runs[i];
      int j = at[i];
      boolean onRun = j >= 0;
      Trie.Node<T> node = null;
      Trie.Node<T> next;
      if (onRun) {
        Trie.Run<T> r = (Trie.Run<T>) o;
        long[] tokens = r.tokens;
        if (j < tokens.length && tokens[j] == token) {
          if (j + 1 < tokens.length) { // a passable node: nothing to do but stay open
            runs[w] = r;
            at[w] = j + 1;
            starts[w++] = starts[i];
            continue;
          }
          next = r.nodes[j + 1];
        } else {
          node = r.nodes[j];
          next = node.child(token); // off the run: another child, or none
        }
      } else {
        node = (Trie.Node<T>) o; // on no run: node by node
        next = node.child(token);
      }
      long start = starts[i];
      if (next == null) {
        walker.diverged(i, node, start);
        if (version != trie.version()) { // the walker changed the trie: the rest read it again
          stable = 0;
          reread(0, w);
          reread(i + 1, n);
        }
      } else if (walker.reached(next, start)) {
        anchor(w, next, onRun);
        starts[w++] = start;
      }
    }
    return w;
  }

  /** Puts pointers {@code [from, to)} on no run, at their own nodes, at the trie's current version. */
  private void reread(int from, int to) {
    for (int i = from; i < to; i++) {
      runs[i] = node(i);
      at[i] = -1;
    }
    version = trie.version();
  }

  /** Smallest start, or {@link Long#MAX_VALUE} when empty. Starts are increasing, so the first. */
  long firstStart() {
    return size == 0 ? Long.MAX_VALUE : starts[0];
  }

  /** Drops the pointers that started before {@code position}. */
  void dropStartingBefore(long position) {
    int w = 0;
    for (int i = 0; i < size; i++) {
      if (starts[i] >= position) {
        runs[w] = runs[i];
        at[w] = at[i];
        starts[w++] = starts[i];
      }
    }
    Arrays.fill(runs, w, size, null);
    size = w;
  }

  /**
   * Keeps the first {@code n} pointers. The slots beyond are not cleared: they are overwritten as
   * pointers are added, and clearing them on every step (a fill per operation) cost as much as the
   * step itself with hundreds of pointers open; what they keep alive is at most one run (up to
   * {@link Trie#MAX_RUN} + 1 nodes, possibly pruned since) or node per slot of the array's capacity,
   * the most pointers ever open at once.
   */
  void truncate(int n) {
    size = n;
  }

  void clear() {
    Arrays.fill(runs, 0, size, null);
    size = 0;
  }
}
