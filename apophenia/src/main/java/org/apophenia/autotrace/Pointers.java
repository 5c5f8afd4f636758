package org.apophenia.autotrace;

import java.util.Arrays;

/**
 * The set of pointers into a trie (paper Section 4.3): each is a node and the position where its
 * match started. Parallel arrays, compacted in place while advancing: no allocation per operation
 * once grown. At most one pointer per start position, so never more than the trie's depth.
 * Not thread-safe.
 */
final class Pointers<T> {
  Object[] nodes = new Object[16];
  long[] starts = new long[16];
  int size;

  void add(Trie.Node<T> node, long start) {
    if (size == nodes.length) {
      nodes = Arrays.copyOf(nodes, size * 2);
      starts = Arrays.copyOf(starts, size * 2);
    }
    nodes[size] = node;
    starts[size++] = start;
  }

  /** Puts pointer {@code i} (at most {@link #size}: the slot after the last grows the set by one). */
  void set(int i, Trie.Node<T> node, long start) {
    if (i == size) {
      add(node, start);
    } else {
      nodes[i] = node;
      starts[i] = start;
    }
  }

  @SuppressWarnings("unchecked")
  Trie.Node<T> node(int i) {
    return (Trie.Node<T>) nodes[i];
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
        nodes[w] = nodes[i];
        starts[w++] = starts[i];
      }
    }
    Arrays.fill(nodes, w, size, null);
    size = w;
  }

  /**
   * Keeps the first {@code n} pointers. The slots beyond are not cleared: they are overwritten as
   * pointers are added, and clearing them on every step (a fill per operation) cost as much as the
   * step itself with hundreds of pointers open; the stale nodes they keep alive are at most the
   * array's capacity, the most pointers ever open at once.
   */
  void truncate(int n) {
    size = n;
  }

  void clear() {
    Arrays.fill(nodes, 0, size, null);
    size = 0;
  }
}
