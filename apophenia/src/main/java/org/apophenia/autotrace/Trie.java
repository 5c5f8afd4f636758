package org.apophenia.autotrace;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/**
 * A trie over token sequences whose terminal nodes carry a payload (a {@link Candidate} in the
 * watcher trie, a {@link Trace} in the trace cache): paper Section 4.3.
 *
 * <p>Most nodes of a trie of loop bodies have one child, so a node keeps its first child in a field
 * and moves to a fastutil primitive map only at the second: a step is one comparison on the common
 * path, never a boxed lookup. Removal prunes the chain of nodes left without payload or children;
 * a pointer that still references a pruned node just never completes (its payload is gone).
 * Not thread-safe; owned by the interceptor's application thread.
 *
 * @param <T> the payload type
 */
final class Trie<T> {
  /** A node; {@code payload != null} marks the end of a stored sequence. */
  static final class Node<T> {
    final Node<T> parent;
    final long token;
    final int depth;
    T payload;
    private long onlyToken;
    private Node<T> only;
    private Long2ObjectOpenHashMap<Node<T>> many;

    Node(Node<T> parent, long token, int depth) {
      this.parent = parent;
      this.token = token;
      this.depth = depth;
    }

    /** The child reached by {@code t}, or null. */
    Node<T> child(long t) {
      if (many != null) {
        return many.get(t);
      }
      return only != null && onlyToken == t ? only : null;
    }

    void forEachChild(java.util.function.Consumer<Node<T>> action) {
      if (many != null) {
        many.values().forEach(action);
      } else if (only != null) {
        action.accept(only);
      }
    }

    /** Some child, or null for a leaf. */
    Node<T> anyChild() {
      if (many != null) {
        return many.isEmpty() ? null : many.values().iterator().next();
      }
      return only;
    }

    boolean hasChildren() {
      return many != null ? !many.isEmpty() : only != null;
    }

    Node<T> addChild(long t) {
      Node<T> c = new Node<>(this, t, depth + 1);
      if (many != null) {
        many.put(t, c);
      } else if (only == null) {
        only = c;
        onlyToken = t;
      } else {
        many = new Long2ObjectOpenHashMap<>(4);
        many.put(onlyToken, only);
        many.put(t, c);
        only = null;
      }
      return c;
    }

    void removeChild(long t) {
      if (many != null) {
        many.remove(t);
      } else if (only != null && onlyToken == t) {
        only = null;
      }
    }
  }

  private final Node<T> root = new Node<>(null, 0, 0);
  private int size;

  Node<T> root() {
    return root;
  }

  /** Stored sequences. */
  int size() {
    return size;
  }

  /** The node at the end of {@code seq}, or null if no stored sequence has it as a prefix. */
  Node<T> find(long[] seq) {
    Node<T> n = root;
    for (int i = 0; i < seq.length && n != null; i++) {
      n = n.child(seq[i]);
    }
    return n;
  }

  /** Stores {@code seq} with {@code payload} (replacing any payload at its end); returns its node. */
  Node<T> insert(long[] seq, T payload) {
    Node<T> n = root;
    for (long t : seq) {
      Node<T> c = n.child(t);
      n = c != null ? c : n.addChild(t);
    }
    if (n.payload == null) {
      size++;
    }
    n.payload = payload;
    return n;
  }

  /** Removes the payload at {@code node} and prunes the nodes left empty. */
  void remove(Node<T> node) {
    if (node.payload == null) {
      return;
    }
    node.payload = null;
    size--;
    Node<T> n = node;
    while (n.parent != null && n.payload == null && !n.hasChildren()) {
      n.parent.removeChild(n.token);
      n = n.parent;
    }
  }
}
