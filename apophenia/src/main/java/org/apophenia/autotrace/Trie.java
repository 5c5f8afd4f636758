package org.apophenia.autotrace;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;

/**
 * A trie over token sequences whose terminal nodes carry a payload (a {@link Candidate} in the
 * watcher trie, a {@link Trace} in the trace cache): paper Section 4.3.
 *
 * <p>Most nodes of a trie of loop bodies have one child, so a node keeps its first child in a field
 * and moves to a fastutil primitive map only at the second: a step is one comparison on the common
 * path, never a boxed lookup. Removal prunes the chain of nodes left without payload or children;
 * a pointer that still references a pruned node just never completes (its payload is gone).
 *
 * <p><b>Runs.</b> A pointer stepping into a node without payload, with children, has nothing to do
 * but stay open: {@link #run} gives a path of such nodes from a node as two arrays, so that
 * {@link Pointers} step a pointer along it by comparing tokens, without loading a node or a child
 * map (a pointer per start position, in a loop's trie, is dozens of scattered nodes per operation).
 * Where a node has several children the path goes on through any one of them (remembering the one
 * a lookup took would cost a store at every lookup there).
 * A run is valid for the trie's {@link #version}, which every insertion and removal moves on; a
 * change also drops the runs the nodes cached, so memory holds runs only of the current version
 * (at most {@link #MAX_RUN} nodes each, one per node a pointer was put at) and of open pointers.
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
    /** The run from this node, built at the trie's current version, or null (see {@link Trie#run}). */
    private Run<T> run;

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

    /** No payload and a child: a pointer stepping into it has nothing to do but stay open. */
    boolean passable() {
      return payload == null && hasChildren();
    }

    /** The child a run goes on through: the only one, else any (a lookup takes the others). */
    private Node<T> likelyChild() {
      return many == null ? only : anyChild();
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

  /**
   * A path down from an anchor node: {@code nodes[0]} is the anchor, and each next node is a child of
   * the one before (its only child, or any of several); every node strictly
   * between the first and the last is {@linkplain Node#passable passable}, and the last is the first
   * that is not, or the {@link #MAX_RUN}-th step. {@code tokens[j]} leads from {@code nodes[j]} to
   * {@code nodes[j + 1]}. Immutable; valid until the trie's {@link Trie#version} moves on.
   */
  static final class Run<T> {
    final Node<T>[] nodes;
    final long[] tokens;
    /** Whether it ends where the path does (a node that is not passable), not at the length asked. */
    final boolean whole;

    Run(Node<T>[] nodes, long[] tokens, boolean whole) {
      this.nodes = nodes;
      this.tokens = tokens;
      this.whole = whole;
    }
  }

  /**
   * The most steps a run holds, and the fewest worth building: a pointer asks for as many as the trie
   * has stayed unchanged for (see {@link Pointers}), and below {@code MIN_RUN} steps node by node,
   * so that where the trie changes often nothing is built, and where it stays unchanged runs grow.
   */
  static final int MAX_RUN = 256;
  static final int MIN_RUN = 8;

  private final Node<T> root = new Node<>(null, 0, 0);
  private int size;
  private int version;
  /**
   * The nodes holding a run built at this version: a change to the trie drops their runs, so that no
   * node keeps a stale run (and, through it, nodes pruned since) alive. Amortised against the builds.
   */
  private final ArrayList<Node<T>> anchors = new ArrayList<>();
  /** The path {@link #run} walks, reused. */
  @SuppressWarnings("unchecked")
  private final Node<T>[] scratch = new Node[MAX_RUN + 1];

  Node<T> root() {
    return root;
  }

  /** Moves on at every insertion and removal: the runs read before are stale. */
  int version() {
    return version;
  }

  /**
   * The run from {@code anchor} at the current version, at least half of {@code want} steps long
   * unless the path ends sooner (at most {@link #MAX_RUN}): the cached one if it is, else built again
   * {@code want} long, in O(its length).
   */
  Run<T> run(Node<T> anchor, int want) {
    int cap = Math.min(Math.max(want, MIN_RUN), MAX_RUN);
    Run<T> r = anchor.run;
    if (r != null && (r.whole || 2 * r.tokens.length >= cap)) {
      return r; // long enough: rebuilt only once twice as long is wanted, so builds cost O(1) a step
    }
    Node<T>[] path = scratch;
    path[0] = anchor;
    int m = 0;
    boolean whole = true;
    for (Node<T> c = anchor.likelyChild(); c != null; c = c.likelyChild()) {
      if (m == cap) {
        whole = false;
        break;
      }
      path[++m] = c;
      if (!c.passable()) {
        break;
      }
    }
    Node<T>[] nodes = Arrays.copyOf(path, m + 1);
    Arrays.fill(path, 0, m + 1, null);
    long[] tokens = new long[m];
    for (int j = 0; j < m; j++) {
      tokens[j] = nodes[j + 1].token;
    }
    if (anchor.run == null) {
      anchors.add(anchor);
    }
    r = new Run<>(nodes, tokens, whole);
    anchor.run = r;
    return r;
  }

  /** Every insertion and removal: the runs built so far are stale. */
  private void changed() {
    version++;
    for (int i = 0; i < anchors.size(); i++) {
      anchors.get(i).run = null;
    }
    anchors.clear();
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
    changed();
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
    changed();
    Node<T> n = node;
    while (n.parent != null && n.payload == null && !n.hasChildren()) {
      n.parent.removeChild(n.token);
      n = n.parent;
    }
  }
}
