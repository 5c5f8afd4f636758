package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
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
 * and inside the walker's call for a pointer that cannot step (a split inserts traces there; settling
 * a guess inserts and removes). Each
 * must tell its walker the same things in the same order (which pointer diverged at which node,
 * which node with a payload or without children a pointer reached: a step into any other node has
 * nothing to do, and {@link Pointers} skips the call), and hold the same pointers after every operation. Nodes are
 * compared by their path from the root, which a pruned node keeps.
 */
class PointersProperties {
  @Property(tries = 300)
  void stepsAsNodeByNodeDoes(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
      @ForAll @IntRange(min = 2, max = 5) int alphabet, @ForAll boolean prefixes) {
    check(seed, alphabet, prefixes, false, 400);
  }

  /**
   * The same along long runs: sequences of up to 600 tokens and extensions of stored ones (past
   * {@link Trie#MAX_RUN}), a stream that mostly replays stored sequences, a walker that also removes
   * when a pointer diverges (as settling a guess does), and pointers dropped between steps; for the
   * second half the trie stays unchanged, so that runs grow to their cap.
   */
  @Property(tries = 60)
  void stepsAsNodeByNodeDoesAlongLongRuns(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
      @ForAll @IntRange(min = 2, max = 5) int alphabet, @ForAll boolean prefixes) {
    check(seed, alphabet, prefixes, true, 3000);
  }

  private static void check(long seed, int alphabet, boolean prefixes, boolean longRuns, int length) {
    World oracle = new World(seed, alphabet, prefixes, false, longRuns);
    World fast = new World(seed, alphabet, prefixes, true, longRuns);
    Random stream = new Random(seed ^ 0x5DEECE66DL);
    long[] replayed = null;
    int at = 0;
    for (int pos = 0; pos < length; pos++) {
      if (longRuns && (replayed == null || at == replayed.length)) {
        replayed = stream.nextInt(4) == 0 ? null : oracle.seqs.get(stream.nextInt(oracle.seqs.size()));
        at = 0;
      }
      long token = replayed != null && stream.nextInt(40) != 0 ? replayed[at++] : 1 + stream.nextInt(alphabet);
      // along long runs the trie stays unchanged for the second half: runs grow to their cap
      boolean frozen = longRuns && pos >= length / 2;
      oracle.frozen = frozen;
      fast.frozen = frozen;
      boolean ingest = !frozen && stream.nextInt(16) == 0;
      long dropBefore = longRuns && stream.nextInt(30) == 0 ? pos - stream.nextInt(50) : -1;
      oracle.step(token, pos, ingest, dropBefore);
      fast.step(token, pos, ingest, dropBefore);
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
    final List<long[]> seqs = new ArrayList<>();
    final boolean longRuns;
    /** Whether the walker leaves the trie as it is. */
    boolean frozen;
    /** The node-by-node pointers (the oracle), or null when {@link #pointers} is under test. */
    final List<Trie.Node<String>> nodes;
    final List<Long> starts;
    final Pointers<String> pointers;

    World(long seed, int alphabet, boolean prefixes, boolean fast, boolean longRuns) {
      this.changes = new Random(seed);
      this.longRuns = longRuns;
      this.alphabet = alphabet;
      this.prefixes = prefixes;
      this.nodes = fast ? null : new ArrayList<>();
      this.starts = fast ? null : new ArrayList<>();
      this.pointers = fast ? new Pointers<>(trie) : null;
      for (int i = 0; i < 4; i++) {
        insert();
      }
    }

    void step(long token, long pos, boolean ingest, long dropBefore) {
      if (ingest) {
        for (int k = changes.nextInt(4); k >= 0; k--) {
          if (changes.nextBoolean() || stored.isEmpty()) {
            insert();
          } else {
            remove();
          }
        }
      }
      if (dropBefore >= 0) { // as an issued match drops the pointers it overlaps
        if (pointers != null) {
          pointers.dropStartingBefore(dropBefore);
        } else {
          for (int i = nodes.size() - 1; i >= 0; i--) {
            if (starts.get(i) < dropBefore) {
              nodes.remove(i);
              starts.remove(i);
            }
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
      int change = frozen ? -1 : changes.nextInt(longRuns ? 4 : 3);
      if (change == 0) {
        insert(); // as a split inserts the pieces of the trace whose match broke
      } else if (change == 3 && !stored.isEmpty()) {
        insert(pathOf(node)); // as settling a guess inserts the part matched, and drops a trace
        remove();
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
      long[] seq;
      if (longRuns && !seqs.isEmpty() && changes.nextInt(3) == 0) { // a stored sequence cut or extended
        long[] base = seqs.get(changes.nextInt(seqs.size()));
        seq = Arrays.copyOf(base, changes.nextBoolean() ? 1 + changes.nextInt(base.length)
            : base.length + 1 + changes.nextInt(300));
        for (int k = base.length; k < seq.length; k++) {
          seq[k] = 1 + changes.nextInt(alphabet);
        }
      } else {
        seq = new long[1 + changes.nextInt(longRuns && changes.nextInt(5) == 0 ? 600 : 10)];
        for (int k = 0; k < seq.length; k++) {
          seq[k] = 1 + changes.nextInt(alphabet);
        }
      }
      insert(seq);
    }

    private void insert(long[] seq) {
      if (seq.length > 0) {
        seqs.add(seq);
        stored.add(trie.insert(seq, "seq" + stored.size()));
      }
    }

    private static long[] pathOf(Trie.Node<String> node) {
      long[] seq = new long[node.depth];
      for (Trie.Node<String> n = node; n.parent != null; n = n.parent) {
        seq[n.depth - 1] = n.token;
      }
      return seq;
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
