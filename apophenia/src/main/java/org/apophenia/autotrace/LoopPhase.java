package org.apophenia.autotrace;

import java.util.ArrayDeque;

/**
 * The phase of a loop's trace: a trace that tiles a loop (its occurrences follow one another back to
 * back) matches the loop equally well starting at any of its operations, so the cache may keep
 * the rotation that suits the program's breaks ({@link CommitPointers#rephase}). Stateless.
 */
final class LoopPhase {
  private LoopPhase() {}

  /** {@code tokens[k..] tokens[..k]}: the rotation that starts at the {@code k}-th token. */
  static long[] rotation(long[] tokens, int k) {
    long[] r = new long[tokens.length];
    System.arraycopy(tokens, k, r, 0, tokens.length - k);
    System.arraycopy(tokens, 0, r, tokens.length - k, k);
    return r;
  }

  /**
   * A hash of a loop's body that is the same for every rotation of it: the least, over the rotations,
   * of a polynomial hash (arithmetic modulo 2^64) of the rotation's mixed tokens, each rotation's
   * hash rolled from the last's in O(1), so O(n) in all. A loop promoted at one phase and mined again
   * at another hashes the same ({@link TraceCache#promote}).
   */
  static long rotationFreeHash(long[] tokens) {
    int n = tokens.length;
    final long base = 0x9E37_79B9_7F4A_7C15L | 1;
    long top = 1; // base^(n-1)
    long h = 0;
    for (int i = 0; i < n; i++) {
      h = h * base + spread(tokens[i]);
      if (i > 0) {
        top *= base;
      }
    }
    long least = h;
    for (int r = 0; r + 1 < n; r++) {
      long first = spread(tokens[r]);
      h = (h - first * top) * base + first;
      least = Math.min(least, h);
    }
    return least;
  }

  private static long spread(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
    return z ^ (z >>> 31);
  }

  /**
   * A trace that tiles a loop among those {@code node} is a strict prefix of (an open match at
   * {@code node} is inside it), or null. Depth-first over the node's subtree, the traces sharing its
   * prefix: a split trace's dyadic pieces are prefixes of it and do not tile, so the first trace
   * below is often not the loop's. Called at breaks only, not per operation.
   */
  static Trace tilingBelow(Trie.Node<Trace> node) {
    ArrayDeque<Trie.Node<Trace>> stack = new ArrayDeque<>();
    node.forEachChild(stack::push);
    while (!stack.isEmpty()) {
      Trie.Node<Trace> n = stack.pop();
      if (n.payload != null && n.payload.tiles()) {
        return n.payload;
      }
      n.forEachChild(stack::push);
    }
    return null;
  }

  /**
   * The rotation, {@code k} in {@code [0, period)}, of a loop body taken from the stream at
   * {@code origin} that starts in phase with position {@code resume}, where the program went on after
   * its last wait or break, if that is less than a period before {@code origin} (the loop most likely
   * began there, and its first iterations differed: fresh temporaries); else 0 (-1: no wait yet).
   * A program waits between iterations, for a value it checks: a trace in phase with the wait lets
   * the waits that recur with the loop fall between its occurrences, where a trace in the phase at
   * which the stream first became periodic is cut by each. A program's setup often ends with such a
   * wait (on a value already computed: no break), and its loop's stream turns periodic some way into
   * the first period; without this, a check that recurs with the loop cuts that phase until a break
   * rephases the trace ({@link CommitPointers#rephase}), which costs one more recording.
   */
  static int afterWait(long origin, int period, long resume) {
    if (resume < 0 || resume > origin) {
      return 0;
    }
    long gap = origin - resume;
    return gap >= period ? 0 : (int) ((period - gap) % period);
  }
}
