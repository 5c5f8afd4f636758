package org.apophenia.autotrace;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/**
 * A trie over token sequences whose terminal nodes carry a payload (a {@link Candidate} in the
 * watcher trie, a {@link Trace} in the trace cache): paper Section 4.3.
 *
 * <p>Most nodes of a trie of loop bodies have one child, so a node keeps its first child in a field
 * and moves to a fastutil primitive map only at the second: a step is one comparison on the common
 * path, never a boxed lookup. Removal prunes the chain of nodes left without payload or children;
 * a pointer that still references a pruned node just never completes (its payload is gone).
 *
 * <p><b>Flat step table.</b> Every node also has an int id, and what a matcher needs per step lives
 * in arrays indexed by id (struct of arrays): the only child's token and id (or {@link #LEAF}, or
 * {@link #MANY} for a branching node, whose children's ids are in a token-to-id primitive map of its
 * own, beside the node's map of children), whether the node holds a payload, and the node by id.
 * {@link #step} reads these arrays instead of the node objects: with thousands of cached traces the
 * nodes (48 bytes each, wherever the collector put them) outgrow the CPU caches and each step missed
 * on the node it reached, while the ids of a sequence inserted at once are consecutive, so stepping
 * along it reads 21 bytes per node from five arrays in order. A step is O(1): two array reads on a
 * one-child node, one open-addressing lookup of a primitive key on a branching one (the root). Ids of pruned
 * nodes are reused; a pointer kept across a prune tells its node is gone by comparing
 * {@link #node(int)} with the node it holds (a reference comparison, no read of the node). Memory is
 * that of the most nodes ever live at once.
 *
 * <p>Not thread-safe; owned by the interceptor's application thread.
 *
 * @param <T> the payload type
 */
final class Trie<T> {
  /** A node; {@code payload != null} marks the end of a stored sequence. */
  static final class Node<T> {
    final Node<T> parent;
    final long token;
    final int depth;
    /** Index in the trie's step table; reused after the node is pruned. */
    final int id;
    T payload;
    private long onlyToken;
    private Node<T> only;
    private Long2ObjectOpenHashMap<Node<T>> many;

    Node(Node<T> parent, long token, int depth, int id) {
      this.parent = parent;
      this.token = token;
      this.depth = depth;
      this.id = id;
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

    private Node<T> addChild(long t, int id) {
      Node<T> c = new Node<>(this, t, depth + 1, id);
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

    private void removeChild(long t) {
      if (many != null) {
        many.remove(t);
      } else if (only != null && onlyToken == t) {
        only = null;
      }
    }
  }

  /** {@link #step}'s answer when no child has the token. */
  static final int NONE = -1;
  /** {@code soleChild} of a node without children. */
  private static final int LEAF = -1;
  /** {@code soleChild} of a node whose children are in its map. */
  private static final int MANY = -2;

  private final Node<T> root;
  private int size;
  /** Step table, by node id (see the class comment). */
  private long[] soleToken = new long[64];
  private int[] soleChild = new int[64];
  private boolean[] hasPayload = new boolean[64];
  private Object[] nodes = new Object[64];
  /** For a branching node, its children's ids by token ({@link #NONE} when absent); else null. */
  private Long2IntOpenHashMap[] kids = new Long2IntOpenHashMap[64];
  /** Ids handed out so far; ids below it not in use are on the free stack. */
  private int ids;
  private int[] free = new int[16];
  private int freeCount;

  Trie() {
    root = new Node<>(null, 0, 0, newId());
    nodes[root.id] = root;
  }

  /** The id of the root. */
  int rootId() {
    return root.id;
  }

  /**
   * The node with id {@code id}, as an object: storing it reads nothing of the node (the cast of
   * {@link #node} reads its header, a cache miss on a large trie).
   */
  Object nodeRef(int id) {
    return nodes[id];
  }

  /** The node with id {@code id}: a live node, or whatever reused the id of a pruned one. */
  @SuppressWarnings("unchecked")
  Node<T> node(int id) {
    return (Node<T>) nodes[id];
  }

  /** Whether {@code node} is still the node with its id (false once pruned); reads no node. */
  boolean live(Object node, int id) {
    return nodes[id] == node;
  }

  /** Whether the node with id {@code id} ends a stored sequence. */
  boolean hasPayload(int id) {
    return hasPayload[id];
  }

  /** Whether the node with id {@code id} has children. */
  boolean hasChildren(int id) {
    return soleChild[id] != LEAF;
  }

  /** The id of the child of node {@code id} reached by {@code t}, or {@link #NONE}. O(1). */
  int step(int id, long t) {
    int c = soleChild[id];
    if (c >= 0) {
      return soleToken[id] == t ? c : NONE;
    }
    if (c == LEAF) {
      return NONE;
    }
    return kids[id].get(t);
  }

  private int newId() {
    int id;
    if (freeCount > 0) {
      id = free[--freeCount];
    } else {
      id = ids++;
      if (id == nodes.length) {
        int cap = id * 2;
        soleToken = java.util.Arrays.copyOf(soleToken, cap);
        soleChild = java.util.Arrays.copyOf(soleChild, cap);
        hasPayload = java.util.Arrays.copyOf(hasPayload, cap);
        nodes = java.util.Arrays.copyOf(nodes, cap);
        kids = java.util.Arrays.copyOf(kids, cap);
      }
    }
    kids[id] = null;
    soleChild[id] = LEAF;
    hasPayload[id] = false;
    return id;
  }

  private Node<T> addChild(Node<T> n, long t) {
    Node<T> c = n.addChild(t, newId());
    nodes[c.id] = c;
    if (n.many != null) {
      Long2IntOpenHashMap m = kids[n.id];
      if (m == null) {
        m = new Long2IntOpenHashMap(4);
        m.defaultReturnValue(NONE);
        for (Node<T> k : n.many.values()) {
          m.put(k.token, k.id);
        }
        kids[n.id] = m;
      } else {
        m.put(t, c.id);
      }
    }
    sync(n);
    return c;
  }

  private void removeChild(Node<T> n, Node<T> c) {
    n.removeChild(c.token);
    if (kids[n.id] != null) {
      kids[n.id].remove(c.token);
    }
    sync(n);
    nodes[c.id] = null;
    if (freeCount == free.length) {
      free = java.util.Arrays.copyOf(free, freeCount * 2);
    }
    free[freeCount++] = c.id;
  }

  /** Copies {@code n}'s children into the step table. */
  private void sync(Node<T> n) {
    if (n.many != null) {
      soleChild[n.id] = n.many.isEmpty() ? LEAF : MANY;
    } else if (n.only != null) {
      soleChild[n.id] = n.only.id;
      soleToken[n.id] = n.onlyToken;
    } else {
      soleChild[n.id] = LEAF;
    }
  }

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
      n = c != null ? c : addChild(n, t);
    }
    if (n.payload == null) {
      size++;
    }
    n.payload = payload;
    hasPayload[n.id] = true;
    return n;
  }

  /** Removes the payload at {@code node} and prunes the nodes left empty. */
  void remove(Node<T> node) {
    if (node.payload == null) {
      return;
    }
    node.payload = null;
    hasPayload[node.id] = false;
    size--;
    Node<T> n = node;
    while (n.parent != null && n.payload == null && !n.hasChildren()) {
      removeChild(n.parent, n);
      n = n.parent;
    }
  }
}
