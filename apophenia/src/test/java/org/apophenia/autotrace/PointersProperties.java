package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * {@link Pointers} against the definition it replaces: a list of (node, start) pairs, each stepped
 * node by node with {@link Trie.Node#child}. Both walk their own copy of one trie, changed the same
 * way at the same moments: between operations (an ingestion: sequences inserted, payloads removed)
 * and inside the walker's call for a pointer that cannot step (a split inserts traces there). Each
 * must tell its walker the same things in the same order (which pointer diverged at which node,
 * which node with a payload or without children a pointer reached: a step into any other node has
 * nothing to do, and {@link Pointers} skips the call), and hold the same pointers after every operation. Nodes are
 * compared by their path from the root, which a pruned node keeps.
 */
class PointersProperties {
  @Property(tries = 300)
  void stepsAsNodeByNodeDoes(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
      @ForAll @IntRange(min = 2, max = 5) int alphabet, @ForAll boolean prefixes) {
    World oracle = new World(seed, alphabet, prefixes, false);
    World fast = new World(seed, alphabet, prefixes, true);
    Random stream = new Random(seed ^ 0x5DEECE66DL);
    for (int pos = 0; pos < 400; pos++) {
      long token = 1 + stream.nextInt(alphabet);
      boolean ingest = stream.nextInt(16) == 0;
      oracle.step(token, pos, ingest);
      fast.step(token, pos, ingest);
      assertThat(fast.events).as("what the walker was told, up to position %d", pos).isEqualTo(oracle.events);
      assertThat(fast.open()).as("the open pointers after position %d", pos).isEqualTo(oracle.open());
    }
  }

  /** A trie, a way to step pointers through it, and a schedule of changes drawn from one seed. */
  private static final class World implements Pointers.Walker<String> {
    final Trie<String> trie = new Trie<>();
    final Random changes;
    final int alphabet;
    final boolean prefixes;
    final List<String> events = new ArrayList<>();
    final List<Trie.Node<String>> stored = new ArrayList<>();
    /** The node-by-node pointers (the oracle), or null when {@link #pointers} is under test. */
    final List<Trie.Node<String>> nodes;
    final List<Long> starts;
    final Pointers<String> pointers;

    World(long seed, int alphabet, boolean prefixes, boolean fast) {
      this.changes = new Random(seed);
      this.alphabet = alphabet;
      this.prefixes = prefixes;
      this.nodes = fast ? null : new ArrayList<>();
      this.starts = fast ? null : new ArrayList<>();
      this.pointers = fast ? new Pointers<>(trie) : null;
      for (int i = 0; i < 4; i++) {
        insert();
      }
    }

    void step(long token, long pos, boolean ingest) {
      if (ingest) {
        for (int k = changes.nextInt(4); k >= 0; k--) {
          if (changes.nextBoolean() || stored.isEmpty()) {
            insert();
          } else {
            remove();
          }
        }
      }
      events.add("token " + token + " at " + pos);
      if (pointers != null) {
        int w = pointers.advance(token, this);
        Trie.Node<String> first = trie.root().child(token);
        pointers.truncate(w);
        if (first != null && reached(first, pos)) {
          pointers.set(w++, first, pos);
        }
        pointers.truncate(w);
      } else {
        List<Trie.Node<String>> keptNodes = new ArrayList<>();
        List<Long> keptStarts = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
          Trie.Node<String> next = nodes.get(i).child(token);
          if (next == null) {
            diverged(i, nodes.get(i), starts.get(i));
          } else if (reached(next, starts.get(i))) {
            keptNodes.add(next);
            keptStarts.add(starts.get(i));
          }
        }
        Trie.Node<String> first = trie.root().child(token);
        if (first != null && reached(first, pos)) {
          keptNodes.add(first);
          keptStarts.add(pos);
        }
        nodes.clear();
        nodes.addAll(keptNodes);
        starts.clear();
        starts.addAll(keptStarts);
      }
    }

    List<String> open() {
      List<String> out = new ArrayList<>();
      int n = pointers != null ? pointers.size : nodes.size();
      for (int i = 0; i < n; i++) {
        Trie.Node<String> node = pointers != null ? pointers.node(i) : nodes.get(i);
        long start = pointers != null ? pointers.starts[i] : starts.get(i);
        out.add(path(node) + " from " + start);
      }
      return out;
    }

    @Override
    public void diverged(int i, Trie.Node<String> node, long start) {
      events.add("pointer " + i + " diverged at " + path(node) + " from " + start);
      if (changes.nextInt(3) == 0) {
        insert(); // as a split inserts the pieces of the trace whose match broke
      }
    }

    @Override
    public boolean reached(Trie.Node<String> next, long start) {
      if (next.payload != null || !next.hasChildren()) { // into a node without payload, with children, a step does nothing else
        events.add("reached " + path(next) + (next.payload != null ? " (" + next.payload + ")" : "") + " from " + start);
      }
      return next.hasChildren() && (prefixes || next.payload == null);
    }

    private void insert() {
      long[] seq = new long[1 + changes.nextInt(10)];
      for (int k = 0; k < seq.length; k++) {
        seq[k] = 1 + changes.nextInt(alphabet);
      }
      stored.add(trie.insert(seq, "seq" + stored.size()));
    }

    private void remove() {
      trie.remove(stored.remove(changes.nextInt(stored.size())));
    }

    private static String path(Trie.Node<String> node) {
      StringBuilder b = new StringBuilder();
      for (Trie.Node<String> n = node; n != null && n.parent != null; n = n.parent) {
        b.insert(0, n.token).insert(0, '.');
      }
      return b.length() == 0 ? "root" : b.toString();
    }
  }
}
