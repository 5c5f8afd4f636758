package org.apophenia.autotrace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The guesses in the trace cache (see {@link TraceCache#promote}): traces whose tail beyond the
 * mined repeat was seen once, each with the trie nodes of its path, so that a broken match can tell
 * in O(1) per guess whether it was inside one. Few at a time (a guess leaves at its first match that
 * reaches the part seen twice), and checked only while there is one. Mutable; application thread.
 */
final class Guesses {
  private final List<Trace> guesses = new ArrayList<>();
  private final List<Trie.Node<Trace>[]> paths = new ArrayList<>();

  boolean isEmpty() {
    return guesses.isEmpty();
  }

  /** The guesses, some of which may have left the cache since (see {@link TraceCache#holds}). */
  List<Trace> all() {
    return Collections.unmodifiableList(guesses);
  }

  /** Adds a guess just inserted in the cache. */
  void add(Trace guess) {
    @SuppressWarnings("unchecked")
    Trie.Node<Trace>[] path = new Trie.Node[guess.length() + 1];
    for (Trie.Node<Trace> n = guess.node; n != null; n = n.parent) {
      path[n.depth] = n;
    }
    guesses.add(guess);
    paths.add(path);
  }

  /**
   * The guess, still cached, whose path holds {@code node} at least as deep as the part of it seen
   * twice, or null. Guesses no longer cached (evicted) are forgotten on the way.
   */
  Trace at(Trie.Node<Trace> node, TraceCache cache) {
    for (int i = guesses.size() - 1; i >= 0; i--) {
      Trace g = guesses.get(i);
      if (!cache.holds(g) || g.seenTwice == 0) {
        remove(i);
        continue;
      }
      Trie.Node<Trace>[] path = paths.get(i);
      if (node.depth >= g.seenTwice && node.depth < path.length && path[node.depth] == node) {
        return g;
      }
    }
    return null;
  }

  /** Forgets {@code guess}. */
  void remove(Trace guess) {
    int i = guesses.indexOf(guess);
    if (i >= 0) {
      remove(i);
    }
  }

  private void remove(int i) {
    guesses.remove(i);
    paths.remove(i);
  }
}
