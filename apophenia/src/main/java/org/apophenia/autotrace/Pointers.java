package org.apophenia.autotrace;

import java.util.Arrays;

/**
 * The set of pointers into a trie (paper Section 4.3): each is a node and the position where its
 * match started, in increasing order of start. At most one pointer per start position, so never more
 * than the trie's depth. Not thread-safe.
 *
 * <p><b>Representation.</b> A pointer is a {@link Trie.Run} and an index into it: its node is
 * {@code run.nodes[at]}. While the token is the run's next one and leads to a node inside the run,
 * a step is one comparison and nothing else happens ({@link #advance}); only a step into the run's
 * last node, or off the run (another child, or none), reads a node and tells the {@link Walker}. In a loop's trie
 * nearly every position starts a pointer and most nodes are passable, so this replaces dozens of loads
 * of scattered nodes per operation with reads of a few shared arrays. The decisions are those of
 * stepping node by node ({@code PointersProperties} checks them against that).
 *
 * <p><b>Changes to the trie.</b> A run is valid for one {@linkplain Trie#version version}; when the
 * trie has changed, every pointer is re-anchored at its own node before it steps again (its node is
 * the same object, pruned or not), on a run of no step ({@link Trie#bare}): O(pointers), nothing
 * built. A pointer builds a run again when it reaches the end of its run, as long as the trie has
 * stayed unchanged ({@link #stable}) and no longer; while the trie changes more often than every
 * {@link Trie#MIN_RUN} operations, pointers step node by node, as before runs.
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
  Object[] runs = new Object[16];
  int[] at = new int[16];
  long[] starts = new long[16];
  int size;
  /** The trie's version when the runs were read. */
  private int version;
  /**
   * Steps since the trie last changed, the length of the runs asked for (see {@link Trie#MAX_RUN}):
   * after a change every pointer's run is built again, so its cost stays a few nodes per pointer
   * when the trie changes often, and the runs grow long only where it stays unchanged. Runs built
   * between two changes cost at most about twice the steps taken along them.
   */
  private int stable;

  Pointers(Trie<T> trie) {
    this.trie = trie;
    this.version = trie.version();
  }

  /** Puts pointer {@code i} (at most {@link #size}: the slot after the last grows the set by one) at {@code node}. */
  void set(int i, Trie.Node<T> node, long start) {
    put(i, trie.run(node, stable), 0, start);
  }

  private void put(int i, Trie.Run<T> run, int j, long start) {
    if (i == size) {
      if (size == runs.length) {
        runs = Arrays.copyOf(runs, size * 2);
        at = Arrays.copyOf(at, size * 2);
        starts = Arrays.copyOf(starts, size * 2);
      }
      size++;
    }
    runs[i] = run;
    at[i] = j;
    starts[i] = start;
  }

  @SuppressWarnings("unchecked")
  private Trie.Run<T> run(int i) {
    return (Trie.Run<T>) runs[i];
  }

  Trie.Node<T> node(int i) {
    return run(i).nodes[at[i]];
  }

  /**
   * Steps every pointer on {@code token} and compacts the ones that stay open to the front, in
   * order; returns how many stay (the pointers after them are stale: {@link #truncate} or
   * {@link #set} the next).
   */
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
      Trie.Run<T> r = run(i);
      int j = at[i];
      long[] tokens = r.tokens;
      Trie.Node<T> next;
      if (j < tokens.length && tokens[j] == token) {
        if (j + 1 < tokens.length) { // a passable node: nothing to do but stay open
          runs[w] = r;
          at[w] = j + 1;
          starts[w++] = starts[i];
          continue;
        }
        next = r.nodes[j + 1];
      } else {
        next = r.nodes[j].child(token); // off the run: another child, or none
      }
      long start = starts[i];
      if (next == null) {
        walker.diverged(i, r.nodes[j], start);
        if (version != trie.version()) { // the walker changed the trie: the rest read it again
          stable = 0;
          reread(0, w);
          reread(i + 1, n);
        }
      } else if (walker.reached(next, start)) {
        runs[w] = trie.run(next, stable);
        at[w] = 0;
        starts[w++] = start;
      }
    }
    return w;
  }

  /** Re-anchors pointers {@code [from, to)} at their own nodes, at the trie's current version. */
  private void reread(int from, int to) {
    for (int i = from; i < to; i++) {
      runs[i] = trie.bare(node(i));
      at[i] = 0;
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
   * step itself with hundreds of pointers open; the stale runs they keep alive are at most the
   * array's capacity, the most pointers ever open at once.
   */
  void truncate(int n) {
    size = n;
  }

  void clear() {
    Arrays.fill(runs, 0, size, null);
    size = 0;
  }
}
